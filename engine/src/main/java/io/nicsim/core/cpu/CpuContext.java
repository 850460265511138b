package io.nicsim.core.cpu;

/** What a core is executing. */
public enum CpuContext {
  IDLE,
  HARDIRQ,
  SOFTIRQ,
  TASK
}
