package io.nicsim.tcp;

/**
 * What {@link TcpSendmsg#xmitSizeGoal} calls first when {@code --ports c} runs the tree's
 * tcp_xmit_size_goal on this socket ({@link TcpSock}'s {@code sizeGoalC}): set by the tcp-inloop
 * module's bridge when a connection opens on a host that installed the C, null otherwise.
 */
interface TcpSizeGoalHook {
  /** What {@link #sizeGoal} returns when the call is the Java port's to make. */
  int JAVA = Integer.MIN_VALUE;

  /**
   * tcp_xmit_size_goal(sk, mss_now, large_allowed) as the tree's C.
   *
   * @return its answer, or {@link #JAVA} when this call runs as the Java port
   */
  int sizeGoal(TcpSock tp, int mssNow, boolean largeAllowed);
}
