package io.nicsim.boardtrace.event;

/**
 * One kernel trace event, the fields nicsim reads from it. The parser fills one instance per
 * line and hands it on; a sink that keeps an event past its call copies it ({@link #copy}).
 * Fields an event does not have stay at their defaults (-1, null).
 */
public final class TraceEvent {
  /** Unknown flag or field. */
  public static final int UNKNOWN = -1;

  public EventKind kind;
  /** Nanoseconds on the trace's clock. */
  public long ts;
  public int cpu;
  /** The task ftrace printed ({@code current}); 0 is the idle task. */
  public int pid;
  public String comm;
  /**
   * The context ftrace's latency flags give: 'h' hard interrupt, 's' softirq, 'H' hard
   * interrupt inside a softirq, 'z'/'Z' NMI, '.' task, 0 when the trace has no flags column.
   */
  public char context;

  /** irq_handler_*: the IRQ number. */
  public int irq = UNKNOWN;
  /** softirq_*: the vector (NET_RX is 3). */
  public int vec = UNKNOWN;
  /**
   * irq_handler_entry: the action's name; hrtimer_*: the callback (function=, without the
   * symbol offset); napi_poll and net_*: the device; sys_*: the syscall's name.
   */
  public String name;
  /** hrtimer_*: the timer's address; net_*, *_skb: skbaddr; napi_poll: the napi struct. */
  public long addr;
  /** napi_poll: work done and budget. */
  public int work = UNKNOWN;
  public int budget = UNKNOWN;
  /** net_*: len. */
  public int len = UNKNOWN;
  /** net_dev_xmit: rc; irq_handler_exit: 1 handled, 0 not; sys_exit_*: the return value. */
  public long ret;
  /** net_dev_start_xmit: xmit_more when the trace prints it (nicsim's does), else UNKNOWN. */
  public int xmitMore = UNKNOWN;
  /** hrtimer_start: expires (ns on the timer's clock). */
  public long expires;
  /** sys_enter_*: the byte count argument (count, len, vlen), UNKNOWN when it has none. */
  public long count = UNKNOWN;
  /** sched_switch: the tasks. */
  public int prevPid = UNKNOWN;
  public String prevComm;
  /** sched_switch: prev_state's first letter ('R' still runnable, 'S', 'D', ...). */
  public char prevState;
  public int nextPid = UNKNOWN;
  public String nextComm;

  /** The event's name as the trace spells it (sys_enter_write, napi_poll). */
  public String eventName;
  /** The latency flags as printed ("d.h1."), or null when the trace has no flags column. */
  public String flags;
  /** The source line and where its fields start (valid during the sink's call only). */
  public String line;
  public int nameAt;
  public int fieldsAt;

  /** The event's fields as the trace printed them. */
  public String fieldText() {
    return line == null ? "" : line.substring(fieldsAt);
  }

  /** Back to an empty event (before the parser fills it). */
  public TraceEvent clear() {
    kind = null;
    ts = 0;
    cpu = 0;
    pid = 0;
    comm = null;
    context = 0;
    irq = UNKNOWN;
    vec = UNKNOWN;
    name = null;
    addr = 0;
    work = UNKNOWN;
    budget = UNKNOWN;
    len = UNKNOWN;
    ret = 0;
    xmitMore = UNKNOWN;
    expires = 0;
    count = UNKNOWN;
    prevPid = UNKNOWN;
    prevComm = null;
    prevState = 0;
    nextPid = UNKNOWN;
    nextComm = null;
    eventName = null;
    flags = null;
    line = null;
    nameAt = 0;
    fieldsAt = 0;
    return this;
  }

  /** A copy a sink may keep. */
  public TraceEvent copy() {
    TraceEvent e = new TraceEvent();
    e.kind = kind;
    e.ts = ts;
    e.cpu = cpu;
    e.pid = pid;
    e.comm = comm;
    e.context = context;
    e.irq = irq;
    e.vec = vec;
    e.name = name;
    e.addr = addr;
    e.work = work;
    e.budget = budget;
    e.len = len;
    e.ret = ret;
    e.xmitMore = xmitMore;
    e.expires = expires;
    e.count = count;
    e.prevPid = prevPid;
    e.prevComm = prevComm;
    e.prevState = prevState;
    e.nextPid = nextPid;
    e.nextComm = nextComm;
    e.eventName = eventName;
    e.flags = flags;
    return e;
  }

  @Override
  public String toString() {
    return kind + "@" + ts + " cpu" + cpu + " " + comm + "-" + pid
        + (name == null ? "" : " " + name);
  }
}
