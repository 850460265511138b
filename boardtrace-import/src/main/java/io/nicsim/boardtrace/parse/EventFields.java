package io.nicsim.boardtrace.parse;

import io.nicsim.boardtrace.event.TraceEvent;
import io.nicsim.boardtrace.parse.Fields.FieldException;

/**
 * Decodes the fields of the events nicsim keeps, as the kernel's TP_printk formats print them
 * (v4.19..v6.18: include/trace/events/irq.h, timer.h, napi.h, net.h, skb.h, sched.h, and the
 * syscall events of kernel/trace/trace_syscalls.c) and as trace-cmd report prints them (its
 * sched_switch plugin's {@code comm:pid [prio] S ==> comm:pid [prio]}, symbols as
 * {@code name/0x0}). Extra fields newer kernels add ({@code mode=}, {@code was_armed=},
 * {@code location=}, {@code reason:}) are ignored.
 */
final class EventFields {
  private final Fields f = new Fields();

  /** Fills {@code e}'s fields from {@code line}[at..]; {@code e.kind} and name are set. */
  void decode(TraceEvent e, String line, int at) throws FieldException {
    f.on(line, at);
    switch (e.kind) {
      case IRQ_HANDLER_ENTRY -> {
        e.irq = (int) f.number("irq=");
        int n = f.find("name=");
        if (n < 0) {
          throw new FieldException("no 'name' field");
        }
        e.name = f.intern(n, trimEnd(line, n, line.length()));
      }
      case IRQ_HANDLER_EXIT -> {
        e.irq = (int) f.number("irq=");
        int r = f.find("ret=");
        if (r < 0) {
          throw new FieldException("no 'ret' field");
        }
        e.ret = line.startsWith("handled", r) ? 1 : 0;
      }
      case SOFTIRQ_RAISE, SOFTIRQ_ENTRY, SOFTIRQ_EXIT -> {
        e.vec = (int) f.number("vec=");
        if (e.vec < 0 || e.vec > 31) {
          throw new FieldException("vec " + e.vec + " is not a softirq vector (0..9)");
        }
      }
      case HRTIMER_START -> {
        e.addr = f.pointer("hrtimer=");
        e.name = requireName("function=");
        e.expires = f.number("expires=");
      }
      case HRTIMER_EXPIRE_ENTRY -> {
        e.addr = f.pointer("hrtimer=");
        e.name = requireName("function=");
      }
      case HRTIMER_CANCEL, HRTIMER_EXPIRE_EXIT -> e.addr = f.pointer("hrtimer=");
      case NAPI_POLL -> napiPoll(e, line);
      case NET_DEV_QUEUE, NETIF_RECEIVE_SKB -> {
        e.name = requireName("dev=");
        e.addr = f.pointer("skbaddr=");
        e.len = (int) f.number("len=");
      }
      case NET_DEV_START_XMIT -> {
        e.name = requireName("dev=");
        e.addr = f.pointer("skbaddr=");
        e.len = (int) f.number("len=");
        if (f.has("xmit_more=")) {
          e.xmitMore = (int) f.number("xmit_more=");
        }
      }
      case NET_DEV_XMIT -> {
        e.name = requireName("dev=");
        e.addr = f.pointer("skbaddr=");
        e.len = (int) f.number("len=");
        e.ret = f.number("rc=");
      }
      case CONSUME_SKB, KFREE_SKB -> e.addr = f.pointer("skbaddr=");
      case SCHED_SWITCH -> schedSwitch(e, line, at);
      case SYS_ENTER -> sysEnter(e, line, at);
      case SYS_EXIT -> sysExit(e, line, at);
      default -> throw new IllegalStateException(e.kind.toString());
    }
  }

  private String requireName(String key) throws FieldException {
    String n = f.name(key);
    if (n == null || n.isEmpty()) {
      throw new FieldException("no '" + key.replace("=", "") + "' field");
    }
    return n;
  }

  /** "napi poll on napi struct PTR for device DEV work N budget N" (net/core/dev.c napi_poll). */
  private void napiPoll(TraceEvent e, String line) throws FieldException {
    int st = f.find("struct ");
    int dev = f.find("device ");
    if (st < 0 || dev < 0) {
      throw new FieldException("not 'napi poll on napi struct PTR for device DEV work N budget N'");
    }
    int stEnd = f.end(st);
    e.addr = stEnd - st > 2 && line.charAt(st) == '0' && line.charAt(st + 1) == 'x'
        ? f.hex(st + 2, stEnd, "napi struct") : f.hex(st, stEnd, "napi struct");
    // a device name holds no space; the backlog's poll names "(no_device)", parentheses and all
    int devEnd = line.indexOf(' ', dev);
    e.name = f.intern(dev, devEnd < 0 ? line.length() : devEnd);
    e.work = (int) f.number("work ");
    e.budget = (int) f.number("budget ");
  }

