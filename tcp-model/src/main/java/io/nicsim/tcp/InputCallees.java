package io.nicsim.tcp;

/**
 * What the input side (tcp_input.c, tcp_recovery.c, tcp_timer.c) calls outside its files: the
 * transmit path in tcp_output.c and the connection-abort check. A socket runs the ports ({@link
 * #PORTS}); port-check's harnesses for the input side give a socket recording stubs instead, as
 * their C stubs these functions, so an input-side function runs whole without the transmit path
 * under it.
 */
public interface InputCallees {

  /** tcp_current_mss(). */
  int currentMss(TcpSock sk);

  /** __tcp_push_pending_frames(). */
  void pushPendingFrames(TcpSock sk, int curMss, int nonagle);

  /** tcp_xmit_retransmit_queue(). */
  void xmitRetransmitQueue(TcpSock sk);

  /** tcp_retransmit_skb(). */
  int retransmitSkb(TcpSock sk, TcpSkb skb, int segs);

  /** tcp_mstamp_refresh(). */
  void mstampRefresh(TcpSock sk);

  /**
   * tcp_sync_mss(): the socket's MSS for a path MTU. The model's path MTU never changes, so the
   * ports keep mss_cache as it is.
   */
  int syncMss(TcpSock sk, int pmtu);

  /**
   * tcp_write_timeout() (tcp_timer.c): whether the connection has retransmitted for too long and
   * is reset. Not ported: a simulated connection never gives up (tcp_retries2 means minutes of
   * unanswered retransmits, far beyond any run), so the ports answer false.
   */
  boolean writeTimeout(TcpSock sk);

  /**
   * tcp_send_challenge_ack(): answer an ACK too old to be believed (RFC 5961). Not ported: the
   * model's peer never sends one, so the ports send nothing.
   */
  void sendChallengeAck(TcpSock sk);

  /** The ported functions. */
  InputCallees PORTS = new InputCallees() {
    @Override
    public int currentMss(TcpSock sk) {
      return TcpOutput.currentMss(sk);
    }

    @Override
    public void pushPendingFrames(TcpSock sk, int curMss, int nonagle) {
      TcpOutput.pushPendingFrames(sk, curMss, nonagle);
    }

    @Override
    public void xmitRetransmitQueue(TcpSock sk) {
      TcpOutput.xmitRetransmitQueue(sk);
    }

    @Override
    public int retransmitSkb(TcpSock sk, TcpSkb skb, int segs) {
      return TcpOutput.retransmitSkb(sk, skb, segs);
    }

    @Override
    public void mstampRefresh(TcpSock sk) {
      sk.mstampRefresh();
    }

    @Override
    public int syncMss(TcpSock sk, int pmtu) {
      return sk.mssCache;
    }

    @Override
    public boolean writeTimeout(TcpSock sk) {
      return false;
    }

    @Override
    public void sendChallengeAck(TcpSock sk) {}
  };
}
