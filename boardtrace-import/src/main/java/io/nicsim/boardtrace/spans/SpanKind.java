package io.nicsim.boardtrace.spans;

/** What a span is: the piece of kernel work between a pair of trace events. */
public enum SpanKind {
  /** irq_handler_entry .. irq_handler_exit: one IRQ action's handler. */
  HARDIRQ("hardirq"),
  /** softirq_entry .. softirq_exit: one vector's action in __do_softirq. */
  SOFTIRQ("softirq"),
  /** hrtimer_expire_entry .. hrtimer_expire_exit: the timer's callback. */
  HRTIMER("hrtimer"),
  /** net_dev_start_xmit .. net_dev_xmit: the driver's ndo_start_xmit. */
  XMIT("xmit"),
  /** sys_enter_NAME .. sys_exit_NAME of one task, off-CPU time excluded. */
  SYSCALL("syscall");

  private final String word;

  SpanKind(String word) {
    this.word = word;
  }

  public String word() {
    return word;
  }
}
