package io.nicsim.tcp;

/**
 * What a TCP socket needs from the kernel and machine below it. Phase-1 unit tests drive a
 * manual implementation; the simulation wires it to core's clock, hrtimers, softirq work and
 * {@code dev_queue_xmit}.
 */
public interface TcpHost {

  /** {@code tcp_clock_ns()} / ktime_get_ns(): monotonic time in ns. */
  long nowNs();

  /**
   * {@code ip_queue_xmit()} of a transmitted clone of {@code skb}. The clone carries {@code
   * truesize} charged to {@code sk_wmem_alloc}, departure time {@code skb.skbMstampNs}, {@code
   * skb.pcount} segments of {@code skb.tcpGsoSize} (or one segment). When the host frees the clone
   * (or the GSO segments carrying its destructor) it calls {@link TcpOutput#wfree}; when the
   * clone itself stops existing (freed, or consumed by software GSO) it decrements {@link
   * TcpSkb#clonesInHost}.
   *
   * @return 0 (NET_XMIT_SUCCESS), a positive NET_XMIT_* code, or a negative errno
   */
  int queueXmit(TcpSock sk, TcpSkb skb, int truesize);

  /** {@code hrtimer_start(&tp->pacing_timer, expires, HRTIMER_MODE_ABS_PINNED_SOFT)}. */
  void pacingTimerStart(TcpSock sk, long expiresNs);

  /** {@code hrtimer_is_queued(&tp->pacing_timer)}. */
  boolean pacingTimerQueued(TcpSock sk);

  /** {@code queue_work(system_bh_wq, &tsq->work)}: run {@link TsqWork#workfn} soon in BH. */
  void queueTsqWork(TsqWork work);

  /** The TSQ work list of the CPU the caller runs on ({@code this_cpu_ptr(&tsq_work)}). */
  TsqWork tsqWork();

  /** {@code this_cpu_ksoftirqd() == current}: the caller runs in ksoftirqd. */
  boolean inKsoftirqd();

  /** (Re)arms the socket's retransmit timer ({@code icsk_retransmit_timer}) at a jiffy. */
  void xmitTimerReset(TcpSock sk, int expiresJiffies);

  /** Stops the retransmit timer. */
  void xmitTimerClear(TcpSock sk);

  /**
   * A WARN_ON() the kernel would print at this point (a broken invariant). Simulations ignore
   * it; port-check harnesses record it beside the C's.
   */
  default void warnOn(TcpSock sk) {}

  /** A BUG_ON() that fired: the kernel would stop; harnesses record it beside the C's. */
  default void bug(TcpSock sk) {}

  /** {@code get_random_u32_below(ceil)} from the simulation's seeded RNG. */
  int randomU32Below(int ceil);
}
