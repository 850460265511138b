package io.nicsim.validate;

import java.util.Locale;

/**
 * Why a validate --cpu figure misses, where the cause is known (each traced on the testbed's
 * trace and in the model); a miss without one is reported as not root-caused.
 */
final class CpuMisses {
  private CpuMisses() {}

  /** The receiver's own work: its end of the veth is the model's peer. */
  static final String RECEIVER = "the receiver's reads run on CPU 0 of this machine; in the"
      + " model the receiver is the peer, whose CPU is not the host's";
  /** What the stand-in NIC's poll does instead of the veth's receive. */
  static final String POLL_WORK = "the veth's poll (backlog or its NAPI) receives the datagram"
      + " (napi_poll work 1); the model's stand-in NIC polls to reap the TX completion, which"
      + " napi_poll's work does not count (0)";
  /** The wake-up IPI inside the sender's NET_RX. */
  static final String WAKE_IPI = "NET_RX on the sender's CPU wakes the receiver on CPU 0 with"
      + " an IPI, which on this Firecracker guest leaves the VM: about 10% of NET_RX actions"
      + " take 10-16 us (udp64-20k: 40,396 actions, p50 0.53 us, p90 11.3, mean 2.36); the"
      + " model's receiver is the peer, whose wake-up is not the host's";

  /** Fewer wake-up IPIs a datagram at a rate above the calibration's. */
  static final String FEWER_WAKEUPS = "at twice the calibration's rate the receiver is awake more"
      + " often when a datagram arrives, so fewer NET_RX actions wake it with the IPI (traced:"
      + " 0.18 receiver sleeps a datagram at 20,000/s, 0.07 at 40,000/s; NET_RX actions over 5"
      + " us 18.0% and 7.6%, mean 2.44 and 1.28 us); the model's NET_RX cost is the calibration"
      + " case's mean, wake-ups included";
  /** The send's own time falls with the rate. */
  static final String FASTER_SENDS = "sendto's own time falls with the rate on the same kernel"
      + " path (traced: p50 0.82 us at 20,000/s, 0.67 at 40,000/s; mean 1.02 and 0.84), sends"
      + " 25 us apart instead of 50 with less of other tasks' work between them; the model's"
      + " cost per send is one number, the calibration case's";

  /** The TCP cases' skbs on the veth against the model's. */
  static final String TCP_SKBS = "the veth carries iperf3's 128 KB writes as GSO skbs of"
      + " 65,160 + 65,160 + 752 bytes (gso_max_size 64 KB, MSS 1448): traced at 200 Mbit/s,"
      + " CUBIC 588 data skbs/s of 42.6 KB mean and 329 ACKs/s, BBR 571/s of 43.7 KB and 384"
      + " ACKs/s, NET_RX 767-773/s; the model's CUBIC builds 1,733 skbs/s of 14.5 KB and its"
      + " BBR 394/s of 64.9 KB (two a write), and each model skb is one NET_RX on CPU 1";
  /** The TCP cases' softirq time above the kernel's. */
  static final String TCP_SOFT_POLLS = "the model's NET_RX on CPU 1 polls 3,455 times a second"
      + " for CUBIC at 200 Mbit/s against the kernel's 785 (its 1,728 skbs/s of 14.5 KB, above,"
      + " each reaped by a TX-completion poll and answered by an ACK poll), each at the"
      + " calibration case's cost per poll, 5.7 us (udp64-20k's NET_RX mean, the receiver's"
      + " wake-up IPI included): 3,455 x 5.7 us = 2.0% of CPU 1 against the kernel's 785"
      + " actions at 8.2 us = 0.64% (quiet run of 2026-12-07: model 2.23, real 0.64)";
  /** The TCP cases' packets a poll. */
  static final String TCP_POLL_WORK = "the real backlog's polls receive the data skbs and the"
      + " receiver's ACKs (an ACK sent inside CPU 1's NET_RX joins the same backlog: 1.19"
      + " packets a poll for CUBIC, 1.24 for BBR, traced); the model's stand-in NIC polls once"
      + " per data skb to reap its TX completion (work 0) and once per ACK (work 1)";

  /** The sender's pacing timer. */
  static final String PACING_TIMER = "flood.c paces its datagrams with clock_nanosleep: each"
      + " sleep ends in an hrtimer callback (hrtimer_wakeup) in hard-IRQ context on CPU 1"
      + " (traced: flood.c's loop at 20,000/s for 0.5 s slept 4,197 times, CPU 1 ran 3,152"
      + " hrtimer_wakeup callbacks); the model's iperf3 -b paces without a timer per datagram";

