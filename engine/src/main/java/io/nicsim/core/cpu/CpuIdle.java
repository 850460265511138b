package io.nicsim.core.cpu;

/**
 * One deep idle state of a core (a PSCI power-down state). An idle period at least as long as
 * the state's target residency is spent in it, and the work that ends it first waits the exit
 * latency; shorter idle periods stay in WFI at no cost. This is an ideal governor: it knows how
 * long the core will be idle. A real one (menu, teo) gets the two cases that matter right —
 * long sparse idle periods with no timer due go deep, short regular ones stay shallow — and
 * differs in between.
 */
public final class CpuIdle {
  private final long exitNs;
  private final long targetResidencyNs;
  private long deepExits;

  public CpuIdle(long exitNs, long targetResidencyNs) {
    if (exitNs < 0 || targetResidencyNs < 0) {
      throw new IllegalArgumentException("idle state times must not be negative");
    }
    this.exitNs = exitNs;
    this.targetResidencyNs = targetResidencyNs;
  }

  /** Work arrives after {@code idleNs} of idle; returns the exit latency to wait. */
  long wake(long idleNs) {
    if (idleNs <= 0 || idleNs < targetResidencyNs) {
      return 0;
    }
    deepExits++;
    return exitNs;
  }

  public long exitNs() {
    return exitNs;
  }

  public long targetResidencyNs() {
    return targetResidencyNs;
  }

  /** Idle periods spent in the deep state. */
  public long deepExits() {
    return deepExits;
  }
}
