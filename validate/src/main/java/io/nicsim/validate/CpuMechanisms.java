package io.nicsim.validate;

import io.nicsim.boardtrace.BoardTrace;
import io.nicsim.boardtrace.event.EventKind;
import io.nicsim.boardtrace.event.EventSink;
import io.nicsim.boardtrace.event.TraceEvent;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * What a real run's trace shows about the mechanisms behind validate --cpu's rate misses,
 * counted over the case's window (the sender's first to last transmit), so that a cause
 * {@link CpuMisses} gives rests on the run's own measurement:
 *
 * <ul>
 *   <li>the sender's datagrams (its sendto() calls), how often it left its CPU (sched_switch
 *       from it: asleep, or preempted while runnable) and the timer slack of its
 *       clock_nanosleep (hrtimer_start of its {@code hrtimer_wakeup} timer: expires less
 *       softexpires);
 *   <li>the threaded NAPI's kthread ({@code napi/…}): its polls and runs, and how many of its
 *       runs began where the sender left the CPU;
 *   <li>NET_RX softirq runs, and how many of them polled nothing (their only work freeing
 *       skbs: {@code skb_defer_free_flush});
 *   <li>frames on the veth that are not IPv4 (net_dev_start_xmit's protocol: ARP, IPv6's
 *       neighbour discovery and MLD, which the stack sends by itself), and the NET_RX runs whose
 *       polls received only such frames.
 * </ul>
 *
 * @param seconds the window
 * @param sends the sender's sendto() calls (on its CPU, as every count of the sender's)
 * @param senderSleeps the sender switched out asleep (prev_state S or D)
 * @param senderPreempted the sender switched out runnable (prev_state R)
 * @param slackNs the median expires - softexpires of the sender's hrtimer_wakeup timers (its
 *     timer slack), -1 where none was started
 * @param lateNs the median time from such a timer's softexpires to its expiry
 *     (hrtimer_expire_entry's now): how late the sender woke, -1 where none expired
 * @param wakeups expiries of those timers (hrtimer_wakeup callbacks, in hard-IRQ context)
 * @param kthreadPolls napi_poll events in a {@code napi/} kthread
 * @param kthreadRuns switches to a {@code napi/} kthread
 * @param kthreadRunsAfterSender of those, switches straight from the sender
 * @param netRx NET_RX softirq runs (all CPUs)
 * @param netRxNoPoll of those, runs without a napi_poll
 * @param netRxNoPollFrees skbs freed (consume_skb) inside the runs without a poll
 * @param otherFrames frames started on a veth end with a protocol other than IPv4
 * @param netRxOtherOnly NET_RX runs that polled and whose polls received such frames alone
 * @param netRxSenderCpu NET_RX runs on the sender's CPU
 * @param receiverSleeps the traffic's task on another CPU (the receiver) switched out asleep
 * @param busyPollRx IPv4 frames a veth end received outside NET_RX on another CPU than the
 *     sender's: in the receiver's own NAPI polls (busy polling in its recvfrom)
 * @param sendsTimed the sender's sendto() calls timed whole (entry and exit in the window, no
 *     events lost between)
 * @param sendNs the sender's time inside those calls in task context (as {@code %sys}
 *     counts it: not its interrupts and softirqs there, not while it was switched out)
 * @param sendsWaking timed sendto() calls that woke the threaded NAPI's kthread: the first
 *     after the kthread went to sleep on the sender's CPU (its poll done, NAPI_STATE_SCHED
 *     clear), whose veth_xmit finds the NAPI unscheduled and wakes it; the later ones find it
 *     scheduled and wake nothing
 * @param sendWakingNs of {@code sendNs}, the time inside those calls
 */
