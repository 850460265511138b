package io.nicsim.tcp;

/**
 * What {@link TcpInput#ack} calls first when {@code --ports c} runs the tree's tcp_ack on this
 * socket ({@link TcpSock}'s {@code ackC}): set by the tcp-inloop module's bridge when a
 * connection opens on a host that installed the C, null otherwise.
 */
interface TcpAckHook {
  /** What {@link #ack} returns when the call is the Java port's to make. */
  int JAVA = Integer.MIN_VALUE;

  /**
   * tcp_ack(sk, skb, flag) as the tree's C.
   *
   * @return what tcp_ack returns, or {@link #JAVA} when this call runs as the Java port
   */
  int ack(TcpSock sk, TcpAckSeg seg, int flag);
}