  /** The threaded NAPI's kthread behind the machine's other tasks. */
  static final String KTHREAD = "the veth NAPI's kthread is a normal task, scheduled behind the"
      + " other tasks that kept both CPUs 94-99% busy: it polled 2,500 times a second at 6.4"
      + " packets a poll in one run, 346 at 33.5 in another, and the veth's 256-entry ring"
      + " overflowed (32,236 and 25,819 of 40,000 received); the model's kthread has its CPU"
      + " to itself (the cases are predicted without the machine's other load)";
  /** Busy polling in the receiver's syscall. */
  static final String BUSY_POLL = "busy polling runs in the receiver's recvfrom on CPU 0"
      + " (311,000-329,000 polls a second, 94% of them empty); the receiver is the model's peer";

  /**
   * Other tasks' share of a CPU (percent) from which a cause that rests on a busy machine holds:
   * the kthread cause was traced with other tasks at 94-99%; on a machine this quiet it is not
   * the reason, and the miss stays unexplained.
   */
  static final double BUSY_OTHER_PCT = 50;

  /**
   * The share of the kthread's runs that must begin where the sender left its CPU, and the
   * datagrams per such departure above which the sender is not leaving it once a datagram, for
   * {@link #kthreadAtSenderYields} to be the cause.
   */
  static final double KTHREAD_AFTER_SENDER = 0.8;
  static final double SENDS_PER_YIELD = 1.15;
  /**
   * The share of NET_RX runs that must have polled nothing, or received only frames that are
   * not the traffic's, for {@link #deferredFrees}.
   */
  static final double NO_POLL_SHARE = 0.8;

  /**
   * The threaded NAPI's kthread polls where the sender leaves its CPU, and the pacing sender
   * leaves it less than once a datagram: each figure is the run's own trace's.
   */
  static String kthreadAtSenderYields(CpuMechanisms m) {
    return String.format(Locale.ROOT, "the veth NAPI's kthread runs where the sender leaves"
        + " CPU 1: %.0f%% of its %,.0f runs a second began there, and it polled %,.0f times a"
        + " second; the sender left CPU 1 %,.0f times a second (asleep %,.0f, preempted %,.0f),"
        + " once per %.2f datagrams: after a sleep that ended late (its clock_nanosleep's timer"
        + " slack %s, hrtimer_start's expires - softexpires; woken %s after softexpires, median)"
        + " or a preemption, it sends every datagram then due without leaving the CPU (traced"
        + " in this run); the model's sender sleeps to each due time exactly, so its kthread"
        + " polls once a datagram", 100 * m.kthreadAfterSenderShare(), m.perSecond(m.kthreadRuns()),
        m.perSecond(m.kthreadPolls()), m.perSecond(m.senderSleeps() + m.senderPreempted()),
        m.perSecond(m.senderSleeps()), m.perSecond(m.senderPreempted()), m.sendsPerYield(),
        us(m.slackNs()), us(m.lateNs()));
  }

  /**
   * NET_RX runs that poll nothing but free the skbs the receiver deferred to CPU 1, and (where
   * the run's trace shows them) runs whose polls received only frames the stack sent by itself.
   */
  static String deferredFrees(CpuMechanisms m) {
    String other = m.netRxOtherOnly() == 0 ? "" : String.format(Locale.ROOT, "; %,.0f NET_RX"
        + " runs a second (%.0f%%) polled only frames that are not IPv4 (%d on the veth in this"
        + " run: ARP, IPv6 neighbour discovery and MLD, which the stack sends by itself, each"
        + " through the backlog of the end without a NAPI), which the model's traffic does not"
        + " have", m.perSecond(m.netRxOtherOnly()), 100.0 * m.netRxOtherOnly() / m.netRx(),
        m.otherFrames());
    return String.format(Locale.ROOT, "%,.0f NET_RX runs a second, %.0f%% of them polling"
        + " nothing and freeing %.1f skbs each (consume_skb in skb_defer_free_flush; traced in"
        + " this run): the receiver on CPU 0 frees the skbs CPU 1 allocated onto CPU 1's defer"
        + " list, and skb_attempt_defer_free (net/core/skbuff.c, 6.18) kicks CPU 1's NET_RX"
        + " when that list reaches half of sysctl_skb_defer_max (128: the 65th skb) before the"
        + " kthread, which flushes it after every poll, has run; the model's receiver is the"
        + " peer, which frees nothing on the host%s", m.perSecond(m.netRx()),
        100 * m.netRxNoPollShare(), m.netRxNoPoll() == 0 ? 0
            : (double) m.netRxNoPollFrees() / m.netRxNoPoll(), other);
  }

