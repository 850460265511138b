package io.nicsim.tcp;

/**
 * What a tcp_input.c function taking only the socket ({@code tcp_check_space},
 * {@code tcp_sndbuf_expand}), or tcp_timer.c's {@code tcp_write_timer_handler}, calls first when
 * {@code --ports c} runs the tree's C on this socket ({@link TcpSock}'s {@code checkSpaceC},
 * {@code sndbufExpandC}, {@code writeTimerC}): set by the tcp-inloop module's
 * bridge when a connection opens on a host that installed the C, null otherwise.
 */
interface TcpSocketHook {
  /**
   * The function as the tree's C on the live socket.
   *
   * @return false when this call is the Java port's to make
   */
  boolean socketOnly(TcpSock sk);
}
