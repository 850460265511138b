package io.nicsim.core.cpu;

/** Softirq vector numbers (include/linux/interrupt.h) and their trace names. */
public final class Softirq {
  public static final int HI = 0;
  public static final int TIMER = 1;
  public static final int NET_TX = 2;
  public static final int NET_RX = 3;
  public static final int TASKLET = 6;
  public static final int HRTIMER = 8;
  public static final int NR = 10;

  private static final String[] NAMES = {
    "HI", "TIMER", "NET_TX", "NET_RX", "BLOCK", "IRQ_POLL", "TASKLET", "SCHED", "HRTIMER", "RCU"
  };

  private Softirq() {}

  public static String name(int vec) {
    return NAMES[vec];
  }
}
