package io.nicsim.tcp;

import io.nicsim.core.port.KernelPort;

/**
 * The retransmit timer and its helpers (include/net/tcp.h, include/net/inet_connection_sock.h,
 * net/ipv4/tcp_timer.c, tcp_rearm_rto in tcp_input.c). One jiffies timer per socket carries
 * whichever of RTO and RACK reordering timeout is pending, as {@code icsk_retransmit_timer} does.
 */
public final class TcpTimer {
  private TcpTimer() {}

  static final String SRC = "Kingxukai/linux@0291023e7330da28f2f7453c87c2ab7082d8360f";

  /** tcp_pacing_delay(): jiffies until the EDT clock, so the RTO does not fire before it. */
  static long pacingDelay(TcpSock tp) {
    long delay = tp.tcpWstampNs - tp.tcpClockCache;
    // nsecs_to_jiffies(): div_u64(n, NSEC_PER_SEC / HZ), rounding down, an unsigned long
    return delay > 0 ? delay / tp.tickNs() : 0;
  }

  /**
   * inet_csk_reset_xmit_timer(sk, what, when, max_when): when and max_when are unsigned longs
   * (a u32 argument widens to one).
   */
  static void resetXmitTimerMax(TcpSock sk, int what, long when, long maxWhen) {
    if (Long.compareUnsigned(when, maxWhen) > 0) {
      when = maxWhen;
    }
    sk.icskPending = what;
    sk.icskTimeout = sk.tcpJiffies32() + (int) when;
    sk.host.xmitTimerReset(sk, sk.icskTimeout);
  }

  /** tcp_reset_xmit_timer(sk, what, when, pace_delay) with a u32 {@code when}. */
  static void resetXmitTimer(TcpSock sk, int what, int when, boolean paceDelay) {
    resetXmitTimerLong(sk, what, Seq.u32(when), paceDelay);
  }

  /** tcp_reset_xmit_timer(sk, what, when, pace_delay): {@code when} an unsigned long. */
  static void resetXmitTimerLong(TcpSock sk, int what, long when, boolean paceDelay) {
    if (paceDelay) {
      when += pacingDelay(sk);
    }
    resetXmitTimerMax(sk, what, when, Seq.u32(sk.tcpRtoMax()));
  }

  /**
   * tcp_probe0_when(sk, max_when): the zero-window probe's timeout, max(icsk_rto, TCP_RTO_MIN)
   * backed off by at most ilog2(TCP_RTO_MAX / TCP_RTO_MIN) + 1 doublings.
   */
  static long probe0When(TcpSock sk, long maxWhen) {
    int limit = 31 - Integer.numberOfLeadingZeros(sk.tcpRtoMax() / sk.tcpRtoMin()) + 1;
    int backoff = Math.min(limit, sk.icskBackoff & 0xFF);
    long when = Math.max(Seq.u32(sk.icskRto), Seq.u32(sk.tcpRtoMin())) << backoff;

    return Long.compareUnsigned(when, maxWhen) < 0 ? when : maxWhen;
  }

  /**
   * inet_csk_clear_xmit_timer(sk, ICSK_TIME_RETRANS): only icsk_pending is cleared (the kernel
   * stops the timer only under INET_CSK_CLEAR_TIMERS, which no build defines), so the timer still
   * fires and tcp_write_timer_handler() finds nothing pending.
   */
  static void clearXmitTimer(TcpSock sk) {
    sk.icskPending = 0;
  }

  /** tcp_rto_delta_us(): time left until the head skb's RTO. */
  static long rtoDeltaUs(TcpSock tp) {
    TcpSkb head = tp.rtxQueue.head();
    int rto = tp.icskRto;

    if (head != null) {
      long rtoTimeStampUs = head.timestampUs() + tp.jiffiesToUsecs(rto);

      return rtoTimeStampUs - tp.tcpMstamp;
    }
    tp.warnOn(true); // WARN_ONCE: packets out but no skb
    return tp.jiffiesToUsecs(rto);
  }

