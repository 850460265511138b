package io.nicsim.tcp;

/**
 * What tcp_rate.c's {@link TcpRate#skbSent} and {@link TcpRate#checkAppLimited} call first when
 * {@code --ports c} runs the tree's C on this socket ({@link TcpSock}'s {@code rateC}): set by
 * the tcp-inloop module's bridge when a connection opens on a host that installed the C, null
 * otherwise.
 */
interface TcpRateHook {
  /**
   * tcp_rate_skb_sent(sk, skb) as the tree's C.
   *
   * @return false when this call is the Java port's to make
   */
  boolean skbSent(TcpSock sk, TcpSkb skb);

  /**
   * tcp_rate_check_app_limited(sk) as the tree's C.
   *
   * @return false when this call is the Java port's to make
   */
  boolean checkAppLimited(TcpSock sk);
}
