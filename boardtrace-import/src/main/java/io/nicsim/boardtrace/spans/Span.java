package io.nicsim.boardtrace.spans;

/**
 * One closed span and the work the trace shows inside it. {@link #selfNs} is the time the CPU
 * spent in the span itself: the spans nested in it (a hard interrupt inside a softirq, a
 * softirq run at a syscall's local_bh_enable, the driver's xmit inside a syscall) and, for a
 * syscall, the time its task was off the CPU are not in it. The counts are of events inside
 * the span's own part, not inside nested spans.
 */
public final class Span {
  public final SpanKind kind;
  /** The IRQ action, softirq vector, timer callback, device or syscall name. */
  public final String label;
  public final int cpu;
  public final long startNs;
  public final long endNs;
  public final long selfNs;
  /** Syscalls: the task's time in user space since its previous syscall (on the CPU). */
  public final long userNs;
  public final int polls;
  /** Sum of napi_poll's work. */
  public final int work;
  /** netif_receive_skb events. */
  public final int rx;
  /** consume_skb and kfree_skb events. */
  public final int frees;
  /** Driver transmits (net_dev_start_xmit) started inside. */
  public final int xmits;
  /** net_dev_queue events. */
  public final int queued;
  /** hrtimer callbacks run inside (a hard interrupt's hrtimer_interrupt). */
  public final int timers;
  /** softirq_raise events inside (a handler that scheduled NAPI raised NET_RX). */
  public final int raises;
  /** Syscalls: the byte count returned (0 for an error). */
  public final long bytes;
  /** Syscalls: the task slept inside (sched_switch away in a state other than R). */
  public final boolean blocked;
  /** The task (syscalls) or the interrupted task's comm. */
  public final String comm;
  /**
   * Trace events whose own cost (the tracepoint's write into the ring) falls in this span's own
   * time: each event's cost is taken to land in what runs right after it (its own entry event,
   * the events inside, a nested span's exit; a syscall's user part before it too).
   */
  public final int events;

  public Span(SpanKind kind, String label, int cpu, long startNs, long endNs, long selfNs,
      long userNs, int polls, int work, int rx, int frees, int xmits, int queued, int timers,
      int raises, long bytes, boolean blocked, String comm) {
    this(kind, label, cpu, startNs, endNs, selfNs, userNs, polls, work, rx, frees, xmits, queued,
        timers, raises, bytes, blocked, comm, 0);
  }

  public Span(SpanKind kind, String label, int cpu, long startNs, long endNs, long selfNs,
      long userNs, int polls, int work, int rx, int frees, int xmits, int queued, int timers,
      int raises, long bytes, boolean blocked, String comm, int events) {
    this.kind = kind;
    this.label = label;
    this.cpu = cpu;
    this.startNs = startNs;
    this.endNs = endNs;
    this.selfNs = selfNs;
    this.userNs = userNs;
    this.polls = polls;
    this.work = work;
    this.rx = rx;
    this.frees = frees;
    this.xmits = xmits;
    this.queued = queued;
    this.timers = timers;
    this.raises = raises;
    this.bytes = bytes;
    this.blocked = blocked;
    this.comm = comm;
    this.events = events;
  }

  /** "softirq NET_RX", "hardirq eth0". */
  public String key() {
    return kind.word() + " " + label;
  }
}
