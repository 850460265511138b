package io.nicsim.boardtrace.figures;

/**
 * One figure of one side (board or model).
 *
 * @param figure what it is, naming its object ("IRQ/s eth0")
 * @param unit its unit ("/s", "us", "ms/s", "%", "")
 * @param value the number
 */
public record Figure(String figure, String unit, double value) {}
