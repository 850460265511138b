package io.nicsim.tcp;

import io.nicsim.core.port.KernelPort;

/**
 * net/ipv4/tcp_input.c, sender side: processing an incoming ACK ({@code tcp_ack}), SACK
 * tagging, RTT estimation, the loss-recovery state machine with PRR, congestion control
 * dispatch and {@code tcp_update_pacing_rate}, and send-buffer autotuning.
 *
 * <p>Simplified (see README): SACK tagging walks the queue without the recv_sack_cache and
 * without shifting/merging SACKed skbs; D-SACK and timestamps are not modelled, so undo relies
 * on "nothing was retransmitted" only; Reno (non-SACK) paths are left out.
 */
public final class TcpInput {
  private TcpInput() {}

  static final String SRC = "Kingxukai/linux@0291023e7330da28f2f7453c87c2ab7082d8360f";

  /* tcp_ack() flags */
  static final int FLAG_DATA = 0x01;
  static final int FLAG_WIN_UPDATE = 0x02;
  static final int FLAG_DATA_ACKED = 0x04;
  static final int FLAG_RETRANS_DATA_ACKED = 0x08;
  static final int FLAG_SYN_ACKED = 0x10;
  static final int FLAG_DATA_SACKED = 0x20;
  static final int FLAG_ECE = 0x40;
  static final int FLAG_LOST_RETRANS = 0x80;
  public static final int FLAG_SLOWPATH = 0x100;
  static final int FLAG_ORIG_SACK_ACKED = 0x200;
  static final int FLAG_SND_UNA_ADVANCED = 0x400;
  static final int FLAG_DSACKING_ACK = 0x800;
  static final int FLAG_SET_XMIT_TIMER = 0x1000;
  static final int FLAG_SACK_RENEGING = 0x2000;
  public static final int FLAG_UPDATE_TS_RECENT = 0x4000;
  static final int FLAG_ACK_MAYBE_DELAYED = 0x10000;

  static final int FLAG_ACKED = FLAG_DATA_ACKED | FLAG_SYN_ACKED;
  static final int FLAG_NOT_DUP = FLAG_DATA | FLAG_WIN_UPDATE | FLAG_ACKED;
  static final int FLAG_CA_ALERT = FLAG_DATA_SACKED | FLAG_ECE | FLAG_DSACKING_ACK;
  static final int FLAG_FORWARD_PROGRESS = FLAG_ACKED | FLAG_DATA_SACKED;

  /* rexmit */
  static final int REXMIT_NONE = 0;
  static final int REXMIT_LOST = 1;
  static final int REXMIT_NEW = 2;

  static final int FLAG_NO_CHALLENGE_ACK = 0x8000;
  static final int FLAG_DSACK_TLP = 0x20000;

  /** tcp_ack()'s drop reasons (-SKB_DROP_REASON_TCP_TOO_OLD_ACK, ..._ACK_UNSENT_DATA). */
  public static final int DROP_TOO_OLD_ACK = -1;
  public static final int DROP_ACK_UNSENT_DATA = -2;

  /** struct tcp_sacktag_state, reused per socket. */
  static final class SacktagState {
    long firstSackt;
    long lastSackt;
    int reord;
    int sackDelivered;
    /** delivered_bytes: for AccECN, which the model does not negotiate. */
    int deliveredBytes;
    int flag;
    int mssNow;
    RateSample rate;
  }


  /* ---------------- RTT ---------------- */

