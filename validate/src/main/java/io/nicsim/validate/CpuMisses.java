package io.nicsim.validate;

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
      + " take 10-16 us (udp64-20k: 40,396 actions, p50 0.53 us, p90 11.3, mean 2.36); the fit"
      + " takes the typical action (Huber) and the model's receiver is the peer, whose wake-up"
      + " is not the host's";
  /** The send syscall's tail. */
  static final String SEND_TAIL = "sendto's own time has a tail the robust fit does not weigh"
      + " (udp64-20k: p50 1.13 us, p90 1.91, p99 4.15, mean 1.37) on CPUs 95-98% busy with"
      + " other tasks, while a CPU share sums the mean";

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
   * the kthread and send-tail causes were traced with other tasks at 94-99%; on a machine this
   * quiet they are not the reason, and the miss stays unexplained.
   */
  static final double BUSY_OTHER_PCT = 50;

  /**
   * The known cause of a miss, or null.
   *
   * @param otherTasksPct the largest share of a CPU other tasks took while the case ran
   */
  static String cause(CpuCase c, String figure, double real, double model,
      double otherTasksPct) {
    boolean busy = otherTasksPct >= BUSY_OTHER_PCT;
    if (c.threaded() && busy && (figure.equals("NAPI polls/s")
        || figure.equals("NET_RX softirqs/s") || figure.equals("cpu1 %soft")
        || figure.equals("packets/poll"))) {
      return KTHREAD;
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
    if (c.isUdp() && figure.equals("cpu1 %irq") && model < real) {
      return PACING_TIMER;
    }
    if (c.isUdp() && figure.equals("cpu1 %soft") && model < real && !c.threaded()) {
      return WAKE_IPI;
    }
    if (c.isUdp() && busy && figure.equals("cpu1 %sys") && model < real) {
      return SEND_TAIL;
    }
    return null;
  }
}
