package io.nicsim.tcp;

/**
 * What tcp_output.c's bridged callees of {@code tcp_write_xmit} ({@link TcpOutput#tsoSegs},
 * {@link TcpOutput#smallQueueCheck}, {@link TcpOutput#cwndTest}, {@link TcpOutput#mssSplitPoint},
 * {@link TcpOutput#tsoShouldDefer}) and {@link TcpOutput#wfree} call first when {@code --ports c} runs the tree's C on this
 * socket ({@link TcpSock}'s {@code outputC}): set by the tcp-inloop module's bridge when a
 * connection opens on a host that installed the C, null otherwise.
 */
interface TcpOutputHook {
  /** What a call returns when it is the Java port's to make. */
  int JAVA = Integer.MIN_VALUE;

  /**
   * tcp_tso_segs(sk, mss_now) as the tree's C (tcp_tso_autosize inside).
   *
   * @return its answer, or {@link #JAVA}
   */
  int tsoSegs(TcpSock sk, int mssNow);

  /**
   * tcp_small_queue_check(sk, skb, factor) as the tree's C.
   *
   * @return 1 (throttled) or 0, or {@link #JAVA}
   */
  int smallQueueCheck(TcpSock sk, TcpSkb skb, int factor);

  /**
   * tcp_cwnd_test(tp) (before v6.10 tcp_cwnd_test(tp, skb), the send head) as the tree's C.
   *
   * @return the segments cwnd allows, or {@link #JAVA}
   */
  int cwndTest(TcpSock sk);

  /**
   * tcp_mss_split_point(sk, skb, mss_now, max_segs, nonagle) as the tree's C.
   *
   * @return its answer, or {@link #JAVA}
   */
  int mssSplitPoint(TcpSock sk, TcpSkb skb, int mssNow, int maxSegs, int nonagle);

  /**
   * tcp_tso_should_defer(sk, skb, &is_cwnd_limited, &is_rwnd_limited, max_segs) as the tree's
   * C; the two flags it may set are set in {@code isCwndLimited[0]}, {@code isRwndLimited[0]}.
   *
   * @return 1 (defer) or 0, or {@link #JAVA}
   */
  int tsoShouldDefer(TcpSock sk, TcpSkb skb, boolean[] isCwndLimited, boolean[] isRwndLimited,
      int maxSegs);

  /**
   * tcp_wfree(skb) of a clone of {@code truesize} bytes as the tree's C: sk_wmem_alloc and the
   * TSQ flags back, the socket queued to this CPU's TSQ work where the C queued it.
   *
   * @return false when this call is the Java port's to make
   */
  boolean wfree(TcpSock sk, int truesize);

  /**
   * tcp_mstamp_refresh(tp) as the tree's C: tcp_clock_cache and tcp_mstamp from the clock.
   *
   * @return false when this call is the Java port's to make
   */
  boolean mstampRefresh(TcpSock sk);
}