  /**
   * The threaded case's cpu1 {@code %irq} above the kernel's: where the model's stand-in NIC
   * wakes the NAPI kthread (in its hard interrupt) against where the veth does (in the sender's
   * sendto), with the run's own counts of the kthread's runs and of CPU 1's timer callbacks.
   */
  static String kthreadWakeInIrq(CpuMechanisms m) {
    String run = m.seconds() <= 0 ? "" : String.format(Locale.ROOT, "; in this run the kthread"
        + " ran %,.0f times a second for %,.0f datagrams, and CPU 1's hard-IRQ time held the"
        + " sender's %,.0f hrtimer_wakeup callbacks a second", m.perSecond(m.kthreadRuns()),
        m.perSecond(m.sends()), m.perSecond(m.wakeups()));
    return "the model's stand-in NIC raises a hard interrupt per datagram and its napi_schedule"
        + " wakes the NAPI kthread inside it (try_to_wake_up in hard-IRQ context, once a"
        + " datagram); the veth raises none: veth_xmit schedules its NAPI from the sender's"
        + " sendto, so the kernel wakes the kthread in process context (the sender's %sys) and"
        + " only when it is not already scheduled (traced by hand 2026-12-07: all 257 wake-ups"
        + " of napi/ncr0 in 1 s from flood, interrupts off, none in hard IRQ)" + run;
  }

  /**
   * The busy-polling case's cpu1 {@code %soft} below the model's, with the run's own counts:
   * CPU 0's busy poll takes part of the datagrams and a spinning receiver is seldom woken.
   */
  static String busyPollAwake(CpuMechanisms m) {
    return String.format(Locale.ROOT, "the receiver busy-polls in recvfrom on CPU 0: its polls"
        + " take part of the datagrams (CPU 1 ran %,.0f NET_RX a second for %,.0f datagrams) and,"
        + " spinning, it is awake when most arrive (it slept %,.0f times a second, %.3f a"
        + " datagram; traced in this run), so fewer of CPU 1's NET_RX runs wake it with the IPI"
        + " that leaves this VM (traced by hand 2026-12-07, load 31: NET_RX on CPU 1 1.53 us"
        + " mean, 5.4%% over 5 us, receiver sleeps 0.033 a datagram, against 1.82 us, 8.8%% and"
        + " 0.085 on the backlog); the model's NET_RX costs the calibration case's mean, wake-ups"
        + " included, once a datagram", m.perSecond(m.netRxSenderCpu()), m.perSecond(m.sends()),
        m.perSecond(m.receiverSleeps()), m.sends() == 0 ? 0
            : (double) m.receiverSleeps() / m.sends());
  }

  /**
   * The busy-polling case's NET_RX rate below the model's, with the run's own counts: a frame
   * the receiver's busy poll on CPU 0 takes raised no NET_RX on CPU 1.
   */
  static String busyPollTakes(CpuMechanisms m) {
    return String.format(Locale.ROOT, "the receiver's busy poll on CPU 0 received %,.0f"
        + " datagrams a second itself, in recvfrom (traced in this run: CPU 1 ran %,.0f NET_RX a"
        + " second for %,.0f datagrams): while the busy poll holds the veth's NAPI (SCHED and"
        + " IN_BUSY_POLL set) the transmit's napi_schedule_prep fails and raises no NET_RX, and"
        + " the busy poll takes the frame from the veth's ring; the model's receiver does not"
        + " poll the host's NAPI", m.perSecond(m.busyPollRx()), m.perSecond(m.netRxSenderCpu()),
        m.perSecond(m.sends()));
  }

  /** {@link #PACING_TIMER} with the run's own count of the sender's timer callbacks. */
  static String pacingTimer(CpuMechanisms m) {
    return String.format(Locale.ROOT, "flood.c paces its datagrams with clock_nanosleep: each"
        + " sleep ends in an hrtimer callback (hrtimer_wakeup) in hard-IRQ context on CPU 1"
        + " (traced in this run: %,.0f callbacks a second for %,.0f sleeps and %,.0f datagrams"
        + " a second); the model's iperf3 -b paces without a timer per datagram",
        m.perSecond(m.wakeups()), m.perSecond(m.senderSleeps()), m.perSecond(m.sends()));
  }

  private static String us(long ns) {
    return ns < 0 ? "not traced" : String.format(Locale.ROOT, "%.1f us", ns / 1e3);
  }