  /** Restart the RTO after forward progress. */
  @KernelPort(file = "net/ipv4/tcp_input.c", function = "tcp_rearm_rto",
      versions = "v4.13..v6.18", source = SRC)
  static void rearmRto(TcpSock tp) {
    if (tp.packetsOut == 0) {
      clearXmitTimer(tp);
    } else {
      int rto = tp.icskRto;
      // offset the time already elapsed since the regular RTO was installed
      if (tp.icskPending == TcpSock.ICSK_TIME_REO_TIMEOUT
          || tp.icskPending == TcpSock.ICSK_TIME_LOSS_PROBE) {
        long deltaUs = rtoDeltaUs(tp);
        rto = tp.usecsToJiffies(Math.max((int) deltaUs, 1));
      }
      resetXmitTimer(tp, TcpSock.ICSK_TIME_RETRANS, rto, true);
    }
  }

  /** The socket's xmit timer fired (the host calls this at the armed jiffy). */
  @KernelPort(file = "net/ipv4/tcp_timer.c", function = "tcp_write_timer_handler",
      versions = "v6.1..v6.18", source = SRC,
      notes = "loss probe and zero-window probe events are not armed by the model")
  public static void writeTimerHandler(TcpSock sk) {
    int event;

    if (sk.writeTimerC != null && sk.writeTimerC.socketOnly(sk)) {
      return; // --ports c: the tree's C (tcp_retransmit_timer, tcp_rack_reo_timeout inside)
    }
    if (sk.icskPending == 0) {
      return;
    }

    if (Seq.after(sk.icskTimeout, sk.tcpJiffies32())) {
      sk.host.xmitTimerReset(sk, sk.icskTimeout);
      return;
    }

    sk.callees.mstampRefresh(sk);
    event = sk.icskPending;

    switch (event) {
      case TcpSock.ICSK_TIME_REO_TIMEOUT:
        TcpRecovery.rackReoTimeout(sk);
        break;
      case TcpSock.ICSK_TIME_RETRANS:
        sk.icskPending = 0;
        retransmitTimer(sk);
        break;
      case TcpSock.ICSK_TIME_PROBE0:
        sk.icskPending = 0;
        probeTimer(sk);
        break;
      default:
        break;
    }
  }

  /**
   * tcp_probe_timer(), its first exit: data in flight or nothing queued ends the probing. The
   * zero-window probe itself (tcp_send_probe0) is not modelled: the model's receive window never
   * closes, so the timer fires with data held back only when pacing held it longer than
   * max(icsk_rto, TCP_RTO_MIN); the model then sends it when pacing allows.
   */
  static void probeTimer(TcpSock sk) {
    if (sk.packetsOut != 0 || sk.sendHead() == null) {
      sk.icskProbesOut = 0;
    }
  }

  /** RTO: enter Loss, retransmit the head, back off exponentially. */
  @KernelPort(file = "net/ipv4/tcp_timer.c", function = "tcp_retransmit_timer",
      versions = "v6.1..v6.18", source = SRC,
      notes = "the zero-window probe branch and thin-stream linear timeouts are left out (the"
          + " model's peer never closes its window; thin_lto and tcp_thin_linear_timeouts are"
          + " off); no TCP_USER_TIMEOUT")
  static void retransmitTimer(TcpSock tp) {
    TcpSkb skb;

    if (tp.packetsOut == 0) {
      return;
    }

    skb = tp.rtxQueue.head();
    if (tp.warnOn(skb == null)) {
      return;
    }

    if (tp.callees.writeTimeout(tp)) {
      return;
    }

    TcpInput.enterLoss(tp);
    tp.rtoCount++;

    tp.icskRetransmits++; // tcp_update_rto_stats (its tcp_info counters are not modelled)
    if (tp.callees.retransmitSkb(tp, tp.rtxQueue.head(), 1) > 0) {
      // local congestion: retry after TCP_RESOURCE_PROBE_INTERVAL (500 ms)
      resetXmitTimer(tp, TcpSock.ICSK_TIME_RETRANS, tp.msecsToJiffies(500), false);
      return;
    }

    // out_reset_timer: exponential backoff
    tp.icskBackoff++;
    tp.icskRto = Seq.umin(tp.icskRto << 1, tp.tcpRtoMax());
    resetXmitTimer(tp, TcpSock.ICSK_TIME_RETRANS, tp.icskRto, false);
  }
}
