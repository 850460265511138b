package io.nicsim.core.cpu;

/** The action of one softirq vector ({@code open_softirq}). */
public interface SoftirqHandler {

  /**
   * Runs one step of the action on {@code core}. Returns true when the action is not finished
   * and must be stepped again before the next vector (net_rx_action polls one NAPI per step so
   * that pending hard interrupts are taken between polls, as they would preempt it).
   */
  boolean step(Core core);

  /**
   * Whether {@code core}'s next step of this action may run while another CPU is in the middle
   * of its work ({@link Cpu#preemptionPoint(String)}): only if it takes no lock that CPU may hold (a socket's,
   * as TCP's receive path and its timers and tasklets do). False unless the action says so.
   */
  default boolean mayRunInsideCatchUp(Core core) {
    return false;
  }
}
