package io.nicsim.core.trace;

/**
 * Receives kernel trace events as ftrace would record them. Call sites test
 * {@link #enabled()} first so that a run without tracing builds no strings.
 * Times are simulated ns; {@code cpu} is the core id.
 */
public interface Tracer {

  /** A tracer that records nothing. */
  Tracer NONE = new Tracer() {};

  default boolean enabled() {
    return false;
  }

  default void hrtimerStart(long ts, int cpu, String timer, String function, long expires, long softexpires) {}

  default void hrtimerCancel(long ts, int cpu, String timer) {}

  default void hrtimerExpireEntry(long ts, int cpu, String timer, String function, long now) {}

  default void hrtimerExpireExit(long ts, int cpu, String timer) {}

  default void timerStart(long ts, int cpu, String timer, String function, long expiresJiffies, long nowJiffies) {}

  default void timerExpireEntry(long ts, int cpu, String timer, String function, long nowJiffies) {}

  default void irqHandlerEntry(long ts, int cpu, int irq, String name) {}

  default void irqHandlerExit(long ts, int cpu, int irq, boolean handled) {}

  default void softirqRaise(long ts, int cpu, int vec) {}

  default void softirqEntry(long ts, int cpu, int vec) {}

  default void softirqExit(long ts, int cpu, int vec) {}

  default void napiPoll(long ts, int cpu, String napi, String dev, int work, int budget) {}

  default void netDevQueue(long ts, int cpu, String dev, long skb, int len) {}

  default void netDevStartXmit(long ts, int cpu, String dev, long skb, int len, boolean xmitMore) {}

  default void netDevXmit(long ts, int cpu, String dev, long skb, int len, int rc) {}

  default void netifReceiveSkb(long ts, int cpu, String dev, long skb, int len) {}

  default void consumeSkb(long ts, int cpu, long skb) {}

  /**
   * sys_enter_NAME of the task running on {@code cpu}: {@code fd} and the byte count the
   * application passed ({@code count} of write/read, {@code len} of sendto).
   */
  default void sysEnter(long ts, int cpu, String syscall, long fd, long count) {}

  /** sys_exit_NAME: the syscall's return value (bytes, or a negative errno). */
  default void sysExit(long ts, int cpu, String syscall, long ret) {}

  /**
   * sched_switch: {@code cpu} stops running the task named {@code prev} (null: the idle task),
   * which is still runnable ({@code prevState} 'R') or sleeps ('S'), and runs {@code next}
   * (null: idle). Names are the tasks' own ({@code ksoftirqd/N}, an application's).
   */
  default void schedSwitch(long ts, int cpu, String prev, char prevState, String next) {}

  /**
   * Race exploration only: a delay of {@code heldNs} injected at the preemption point
   * {@code site} (the kernel function it sits in), from {@code ts}. No kernel event traces this;
   * writers print it the way trace_printk would, so that a trace shows why a CPU was late.
   */
  /**
   * napi_complete_done kept the device interrupt off (napi_defer_hard_irqs): the count left
   * and the gro_flush_timeout the watchdog was armed with. No kernel tracepoint: a bprint line.
   */
  default void napiDefer(long ts, int cpu, String napi, String dev, int countLeft, long timeoutNs) {}

  /** A busy-poll loop's poll ({@code phase} "poll") or its busy_poll_stop poll ("stop"). */
  default void busyPoll(long ts, int cpu, String napi, String phase, int work) {}

  default void preempted(long ts, int cpu, String site, long heldNs) {}
}
