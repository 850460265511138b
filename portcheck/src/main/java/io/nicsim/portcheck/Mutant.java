package io.nicsim.portcheck;

/**
 * One seeded defect in a port's Java: in {@code file}, inside method {@code method}, the exact
 * text {@code from} (which must occur there exactly once) becomes {@code to}. {@code function}
 * is the C function whose harness must then report the port DIFFERS.
 *
 * @param id a short name
 * @param kind what sort of mistake it is (flipped comparison, off-by-one constant, dropped
 *     unsigned conversion, swapped branch order, ...)
 * @param file the Java source, relative to the source root (the repository)
 * @param method the method the text is in (empty: anywhere in the file)
 * @param function the C function ({@code @KernelPort.function}) whose harness runs it
 * @param from the original text
 * @param to its replacement
 */
public record Mutant(String id, String kind, String file, String method, String function,
    String from, String to) {}
