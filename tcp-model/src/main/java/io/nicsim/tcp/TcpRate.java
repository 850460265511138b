package io.nicsim.tcp;

import io.nicsim.core.port.KernelPort;

/**
 * net/ipv4/tcp_rate.c: per-skb delivery snapshots, per-ACK rate samples and application-limited
 * marking. The sample's interval is the longer of the send phase and the ACK phase, so neither
 * ACK compression nor a burst of sends can inflate it; samples shorter than min_rtt are invalid.
 */
public final class TcpRate {
  private TcpRate() {}

  static final String SRC = "Kingxukai/linux@9b44fff655e2c6f4cc53cb499dd2c038e99cb013";

  /** Snapshot the connection's delivery state into a just-(re)transmitted skb. */
  @KernelPort(file = "net/ipv4/tcp_rate.c", function = "tcp_rate_skb_sent",
      versions = "v4.10..v6.17", source = SRC,
      notes = "delivered_ce is not modelled (no ECN)")
  public static void skbSent(TcpSock tp, TcpSkb skb) {
    if (tp.rateC != null && tp.rateC.skbSent(tp, skb)) {
      return; // --ports c: the tree's C
    }
    // With nothing in flight, ACKs from now on measure a full delivery interval from this send.
    if (tp.packetsOut == 0) {
      long tstampUs = skb.timestampUs();

      tp.firstTxMstamp = tstampUs;
      tp.deliveredMstamp = tstampUs;
    }

    skb.txFirstTxMstamp = tp.firstTxMstamp;
    skb.txDeliveredMstamp = tp.deliveredMstamp;
    skb.txDelivered = tp.delivered;
    skb.txIsAppLimited = tp.appLimited != 0;
  }

  /**
   * Fill the rate sample from an (S)ACKed skb, keeping the snapshot of the most recently sent
   * one when an ACK covers several.
   */
  @KernelPort(file = "net/ipv4/tcp_rate.c", function = "tcp_rate_skb_delivered",
      versions = "v6.1..v6.17", source = SRC,
      notes = "the send-time/end_seq tie-break (tcp_skb_sent_after) is the 6.1+ form")
  public static void skbDelivered(TcpSock tp, TcpSkb skb, RateSample rs) {
    if (skb.txDeliveredMstamp == 0) {
      return;
    }

    long txTstamp = skb.timestampUs();
    if (rs.priorDelivered == 0
        || TcpSock.skbSentAfter(txTstamp, tp.firstTxMstamp, skb.endSeq, rs.lastEndSeq)) {
      rs.priorDelivered = skb.txDelivered;
      rs.priorMstamp = skb.txDeliveredMstamp;
      rs.isAppLimited = skb.txIsAppLimited;
      rs.isRetrans = (skb.sacked & TcpSkb.TCPCB_RETRANS) != 0;
      rs.lastEndSeq = skb.endSeq;

      // send time of the most recently ACKed packet starts the next send phase
      tp.firstTxMstamp = txTstamp;
      rs.intervalUs = TcpSock.stampUsDelta(tp.firstTxMstamp, skb.txFirstTxMstamp);
    }
    // a SACKed skb must not count again when it is later cumulatively ACKed
    if ((skb.sacked & TcpSkb.TCPCB_SACKED_ACKED) != 0) {
      skb.txDeliveredMstamp = 0;
    }
  }

  /** Update the connection's delivery information and finish the rate sample for one ACK. */
  @KernelPort(file = "net/ipv4/tcp_rate.c", function = "tcp_rate_gen",
      versions = "v4.10..v6.17", source = SRC)
  public static void gen(TcpSock tp, int delivered, int lost, boolean isSackReneg,
      RateSample rs) {
    // the app-limited bubble is over once it has been ACKed
    if (tp.appLimited != 0 && Seq.after(tp.delivered, tp.appLimited)) {
      tp.appLimited = 0;
    }

    if (delivered != 0) {
      tp.deliveredMstamp = tp.tcpMstamp;
    }

    rs.ackedSacked = delivered;
    rs.losses = lost;
    if (rs.priorMstamp == 0 || isSackReneg) {
      rs.delivered = -1;
      rs.intervalUs = -1;
      return;
    }
    rs.delivered = tp.delivered - rs.priorDelivered;

    // sending and ACKing a window are two pipeline phases; the longer one bounds the rate
    // u32 snd_us, ack_us: the send phase is truncated to 32 bits, the maximum taken unsigned
    long sndUs = Seq.u32((int) rs.intervalUs);
    long ackUs = TcpSock.stampUsDelta(tp.tcpMstamp, rs.priorMstamp);
    rs.intervalUs = Math.max(sndUs, ackUs);

    rs.sndIntervalUs = sndUs;
    rs.rcvIntervalUs = ackUs;

    if (rs.intervalUs < Seq.u32(tp.minRtt())) {
      rs.intervalUs = -1;
      return;
    }

    // remember the last non-app-limited sample, or the fastest app-limited one
    // (u64)rs->delivered sign-extends the s32; the u64 products compare unsigned
    if (!rs.isAppLimited
        || Long.compareUnsigned((long) rs.delivered * tp.rateIntervalUs,
            Seq.u32(tp.rateDelivered) * rs.intervalUs) >= 0) {
      tp.rateDelivered = rs.delivered;
      tp.rateIntervalUs = Seq.u32((int) rs.intervalUs); // u32 rate_interval_us
      tp.rateAppLimited = rs.isAppLimited;
    }
  }

  /**
   * Mark the flow application-limited when nothing is left to send and nothing is queued below
   * TCP. All four conditions must hold; the second is the one late TX completions defeat.
   */
  @KernelPort(file = "net/ipv4/tcp_rate.c", function = "tcp_rate_check_app_limited",
      versions = "v4.10..v6.17", source = SRC)
  public static void checkAppLimited(TcpSock tp) {
    if (tp.rateC != null && tp.rateC.checkAppLimited(tp)) {
      return; // --ports c: the tree's C
    }
    if (Integer.compareUnsigned(tp.writeSeq - tp.sndNxt, tp.mssCache) < 0 // < 1 MSS unsent
        && tp.wmemAllocGet() < tp.sysctl.skbTruesize1 // nothing in qdisc or NIC
        && Integer.compareUnsigned(tp.packetsInFlight(), tp.sndCwnd()) < 0 // not cwnd-limited
        && Integer.compareUnsigned(tp.lostOut, tp.retransOut) <= 0) { // losses repaired
      int v = tp.delivered + tp.packetsInFlight();
      tp.appLimited = v != 0 ? v : 1;
    }
  }
}
