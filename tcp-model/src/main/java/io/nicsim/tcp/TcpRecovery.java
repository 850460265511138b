package io.nicsim.tcp;

import io.nicsim.core.port.KernelPort;

/**
 * RACK loss detection (net/ipv4/tcp_recovery.c, RFC 8985): a packet is lost when one sent
 * after it has been (S)ACKed and it is older than the latest RTT plus a reordering window.
 */
public final class TcpRecovery {
  private TcpRecovery() {}

  static final String SRC = "Kingxukai/linux@0291023e7330da28f2f7453c87c2ab7082d8360f";
  static final String VERSIONS = "v6.1..v6.18";
  /** TCP_RACK_RECOVERY_THRESH: recoveries a widened reordering window persists for. */
  static final int TCP_RACK_RECOVERY_THRESH = 16;
  /* net.ipv4.tcp_recovery bits */
  static final int TCP_RACK_LOSS_DETECTION = 0x1;
  static final int TCP_RACK_STATIC_REO_WND = 0x2;
  static final int TCP_RACK_NO_DUPTHRESH = 0x4;

  @KernelPort(file = "net/ipv4/tcp_recovery.c", function = "tcp_rack_reo_wnd",
      versions = VERSIONS, source = SRC)
  static int rackReoWnd(TcpSock tp) {
    if (tp.reordSeen == 0) {
      // no reordering seen: be aggressive in recovery or once dupthresh is reached
      if (tp.icskCaState >= TcpSock.TCP_CA_RECOVERY) {
        return 0;
      }

      if (Integer.compareUnsigned(tp.sackedOut, tp.reordering) >= 0
          && (tp.sysctl.recovery & TCP_RACK_NO_DUPTHRESH) == 0) {
        return 0;
      }
    }

    // min_rtt/4 settling delay, grown by DSACK rounds up to srtt
    return Seq.umin((tp.minRtt() >>> 2) * tp.rackReoWndSteps, tp.srttUs >>> 3);
  }

  @KernelPort(file = "net/ipv4/tcp_recovery.c", function = "tcp_rack_skb_timeout",
      versions = VERSIONS, source = SRC)
  static int rackSkbTimeout(TcpSock tp, TcpSkb skb, int reoWnd) {
    return tp.rackRttUs + reoWnd
        - (int) TcpSock.stampUsDelta(tp.tcpMstamp, skb.timestampUs());
  }

  @KernelPort(file = "net/ipv4/tcp_recovery.c", function = "tcp_rack_detect_loss",
      versions = VERSIONS, source = SRC)
  static int rackDetectLoss(TcpSock tp) {
    int reoTimeout = 0;
    int reoWnd = rackReoWnd(tp);

    TcpSkb skb = tp.tsortedSentQueue.head();
    while (skb != null) {
      TcpSkb n = skb.tsNext;
      int remaining;

      // skip ones marked lost but not yet retransmitted
      if ((skb.sacked & TcpSkb.TCPCB_LOST) != 0
          && (skb.sacked & TcpSkb.TCPCB_SACKED_RETRANS) == 0) {
        skb = n;
        continue;
      }

      if (!TcpSock.skbSentAfter(tp.rackMstamp, skb.timestampUs(), tp.rackEndSeq, skb.endSeq)) {
        break;
      }

      // lost if not (S)ACKed within the latest RTT plus the reordering window
      remaining = rackSkbTimeout(tp, skb, reoWnd);
      if (remaining <= 0) {
        TcpInput.markSkbLost(tp, skb);
        tp.tsortedSentQueue.del(skb);
      } else {
        reoTimeout = Seq.umax(reoTimeout, remaining);
      }
      skb = n;
    }
    return reoTimeout;
  }