  /** As {@link #cause(CpuCase, String, double, double, double, CpuMechanisms)}, untraced. */
  /**
   * The threaded case's cpu1 {@code %sys} above the model's: the sender's sendto wakes the NAPI
   * kthread (veth_xmit's napi_schedule, in process context), and the model's stand-in NIC wakes
   * it from its hard interrupt instead (its {@code %irq}), with the run's own split of the
   * sendto calls into those that woke the kthread and the others.
   */
  static String kthreadWakeInSend(CpuMechanisms m) {
    return String.format(Locale.ROOT, "the veth wakes the NAPI kthread inside the sender's"
        + " sendto (veth_xmit's napi_schedule, try_to_wake_up in process context, whenever the"
        + " kthread's last poll completed): in this run %,.0f sendto calls a second woke it, at"
        + " %,.0f ns of the sender's own time each against %,.0f ns for the other %,.0f a"
        + " second, %.2f points of CPU 1's %%sys; the model's stand-in NIC wakes its kthread"
        + " from its hard interrupt (its %%irq, the cpu1 %%irq row), and its sendto costs the"
        + " calibration case's, which woke nothing", m.perSecond(m.sendsWaking()),
        m.wakingSendNs(), m.plainSendNs(), m.perSecond(m.sendsTimed() - m.sendsWaking()),
        m.wakingSysPct());
  }

  static String cause(CpuCase c, String figure, double real, double model,
      double otherTasksPct) {
    return cause(c, figure, real, model, otherTasksPct, CpuMechanisms.NONE);
  }

  /**
   * The known cause of a miss, or null.
   *
   * @param otherTasksPct the largest share of a CPU other tasks took while the case ran
   * @param m what the run's trace shows of the mechanisms ({@link CpuMechanisms#NONE}: nothing)
   */
  static String cause(CpuCase c, String figure, double real, double model,
      double otherTasksPct, CpuMechanisms m) {
    if (c.threaded() && figure.equals("NAPI polls/s") && model > real && m.kthreadRuns() > 0
        && m.kthreadAfterSenderShare() >= KTHREAD_AFTER_SENDER
        && m.sendsPerYield() >= SENDS_PER_YIELD) {
      return kthreadAtSenderYields(m);
    }
    if (c.threaded() && figure.equals("NET_RX softirqs/s") && model < real && m.netRx() > 0
        && m.netRxNotTrafficShare() >= NO_POLL_SHARE
        && (m.netRxNoPollFrees() > 0 || m.netRxOtherOnly() > 0)) {
      return deferredFrees(m);
    }
    boolean busy = otherTasksPct >= BUSY_OTHER_PCT;
    if (c.threaded() && busy && (figure.equals("NAPI polls/s")
        || figure.equals("NET_RX softirqs/s") || figure.equals("cpu1 %soft")
        || figure.equals("packets/poll"))) {
      return KTHREAD;
    }
    if (c.busyPollUs() > 0 && figure.equals("cpu1 %soft") && model > real && m.sends() > 0
        && m.netRxSenderCpu() < m.sends()) {
      return busyPollAwake(m);
    }
    if (c.busyPollUs() > 0 && figure.equals("NET_RX softirqs/s") && model > real
        && m.busyPollRx() > 0 && m.perSecond(m.busyPollRx()) >= (model - real) / 2) {
      return busyPollTakes(m);
    }
    if (c.busyPollUs() > 0 && (figure.equals("NAPI polls/s") && model < real
        || figure.equals("packets/poll") && model > real)) {
      return BUSY_POLL;
    }
    if (figure.equals("cpu0 %sys") && model < real) {
      return RECEIVER;
    }
    if (c.isUdp() && figure.equals("packets/poll") && model == 0) {
      return POLL_WORK;
    }
    if (c.threaded() && figure.equals("cpu1 %irq") && model > real) {
      return kthreadWakeInIrq(m);
    }
    if (c.threaded() && figure.equals("cpu1 %sys") && model < real && m.sendsWaking() > 0
        && m.wakingSysPct() >= (real - model) / 2) {
      return kthreadWakeInSend(m);
    }
    if (c.isUdp() && figure.equals("cpu1 %irq") && model < real) {
      return m.wakeups() > 0 ? pacingTimer(m) : PACING_TIMER;
    }
    if (c.isUdp() && figure.equals("cpu1 %soft") && model < real && !c.threaded()) {
      return WAKE_IPI;
    }
    boolean faster = c.isUdp() && c.pps() > CpuCase.ALL.get(0).pps();
    if (faster && figure.equals("cpu1 %soft") && model > real) {
      return FEWER_WAKEUPS;
    }
    if (faster && figure.equals("cpu1 %sys") && model > real) {
      return FASTER_SENDS;
    }
    if (!c.isUdp() && (figure.equals("NET_RX softirqs/s") || figure.equals("NAPI polls/s")
        || figure.equals("cpu1 %soft") && model < real)) {
      return TCP_SKBS;
    }
    if (!c.isUdp() && figure.equals("cpu1 %soft") && model > real) {
      return TCP_SOFT_POLLS;
    }
    if (!c.isUdp() && figure.equals("packets/poll")) {
      return TCP_POLL_WORK;
    }
    return null;
  }
}