  /** Van Jacobson's srtt/mdev filter; rttvar tracks the per-window maximum mdev. */
  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_rtt_estimator",
      versions = "v4.10..v6.18", source = SRC)
  static void rttEstimator(TcpSock tp, long mrttUs) {
    long m = mrttUs;
    int srtt = tp.srttUs;

    if (srtt != 0) {
      m -= srtt >>> 3; // error in the estimate
      srtt += (int) m; // rtt = 7/8 rtt + 1/8 new
      if (m < 0) {
        m = -m;
        m -= tp.mdevUs >>> 2;
        // finer gain when the RTT falls, like Eifel
        if (m > 0) {
          m >>= 3;
        }
      } else {
        m -= tp.mdevUs >>> 2;
      }
      tp.mdevUs += (int) m; // mdev = 3/4 mdev + 1/4 new
      if (Integer.compareUnsigned(tp.mdevUs, tp.mdevMaxUs) > 0) {
        tp.mdevMaxUs = tp.mdevUs;
        if (Integer.compareUnsigned(tp.mdevMaxUs, tp.rttvarUs) > 0) {
          tp.rttvarUs = tp.mdevMaxUs;
        }
      }
      if (Seq.after(tp.sndUna, tp.rttSeq)) {
        if (Integer.compareUnsigned(tp.mdevMaxUs, tp.rttvarUs) < 0) {
          tp.rttvarUs -= (tp.rttvarUs - tp.mdevMaxUs) >>> 2;
        }
        tp.rttSeq = tp.sndNxt;
        tp.mdevMaxUs = tp.tcpRtoMinUs();
      }
    } else {
      // first measurement
      srtt = (int) (m << 3);
      tp.mdevUs = (int) (m << 1); // rto = 3 * rtt
      tp.rttvarUs = Seq.umax(tp.mdevUs, tp.tcpRtoMinUs());
      tp.mdevMaxUs = tp.rttvarUs;
      tp.rttSeq = tp.sndNxt;
    }
    tp.srttUs = Seq.umax(1, srtt);
  }

  /**
   * Pacing rate for CCs without cong_control: 200% of cwnd * mss / srtt in slow start, 120%
   * after (from cwnd >= ssthresh / 2).
   */
  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_update_pacing_rate",
      versions = "v4.20..v6.18", source = SRC)
  public static void updatePacingRate(TcpSock tp) {
    long rate;

    // mss * 10000 * 8: srtt_us is << 3 and the ratio is in percent
    rate = Seq.u32(tp.mssCache) * ((1_000_000L / 100) << 3);

    if (Integer.compareUnsigned(tp.sndCwnd(), tp.sndSsthresh >>> 1) < 0) {
      rate *= tp.sysctl.pacingSsRatio;
    } else {
      rate *= tp.sysctl.pacingCaRatio;
    }

    rate *= Seq.u32(Seq.umax(tp.sndCwnd(), tp.packetsOut));

    if (tp.srttUs != 0) {
      rate = Long.divideUnsigned(rate, Seq.u32(tp.srttUs));
    }

    tp.skPacingRate = TcpSock.umin64(rate, tp.skMaxPacingRate);
  }

  /** rto = srtt + rttvar, bounded by TCP_RTO_MAX. */
  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_set_rto",
      versions = "v4.10..v6.18", source = SRC)
  static void setRto(TcpSock tp) {
    // __tcp_set_rto(): the sum is an unsigned int, as usecs_to_jiffies() takes it
    tp.icskRto = tp.usecsToJiffies(Seq.u32((tp.srttUs >>> 3) + tp.rttvarUs));
    tp.icskRto = Seq.umin(tp.icskRto, tp.tcpRtoMax()); // tcp_bound_rto
  }

  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_update_rtt_min",
      versions = "v4.10..v6.18", source = SRC)
  static void updateRttMin(TcpSock tp, int rttUs, int flag) {
    int wlen = tp.sysctl.minRttWlen * tp.sysctl.hz;

    // remote delayed ACKs would creep into the min filter: skip suspected ones
    if ((flag & FLAG_ACK_MAYBE_DELAYED) != 0
        && Integer.compareUnsigned(rttUs, tp.minRtt()) > 0) {
      return;
    }
    tp.rttMin.runningMin(wlen, tp.tcpJiffies32(),
        rttUs != 0 ? rttUs : (int) tp.jiffiesToUsecs(1));
  }

  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_ack_update_rtt",
      versions = "v4.10..v6.18", source = SRC,
      notes = "no TCP timestamps: the TS-ECR fallback never applies")
  static boolean ackUpdateRtt(TcpSock tp, int flag, long seqRttUs, long sackRttUs,
      long caRttUs, RateSample rs) {
    // prefer ACK timing; Karn: never from retransmitted data
    if (seqRttUs < 0) {
      seqRttUs = sackRttUs;
    }

    rs.rttUs = caRttUs; // RTT of the last (S)ACKed packet, or -1
    if (seqRttUs < 0) {
      return false;
    }

    updateRttMin(tp, (int) caRttUs, flag);
    rttEstimator(tp, seqRttUs);
    setRto(tp);

    tp.icskBackoff = 0;
    return true;
  }

  /** The SYN/SYN-ACK round trip measured during the handshake (tcp_synack_rtt_meas). */
  public static void synRttSample(TcpSock tp, long rttUs) {
    tp.mstampRefresh();
    ackUpdateRtt(tp, FLAG_SYN_ACKED, rttUs, -1L, rttUs, tp.rs);
  }

  /* ---------------- congestion control dispatch ---------------- */

  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_cong_avoid",
      versions = "v4.10..v6.18", source = SRC)
  static void congAvoid(TcpSock tp, int ack, int acked) {
    tp.ca.congAvoid(tp, ack, acked);
    tp.sndCwndStamp = tp.tcpJiffies32();
  }

  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_may_raise_cwnd",
      versions = "v4.20..v6.18", source = SRC)
  static boolean mayRaiseCwnd(TcpSock tp, int flag) {
    // with heavy reordering grow on any forward progress, else only on in-order delivery
    if (Integer.compareUnsigned(tp.reordering, tp.sysctl.reordering) > 0) {
      return (flag & FLAG_FORWARD_PROGRESS) != 0;
    }

    return (flag & FLAG_DATA_ACKED) != 0;
  }

  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_cong_control",
      versions = "v4.20..v6.18", source = SRC)
  static void congControl(TcpSock tp, int ack, int ackedSacked, int flag, RateSample rs) {
    if (tp.ca.hasCongControl()) {
      tp.ca.congControl(tp, ack, flag, rs);
      return;
    }

    if (tp.inCwndReduction()) {
      cwndReduction(tp, ackedSacked, rs.losses, flag);
    } else if (mayRaiseCwnd(tp, flag)) {
      congAvoid(tp, ack, ackedSacked);
    }
    updatePacingRate(tp);
  }

  /* ---------------- PRR and CA states ---------------- */

  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_init_cwnd_reduction",
      versions = "v5.9..v6.18", source = SRC)
  static void initCwndReduction(TcpSock tp) {
    tp.highSeq = tp.sndNxt;
    tp.tlpHighSeq = 0;
    tp.sndCwndCnt = 0;
    tp.priorCwnd = tp.sndCwnd();
    tp.prrDelivered = 0;
    tp.prrOut = 0;
    tp.sndSsthresh = tp.ca.ssthresh(tp);
  }

  /** Proportional Rate Reduction (RFC 6937). */
  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_cwnd_reduction",
      versions = "v5.9..v6.18", source = SRC)
  static void cwndReduction(TcpSock tp, int newlyAckedSacked, int newlyLost, int flag) {
    int sndcnt = 0;
    int delta = tp.sndSsthresh - tp.packetsInFlight();

    if (newlyAckedSacked <= 0 || tp.warnOn(tp.priorCwnd == 0)) {
      return;
    }

    tp.prrDelivered += newlyAckedSacked;
    if (delta < 0) {
      long dividend = Seq.u32(tp.sndSsthresh) * Seq.u32(tp.prrDelivered)
          + Seq.u32(tp.priorCwnd) - 1;
      sndcnt = (int) Long.divideUnsigned(dividend, Seq.u32(tp.priorCwnd)) - tp.prrOut;
    } else {
      sndcnt = Math.max(tp.prrDelivered - tp.prrOut, newlyAckedSacked);
      if ((flag & FLAG_SND_UNA_ADVANCED) != 0 && newlyLost == 0) {
        sndcnt++;
      }
      sndcnt = Math.min(delta, sndcnt);
    }
    // force a fast retransmit when entering fast recovery
    sndcnt = Math.max(sndcnt, tp.prrOut != 0 ? 0 : 1);
    tp.sndCwndSet(tp.packetsInFlight() + sndcnt);
  }

  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_end_cwnd_reduction",
      versions = "v5.9..v6.18", source = SRC)
  static void endCwndReduction(TcpSock tp) {
    if (tp.ca.hasCongControl()) {
      return;
    }

    // back to ssthresh in CWR or Recovery, unless undone
    if (Integer.compareUnsigned(tp.sndSsthresh, TcpSock.TCP_INFINITE_SSTHRESH) < 0
        && (tp.icskCaState == TcpSock.TCP_CA_CWR || tp.undoMarker != 0)) {
      tp.sndCwndSet(tp.sndSsthresh);
      tp.sndCwndStamp = tp.tcpJiffies32();
    }
    tp.caEvent(TcpSock.CA_EVENT_COMPLETE_CWR);
  }

  /** Local congestion (a qdisc drop/CN on transmit): reduce without undo. */
  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_enter_cwr",
      versions = "v5.9..v6.18", source = SRC)
  static void enterCwr(TcpSock tp) {
    tp.priorSsthresh = 0;
    if (tp.icskCaState < TcpSock.TCP_CA_CWR) {
      tp.undoMarker = 0;
      initCwndReduction(tp);
      tp.setCaState(TcpSock.TCP_CA_CWR);
    }
  }

  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_try_keep_open",
      versions = "v4.10..v6.18", source = SRC)
  static void tryKeepOpen(TcpSock tp) {
    int state = TcpSock.TCP_CA_OPEN;

    if (tp.leftOut() != 0 || anyRetransDone(tp)) {
      state = TcpSock.TCP_CA_DISORDER;
    }

    if (tp.icskCaState != state) {
      tp.setCaState(state);
      tp.highSeq = tp.sndNxt;
    }
  }

  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_try_to_open",
      versions = "v4.10..v6.18", source = SRC)
  static void tryToOpen(TcpSock tp, int flag) {
    tp.verifyLeftOut();

    if (!anyRetransDone(tp)) {
      tp.retransStamp = 0;
    }

    if ((flag & FLAG_ECE) != 0) {
      enterCwr(tp);
    }

    if (tp.icskCaState != TcpSock.TCP_CA_CWR) {
      tryKeepOpen(tp);
    }
  }

  /** tcp_init_undo(). */
  static void initUndo(TcpSock tp) {
    tp.undoMarker = tp.sndUna;
    // retransmits still in flight may cause DSACKs later
    tp.undoRetrans = tp.retransOut;
    // a TLP retransmit in flight may be D-SACKed too (the model sends no TLP: tlp_retrans 0)
    if (tp.tlpHighSeq != 0 && tp.tlpRetrans) {
      tp.undoRetrans++;
    }
    // 0 would mean "can undo now"
    if (tp.undoRetrans == 0) {
      tp.undoRetrans = -1;
    }
  }

  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_enter_recovery",
      versions = "v6.1..v6.18", source = SRC)
  static void enterRecovery(TcpSock tp, boolean eceAck) {
    // start the clock with the fast retransmit, for undo and ETIMEDOUT
    retransStampCleanup(tp);

    tp.priorSsthresh = 0;
    initUndo(tp);

    if (!tp.inCwndReduction()) {
      if (!eceAck) {
        tp.priorSsthresh = tp.currentSsthresh();
      }
      initCwndReduction(tp);
    }
    tp.setCaState(TcpSock.TCP_CA_RECOVERY);
  }

  /** RTO: everything in flight that is old enough is lost. */
  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_timeout_mark_lost",
      versions = "v5.0..v6.18", source = SRC)
  static void timeoutMarkLost(TcpSock tp) {
    TcpSkb skb;
    TcpSkb head;
    boolean isReneg;

    head = tp.rtxQueue.head();
    isReneg = head != null && (head.sacked & TcpSkb.TCPCB_SACKED_ACKED) != 0;
    if (isReneg) {
      tp.sackedOut = 0;
      tp.isSackReneg = true; // until we recover from this loss event
    }

    for (skb = head; skb != null; skb = skb.next) {
      if (isReneg) {
        skb.sacked &= ~TcpSkb.TCPCB_SACKED_ACKED;
      } else if (skb != head && TcpRecovery.rackSkbTimeout(tp, skb, 0) > 0) {
        continue; // not yet: recently sent
      }
      markSkbLost(tp, skb);
    }
    tp.verifyLeftOut();
    tp.retransmitSkbHint = null; // tcp_clear_all_retrans_hints
  }

  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_enter_loss",
      versions = "v6.1..v6.18", source = SRC)
  static void enterLoss(TcpSock tp) {
    boolean newRecovery = tp.icskCaState < TcpSock.TCP_CA_RECOVERY;
    int reordering;

    timeoutMarkLost(tp);

    // reduce ssthresh once per window
    if (tp.icskCaState <= TcpSock.TCP_CA_DISORDER
        || !Seq.after(tp.highSeq, tp.sndUna)
        || (tp.icskCaState == TcpSock.TCP_CA_LOSS && tp.icskRetransmits == 0)) {
      tp.priorSsthresh = tp.currentSsthresh();
      tp.priorCwnd = tp.sndCwnd();
      tp.sndSsthresh = tp.ca.ssthresh(tp);
      tp.caEvent(TcpSock.CA_EVENT_LOSS);
      initUndo(tp);
    }
    tp.sndCwndSet(tp.packetsInFlight() + 1);
    tp.sndCwndCnt = 0;
    tp.sndCwndStamp = tp.tcpJiffies32();

    // a timeout after many dupacks: reordering was over-estimated
    reordering = tp.sysctl.reordering & 0xFF; // u8 reordering = READ_ONCE(sysctl_tcp_reordering)
    if (tp.icskCaState <= TcpSock.TCP_CA_DISORDER
        && Integer.compareUnsigned(tp.sackedOut, reordering) >= 0) {
      tp.reordering = Seq.umin(tp.reordering, reordering);
    }

    tp.setCaState(TcpSock.TCP_CA_LOSS);
    tp.highSeq = tp.sndNxt;
    tp.tlpHighSeq = 0;

    // F-RTO step 1
    tp.frto = tp.sysctl.frto != 0 && (newRecovery || tp.icskRetransmits != 0) ? 1 : 0;
  }

  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_check_sack_reneging",
      versions = "v5.0..v6.18", source = SRC)
  static boolean checkSackReneging(TcpSock tp, int[] ackFlag) {
    if ((ackFlag[0] & FLAG_SACK_RENEGING) != 0 && (ackFlag[0] & FLAG_SND_UNA_ADVANCED) != 0) {
      int delay = Seq.umax(tp.usecsToJiffies(Seq.u32(tp.srttUs) >>> 4), tp.msecsToJiffies(10));

      TcpTimer.resetXmitTimer(tp, TcpSock.ICSK_TIME_RETRANS, delay, false);
      ackFlag[0] &= ~FLAG_SET_XMIT_TIMER;
      return true;
    }
    return false;
  }

  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_time_to_recover",
      versions = "v6.1..v6.18", source = SRC)
  static boolean timeToRecover(TcpSock tp) {
    return tp.lostOut != 0;
  }

  /** No TCP timestamps: only "nothing retransmitted yet" proves a packet merely delayed. */
  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_packet_delayed",
      versions = "v4.20..v6.18", source = SRC,
      notes = "tcp_tsopt_ecr_before() is always false without timestamps")
  static boolean packetDelayed(TcpSock tp) {
    if (tp.retransStamp != 0) {
      return false;
    }
    return true;
  }

  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_any_retrans_done",
      versions = "v4.10..v6.18", source = SRC)
  static boolean anyRetransDone(TcpSock tp) {
    TcpSkb skb;

    if (tp.retransOut != 0) {
      return true;
    }

    skb = tp.rtxQueue.head();
    return skb != null && (skb.sacked & TcpSkb.TCPCB_EVER_RETRANS) != 0;
  }

  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_retrans_stamp_cleanup",
      versions = "v6.1.113..v6.1, v6.12..v6.18", source = SRC)
  static void retransStampCleanup(TcpSock tp) {
    if (!anyRetransDone(tp)) {
      tp.retransStamp = 0;
    }
  }

  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_undo_cwnd_reduction",
      versions = "v5.0..v6.18", source = SRC)
  static void undoCwndReduction(TcpSock tp, boolean unmarkLoss) {
    if (unmarkLoss) {
      for (TcpSkb skb = tp.rtxQueue.head(); skb != null; skb = skb.next) {
        skb.sacked &= ~TcpSkb.TCPCB_LOST;
      }
      tp.lostOut = 0;
      tp.retransmitSkbHint = null;
    }

    if (tp.priorSsthresh != 0) {
      tp.sndCwndSet(tp.ca.undoCwnd(tp));

      if (Integer.compareUnsigned(tp.priorSsthresh, tp.sndSsthresh) > 0) {
        tp.sndSsthresh = tp.priorSsthresh;
      }
    }
    tp.sndCwndStamp = tp.tcpJiffies32();
    tp.undoMarker = 0;
    tp.rackAdvanced = true; // force RACK to re-examine losses
  }

  /** tcp_may_undo(). */
  static boolean mayUndo(TcpSock tp) {
    return tp.undoMarker != 0 && (tp.undoRetrans == 0 || packetDelayed(tp));
  }

  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_try_undo_recovery",
      versions = "v6.1..v6.18", source = SRC)
  static boolean tryUndoRecovery(TcpSock tp) {
    if (mayUndo(tp)) {
      // nothing was retransmitted, or the original transmission got through
      undoCwndReduction(tp, false);
    } else if (tp.rackReoWndPersist != 0) {
      tp.rackReoWndPersist--;
    }
    tp.setCaState(TcpSock.TCP_CA_OPEN);
    tp.isSackReneg = false;
    return false;
  }

  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_try_undo_dsack",
      versions = "v5.0..v6.18", source = SRC)
  static boolean tryUndoDsack(TcpSock tp) {
    if (tp.undoMarker != 0 && tp.undoRetrans == 0) {
      tp.rackReoWndPersist = Math.min(TcpRecovery.TCP_RACK_RECOVERY_THRESH,
          tp.rackReoWndPersist + 1);
      undoCwndReduction(tp, false);
      return true;
    }
    return false;
  }

  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_try_undo_loss",
      versions = "v5.0..v6.18", source = SRC)
  static boolean tryUndoLoss(TcpSock tp, boolean frtoUndo) {
    if (frtoUndo || mayUndo(tp)) {
      undoCwndReduction(tp, true);

      tp.icskRetransmits = 0;
      tp.setCaState(TcpSock.TCP_CA_OPEN);
      tp.isSackReneg = false;
      return true;
    }
    return false;
  }

  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_try_undo_partial",
      versions = "v6.1..v6.18", source = SRC)
  static boolean tryUndoPartial(TcpSock tp, int priorSndUna) {
    if (tp.undoMarker != 0 && packetDelayed(tp)) {
      // the hole was filled by a delayed packet: that is reordering
      checkSackReordering(tp, priorSndUna, 1);

      // retransmits out: clock out new data, but no further loss marking
      if (tp.retransOut != 0) {
        return true;
      }

      if (!anyRetransDone(tp)) {
        tp.retransStamp = 0;
      }

      undoCwndReduction(tp, true);
      tryKeepOpen(tp);
    }
    return false;
  }

  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_identify_packet_loss",
      versions = "v6.1..v6.18", source = SRC)
  static void identifyPacketLoss(TcpSock tp, int[] ackFlag) {
    if (tp.rtxQueueEmpty()) {
      return;
    }

    int priorRetrans = tp.retransOut;

    if (TcpRecovery.rackMarkLost(tp)) {
      ackFlag[0] &= ~FLAG_SET_XMIT_TIMER;
    }
    if (Integer.compareUnsigned(priorRetrans, tp.retransOut) > 0) {
      ackFlag[0] |= FLAG_LOST_RETRANS;
    }
  }

  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_process_loss",
      versions = "v6.1..v6.18", source = SRC)
  static void processLoss(TcpSock tp, int flag, int numDupack, int[] rexmit) {
    boolean recovered = !Seq.before(tp.sndUna, tp.highSeq);

    if ((flag & FLAG_SND_UNA_ADVANCED) != 0 && tryUndoLoss(tp, false)) {
      return;
    }

    if (tp.frto != 0) { // F-RTO, RFC 5682 3.1 (SACK-enhanced)
      // step 3.b: spurious if never-retransmitted data got (S)ACKed
      if ((flag & FLAG_ORIG_SACK_ACKED) != 0 && tryUndoLoss(tp, true)) {
        return;
      }

      if (Seq.after(tp.sndNxt, tp.highSeq)) {
        if ((flag & FLAG_DATA_SACKED) != 0 || numDupack != 0) {
          tp.frto = 0; // step 3.a: the loss was real
        }
      } else if ((flag & FLAG_SND_UNA_ADVANCED) != 0 && !recovered) {
        tp.highSeq = tp.sndNxt;
        // step 2.b: try sending new data (after cwnd is updated in tcp_ack)
        if (!tp.writeQueueEmpty() && Seq.after(tp.wndEnd(), tp.sndNxt)) {
          rexmit[0] = REXMIT_NEW;
          return;
        }
        tp.frto = 0;
      }
    }

    if (recovered) {
      // F-RTO step 2.a and the first part of 3.a
      tryUndoRecovery(tp);
      return;
    }
    rexmit[0] = REXMIT_LOST;
  }

  /**
   * The loss-recovery state machine: leave states whose high_seq was ACKed, detect losses,
   * enter Recovery. It does not change cwnd (congestion control does, later) nor send.
   */
  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_fastretrans_alert",
      versions = "v6.1..v6.18", source = SRC, notes = "SACK connections only; no MTU probing")
  static void fastretransAlert(TcpSock tp, int priorSndUna, int numDupack, int[] ackFlag,
      int[] rexmit) {
    int flag = ackFlag[0];
    boolean eceAck = (flag & FLAG_ECE) != 0;

    if (tp.packetsOut == 0 && tp.sackedOut != 0) {
      tp.sackedOut = 0;
    }

    // A. ECE forbids undo
    if (eceAck) {
      tp.priorSsthresh = 0;
    }

    // B. reneging SACKs
    if (checkSackReneging(tp, ackFlag)) {
      return;
    }

    tp.verifyLeftOut();

    // D. leave a state once its high_seq is ACKed
    if (tp.icskCaState == TcpSock.TCP_CA_OPEN) {
      tp.warnOn(tp.retransOut != 0); // && !syn_data: no SYN data in the model
      tp.retransStamp = 0;
    } else if (!Seq.before(tp.sndUna, tp.highSeq)) {
      switch (tp.icskCaState) {
        case TcpSock.TCP_CA_CWR:
          // hold CWR until something above high_seq is ACKed
          if (tp.sndUna != tp.highSeq) {
            endCwndReduction(tp);
            tp.setCaState(TcpSock.TCP_CA_OPEN);
          }
          break;
        case TcpSock.TCP_CA_RECOVERY:
          if (tryUndoRecovery(tp)) {
            return;
          }
          endCwndReduction(tp);
          break;
        default:
          break;
      }
    }

    // E. process the state
    switch (tp.icskCaState) {
      case TcpSock.TCP_CA_RECOVERY:
        if ((flag & FLAG_SND_UNA_ADVANCED) != 0 && tryUndoPartial(tp, priorSndUna)) {
          return;
        }

        if (tryUndoDsack(tp)) {
          tryToOpen(tp, flag);
        }

        identifyPacketLoss(tp, ackFlag);
        if (tp.icskCaState != TcpSock.TCP_CA_RECOVERY) {
          if (!timeToRecover(tp)) {
            return;
          }
          // undo reverted the state but loss is evident: new recovery
          enterRecovery(tp, eceAck);
        }
        break;
      case TcpSock.TCP_CA_LOSS:
        processLoss(tp, flag, numDupack, rexmit);
        identifyPacketLoss(tp, ackFlag);
        if (!(tp.icskCaState == TcpSock.TCP_CA_OPEN
            || (ackFlag[0] & FLAG_LOST_RETRANS) != 0)) {
          return;
        }
        // cwnd undone or retransmits lost: change state
        defaultState(tp, flag, eceAck, ackFlag);
        if (tp.icskCaState != TcpSock.TCP_CA_RECOVERY) {
          return;
        }
        break;
      default:
        defaultState(tp, flag, eceAck, ackFlag);
        if (tp.icskCaState != TcpSock.TCP_CA_RECOVERY) {
          return;
        }
        break;
    }

    rexmit[0] = REXMIT_LOST;
  }

  /** The default: arm of tcp_fastretrans_alert() step E. */
  private static void defaultState(TcpSock tp, int flag, boolean eceAck, int[] ackFlag) {
    if (tp.icskCaState <= TcpSock.TCP_CA_DISORDER) {
      tryUndoDsack(tp);
    }

    identifyPacketLoss(tp, ackFlag);
    if (!timeToRecover(tp)) {
      tryToOpen(tp, flag);
      return;
    }

    enterRecovery(tp, eceAck);
  }

  /* ---------------- SACK ---------------- */

  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_check_sack_reordering",
      versions = "v4.20..v6.18", source = SRC)
  static void checkSackReordering(TcpSock tp, int lowSeq, int ts) {
    int mss = tp.mssCache;
    int fack;
    int metric;

    fack = tp.highestSackSeq();
    if (!Seq.before(lowSeq, fack)) {
      return;
    }

    metric = fack - lowSeq;
    if (Integer.compareUnsigned(metric, tp.reordering * mss) > 0 && mss != 0) {
      tp.reordering = Seq.umin(Integer.divideUnsigned(metric + mss - 1, mss),
          tp.sysctl.maxReordering); // min_t(u32, ...)
    }

    tp.reordSeen++;
  }

  /** tcp_verify_retransmit_hint(). */
  static void verifyRetransmitHint(TcpSock tp, TcpSkb skb) {
    if ((tp.retransmitSkbHint == null
            && Integer.compareUnsigned(tp.retransOut, tp.lostOut) >= 0)
        || (tp.retransmitSkbHint != null
            && Seq.before(skb.seq, tp.retransmitSkbHint.seq))) {
      tp.retransmitSkbHint = skb;
    }
  }

  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_mark_skb_lost",
      versions = "v5.11..v6.18", source = SRC)
  static void markSkbLost(TcpSock tp, TcpSkb skb) {
    int sacked = skb.sacked;

    if ((sacked & TcpSkb.TCPCB_SACKED_ACKED) != 0) {
      return;
    }

    verifyRetransmitHint(tp, skb);
    if ((sacked & TcpSkb.TCPCB_LOST) != 0) {
      if ((sacked & TcpSkb.TCPCB_SACKED_RETRANS) != 0) {
        // a retransmit lost again
        skb.sacked &= ~TcpSkb.TCPCB_SACKED_RETRANS;
        tp.retransOut -= skb.pcount;
        tp.lost += skb.pcount; // tcp_notify_skb_loss_event
      }
    } else {
      tp.lostOut += skb.pcount;
      skb.sacked |= TcpSkb.TCPCB_LOST;
      tp.lost += skb.pcount;
    }
  }

  /**
   * D-SACK and SACK blocks: an in-window block is valid; a D-SACK block may also lie below
   * snd_una down to the undo marker (or one max_window below it where it straddles the marker).
   */
  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_is_sackblock_valid",
      versions = "v4.10..v6.18", source = SRC)
  static boolean isSackblockValid(TcpSock tp, boolean isDsack, int startSeq, int endSeq) {
    // too far in the future, or reversed
    if (Seq.after(endSeq, tp.sndNxt) || !Seq.before(startSeq, endSeq)) {
      return false;
    }

    // start_seq wrapped around
    if (!Seq.before(startSeq, tp.sndNxt)) {
      return false;
    }

    // in the outstanding window; start_seq == snd_una makes no sense
    if (Seq.after(startSeq, tp.sndUna)) {
      return true;
    }

    if (!isDsack || tp.undoMarker == 0) {
      return false;
    }

    // a D-SACK must lie below snd_una entirely
    if (Seq.after(endSeq, tp.sndUna)) {
      return false;
    }

    if (!Seq.before(startSeq, tp.undoMarker)) {
      return true;
    }

    // too old
    if (!Seq.after(endSeq, tp.undoMarker)) {
      return false;
    }

    // crossing the undo marker: at most one max_window back
    return !Seq.before(startSeq, endSeq - tp.maxWindow);
  }

  /** A D-SACK arrived: count the duplicates and whether RACK's window should widen. */
  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_dsack_seen",
      versions = "v5.10..v6.18", source = SRC)
  static int dsackSeen(TcpSock tp, int startSeq, int endSeq, SacktagState state) {
    int seqLen;
    int dupSegs = 1;

    if (!Seq.before(startSeq, endSeq)) {
      return 0;
    }

    seqLen = endSeq - startSeq;
    // dubious: more than the largest window the peer ever offered
    if (Integer.compareUnsigned(seqLen, tp.maxWindow) > 0) {
      return 0;
    }
    if (Integer.compareUnsigned(seqLen, tp.mssCache) > 0) {
      dupSegs = Integer.divideUnsigned(seqLen + tp.mssCache - 1, tp.mssCache); // DIV_ROUND_UP
    } else if (tp.tlpHighSeq != 0 && tp.tlpHighSeq == endSeq) {
      state.flag |= FLAG_DSACK_TLP;
    }

    tp.dsackDups += dupSegs;
    // not retransmitted by us: skip it
    if (Integer.compareUnsigned(tp.dsackDups, tp.totalRetrans) > 0) {
      return 0;
    }

    tp.dsackSeen = true; // rx_opt.sack_ok |= TCP_DSACK_SEEN
    // widen RACK's reordering window only after reordering was seen, and not for a TLP
    if (tp.reordSeen != 0 && (state.flag & FLAG_DSACK_TLP) == 0) {
      tp.rackDsackSeen = true;
    }

    state.flag |= FLAG_DSACKING_ACK;
    // a spurious retransmission is delivered
    state.sackDelivered += dupSegs;

    return dupSegs;
  }

  /** Is the first SACK block a D-SACK (below the ACK, or inside the second block)? */
  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_check_dsack",
      versions = "v5.10..v6.18", source = SRC)
  static boolean checkDsack(TcpSock tp, TcpAckSeg ackSkb, int numSacks, int priorSndUna,
      SacktagState state) {
    int startSeq0 = ackSkb.sackStart[0];
    int endSeq0 = ackSkb.sackEnd[0];
    int dupSegs;

    if (Seq.before(startSeq0, ackSkb.ack)) {
      // TCPDSACKRECV
    } else if (numSacks > 1) {
      int endSeq1 = ackSkb.sackEnd[1];
      int startSeq1 = ackSkb.sackStart[1];

      if (Seq.after(endSeq0, endSeq1) || Seq.before(startSeq0, startSeq1)) {
        return false;
      }
    } else {
      return false;
    }

    dupSegs = dsackSeen(tp, startSeq0, endSeq0, state);
    if (dupSegs == 0) {
      return false; // dubious D-SACK
    }

    // D-SACK for data already forgotten: count it against the undo
    if (tp.undoMarker != 0 && tp.undoRetrans > 0
        && !Seq.after(endSeq0, priorSndUna)
        && Seq.after(endSeq0, tp.undoMarker)) {
      tp.undoRetrans = Math.max(0, tp.undoRetrans - dupSegs);
    }

    return true;
  }

  /** Does the skb sit inside the SACK block? Split a TSO skb at MSS boundaries if needed. */
  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_match_skb_to_sack",
      versions = "v4.15..v6.18", source = SRC)
  static int matchSkbToSack(TcpSock tp, TcpSkb skb, int startSeq, int endSeq) {
    int err;
    boolean inSack;
    int pktLen;
    int mss;

    inSack = !Seq.after(startSeq, skb.seq) && !Seq.before(endSeq, skb.endSeq);

    if (skb.pcount > 1 && !inSack && Seq.after(skb.endSeq, startSeq)) {
      mss = skb.mss();
      inSack = !Seq.after(startSeq, skb.seq);

      if (!inSack) {
        pktLen = startSeq - skb.seq;
        if (Integer.compareUnsigned(pktLen, mss) < 0) {
          pktLen = mss;
        }
      } else {
        pktLen = endSeq - skb.seq;
        if (Integer.compareUnsigned(pktLen, mss) < 0) {
          return -22; // -EINVAL
        }
      }

      // SACKs cover only full MSSes (and/or the small remainder)
      if (Integer.compareUnsigned(pktLen, mss) > 0) {
        int newLen = Integer.divideUnsigned(pktLen, mss) * mss;
        if (!inSack && Integer.compareUnsigned(newLen, pktLen) < 0) {
          newLen += mss;
        }
        pktLen = newLen;
      }

      if (Integer.compareUnsigned(pktLen, skb.len) >= 0 && !inSack) {
        return 0;
      }

      err = TcpOutput.fragment(tp, true, skb, pktLen, mss);
      if (err < 0) {
        return err;
      }
    }

    return inSack ? 1 : 0;
  }

  /** Tag one newly SACKed (or D-SACKed) range, adjusting the counters. */
  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_sacktag_one",
      versions = "v5.0..v6.18", source = SRC)
  static int sacktagOne(TcpSock tp, SacktagState state, int sacked, int startSeq, int endSeq,
      boolean dupSack, int pcount, int plen, long xmitTime) {
    // a D-SACK for a retransmitted packet
    if (dupSack && (sacked & TcpSkb.TCPCB_RETRANS) != 0) {
      if (tp.undoMarker != 0 && tp.undoRetrans > 0 && Seq.after(endSeq, tp.undoMarker)) {
        tp.undoRetrans = Math.max(0, tp.undoRetrans - pcount);
      }
      if ((sacked & TcpSkb.TCPCB_SACKED_ACKED) != 0 && Seq.before(startSeq, state.reord)) {
        state.reord = startSeq;
      }
    }

    // about to be dropped (ACKed)
    if (!Seq.after(endSeq, tp.sndUna)) {
      return sacked;
    }

    if ((sacked & TcpSkb.TCPCB_SACKED_ACKED) == 0) {
      TcpRecovery.rackAdvance(tp, sacked, endSeq, xmitTime);

      if ((sacked & TcpSkb.TCPCB_SACKED_RETRANS) != 0) {
        // not tagged lost: the retransmission is believed still in flight
        if ((sacked & TcpSkb.TCPCB_LOST) != 0) {
          sacked &= ~(TcpSkb.TCPCB_LOST | TcpSkb.TCPCB_SACKED_RETRANS);
          tp.lostOut -= pcount;
          tp.retransOut -= pcount;
        }
      } else {
        if ((sacked & TcpSkb.TCPCB_RETRANS) == 0) {
          // new SACK of a never-retransmitted frame inside a hole: reordering
          if (Seq.before(startSeq, tp.highestSackSeq()) && Seq.before(startSeq, state.reord)) {
            state.reord = startSeq;
          }

          if (!Seq.after(endSeq, tp.highSeq)) {
            state.flag |= FLAG_ORIG_SACK_ACKED;
          }
          if (state.firstSackt == 0) {
            state.firstSackt = xmitTime;
          }
          state.lastSackt = xmitTime;
        }

        if ((sacked & TcpSkb.TCPCB_LOST) != 0) {
          sacked &= ~TcpSkb.TCPCB_LOST;
          tp.lostOut -= pcount;
        }
      }

      sacked |= TcpSkb.TCPCB_SACKED_ACKED;
      state.flag |= FLAG_DATA_SACKED;
      tp.sackedOut += pcount;
      state.sackDelivered += pcount; // out-of-order packets delivered
      state.deliveredBytes += plen;
    }

    // a D-SACK shows a redundant retransmission in S|R and plain R frames: clear it
    if (dupSack && (sacked & TcpSkb.TCPCB_SACKED_RETRANS) != 0) {
      sacked &= ~TcpSkb.TCPCB_SACKED_RETRANS;
      tp.retransOut -= pcount;
    }

    return sacked;
  }

  /** tcp_advance_highest_sack(): the skb after this one. */
  static void advanceHighestSack(TcpSock tp, TcpSkb skb) {
    tp.highestSack = skb.next;
  }

  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_sacktag_walk",
      versions = "v4.15..v6.18", source = SRC,
      notes = "tcp_shift_skb_data() is not ported: it gives up at !sk_can_gso(), as for a route"
          + " without GSO, so SACKed skbs are never merged")
  static TcpSkb sacktagWalk(TcpSkb skb, TcpSock tp, int[] nextDup, SacktagState state,
      int startSeq, int endSeq, boolean dupSackIn) {
    for (; skb != null; skb = skb.next) {
      int inSack = 0;
      boolean dupSack = dupSackIn;

      // the queue is in order: stop early
      if (!Seq.before(skb.seq, endSeq)) {
        break;
      }

      if (nextDup != null && Seq.before(skb.seq, nextDup[1])) {
        inSack = matchSkbToSack(tp, skb, nextDup[0], nextDup[1]);
        if (inSack > 0) {
          dupSack = true;
        }
      }

      if (inSack <= 0) {
        // tcp_shift_skb_data() returns NULL here
        inSack = matchSkbToSack(tp, skb, startSeq, endSeq);
      }

      if (inSack < 0) {
        break;
      }

      if (inSack != 0) {
        skb.sacked = sacktagOne(tp, state, skb.sacked, skb.seq, skb.endSeq, dupSack,
            skb.pcount, skb.len, skb.timestampUs());
        TcpRate.skbDelivered(tp, skb, state.rate);
        if ((skb.sacked & TcpSkb.TCPCB_SACKED_ACKED) != 0) {
          tp.tsortedSentQueue.del(skb);
        }

        if (!Seq.before(skb.seq, tp.highestSackSeq())) {
          advanceHighestSack(tp, skb);
        }
      }
    }
    return skb;
  }

  /**
   * tcp_sacktag_bsearch(): the skb holding {@code seq}; the rb-tree search, as a walk of the
   * sequence-ordered queue from its head (left of an skb: before its seq; right: from its
   * end_seq on).
   */
  static TcpSkb sacktagBsearch(TcpSock tp, int seq) {
    for (TcpSkb s = tp.rtxQueue.head(); s != null; s = s.next) {
      if (Seq.before(seq, s.seq)) {
        return null;
      }
      if (Seq.before(seq, s.endSeq)) {
        return s;
      }
    }
    return null;
  }

  /** tcp_sacktag_skip(). */
  static TcpSkb sacktagSkip(TcpSkb skb, TcpSock tp, int skipToSeq) {
    if (skb != null && Seq.after(skb.seq, skipToSeq)) {
      return skb;
    }
    return sacktagBsearch(tp, skipToSeq);
  }

  /** tcp_maybe_skipping_dsack(): tag a D-SACK block lying before {@code skipToSeq} first. */
  static TcpSkb maybeSkippingDsack(TcpSkb skb, TcpSock tp, int[] nextDup, SacktagState state,
      int skipToSeq) {
    if (nextDup == null) {
      return skb;
    }

    if (Seq.before(nextDup[0], skipToSeq)) {
      skb = sacktagSkip(skb, tp, nextDup[0]);
      skb = sacktagWalk(skb, tp, null, state, nextDup[0], nextDup[1], true);
    }

    return skb;
  }

  /** Tag the retransmit queue with the ACK's SACK blocks. */
  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_sacktag_write_queue",
      versions = "v4.15..v6.18", source = SRC)
  static int sacktagWriteQueue(TcpSock tp, TcpAckSeg ackSkb, int priorSndUna,
      SacktagState state) {
    int[] sp = tp.sackBlocks;
    int[] cache = tp.recvSackCache;
    int c;
    TcpSkb skb;
    int numSacks = Math.min(TcpAckSeg.TCP_NUM_SACKS, ackSkb.numSacks);
    int usedSacks;
    boolean foundDupSack;
    int i;
    int j;
    int firstSackIndex;

    state.flag = 0;
    state.reord = tp.sndNxt;

    if (tp.sackedOut == 0) {
      tp.highestSack = tp.rtxQueue.head(); // tcp_highest_sack_reset
    }

    foundDupSack = checkDsack(tp, ackSkb, numSacks, priorSndUna, state);

    // too old an ACK: ignore it, but keep fresh ones, they can carry valid SACKs
    if (Seq.before(ackSkb.ack, priorSndUna - tp.maxWindow)) {
      return 0;
    }

    if (tp.packetsOut != 0) {
      usedSacks = 0;
      firstSackIndex = 0;
      for (i = 0; i < numSacks; i++) {
        boolean dupSack = i == 0 && foundDupSack;

        sp[2 * usedSacks] = ackSkb.sackStart[i];
        sp[2 * usedSacks + 1] = ackSkb.sackEnd[i];

        if (!isSackblockValid(tp, dupSack, sp[2 * usedSacks], sp[2 * usedSacks + 1])) {
          if (!dupSack) {
            // olds caused by ACK reordering are not counted
            if (ackSkb.ack != tp.sndUna && !Seq.after(sp[2 * usedSacks + 1], tp.sndUna)) {
              continue;
            }
          }
          if (i == 0) {
            firstSackIndex = -1;
          }
          continue;
        }

        // ignore very old stuff early
        if (!Seq.after(sp[2 * usedSacks + 1], priorSndUna)) {
          if (i == 0) {
            firstSackIndex = -1;
          }
          continue;
        }

        usedSacks++;
      }

      // order the blocks for an in-order walk of the retransmit queue
      for (i = usedSacks - 1; i > 0; i--) {
        for (j = 0; j < i; j++) {
          if (Seq.after(sp[2 * j], sp[2 * j + 2])) {
            int s = sp[2 * j];
            int e = sp[2 * j + 1];
            sp[2 * j] = sp[2 * j + 2];
            sp[2 * j + 1] = sp[2 * j + 3];
            sp[2 * j + 2] = s;
            sp[2 * j + 3] = e;

            // where the first SACK block goes
            if (j == firstSackIndex) {
              firstSackIndex = j + 1;
            }
          }
        }
      }

      state.mssNow = tp.callees.currentMss(tp);
      skb = null;
      i = 0;

      if (tp.sackedOut == 0) {
        c = TcpAckSeg.TCP_NUM_SACKS; // already past: skip the cache
      } else {
        c = 0;
        // skip empty blocks at the head of the cache
        while (c < TcpAckSeg.TCP_NUM_SACKS && cache[2 * c] == 0 && cache[2 * c + 1] == 0) {
          c++;
        }
      }

      while (i < usedSacks) {
        int startSeq = sp[2 * i];
        int endSeq = sp[2 * i + 1];
        boolean dupSack = foundDupSack && i == firstSackIndex;
        int[] nextDup = null;
        boolean walk = false;

        if (foundDupSack && i + 1 == firstSackIndex) {
          nextDup = new int[] {sp[2 * i + 2], sp[2 * i + 3]};
        }

        // skip cached blocks that end before this one
        while (c < TcpAckSeg.TCP_NUM_SACKS && !Seq.before(startSeq, cache[2 * c + 1])) {
          c++;
        }

        // can the cache spare some of the walk?
        if (c < TcpAckSeg.TCP_NUM_SACKS && !dupSack && Seq.after(endSeq, cache[2 * c])) {
          // head to do?
          if (Seq.before(startSeq, cache[2 * c])) {
            skb = sacktagSkip(skb, tp, startSeq);
            skb = sacktagWalk(skb, tp, nextDup, state, startSeq, cache[2 * c], dupSack);
          }

          // the rest of the block already processed?
          if (!Seq.after(endSeq, cache[2 * c + 1])) {
            i++;
            continue;
          }

          skb = maybeSkippingDsack(skb, tp, nextDup, state, cache[2 * c + 1]);

          // the tail remains to do...
          if (tp.highestSackSeq() == cache[2 * c + 1]) {
            // ...from a better entry point
            skb = tp.highestSack;
            if (skb == null) {
              break;
            }
            c++;
            walk = true;
          } else {
            skb = sacktagSkip(skb, tp, cache[2 * c + 1]);
            // check overlap against the next cached block too
            c++;
            continue;
          }
        }

        if (!walk) {
          if (!Seq.before(startSeq, tp.highestSackSeq())) {
            skb = tp.highestSack;
            if (skb == null) {
              break;
            }
          }
          skb = sacktagSkip(skb, tp, startSeq);
        }

        skb = sacktagWalk(skb, tp, nextDup, state, startSeq, endSeq, dupSack);
        i++;
      }

      // clear the head of the cache so that the next ACK can skip it
      for (i = 0; i < TcpAckSeg.TCP_NUM_SACKS - usedSacks; i++) {
        cache[2 * i] = 0;
        cache[2 * i + 1] = 0;
      }
      for (j = 0; j < usedSacks; j++) {
        cache[2 * i] = sp[2 * j];
        cache[2 * i + 1] = sp[2 * j + 1];
        i++;
      }

      if (tp.icskCaState != TcpSock.TCP_CA_LOSS || tp.undoMarker != 0) {
        checkSackReordering(tp, state.reord, 0);
      }

      tp.verifyLeftOut();
    }

    // out: (FASTRETRANS_DEBUG > 0)
    tp.warnOn(tp.sackedOut < 0);
    tp.warnOn(tp.lostOut < 0);
    tp.warnOn(tp.retransOut < 0);
    tp.warnOn(tp.packetsInFlight() < 0);
    return state.flag;
  }

  /* ---------------- ACK processing ---------------- */

  /** A TSO skb was partly ACKed: trim it, return the packets ACKed. */
  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_tso_acked",
      versions = "v4.15..v6.18", source = SRC)
  static int tsoAcked(TcpSock tp, TcpSkb skb) {
    int packetsAcked;

    tp.bugOn(!Seq.after(skb.endSeq, tp.sndUna));

    packetsAcked = skb.pcount;
    if (TcpOutput.trimHead(tp, skb, tp.sndUna - skb.seq) != 0) {
      return 0;
    }
    packetsAcked -= skb.pcount;

    if (packetsAcked != 0) {
      tp.bugOn(skb.pcount == 0);
      tp.bugOn(!Seq.before(skb.seq, skb.endSeq));
    }

    return packetsAcked;
  }

  /** tcp_rtx_queue_unlink_and_free(). */
  static void rtxQueueUnlinkAndFree(TcpSkb skb, TcpSock tp) {
    tp.tsortedSentQueue.del(skb);
    tp.rtxQueue.unlink(skb);
    tp.skWmemQueued -= skb.truesize; // tcp_wmem_free_skb
  }

  /** Free cumulatively ACKed skbs; take RTT and delivery samples from them. */
  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_clean_rtx_queue",
      versions = "v6.1..v6.18", source = SRC, notes = "SACK connections; no MTU probe, no TX "
          + "timestamps, no ECN (ece_ack never set)")
  static int cleanRtxQueue(TcpSock tp, int priorFack, int priorSndUna, SacktagState sack,
      boolean eceAck) {
    long firstAckt = 0;
    long lastAckt = 0;
    int priorSacked = tp.sackedOut;
    int reord = tp.sndNxt; // lowest acked un-retransmitted un-sacked seq
    TcpSkb skb;
    TcpSkb next;
    boolean fullyAcked = true;
    long sackRttUs = -1L;
    long seqRttUs = -1L;
    long caRttUs = -1L;
    int pktsAcked = 0;
    boolean rttUpdate;
    int flag = 0;

    for (skb = tp.rtxQueue.head(); skb != null; skb = next) {
      int startSeq = skb.seq;
      int sacked = skb.sacked;
      int ackedPcount;

      // how much of it was ACKed
      if (Seq.after(skb.endSeq, tp.sndUna)) {
        if (skb.pcount == 1 || !Seq.after(tp.sndUna, skb.seq)) {
          break;
        }

        ackedPcount = tsoAcked(tp, skb);
        if (ackedPcount == 0) {
          break;
        }
        fullyAcked = false;
      } else {
        ackedPcount = skb.pcount;
      }

      if ((sacked & TcpSkb.TCPCB_RETRANS) != 0) {
        if ((sacked & TcpSkb.TCPCB_SACKED_RETRANS) != 0) {
          tp.retransOut -= ackedPcount;
        }
        flag |= FLAG_RETRANS_DATA_ACKED;
      } else if ((sacked & TcpSkb.TCPCB_SACKED_ACKED) == 0) {
        lastAckt = skb.timestampUs();
        tp.warnOn(lastAckt == 0);
        if (firstAckt == 0) {
          firstAckt = lastAckt;
        }

        if (Seq.before(startSeq, reord)) {
          reord = startSeq;
        }
        if (!Seq.after(skb.endSeq, tp.highSeq)) {
          flag |= FLAG_ORIG_SACK_ACKED;
        }
      }

      if ((sacked & TcpSkb.TCPCB_SACKED_ACKED) != 0) {
        tp.sackedOut -= ackedPcount;
      } else {
        tp.delivered += ackedPcount; // tcp_count_delivered (no CE without ECN)
        // tcp_skb_spurious_retrans() needs TCP timestamps: never true here
        TcpRecovery.rackAdvance(tp, sacked, skb.endSeq, skb.timestampUs());
      }
      if ((sacked & TcpSkb.TCPCB_LOST) != 0) {
        tp.lostOut -= ackedPcount;
      }

      tp.packetsOut -= ackedPcount;
      pktsAcked += ackedPcount;
      TcpRate.skbDelivered(tp, skb, sack.rate);

      // the SYN is not data: do not leave slow start a packet early for it
      if ((skb.tcpFlags & TcpSkb.TCPHDR_SYN) == 0) {
        flag |= FLAG_DATA_ACKED;
      } else {
        flag |= FLAG_SYN_ACKED;
        tp.retransStamp = 0;
      }

      if (!fullyAcked) {
        break;
      }

      next = skb.next;
      if (skb == tp.retransmitSkbHint) {
        tp.retransmitSkbHint = null;
      }
      if (skb == tp.highestSack) { // tcp_highest_sack_replace
        tp.highestSack = next;
      }
      rtxQueueUnlinkAndFree(skb, tp);
    }

    // urgent data: snd_up follows snd_una
    if (Seq.between(tp.sndUp, priorSndUna, tp.sndUna)) {
      tp.sndUp = tp.sndUna;
    }

    if (skb != null && (skb.sacked & TcpSkb.TCPCB_SACKED_ACKED) != 0) {
      flag |= FLAG_SACK_RENEGING;
    }

    if (firstAckt != 0 && (flag & FLAG_RETRANS_DATA_ACKED) == 0) {
      seqRttUs = TcpSock.stampUsDelta(tp.tcpMstamp, firstAckt);
      caRttUs = TcpSock.stampUsDelta(tp.tcpMstamp, lastAckt);

      if (pktsAcked == 1 && fullyAcked && priorSacked == 0
          && Integer.compareUnsigned(tp.sndUna - priorSndUna, tp.mssCache) < 0
          && sack.rate.priorDelivered + 1 == tp.delivered
          && (flag & (FLAG_CA_ALERT | FLAG_SYN_ACKED)) == 0) {
        // conservatively mark a delayed ACK: typically a lone runt packet
        flag |= FLAG_ACK_MAYBE_DELAYED;
      }
    }
    if (sack.firstSackt != 0) {
      sackRttUs = TcpSock.stampUsDelta(tp.tcpMstamp, sack.firstSackt);
      caRttUs = TcpSock.stampUsDelta(tp.tcpMstamp, sack.lastSackt);
    }
    rttUpdate = ackUpdateRtt(tp, flag, seqRttUs, sackRttUs, caRttUs, sack.rate);

    if ((flag & FLAG_ACKED) != 0) {
      flag |= FLAG_SET_XMIT_TIMER; // set TLP or RTO timer
      // a never-retransmitted hole got filled: reordering
      if (Seq.before(reord, priorFack)) {
        checkSackReordering(tp, reord, 0);
      }
    } else if (skb != null && rttUpdate && sackRttUs >= 0
        && sackRttUs > TcpSock.stampUsDelta(tp.tcpMstamp, skb.timestampUs())) {
      // do not re-arm the RTO from a SACK of data sent after the head's last transmit
      flag |= FLAG_SET_XMIT_TIMER;
    }

    if (tp.ca.hasPktsAcked()) {
      tp.ca.pktsAcked(tp, pktsAcked, (int) sack.rate.rttUs,
          tp.mssCache * (tp.delivered - sack.rate.priorDelivered));
    }

    // FASTRETRANS_DEBUG > 0: counters left over when nothing is in flight
    tp.warnOn(tp.sackedOut < 0);
    tp.warnOn(tp.lostOut < 0);
    tp.warnOn(tp.retransOut < 0);
    if (tp.packetsOut == 0) {
      if (tp.lostOut != 0) {
        tp.lostOut = 0;
      }
      if (tp.sackedOut != 0) {
        tp.sackedOut = 0;
      }
      if (tp.retransOut != 0) {
        tp.retransOut = 0;
      }
    }
    return flag;
  }

  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_ack_is_dubious",
      versions = "v4.10..v6.18", source = SRC)
  static boolean ackIsDubious(TcpSock tp, int flag) {
    return (flag & FLAG_NOT_DUP) == 0 || (flag & FLAG_CA_ALERT) != 0
        || tp.icskCaState != TcpSock.TCP_CA_OPEN;
  }

  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_may_update_window",
      versions = "v4.10..v6.18", commits = {"800a666141de"}, source = SRC)
  static boolean mayUpdateWindow(TcpSock tp, int ack, int ackSeq, int nwin) {
    return Seq.after(ack, tp.sndUna) || Seq.after(ackSeq, tp.sndWl1)
        || (ackSeq == tp.sndWl1
            && (Integer.compareUnsigned(nwin, tp.sndWnd) > 0
                || (tp.patchZeroWindowUpdate && nwin == 0)));
  }

  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_snd_una_update",
      versions = "v4.10..v6.18", source = SRC)
  static void sndUnaUpdate(TcpSock tp, int ack) {
    int delta = ack - tp.sndUna;

    tp.bytesAcked += Seq.u32(delta);
    tp.sndUna = ack;
  }

  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_ack_update_window",
      versions = "v4.10..v6.18", source = SRC,
      notes = "the header-prediction flags (pred_flags, tcp_fast_path_check) are not modelled: "
          + "the model's receive path picks the slow path itself")
  static int ackUpdateWindow(TcpSock tp, TcpAckSeg a, int ack, int ackSeq) {
    int flag = 0;
    int nwin = a.window;

    nwin <<= tp.sndWscale; // the model's ACKs carry no SYN

    if (mayUpdateWindow(tp, ack, ackSeq, nwin)) {
      flag |= FLAG_WIN_UPDATE;
      tp.sndWl1 = ackSeq; // tcp_update_wl

      if (tp.sndWnd != nwin) {
        tp.sndWnd = nwin;

        if (!tp.writeQueueEmpty()) {
          slowStartAfterIdleCheck(tp);
        }

        if (Integer.compareUnsigned(nwin, tp.maxWindow) > 0) {
          tp.maxWindow = nwin;
          tp.callees.syncMss(tp, tp.icskPmtuCookie);
        }
      }
    }

    sndUnaUpdate(tp, ack);

    return flag;
  }

  /** tcp_slow_start_after_idle_check() (include/net/tcp.h): restart cwnd after an idle RTO. */
  static void slowStartAfterIdleCheck(TcpSock tp) {
    int delta;

    if (!tp.sysctl.slowStartAfterIdle || tp.packetsOut != 0 || tp.ca.hasCongControl()) {
      return;
    }
    delta = tp.tcpJiffies32() - tp.lsndtime;
    if (Integer.compareUnsigned(delta, tp.icskRto) > 0) { // s32 > u32 compares as u32
      TcpOutput.cwndRestart(tp, delta);
    }
  }

  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_xmit_recovery",
      versions = "v4.10..v6.18", source = SRC)
  static void xmitRecovery(TcpSock tp, int rexmit) {
    if (rexmit == REXMIT_NONE) {
      return;
    }

    if (rexmit == REXMIT_NEW) {
      tp.callees.pushPendingFrames(tp, tp.callees.currentMss(tp), TcpOutput.TCP_NAGLE_OFF);
      if (Seq.after(tp.sndNxt, tp.highSeq)) {
        return;
      }
      tp.frto = 0;
    }
    tp.callees.xmitRetransmitQueue(tp);
  }

  /** The ACK opens a usable window for the send head, or the zero-window probe backs off. */
  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_ack_probe",
      versions = "v4.10..v6.18", source = SRC, notes = "no TCP_USER_TIMEOUT")
  static void ackProbe(TcpSock tp) {
    TcpSkb head = tp.sendHead();

    // was it a usable window open?
    if (head == null) {
      return;
    }
    if (!Seq.after(head.endSeq, tp.wndEnd())) {
      tp.icskBackoff = 0;
      tp.icskProbesTstamp = 0;
      TcpTimer.clearXmitTimer(tp); // inet_csk_clear_xmit_timer(sk, ICSK_TIME_PROBE0)
    } else {
      // tcp_probe0_when(), no user timeout to clamp it to
      long when = TcpTimer.probe0When(tp, Seq.u32(tp.tcpRtoMax()));

      TcpTimer.resetXmitTimerLong(tp, TcpSock.ICSK_TIME_PROBE0, when, true);
    }
  }

  /**
   * Process one incoming ACK: advance snd_una, tag SACKs, free ACKed data, update RTT, run
   * loss recovery, generate a rate sample, then run congestion control.
   *
   * @param flag FLAG_SLOWPATH when header prediction failed (SACK option, window change)
   * @return 1 if the ACK was processed, 0 for an old ACK, {@link #DROP_TOO_OLD_ACK} or {@link
   *     #DROP_ACK_UNSENT_DATA} when dropped
   */
  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_ack",
      versions = "v6.1..v6.18", source = SRC,
      notes = "no TCP timestamps, ECN/AccECN, TLP (tlp_high_seq stays 0), TLS offload or "
          + ".in_ack_event hook")
  public static int ack(TcpSock tp, TcpAckSeg skb, int flag) {
    if (tp.ackC != null) { // --ports c: the tree's tcp_ack, unless the socket outgrows its record
      int ret = tp.ackC.ack(tp, skb, flag);
      if (ret != TcpAckHook.JAVA) {
        return ret;
      }
    }
    SacktagState sackState = tp.sackState;
    RateSample rs = tp.rs;
    int priorSndUna = tp.sndUna;
    boolean isSackReneg = tp.isSackReneg;
    int ackSeq = skb.seq;
    int ack = skb.ack;
    int numDupack = 0;
    int priorPackets = tp.packetsOut;
    int delivered = tp.delivered;
    int lost = tp.lost;
    int[] rexmit = tp.rexmit;
    int[] ackFlag = tp.ackFlag;
    int priorFack;

    rs.clear();
    rexmit[0] = REXMIT_NONE;
    sackState.firstSackt = 0;
    sackState.rate = rs;
    sackState.sackDelivered = 0;
    sackState.deliveredBytes = 0;

    // older than previous ACKs: only its SACK information is of use
    if (Seq.before(ack, priorSndUna)) {
      // never accept an ACK for bytes we never sent (RFC 5961 5.2)
      int maxWindow = (int) TcpSock.umin64(Seq.u32(tp.maxWindow), tp.bytesAcked);
      if (Seq.before(ack, priorSndUna - maxWindow)) {
        if ((flag & FLAG_NO_CHALLENGE_ACK) == 0) {
          tp.callees.sendChallengeAck(tp);
        }
        return DROP_TOO_OLD_ACK;
      }

      // old_ack: tcp_replace_ts_recent() needs TCP timestamps
      if (skb.numSacks != 0) {
        flag |= sacktagWriteQueue(tp, skb, priorSndUna, sackState);
        ackFlag[0] = flag;
        fastretransAlert(tp, priorSndUna, numDupack, ackFlag, rexmit);
        flag = ackFlag[0];
        // tcp_newly_delivered(): statistics only
        xmitRecovery(tp, rexmit[0]);
      }
      return 0;
    }

    // ACK of data never sent (RFC 793 3.9)
    if (Seq.after(ack, tp.sndNxt)) {
      return DROP_ACK_UNSENT_DATA;
    }

    if (Seq.after(ack, priorSndUna)) {
      flag |= FLAG_SND_UNA_ADVANCED;
      tp.icskRetransmits = 0;
    }

    priorFack = tp.highestSackSeq();
    rs.priorInFlight = tp.packetsInFlight();

    if ((flag & (FLAG_SLOWPATH | FLAG_SND_UNA_ADVANCED)) == FLAG_SND_UNA_ADVANCED) {
      // window constant, pure forward advance
      tp.sndWl1 = ackSeq; // tcp_update_wl
      sndUnaUpdate(tp, ack);
      flag |= FLAG_WIN_UPDATE;
    } else {
      if (ackSeq != skb.endSeq) {
        flag |= FLAG_DATA;
      }

      flag |= ackUpdateWindow(tp, skb, ack, ackSeq);

      if (skb.numSacks != 0) {
        flag |= sacktagWriteQueue(tp, skb, priorSndUna, sackState);
      }

      // tcp_ecn_rcv_ecn_echo(): no ECN
      if (sackState.sackDelivered != 0) {
        tp.delivered += sackState.sackDelivered; // tcp_count_delivered
      }
    }

    // something worked: clear the soft error (not modelled) and the probe count
    tp.icskProbesOut = 0;
    tp.rcvTstamp = tp.tcpJiffies32();
    if (priorPackets == 0) {
      // no_queue: tcp_in_ack_event() has no hook to call
      if ((flag & FLAG_DSACKING_ACK) != 0) {
        // data was D-SACKed: maybe undo a cwnd reduction
        ackFlag[0] = flag;
        fastretransAlert(tp, priorSndUna, numDupack, ackFlag, rexmit);
        flag = ackFlag[0];
      }
      // a window opened over a zero-window probe: clear its backoff
      ackProbe(tp);
      return 1;
    }

    flag |= cleanRtxQueue(tp, priorFack, priorSndUna, sackState, (flag & FLAG_ECE) != 0);

    TcpRecovery.rackUpdateReoWnd(tp, rs);

    ackFlag[0] = flag;
    if (ackIsDubious(tp, flag)) {
      if ((flag & (FLAG_SND_UNA_ADVANCED | FLAG_NOT_DUP | FLAG_DSACKING_ACK)) == 0) {
        numDupack = 1;
        // pure ACKs may have been aggregated (tcp_add_backlog)
        if ((flag & FLAG_DATA) == 0) {
          numDupack = Math.max(1, skb.gsoSegs & 0xFFFF);
        }
      }
      fastretransAlert(tp, priorSndUna, numDupack, ackFlag, rexmit);
    }
    flag = ackFlag[0];

    // reset the RTO timer if RACK did not set the reordering one (tcp_set_xmit_timer: no TLP)
    if ((flag & FLAG_SET_XMIT_TIMER) != 0) {
      TcpTimer.rearmRto(tp);
    }

    delivered = tp.delivered - delivered; // tcp_newly_delivered
    lost = tp.lost - lost; // freshly marked lost
    rs.isAckDelayed = (flag & FLAG_ACK_MAYBE_DELAYED) != 0;
    TcpRate.gen(tp, delivered, lost, isSackReneg, rs);
    congControl(tp, ack, delivered, flag, rs);
    xmitRecovery(tp, rexmit[0]);
    return 1;
  }

  /* ---------------- send buffer ---------------- */

  /** Size sk_sndbuf for (2 or the CC's factor) x cwnd worst-case skbs. */
  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_sndbuf_expand",
      versions = "v4.10..v6.18", source = SRC)
  static void sndbufExpand(TcpSock tp) {
    if (tp.sndbufExpandC != null && tp.sndbufExpandC.socketOnly(tp)) {
      return; // --ports c: the tree's C
    }
    int sndmem;
    int perMss;
    int nrSegs;

    // worst case: one skb per frame with a power-of-two kmalloc'ed head
    perMss = Seq.umax(tp.mssClamp, tp.mssCache) + tp.sysctl.maxTcpHeader + 320;

    perMss = Integer.highestOneBit(perMss - 1) << 1; // roundup_pow_of_two
    perMss += 256; // SKB_DATA_ALIGN(sizeof(struct sk_buff))

    nrSegs = Seq.umax(tp.sysctl.initCwnd, tp.sndCwnd());
    nrSegs = Seq.umax(nrSegs, tp.reordering + 1);

    // cubic needs 1.7x for fast recovery; 2 leaves cushion
    // ca_ops->sndbuf_expand ? ca_ops->sndbuf_expand(sk) : 2 (0 stands for "no hook")
    int factor = tp.ca.sndbufExpand(tp);
    sndmem = factor != 0 ? factor : 2;
    sndmem *= nrSegs * perMss;

    if (tp.skSndbuf < sndmem) {
      tp.skSndbuf = Math.min(sndmem, tp.sysctl.wmemMax);
    }
  }

  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_should_expand_sndbuf",
      versions = "v5.0..v6.18", source = SRC, notes = "no memory pressure in the model")
  static boolean shouldExpandSndbuf(TcpSock tp) {
    // a full cwnd: do not expand
    return Integer.compareUnsigned(tp.packetsInFlight(), tp.sndCwnd()) < 0;
  }

  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_new_space",
      versions = "v4.10..v6.18", source = SRC)
  static void newSpace(TcpSock tp) {
    if (shouldExpandSndbuf(tp)) {
      sndbufExpand(tp);
      tp.sndCwndStamp = tp.tcpJiffies32();
    }

    tp.skWriteSpace.writeSpace(tp); // sk->sk_write_space: sk_stream_write_space for TCP
  }

  /** sk_stream_write_space(): wake a writer blocked on sndbuf once a third is free. */
  static void streamWriteSpace(TcpSock tp) {
    long wspace = tp.skSndbuf - tp.skWmemQueued;
    boolean memoryFree = tp.skWmemQueued < tp.skSndbuf;
    if (wspace >= (tp.skWmemQueued >> 1) && memoryFree) {
      tp.sockNoSpace = false;
      if (tp.writeSpace != null) {
        tp.writeSpace.writeSpace(tp);
      }
    }
  }

  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_check_space",
      versions = "v5.17..v6.18", source = SRC)
  static void checkSpace(TcpSock tp) {
    if (tp.checkSpaceC != null && tp.checkSpaceC.socketOnly(tp)) {
      return; // --ports c: the tree's C (tcp_new_space, tcp_should_expand_sndbuf inside)
    }
    if (tp.sockNoSpace) {
      newSpace(tp);
    }
  }

  /** tcp_data_snd_check(): after an ACK, push what the window now allows. */
  public static void dataSndCheck(TcpSock tp) {
    TcpOutput.pushPendingFrames(tp, TcpOutput.currentMss(tp), 0);
    checkSpace(tp);
  }

  /** An ACK arrived from the network (tcp_rcv_established for a pure ACK). */
  public static void rcvAck(TcpSock tp, TcpAckSeg a) {
    // tcp_rcv_established() refreshes the clock first; tcp_ack() reads tp->tcp_mstamp
    tp.mstampRefresh();
    int flag = a.numSacks != 0 || a.window != tp.sndWnd ? FLAG_SLOWPATH : 0;
    ack(tp, a, flag | (flag != 0 ? FLAG_UPDATE_TS_RECENT : 0));
    dataSndCheck(tp);
  }
}