record CpuMechanisms(double seconds, long sends, long senderSleeps, long senderPreempted,
    long slackNs, long lateNs, long wakeups, long kthreadPolls, long kthreadRuns,
    long kthreadRunsAfterSender, long netRx, long netRxNoPoll, long netRxNoPollFrees,
    long otherFrames, long netRxOtherOnly, long netRxSenderCpu, long receiverSleeps,
    long busyPollRx, long sendsTimed, long sendNs, long sendsWaking, long sendWakingNs) {

  /** NET_RX's softirq vector. */
  static final int NET_RX = 3;

  /** Nothing measured (a case whose trace could not be read again, or a test's). */
  static final CpuMechanisms NONE = new CpuMechanisms(0, 0, 0, 0, -1, -1, 0, 0, 0, 0, 0, 0, 0,
      0, 0, 0, 0, 0, 0, 0, 0, 0);

  /** IPv4's ethertype: every validate --cpu case's traffic (UDP or TCP over IPv4). */
  static final int IPV4 = 0x0800;

  /**
   * Counts {@code trace}'s window; {@code sender} tells the sender's comm, {@code senderCpu}
   * the CPU it is pinned to (the receiver, on another CPU, may have the same comm).
   */
  static CpuMechanisms of(BoardTrace trace, Predicate<String> sender, int senderCpu) {
    Counter c = new Counter(trace.window().fromNs(), trace.window().toNs(), sender, senderCpu);
    trace.replay(c);
    return c.result(trace.window().seconds());
  }

  /** The counting sink (package-private for the tests' synthetic events). */
  static final class Counter implements EventSink {
    private final long from;
    private final long to;
    private final Predicate<String> sender;
    private final int senderCpu;
    private long sends;
    private long sleeps;
    private long preempted;
    private final Samples slack = new Samples();
    private final Samples late = new Samples();
    /** The sender's hrtimer_wakeup timers: address to softexpires. */
    private final Map<Long, Long> soft = new HashMap<>();
    private long wakeups;
    private long kPolls;
    private long kRuns;
    private long kRunsAfterSender;
    private long netRx;
    private long noPoll;
    private long noPollFrees;
    private long otherFrames;
    private long otherOnly;
    private long netRxSender;
    private long receiverSleeps;
    private long busyPollRx;
    /** The sender's sendto() in progress on its CPU: its own time so far, or -1 outside one. */
    private long sendOwn = -1;
    private boolean sendWaking;
    /** The NAPI kthread last switched out asleep on the sender's CPU. */
    private boolean kthreadAsleep;
    /** The sender is on its CPU (in a sendto, between its switch in and out). */
    private boolean senderOn = true;
    /** The sender CPU's interrupt, softirq and timer-callback depth, as ContextTime keeps it. */
    private int senderCpuDepth;
    private long senderCpuLast = Long.MIN_VALUE;
    private long sendsTimed;
    private long sendNs;
    private long sendsWaking;
    private long sendWakingNs;
    /** The skbs of non-IPv4 frames started on a veth end and not yet received. */
    private final Set<Long> otherSkbs = new HashSet<>();
    /**
     * Per CPU: {in NET_RX (1/0), polled in it (1/0), skbs freed in it, IPv4 skbs received in
     * it, other skbs received in it}.
     */
    private final Map<Integer, long[]> open = new HashMap<>();

    Counter(long from, long to, Predicate<String> sender, int senderCpu) {
      this.from = from;
      this.to = to;
      this.sender = sender;
      this.senderCpu = senderCpu;
    }

    @Override
    public void event(TraceEvent e) {
      if (e.ts < from || e.ts >= to) {
        return;
      }
      long[] o = open.computeIfAbsent(e.cpu, k -> new long[5]);
      boolean onSenderCpu = e.cpu == senderCpu;
      if (onSenderCpu) {
        sendTime(e);
      }
      switch (e.kind) {
        case SYS_ENTER -> {
          if (onSenderCpu && "sendto".equals(e.name) && e.comm != null
              && sender.test(e.comm)) {
            sends++;
          }
        }
        case SCHED_SWITCH -> {
          boolean fromSender = onSenderCpu && e.prevComm != null && sender.test(e.prevComm);
          if (fromSender) {
            if (e.prevState == 'R') {
              preempted++;
            } else if (e.prevState == 'S' || e.prevState == 'D') {
              sleeps++;
            }
          }
          if (!onSenderCpu && e.prevComm != null && sender.test(e.prevComm)
              && (e.prevState == 'S' || e.prevState == 'D')) {
            receiverSleeps++;
          }
          if (e.nextComm != null && e.nextComm.startsWith("napi/")) {
            kRuns++;
            kRunsAfterSender += fromSender ? 1 : 0;
          }
        }
        case NAPI_POLL -> {
          if (e.comm != null && e.comm.startsWith("napi/")) {
            kPolls++;
          }
          o[1] = 1;
        }
        case SOFTIRQ_ENTRY -> {
          if (e.vec == NET_RX) {
            o[0] = 1;
            o[1] = 0;
            o[2] = 0;
            o[3] = 0;
            o[4] = 0;
          }
        }
        case NET_DEV_START_XMIT -> {
          int proto = protocol(e.line);
          if (veth(e.name) && proto >= 0 && proto != IPV4) {
            otherFrames++;
            otherSkbs.add(e.addr);
          }
        }
        case NETIF_RECEIVE_SKB -> {
          if (o[0] == 1 && veth(e.name)) {
            o[otherSkbs.remove(e.addr) ? 4 : 3]++;
          } else if (o[0] == 0 && !onSenderCpu && veth(e.name) && !otherSkbs.remove(e.addr)) {
            busyPollRx++;
          }
        }
        case CONSUME_SKB -> o[2] += o[0];
        case SOFTIRQ_EXIT -> {
          if (e.vec == NET_RX && o[0] == 1) {
            netRx++;
            netRxSender += onSenderCpu ? 1 : 0;
            if (o[1] == 0) {
              noPoll++;
              noPollFrees += o[2];
            } else if (o[4] > 0 && o[3] == 0) {
              otherOnly++;
            }
            o[0] = 0;
          }
        }
        case HRTIMER_START -> {
          if (onSenderCpu && wakeup(e.name) && e.comm != null && sender.test(e.comm)) {
            long se = field(e.line, "softexpires=");
            if (se > 0 && e.expires >= se) {
              slack.add(e.expires - se);
              soft.put(e.addr, se);
            }
          }
        }
        case HRTIMER_EXPIRE_ENTRY -> {
          Long se = wakeup(e.name) ? soft.remove(e.addr) : null;
          long now = se == null ? -1 : field(e.line, "now=");
          if (se != null && now >= se) {
            late.add(now - se);
            wakeups++;
          }
        }
        default -> {
          // not counted
        }
      }
    }

    /**
     * The sender's own time in its sendto() calls, split as ContextTime splits a CPU: the time
     * since the sender CPU's previous event is the sendto's when the sender was on the CPU in
     * one and no interrupt, softirq or timer callback ran.
     */
    private void sendTime(TraceEvent e) {
      if (sendOwn >= 0 && senderOn && senderCpuDepth == 0 && senderCpuLast != Long.MIN_VALUE) {
        sendOwn += e.ts - senderCpuLast;
      }
      senderCpuLast = e.ts;
      switch (e.kind) {
        case IRQ_HANDLER_ENTRY, SOFTIRQ_ENTRY, HRTIMER_EXPIRE_ENTRY -> senderCpuDepth++;
        case IRQ_HANDLER_EXIT, SOFTIRQ_EXIT, HRTIMER_EXPIRE_EXIT ->
            senderCpuDepth = Math.max(0, senderCpuDepth - 1);
        case SYS_ENTER -> {
          if ("sendto".equals(e.name) && e.comm != null && sender.test(e.comm)) {
            sendOwn = 0;
            sendWaking = kthreadAsleep;
            kthreadAsleep = false;
            senderOn = true;
          }
        }
        case SYS_EXIT -> {
          if (sendOwn >= 0 && "sendto".equals(e.name) && e.comm != null
              && sender.test(e.comm)) {
            sendsTimed++;
            sendNs += sendOwn;
            if (sendWaking) {
              sendsWaking++;
              sendWakingNs += sendOwn;
            }
            sendOwn = -1;
          }
        }
        case SCHED_SWITCH -> {
          senderCpuDepth = 0;
          if (e.prevComm != null && e.prevComm.startsWith("napi/")) {
            kthreadAsleep = e.prevState == 'S' || e.prevState == 'D';
          }
          if (e.prevComm != null && sender.test(e.prevComm)) {
            senderOn = false;
          } else if (e.nextComm != null && sender.test(e.nextComm)) {
            senderOn = true;
          }
        }
        default -> {
          // no change of the sender's state
        }
      }
    }

    @Override
    public void lost(int cpu, long count) {
      // a NET_RX run cut by lost events is not counted
      long[] o = open.get(cpu);
      if (o != null) {
        o[0] = 0;
      }
      if (cpu == senderCpu) {
        // a sendto cut by lost events is not counted
        sendOwn = -1;
        senderCpuLast = Long.MIN_VALUE;
      }
    }

    CpuMechanisms result(double seconds) {
      return new CpuMechanisms(seconds, sends, sleeps, preempted, slack.median(),
          late.median(), wakeups, kPolls, kRuns,
          kRunsAfterSender, netRx, noPoll, noPollFrees, otherFrames, otherOnly, netRxSender,
          receiverSleeps, busyPollRx, sendsTimed, sendNs, sendsWaking, sendWakingNs);
    }
  }

  /** One of the testbed's veth ends. */
  private static boolean veth(String dev) {
    return CpuTestbed.SENDER_IF.equals(dev) || CpuTestbed.RECEIVER_IF.equals(dev);
  }

  /** net_dev_start_xmit's {@code protocol=0x…} (the skb's ethertype), or -1. */
  static int protocol(String line) {
    if (line == null) {
      return -1;
    }
    int at = line.indexOf(" protocol=0x");
    if (at < 0) {
      return -1;
    }
    int i = at + " protocol=0x".length();
    int v = 0;
    int digits = 0;
    while (i < line.length() && digits < 4 && Character.digit(line.charAt(i), 16) >= 0) {
      v = v * 16 + Character.digit(line.charAt(i++), 16);
      digits++;
    }
    return digits == 0 ? -1 : v;
  }

  /** A sleeper's timer ({@code hrtimer_wakeup}, as trace-cmd may print it with "/0x0"). */
  private static boolean wakeup(String function) {
    return function != null && function.startsWith("hrtimer_wakeup");
  }

  /** Growing samples and their median. */
  private static final class Samples {
    private long[] v = new long[64];
    private int n;

    void add(long x) {
      if (n == v.length) {
        v = Arrays.copyOf(v, 2 * n);
      }
      v[n++] = x;
    }

    long median() {
      if (n == 0) {
        return -1;
      }
      long[] s = Arrays.copyOf(v, n);
      Arrays.sort(s);
      return s[n / 2];
    }
  }

  /** The decimal after {@code key} in the event's text (e.g. softexpires=, now=), or -1. */
  static long field(String line, String key) {
    if (line == null) {
      return -1;
    }
    int at = line.indexOf(key);
    // a whole field name: "now=" is not the end of another name
    while (at > 0 && Character.isLetter(line.charAt(at - 1))) {
      at = line.indexOf(key, at + 1);
    }
    if (at < 0) {
      return -1;
    }
    int i = at + key.length();
    long v = 0;
    int digits = 0;
    while (i < line.length() && Character.isDigit(line.charAt(i)) && digits < 19) {
      v = v * 10 + (line.charAt(i++) - '0');
      digits++;
    }
    return digits == 0 ? -1 : v;
  }

  double perSecond(long n) {
    return seconds <= 0 ? 0 : n / seconds;
  }

  /** The share of the kthread's runs that began where the sender left the CPU. */
  double kthreadAfterSenderShare() {
    return kthreadRuns == 0 ? 0 : (double) kthreadRunsAfterSender / kthreadRuns;
  }

  /** Datagrams a time the sender left its CPU. */
  double sendsPerYield() {
    long y = senderSleeps + senderPreempted;
    return y == 0 ? 0 : (double) sends / y;
  }

  /**
   * The share of NET_RX runs that polled nothing, or whose polls received only frames that
   * are not the traffic's.
   */
  double netRxNotTrafficShare() {
    return netRx == 0 ? 0 : (double) (netRxNoPoll + netRxOtherOnly) / netRx;
  }

  /** The sender's mean own time in a sendto() call that woke no kthread, ns (0: none). */
  double plainSendNs() {
    long n = sendsTimed - sendsWaking;
    return n <= 0 ? 0 : (double) (sendNs - sendWakingNs) / n;
  }

  /** The sender's mean own time in a sendto() call, ns (0: none timed). */
  double meanSendNs() {
    return sendsTimed == 0 ? 0 : (double) sendNs / sendsTimed;
  }

  /** The sender's mean own time in a sendto() call that woke the NAPI kthread, ns. */
  double wakingSendNs() {
    return sendsWaking == 0 ? 0 : (double) sendWakingNs / sendsWaking;
  }

  /**
   * What the kthread's wake-ups added to the sender's {@code %sys} on its CPU, in points: the
   * waking calls' mean own time over the others', times their rate.
   */
  double wakingSysPct() {
    if (sendsWaking == 0 || sendsTimed == sendsWaking || seconds <= 0) {
      return 0;
    }
    return 100.0 * (wakingSendNs() - plainSendNs()) * sendsWaking / (seconds * 1e9);
  }

  /** The share of NET_RX runs that polled nothing. */
  double netRxNoPollShare() {
    return netRx == 0 ? 0 : (double) netRxNoPoll / netRx;
  }
}
