package io.nicsim.tcp;

import io.nicsim.core.host.InLoopPorts;

/**
 * {@code struct tcp_congestion_ops}: one instance per socket, holding the module's private
 * state ({@code inet_csk_ca(sk)}). Optional hooks report their presence through {@code hasX()}
 * because the kernel branches on the function pointer being set.
 */
public interface CongestionOps {
  String name();

  /** .init */
  void init(TcpSock sk);

  /** .ssthresh (required): new ssthresh on a loss / CWR event. */
  int ssthresh(TcpSock sk);

  /** .undo_cwnd (required). */
  int undoCwnd(TcpSock sk);

  /** .cong_avoid: called when cong_control is absent. */
  default void congAvoid(TcpSock sk, int ack, int acked) {}

  /** .set_state */
  default void setState(TcpSock sk, int newState) {}

  /** .cwnd_event */
  default void cwndEvent(TcpSock sk, int event) {}

  default boolean hasPktsAcked() {
    return false;
  }

  /**
   * .pkts_acked with the ack_sample's pkts_acked and rtt_us (an s32 in struct ack_sample: the
   * caller's long, of which implementations keep the low 32 bits as the C initialiser does).
   */
  default void pktsAcked(TcpSock sk, int pktsAcked, long rttUs) {}

  /**
   * .pkts_acked with the whole ack_sample (in_flight too: mss_cache times the packets delivered
   * since the sampled skb was sent); modules that ignore in_flight implement the form above.
   */
  default void pktsAcked(TcpSock sk, int pktsAcked, long rttUs, int inFlight) {
    pktsAcked(sk, pktsAcked, rttUs);
  }

  default boolean hasMinTsoSegs() {
    return false;
  }

  /** .min_tso_segs */
  default int minTsoSegs(TcpSock sk) {
    return 0;
  }

  default boolean hasCongControl() {
    return false;
  }

  /** .cong_control: replaces cong_avoid + tcp_update_pacing_rate. */
  default void congControl(TcpSock sk, int ack, int flag, RateSample rs) {}

  /** Whether the module provides .sndbuf_expand (the C tests the pointer). */
  default boolean hasSndbufExpand() {
    return false;
  }

  /** .sndbuf_expand; 0 when the module does not provide it. */
  default int sndbufExpand(TcpSock sk) {
    return 0;
  }

  /** .get_info: what {@code ss -ti} prints for the algorithm; null when it has none. */
  default SsInfo getInfo(TcpSock sk) {
    return null;
  }

  /**
   * The algorithm's own estimate of the path's bandwidth in bit/s, for the run's means; -1 when
   * it keeps none (CUBIC does not estimate bandwidth).
   */
  default double bandwidthBps(TcpSock sk) {
    return -1;
  }

  /**
   * {@code --ports c}: run each of the module's entry points that {@code ports} (the host's C)
   * installed as the tree's C from now on; a new connection's module is given them when the
   * connection opens. A module without {@code --ports c} bridges keeps its Java.
   */
  default void attachC(InLoopPorts ports) {}
}