  /**
   * tracefs: {@code prev_comm=C prev_pid=N prev_prio=N prev_state=S ==> next_comm=C next_pid=N
   * next_prio=N} (a comm may hold spaces); trace-cmd's plugin: {@code C:N [P] S ==> C:N [P]}.
   */
  private void schedSwitch(TraceEvent e, String line, int at) throws FieldException {
    int arrow = line.indexOf(" ==> ", at);
    if (arrow < 0) {
      throw new FieldException("no '==>' between the tasks");
    }
    int pc = line.indexOf("prev_comm=", at);
    if (pc >= 0 && pc < arrow) {
      int pp = line.indexOf(" prev_pid=", pc);
      int ps = line.indexOf("prev_state=", pc);
      int nc = line.indexOf("next_comm=", arrow);
      int np = nc < 0 ? -1 : line.indexOf(" next_pid=", nc);
      if (pp < 0 || ps < 0 || nc < 0 || np < 0) {
        throw new FieldException("not 'prev_comm=C prev_pid=N ... prev_state=S ==> next_comm=C"
            + " next_pid=N ...'");
      }
      e.prevComm = f.intern(pc + 10, pp);
      e.prevPid = (int) f.number(pp + 10, f.end(pp + 10), "prev_pid");
      e.prevState = ps + 11 < line.length() ? line.charAt(ps + 11) : '?';
      e.nextComm = f.intern(nc + 10, np);
      e.nextPid = (int) f.number(np + 10, f.end(np + 10), "next_pid");
      return;
    }
    // trace-cmd: "bash:27884 [120] R ==> rcu_preempt:15 [120]"
    int l = trimEnd(line, at, arrow);
    int stateAt = line.lastIndexOf(' ', l - 1) + 1;
    if (stateAt <= at) {
      throw new FieldException("not 'COMM:PID [PRIO] STATE ==> COMM:PID [PRIO]'");
    }
    e.prevState = line.charAt(stateAt);
    int prevEnd = line.lastIndexOf(" [", stateAt);
    int colon = prevEnd < 0 ? -1 : line.lastIndexOf(':', prevEnd);
    if (colon < at) {
      throw new FieldException("not 'COMM:PID [PRIO] STATE ==> COMM:PID [PRIO]'");
    }
    e.prevComm = f.intern(at, colon);
    e.prevPid = (int) f.number(colon + 1, prevEnd, "prev pid");
    int nextFrom = arrow + 5;
    int nextEnd = line.indexOf(" [", nextFrom);
    if (nextEnd < 0) {
      nextEnd = trimEnd(line, nextFrom, line.length());
    }
    int colon2 = line.lastIndexOf(':', nextEnd);
    if (colon2 < nextFrom) {
      throw new FieldException("not 'COMM:PID [PRIO] STATE ==> COMM:PID [PRIO]'");
    }
    e.nextComm = f.intern(nextFrom, colon2);
    e.nextPid = (int) f.number(colon2 + 1, nextEnd, "next pid");
  }

  /** "fd: 0x00000003, buf: 0x..., count: 0x00000040": the byte count argument, if any. */
  private void sysEnter(TraceEvent e, String line, int at) throws FieldException {
    e.name = f.internName(e.eventName.substring(10));
    // only a 0x-prefixed count is unambiguous: kernels before 6.x print every argument in hex
    // without the prefix, 6.1x print small arguments in decimal
    for (String k : COUNT_ARGS) {
      int i = f.find(k);
      if (i >= 0) {
        int end = f.end(i);
        if (end > i + 2 && line.charAt(i) == '0' && line.charAt(i + 1) == 'x') {
          e.count = f.hex(i + 2, end, k);
        }
        return;
      }
    }
  }

  private static final String[] COUNT_ARGS = {"count: ", "len: ", "size: ", "vlen: "};

  /** "0x40": the return value (a negative errno prints as 0xfffffffffffffff5). */
  private void sysExit(TraceEvent e, String line, int at) throws FieldException {
    e.name = f.internName(e.eventName.substring(9));
    int end = f.end(at);
    if (end == at) {
      throw new FieldException("no return value");
    }
    // "0x40" (hex, as both the trace file and trace-cmd print it); a negative errno is the
    // 64-bit two's complement
    e.ret = f.number(at, end, "return value");
  }

  /** The end of [from, to) without trailing spaces. */
  private static int trimEnd(String line, int from, int to) {
    int e = to;
    while (e > from && line.charAt(e - 1) == ' ') {
      e--;
    }
    return e;
  }
}
