package io.nicsim.core.cpu;

/** The action of one softirq vector ({@code open_softirq}). */
public interface SoftirqHandler {

  /**
   * Runs one step of the action on {@code core}. Returns true when the action is not finished
   * and must be stepped again before the next vector (net_rx_action polls one NAPI per step so
   * that pending hard interrupts are taken between polls, as they would preempt it).
   */
  boolean step(Core core);
}
