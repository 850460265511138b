package io.nicsim.tcp;

/**
 * What {@link TcpOutput#writeXmit} and {@link TcpOutput#pushPendingFrames} call first when
 * {@code --ports c} runs the tree's C on this socket ({@link TcpSock}'s {@code writeXmitC}): set by
 * the tcp-inloop module's bridge when a connection opens on a host that installed the C, null
 * otherwise. Each call runs its callees (the cwnd, window, Nagle and TSO tests, the split, the
 * transmit up to ip_queue_xmit, the new data's accounting) as the tree's C too; so do
 * {@link TcpOutput#retransmitSkb} and {@link TcpOutput#xmitRetransmitQueue}, the retransmit path.
 */
interface TcpWriteXmitHook {
  /** What a call returns when it is the Java port's to make. */
  int JAVA = Integer.MIN_VALUE;

  /**
   * tcp_write_xmit(sk, mss_now, nonagle, push_one, GFP_ATOMIC) as the tree's C.
   *
   * @return 1 (nothing in flight, data queued) or 0, or {@link #JAVA}
   */
  int writeXmit(TcpSock sk, int mssNow, int nonagle, int pushOne);

  /**
   * __tcp_push_pending_frames(sk, cur_mss, nonagle) as the tree's C.
   *
   * @return false when this call is the Java port's to make
   */
  boolean pushPendingFrames(TcpSock sk, int curMss, int nonagle);

  /**
   * tcp_retransmit_skb(sk, skb, segs) as the tree's C (__tcp_retransmit_skb and
   * skb_still_in_host_queue inside).
   *
   * @return its return value, or {@link #JAVA}
   */
  default int retransmitSkb(TcpSock sk, TcpSkb skb, int segs) {
    return JAVA;
  }

  /**
   * tcp_xmit_retransmit_queue(sk) as the tree's C (tcp_retransmit_skb inside).
   *
   * @return false when this call is the Java port's to make
   */
  default boolean xmitRetransmitQueue(TcpSock sk) {
    return false;
  }

  /**
   * TSQ's work function (tcp_tasklet_func; tcp_tsq_workfn from v6.17) as the tree's C with this
   * socket alone on its list ({@link TsqWork#workfn} took it off): TSQ_QUEUED cleared,
   * tcp_tsq_handler and tcp_tsq_write (the retransmits, tcp_write_xmit) inside, sk_free.
   *
   * @return false when this call is the Java port's to make
   */
  default boolean tsqWork(TcpSock sk) {
    return false;
  }

  /**
   * tcp_pace_kick(&tp->pacing_timer) as the tree's C (tcp_tsq_handler inside).
   *
   * @return false when this call is the Java port's to make
   */
  default boolean paceKick(TcpSock sk) {
    return false;
  }
}
