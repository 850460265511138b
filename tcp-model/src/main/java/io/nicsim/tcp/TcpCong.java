package io.nicsim.tcp;

import io.nicsim.core.port.KernelPort;

/** The congestion-control helpers of net/ipv4/tcp_cong.c that CUBIC uses. */
public final class TcpCong {
  private TcpCong() {}

  static final String SRC = "Kingxukai/linux@0291023e7330da28f2f7453c87c2ab7082d8360f";

  /**
   * Slow start: grow cwnd by the packets ACKed, up to ssthresh; return the ACKs left over for
   * congestion avoidance.
   */
  @KernelPort(file = "net/ipv4/tcp_cong.c", function = "tcp_slow_start",
      versions = "v4.2..v6.18", source = SRC)
  public static int slowStart(TcpSock tp, int acked) {
    int cwnd = Seq.umin(tp.sndCwnd() + acked, tp.sndSsthresh);

    acked -= cwnd - tp.sndCwnd();
    tp.sndCwndSet(Seq.umin(cwnd, tp.sndCwndClamp));

    return acked;
  }

  /** Additive increase: one packet of cwnd per {@code w} packets ACKed. */
  @KernelPort(file = "net/ipv4/tcp_cong.c", function = "tcp_cong_avoid_ai",
      versions = "v4.2..v6.18", source = SRC)
  public static void congAvoidAi(TcpSock tp, int w, int acked) {
    // credits earned at a larger w are applied gently
    if (Integer.compareUnsigned(tp.sndCwndCnt, w) >= 0) {
      tp.sndCwndCnt = 0;
      tp.sndCwndSet(tp.sndCwnd() + 1);
    }

    tp.sndCwndCnt += acked;
    if (Integer.compareUnsigned(tp.sndCwndCnt, w) >= 0) {
      int delta = Integer.divideUnsigned(tp.sndCwndCnt, w);

      tp.sndCwndCnt -= delta * w;
      tp.sndCwndSet(tp.sndCwnd() + delta);
    }
    tp.sndCwndSet(Seq.umin(tp.sndCwnd(), tp.sndCwndClamp));
  }

  /** The Reno undo: back to max(cwnd, prior_cwnd). */
  @KernelPort(file = "net/ipv4/tcp_cong.c", function = "tcp_reno_undo_cwnd",
      versions = "v4.13..v6.18", source = SRC)
  public static int renoUndoCwnd(TcpSock tp) {
    return Seq.umax(tp.sndCwnd(), tp.priorCwnd);
  }
}