  @KernelPort(file = "net/ipv4/tcp_recovery.c", function = "tcp_rack_mark_lost",
      versions = VERSIONS, source = SRC)
  static boolean rackMarkLost(TcpSock tp) {
    int timeout;

    if (!tp.rackAdvanced) {
      return false;
    }

    // no need to rescan until RACK advances again
    tp.rackAdvanced = false;
    timeout = rackDetectLoss(tp);
    if (timeout != 0) {
      timeout = tp.usecsToJiffies(Seq.u32(timeout) + TcpSock.TCP_TIMEOUT_MIN_US);
      TcpTimer.resetXmitTimerMax(tp, TcpSock.ICSK_TIME_REO_TIMEOUT, Seq.u32(timeout),
          Seq.u32(tp.icskRto));
    }
    return timeout != 0;
  }

  /** Remember the most recently sent among the (S)ACKed packets, and its RTT. */
  @KernelPort(file = "net/ipv4/tcp_recovery.c", function = "tcp_rack_advance",
      versions = VERSIONS, source = SRC)
  static void rackAdvance(TcpSock tp, int sacked, int endSeq, long xmitTime) {
    int rttUs;

    rttUs = (int) TcpSock.stampUsDelta(tp.tcpMstamp, xmitTime);
    if (Integer.compareUnsigned(rttUs, tp.minRtt()) < 0
        && (sacked & TcpSkb.TCPCB_RETRANS) != 0) {
      // ambiguous: the original or an earlier copy may have been (S)ACKed
      return;
    }
    tp.rackAdvanced = true;
    tp.rackRttUs = rttUs;
    if (TcpSock.skbSentAfter(xmitTime, tp.rackMstamp, endSeq, tp.rackEndSeq)) {
      tp.rackMstamp = xmitTime;
      tp.rackEndSeq = endSeq;
    }
  }

  /** The reordering window passed: mark the expired packets lost and retransmit them. */
  @KernelPort(file = "net/ipv4/tcp_recovery.c", function = "tcp_rack_reo_timeout",
      versions = VERSIONS, source = SRC)
  static void rackReoTimeout(TcpSock tp) {
    int priorInflight;
    int lost = tp.lost;

    priorInflight = tp.packetsInFlight();
    rackDetectLoss(tp);
    if (priorInflight != tp.packetsInFlight()) {
      if (tp.icskCaState != TcpSock.TCP_CA_RECOVERY) {
        TcpInput.enterRecovery(tp, false);
        if (!tp.ca.hasCongControl()) {
          TcpInput.cwndReduction(tp, 1, tp.lost - lost, 0);
        }
      }
      tp.callees.xmitRetransmitQueue(tp);
    }
    if (tp.icskPending != TcpSock.ICSK_TIME_RETRANS) {
      TcpTimer.rearmRto(tp);
    }
  }

  /**
   * A D-SACK that may come from reordering widens the reordering window by one min_rtt/4 step
   * (once per round trip) and keeps it for TCP_RACK_RECOVERY_THRESH recoveries.
   */
  @KernelPort(file = "net/ipv4/tcp_recovery.c", function = "tcp_rack_update_reo_wnd",
      versions = VERSIONS, source = SRC)
  static void rackUpdateReoWnd(TcpSock tp, RateSample rs) {
    if ((tp.sysctl.recovery & TCP_RACK_STATIC_REO_WND) != 0 || rs.priorDelivered == 0) {
      return;
    }

    // disregard a D-SACK when a round trip has not passed since the last widening
    if (Seq.before(rs.priorDelivered, tp.rackLastDelivered)) {
      tp.rackDsackSeen = false;
    }

    if (tp.rackDsackSeen) {
      tp.rackReoWndSteps = Math.min(0xFF, tp.rackReoWndSteps + 1);
      tp.rackDsackSeen = false;
      tp.rackLastDelivered = tp.delivered;
      tp.rackReoWndPersist = TCP_RACK_RECOVERY_THRESH;
    } else if (tp.rackReoWndPersist == 0) {
      tp.rackReoWndSteps = 1;
    }
  }
}
