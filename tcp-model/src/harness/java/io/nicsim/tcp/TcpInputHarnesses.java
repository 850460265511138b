package io.nicsim.tcp;

import static io.nicsim.core.port.exec.InputField.bool;
import static io.nicsim.core.port.exec.InputField.range;
import static io.nicsim.core.port.exec.InputField.s32;
import static io.nicsim.core.port.exec.InputField.u32;

import io.nicsim.core.config.BadInputException;
import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.era.PatchSet;
import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.JavaPort;
import io.nicsim.core.port.exec.KernelHeaders;
import io.nicsim.core.port.exec.NotRunnable;
import io.nicsim.core.port.exec.Out;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * {@code port-check --execute} harnesses for the sender's input side: every ported function of
 * net/ipv4/tcp_input.c's ACK processing and loss recovery, run as its kernel C in the socket
 * world of {@code nicsim/portexec/tcp-input/sock.c} (record layout: {@link TcpInputRecord};
 * states: {@link TcpInputStates}). Callees inside tcp_input.c, tcp_recovery.c and tcp_rate.c
 * come from the tree on the C side and are the ports on the Java side; what the C stubs
 * (congestion-control hooks, the transmit path, timers, the writer's wake-up) the Java side
 * records through {@link TcpInputRecord.Calls}, in the same order with the same arguments.
 */
public final class TcpInputHarnesses implements PortHarnessProvider {
  private static final String DIR = "nicsim/portexec/tcp-input/";
  static final String INPUT_C = "net/ipv4/tcp_input.c";
  static final String RECOVERY_C = "net/ipv4/tcp_recovery.c";
  static final String OUTPUT_C = "net/ipv4/tcp_output.c";
  static final String RATE_C = "net/ipv4/tcp_rate.c";
  static final String CONG_C = "net/ipv4/tcp_cong.c";
  static final String TIMER_C = "net/ipv4/tcp_timer.c";

  /** Tree files the C is taken from, after the function's own. */
  static final List<String> SOURCES = List.of(INPUT_C, RECOVERY_C, RATE_C, OUTPUT_C, CONG_C,
      TIMER_C,
      "include/net/tcp.h", "include/linux/tcp.h", "include/net/inet_connection_sock.h",
      "include/linux/win_minmax.h", "lib/win_minmax.c", "kernel/time/time.c",
      "include/linux/log2.h", "include/uapi/linux/tcp.h", "include/net/tcp_states.h",
      "include/uapi/linux/snmp.h", "include/uapi/linux/rtnetlink.h",
      "include/uapi/linux/socket.h", "include/net/sock.h", "include/net/tcp_ecn.h",
      "include/net/dropreason-core.h", "include/net/dropreason.h", "include/linux/time.h");

  /** What every harness's notes say about the domain. */
  static final String DOMAIN = "a SACK connection (RACK loss detection, net.ipv4.tcp_recovery 1)"
      + " without TCP timestamps, ECN, TLP (tcp_early_retrans 0), MTU probing, fast open, urgent"
      + " data or TX timestamps; the route offers no GSO to SACK shifting (tcp_shift_skb_data is"
      + " not ported); statistics (MIB counters, chrono, tcp_info RTO times) are not compared";

  /** The Java call on a socket built from the record; appends what the driver prints. */
  @FunctionalInterface
  interface Body {
    void run(TcpSock sk, long[] r, Out out);
  }

  private static long x(long[] r, int i) {
    return r[TcpInputRecord.X_BASE + i];
  }

  @Override
  public List<PortHarness> harnesses() {
    List<PortHarness> out = new ArrayList<>();
    for (FnBuilder f : functions()) {
      out.add(harness(f));
    }
    return out;
  }

  private static final InputField FLAG = s32("flag").withEdges(0x01, 0x04, 0x20, 0x40, 0x400,
      0x424, 0x1000, 0x2000, 0x2400, 0x10000, 0x10004);

  private static List<FnBuilder> functions() {
    List<FnBuilder> f = new ArrayList<>();
    String in = INPUT_C;
    // RTT and RTO
    f.add(fn(in, "tcp_rtt_estimator",
        List.of(range("mrtt_us", 0, 0xFFFF_FFFFL).withEdges(1, 8, 1_000_000)),
        (sk, r, o) -> TcpInput.rttEstimator(sk, x(r, 0))));
    f.add(fn(in, "tcp_set_rto", List.of(), (sk, r, o) -> TcpInput.setRto(sk)));
    f.add(fn(in, "tcp_update_rtt_min", List.of(u32("rtt_us"), FLAG),
        (sk, r, o) -> TcpInput.updateRttMin(sk, (int) x(r, 0), (int) x(r, 1))));
    f.add(fn(in, "tcp_ack_update_rtt", List.of(FLAG, rtt("seq_rtt_us"), rtt("sack_rtt_us"),
        rtt("ca_rtt_us")), (sk, r, o) -> {
          RateSample rs = new RateSample();
          o.put("ret", TcpInput.ackUpdateRtt(sk, (int) x(r, 0), x(r, 1), x(r, 2), x(r, 3), rs));
          o.put("rs.rtt_us", rs.rttUs);
        }));
    f.add(fn(in, "tcp_update_pacing_rate", List.of(),
        (sk, r, o) -> TcpInput.updatePacingRate(sk)));
    // congestion control dispatch and PRR
    f.add(fn(in, "tcp_cong_avoid", List.of(u32("ack"), u32("acked")),
        (sk, r, o) -> TcpInput.congAvoid(sk, (int) x(r, 0), (int) x(r, 1))));
    f.add(fn(in, "tcp_may_raise_cwnd", List.of(FLAG),
        (sk, r, o) -> o.put("ret", TcpInput.mayRaiseCwnd(sk, (int) x(r, 0)))));
    f.add(fn(in, "tcp_cong_control", List.of(u32("ack"), u32("acked_sacked"), FLAG,
        s32("rs.losses")), (sk, r, o) -> {
          RateSample rs = new RateSample();
          rs.losses = (int) x(r, 3);
          TcpInput.congControl(sk, (int) x(r, 0), (int) x(r, 1), (int) x(r, 2), rs);
        }));
    f.add(fn(in, "tcp_init_cwnd_reduction", List.of(),
        (sk, r, o) -> TcpInput.initCwndReduction(sk)));
    f.add(fn(in, "tcp_cwnd_reduction", List.of(s32("newly_acked_sacked").withEdges(1, 2),
        s32("newly_lost").withEdges(1), FLAG), (sk, r, o) -> TcpInput.cwndReduction(sk,
            (int) x(r, 0), (int) x(r, 1), (int) x(r, 2))));
    f.add(fn(in, "tcp_end_cwnd_reduction", List.of(),
        (sk, r, o) -> TcpInput.endCwndReduction(sk)));
    f.add(fn(in, "tcp_enter_cwr", List.of(), (sk, r, o) -> TcpInput.enterCwr(sk)));
    // send buffer
    f.add(fn(in, "tcp_sndbuf_expand", List.of(), (sk, r, o) -> TcpInput.sndbufExpand(sk)));
    f.add(fn(in, "tcp_should_expand_sndbuf", List.of(),
        (sk, r, o) -> o.put("ret", TcpInput.shouldExpandSndbuf(sk))));
    f.add(fn(in, "tcp_new_space", List.of(), (sk, r, o) -> TcpInput.newSpace(sk)));
    f.add(fn(in, "tcp_check_space", List.of(), (sk, r, o) -> TcpInput.checkSpace(sk)));
    // the window and snd_una
    f.add(fn(in, "tcp_ack_is_dubious", List.of(FLAG),
        (sk, r, o) -> o.put("ret", TcpInput.ackIsDubious(sk, (int) x(r, 0)))));
    f.add(fn(in, "tcp_may_update_window", List.of(u32("ack"), u32("ack_seq"),
        u32("nwin").withEdges(65535, 65536)), (sk, r, o) -> o.put("ret",
            TcpInput.mayUpdateWindow(sk, (int) x(r, 0), (int) x(r, 1), (int) x(r, 2))))
        .withAdmit(r -> nearUna(r, 0, 1)));
    f.add(fn(in, "tcp_snd_una_update", List.of(u32("ack")),
        (sk, r, o) -> TcpInput.sndUnaUpdate(sk, (int) x(r, 0))));
    f.add(fn(in, "tcp_ack_update_window", List.of(u32("ack"), u32("ack_seq")),
        (sk, r, o) -> o.put("ret", TcpInput.ackUpdateWindow(sk, TcpInputRecord.ack(r),
            (int) x(r, 0), (int) x(r, 1)))).withAdmit(r -> nearUna(r, 0, 1)));
    f.add(fn(OUTPUT_C, "tcp_cwnd_restart", List.of(s32("delta").withEdges(50, 51, 250, 30_000)),
        (sk, r, o) -> TcpOutput.cwndRestart(sk, (int) x(r, 0))));
    // the recovery state machine
    f.add(fn(in, "tcp_try_keep_open", List.of(), (sk, r, o) -> TcpInput.tryKeepOpen(sk)));
    f.add(fn(in, "tcp_try_to_open", List.of(FLAG),
        (sk, r, o) -> TcpInput.tryToOpen(sk, (int) x(r, 0))));
    f.add(fn(in, "tcp_enter_recovery", List.of(bool("ece_ack")),
        (sk, r, o) -> TcpInput.enterRecovery(sk, x(r, 0) != 0)));
    f.add(fn(in, "tcp_timeout_mark_lost", List.of(),
        (sk, r, o) -> TcpInput.timeoutMarkLost(sk)).strict());
    f.add(fn(in, "tcp_enter_loss", List.of(), (sk, r, o) -> TcpInput.enterLoss(sk)).strict());
    f.add(fn(in, "tcp_check_sack_reneging", List.of(FLAG), (sk, r, o) -> {
      int[] flag = {(int) x(r, 0)};
      o.put("ret", TcpInput.checkSackReneging(sk, flag));
      o.put("flag", flag[0]);
    }));
    f.add(fn(in, "tcp_time_to_recover", List.of(FLAG),
        (sk, r, o) -> o.put("ret", TcpInput.timeToRecover(sk))));
    f.add(fn(in, "tcp_packet_delayed", List.of(),
        (sk, r, o) -> o.put("ret", TcpInput.packetDelayed(sk))));
    f.add(fn(in, "tcp_any_retrans_done", List.of(),
        (sk, r, o) -> o.put("ret", TcpInput.anyRetransDone(sk))));
    f.add(fn(in, "tcp_retrans_stamp_cleanup", List.of(),
        (sk, r, o) -> TcpInput.retransStampCleanup(sk)));
    f.add(fn(in, "tcp_undo_cwnd_reduction", List.of(bool("unmark_loss")),
        (sk, r, o) -> TcpInput.undoCwndReduction(sk, x(r, 0) != 0)));
    f.add(fn(in, "tcp_try_undo_recovery", List.of(),
        (sk, r, o) -> o.put("ret", TcpInput.tryUndoRecovery(sk))));
    f.add(fn(in, "tcp_try_undo_dsack", List.of(),
        (sk, r, o) -> o.put("ret", TcpInput.tryUndoDsack(sk))));
    f.add(fn(in, "tcp_try_undo_loss", List.of(bool("frto_undo")),
        (sk, r, o) -> o.put("ret", TcpInput.tryUndoLoss(sk, x(r, 0) != 0))));
    f.add(fn(in, "tcp_try_undo_partial", List.of(u32("prior_snd_una")),
        (sk, r, o) -> o.put("ret", TcpInput.tryUndoPartial(sk, (int) x(r, 0))))
        .withAdmit(r -> nearUna(r, 0, -1)).strict());
    f.add(fn(in, "tcp_identify_packet_loss", List.of(FLAG), (sk, r, o) -> {
      int[] flag = {(int) x(r, 0)};
      TcpInput.identifyPacketLoss(sk, flag);
      o.put("flag", flag[0]);
    }).strict());
    f.add(fn(in, "tcp_process_loss", List.of(FLAG, range("num_dupack", 0, 0xFFFF),
        range("rexmit", 0, 2)), (sk, r, o) -> {
          int[] rexmit = {(int) x(r, 2)};
          TcpInput.processLoss(sk, (int) x(r, 0), (int) x(r, 1), rexmit);
          o.put("rexmit", rexmit[0]);
        }).strict());
    f.add(fn(in, "tcp_fastretrans_alert", List.of(u32("prior_snd_una"),
        range("num_dupack", 0, 0xFFFF), FLAG, range("rexmit", 0, 2)), (sk, r, o) -> {
          int[] flag = {(int) x(r, 2)};
          int[] rexmit = {(int) x(r, 3)};
          TcpInput.fastretransAlert(sk, (int) x(r, 0), (int) x(r, 1), flag, rexmit);
          o.put("flag", flag[0]);
          o.put("rexmit", rexmit[0]);
        }).withAdmit(r -> nearUna(r, 0, -1)).strict());
    f.add(fn(in, "tcp_check_sack_reordering", List.of(u32("low_seq"), bool("ts")),
        (sk, r, o) -> TcpInput.checkSackReordering(sk, (int) x(r, 0), (int) x(r, 1)))
        .withAdmit(r -> nearUna(r, 0, -1)));
    f.add(fn(in, "tcp_mark_skb_lost", List.of(range("skb slot", 0, TcpInputRecord.SKBS - 1)),
        (sk, r, o) -> {
          TcpSkb skb = TcpInputRecord.slotOf(sk, x(r, 0));
          if (skb != null) {
            TcpInput.markSkbLost(sk, skb);
          }
        }));
    f.add(fn(in, "tcp_xmit_recovery", List.of(range("rexmit", 0, 2)),
        (sk, r, o) -> TcpInput.xmitRecovery(sk, (int) x(r, 0))));
    // SACK tagging
    List<InputField> state = TcpInputRecord.stateFields();
    f.add(fn(in, "tcp_is_sackblock_valid", List.of(bool("is_dsack"), u32("start_seq"),
        u32("end_seq")), (sk, r, o) -> o.put("ret", TcpInput.isSackblockValid(sk, x(r, 0) != 0,
            (int) x(r, 1), (int) x(r, 2)))).withAdmit(r -> nearUna(nearUna(r, 1, -1), 2, -1)));
    f.add(fn(in, "tcp_dsack_seen", concat(List.of(u32("start_seq"), u32("end_seq")), state),
        (sk, r, o) -> {
          TcpInput.SacktagState st = TcpInputRecord.state(r, TcpInputRecord.X_BASE + 2);
          o.u32("ret", TcpInput.dsackSeen(sk, (int) x(r, 0), (int) x(r, 1), st));
          TcpInputRecord.putState(o, st);
        }).withAdmit(r -> nearUna(nearUna(r, 0, -1), 1, -1)));
    f.add(fn(in, "tcp_check_dsack", concat(List.of(u32("prior_snd_una"),
        range("x[1] (unused)", 0, 0)), state), (sk, r, o) -> {
          TcpInput.SacktagState st = TcpInputRecord.state(r, TcpInputRecord.X_BASE + 2);
          TcpAckSeg a = TcpInputRecord.ack(r);
          o.put("ret", TcpInput.checkDsack(sk, a, a.numSacks, (int) x(r, 0), st));
          TcpInputRecord.putState(o, st);
        }).withAdmit(r -> nearUna(r, 0, -1)));
    f.add(fn(in, "tcp_match_skb_to_sack", List.of(range("skb slot", 0, TcpInputRecord.SKBS - 1),
        u32("start_seq"), u32("end_seq")), (sk, r, o) -> {
          TcpSkb skb = TcpInputRecord.slotOf(sk, x(r, 0));
          if (skb != null) {
            o.put("ret", TcpInput.matchSkbToSack(sk, skb, (int) x(r, 1), (int) x(r, 2)));
          }
        }).withAdmit(r -> nearUna(nearUna(r, 1, -1), 2, -1)).strict());
    f.add(fn(in, "tcp_sacktag_one", concat(List.of(range("skb slot", 0,
        TcpInputRecord.SKBS - 1), bool("dup_sack")), state), (sk, r, o) -> {
          TcpInput.SacktagState st = TcpInputRecord.state(r, TcpInputRecord.X_BASE + 2);
          TcpSkb skb = TcpInputRecord.slotOf(sk, x(r, 0));
          if (skb != null) {
            o.put("ret", TcpInput.sacktagOne(sk, st, skb.sacked, skb.seq, skb.endSeq,
                x(r, 1) != 0, skb.pcount, skb.len, skb.timestampUs()) & 0xFF);
          }
          TcpInputRecord.putState(o, st);
        }).strict());
    f.add(fn(in, "tcp_sacktag_walk", concat(List.of(range("skb slot", -1,
        TcpInputRecord.SKBS - 1), u32("start_seq"), u32("end_seq"), bool("dup_sack_in"),
        u32("next_dup.start_seq"), u32("next_dup.end_seq")), state), (sk, r, o) -> {
          TcpInput.SacktagState st = TcpInputRecord.state(r, TcpInputRecord.X_BASE + 6);
          boolean dup = x(r, 3) != 0;
          TcpSkb skb = TcpInput.sacktagWalk(TcpInputRecord.slotOf(sk, x(r, 0)), sk,
              dup ? new int[] {(int) x(r, 4), (int) x(r, 5)} : null, st, (int) x(r, 1),
              (int) x(r, 2), dup);
          o.put("ret", skb == null ? -1 : Seq.u32(skb.seq));
          TcpInputRecord.putState(o, st);
        }).withAdmit(r -> nearUna(nearUna(nearUna(nearUna(r, 1, -1), 2, -1), 4, -1), 5, -1))
        .strict());
    f.add(fn(in, "tcp_sacktag_write_queue", concat(List.of(u32("prior_snd_una"),
        range("x[1] (unused)", 0, 0)), state), (sk, r, o) -> {
          TcpInput.SacktagState st = TcpInputRecord.state(r, TcpInputRecord.X_BASE + 2);
          o.put("ret", TcpInput.sacktagWriteQueue(sk, TcpInputRecord.ack(r), (int) x(r, 0), st));
          TcpInputRecord.putState(o, st);
        }).withAdmit(r -> nearUna(r, 0, -1)).strict());
    // ACK processing
    f.add(fn(in, "tcp_tso_acked", List.of(range("skb slot", 0, TcpInputRecord.SKBS - 1)),
        (sk, r, o) -> {
          TcpSkb skb = TcpInputRecord.slotOf(sk, x(r, 0));
          if (skb != null) {
            o.u32("ret", TcpInput.tsoAcked(sk, skb));
          }
        }).withAdmit(TcpInputHarnesses::partlyAcked).strict());
    f.add(fn(in, "tcp_clean_rtx_queue", concat(List.of(u32("prior_fack"),
        u32("prior_snd_una")), state), (sk, r, o) -> {
          TcpInput.SacktagState st = TcpInputRecord.state(r, TcpInputRecord.X_BASE + 2);
          o.put("ret", TcpInput.cleanRtxQueue(sk, (int) x(r, 0), (int) x(r, 1), st, false));
          TcpInputRecord.putState(o, st);
        }).withAdmit(r -> ackedUpTo(nearUna(r, 0, -1))).strict());
    f.add(fn(in, "tcp_ack_probe", List.of(), (sk, r, o) -> TcpInput.ackProbe(sk)));
    f.add(fn(in, "tcp_ack", List.of(), (sk, r, o) -> {
      int ret = TcpInput.ack(sk, TcpInputRecord.ack(r), (int) r[TcpInputRecord.a("flag")]);
      o.put("ret", ret);
    }).withAdmit(TcpInputHarnesses::ackDomain).strict().withNotes(ACK_NOTES));
    // RACK
    String rec = RECOVERY_C;
    f.add(fn(rec, "tcp_rack_reo_wnd", List.of(),
        (sk, r, o) -> o.u32("ret", TcpRecovery.rackReoWnd(sk))));
    f.add(fn(rec, "tcp_rack_skb_timeout", List.of(range("skb slot", 0,
        TcpInputRecord.SKBS - 1), u32("reo_wnd")), (sk, r, o) -> {
          TcpSkb skb = TcpInputRecord.slotOf(sk, x(r, 0));
          if (skb != null) {
            o.put("ret", TcpRecovery.rackSkbTimeout(sk, skb, (int) x(r, 1)));
          }
        }));
    f.add(fn(rec, "tcp_rack_detect_loss", List.of(),
        (sk, r, o) -> o.u32("reo_timeout", TcpRecovery.rackDetectLoss(sk))).strict());
    f.add(fn(rec, "tcp_rack_mark_lost", List.of(),
        (sk, r, o) -> o.put("ret", TcpRecovery.rackMarkLost(sk))).strict());
    f.add(fn(rec, "tcp_rack_advance", List.of(InputField.u8("sacked").withEdges(0x80, 0x82),
        u32("end_seq"), InputField.u64("xmit_time")), (sk, r, o) -> TcpRecovery.rackAdvance(sk,
            (int) x(r, 0), (int) x(r, 1), x(r, 2))).withAdmit(TcpInputHarnesses::recentXmit));
    f.add(fn(rec, "tcp_rack_reo_timeout", List.of(),
        (sk, r, o) -> TcpRecovery.rackReoTimeout(sk)).strict());
    f.add(fn(rec, "tcp_rack_update_reo_wnd", List.of(u32("rs.prior_delivered")), (sk, r, o) -> {
      RateSample rs = new RateSample();
      rs.priorDelivered = (int) x(r, 0);
      TcpRecovery.rackUpdateReoWnd(sk, rs);
    }));
    // the retransmit timer
    f.add(fn(in, "tcp_rearm_rto", List.of(), (sk, r, o) -> TcpTimer.rearmRto(sk)).strict());
    f.add(fn(TIMER_C, "tcp_write_timer_handler", List.of(),
        (sk, r, o) -> TcpTimer.writeTimerHandler(sk)).strict()
        .withAdmit(TcpInputHarnesses::timerDomain).withNotes(TIMER_NOTES));
    f.add(fn(TIMER_C, "tcp_retransmit_timer", List.of(),
        (sk, r, o) -> TcpTimer.retransmitTimer(sk)).strict()
        .withAdmit(TcpInputHarnesses::timerDomain).withNotes(TIMER_NOTES));
    return f;
  }

  static final String TIMER_NOTES = "the model arms neither the loss probe nor the zero-window"
      + " probe (icsk_pending is 0, ICSK_TIME_RETRANS or ICSK_TIME_REO_TIMEOUT) and its peer"
      + " never closes the window (snd_wnd > 0); tcp_write_timeout is a recording stub";

  /** The timers the model arms, and an open peer window (see {@link #TIMER_NOTES}). */
  private static long[] timerDomain(long[] r) {
    int pending = TcpInputRecord.s("icsk_pending");
    long[] armed = {0, TcpSock.ICSK_TIME_RETRANS, TcpSock.ICSK_TIME_REO_TIMEOUT};
    r[pending] = armed[(int) (r[pending] % 3)];
    int wnd = TcpInputRecord.s("snd_wnd");
    if (r[wnd] == 0) {
      r[wnd] = 1;
    }
    return r;
  }

  /** tcp_rack_advance's transmit time near tcp_mstamp in three records of four. */
  private static long[] recentXmit(long[] r) {
    int t = TcpInputRecord.X_BASE + 2;
    if ((r[t] & 3) != 3) {
      r[t] = r[TcpInputRecord.TCP_MSTAMP] - Long.remainderUnsigned(r[t] >>> 2, 1 << 20);
    }
    return r;
  }

  static final String ACK_NOTES = "the ACK's flags are FLAG_SLOWPATH, FLAG_UPDATE_TS_RECENT"
      + " and FLAG_NO_CHALLENGE_ACK only (what tcp_rcv_established passes); tlp_high_seq 0 (no"
      + " loss probe outstanding)";

  /** tcp_ack's domain: see {@link #ACK_NOTES}. */
  private static long[] ackDomain(long[] r) {
    r[TcpInputRecord.s("tlp_high_seq")] = 0;
    int flag = TcpInputRecord.a("flag");
    r[flag] &= TcpInput.FLAG_SLOWPATH | TcpInput.FLAG_UPDATE_TS_RECENT
        | TcpInput.FLAG_NO_CHALLENGE_ACK;
    return r;
  }

  /**
   * tcp_tso_acked's precondition (tcp_clean_rtx_queue calls it for a multi-segment skb that
   * snd_una splits): snd_una inside the chosen skb, past its start.
   */
  private static long[] partlyAcked(long[] r) {
    int slot = (int) r[TcpInputRecord.X_BASE];
    if (slot >= r[TcpInputRecord.RTX_COUNT]) {
      return r;
    }
    long seq = r[TcpInputRecord.k(slot, "seq")];
    long len = ((r[TcpInputRecord.k(slot, "end_seq")] - seq) & 0xFFFF_FFFFL);
    if (len > 1) {
      r[TcpInputRecord.SND_UNA] = (seq + 1 + Long.remainderUnsigned(r[TcpInputRecord.SND_UNA],
          len - 1)) & 0xFFFF_FFFFL;
    }
    return r;
  }

  /**
   * tcp_clean_rtx_queue runs after tcp_ack has moved snd_una up to the ACK: in three records of
   * four prior_snd_una is the queue's snd_una and snd_una the ACK's ack_seq (an skb edge or MSS
   * step of the queue).
   */
  private static long[] ackedUpTo(long[] r) {
    int prior = TcpInputRecord.X_BASE + 1;
    if ((r[prior] & 3) != 3) {
      r[prior] = r[TcpInputRecord.SND_UNA];
      r[TcpInputRecord.SND_UNA] = r[TcpInputRecord.a("ack_seq")];
    }
    return r;
  }

  private static List<InputField> concat(List<InputField> a, List<InputField> b) {
    List<InputField> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }

  private static InputField rtt(String name) {
    return range(name, -1, 0xFFFF_FFFFL).withEdges(0, 1, 4000);
  }

  /**
   * Argument {@code i} a sequence number near snd_una in three records of four (from snd_una -
   * 2 up to snd_nxt + 2); {@code j} (when not negative) likewise near snd_wl1.
   */
  private static long[] nearUna(long[] r, int i, int j) {
    int xi = TcpInputRecord.X_BASE + i;
    if ((r[xi] & 3) != 3) {
      long span = ((r[TcpInputRecord.SND_NXT] - r[TcpInputRecord.SND_UNA]) & 0xFFFF_FFFFL) + 5;
      r[xi] = (r[TcpInputRecord.SND_UNA] - 2 + Long.remainderUnsigned(r[xi] >>> 2, span))
          & 0xFFFF_FFFFL;
    }
    if (j >= 0) {
      int xj = TcpInputRecord.X_BASE + j;
      if ((r[xj] & 3) != 3) {
        r[xj] = (r[TcpInputRecord.s("snd_wl1")] - 1 + (r[xj] >>> 2) % 3) & 0xFFFF_FFFFL;
      }
    }
    return r;
  }

  private static FnBuilder fn(String file, String name, List<InputField> args, Body body) {
    return new FnBuilder(file, name, args, body);
  }

  /** One ported function: file, name, arguments, Java body; raw counters unless strict. */
  private static final class FnBuilder {
    final String file;
    final String name;
    final List<InputField> args;
    final Body body;
    boolean raw = true;
    UnaryOperator<long[]> admit = UnaryOperator.identity();
    String notes = "";

    FnBuilder(String file, String name, List<InputField> args, Body body) {
      this.file = file;
      this.name = name;
      this.args = args;
      this.body = body;
    }

    /** Counters always summed from the queue (the function walks the queue beside them). */
    FnBuilder strict() {
      raw = false;
      return this;
    }

    FnBuilder withAdmit(UnaryOperator<long[]> more) {
      admit = more;
      return this;
    }

    FnBuilder withNotes(String more) {
      notes = more;
      return this;
    }
  }

  /** The chosen body of sender.c, put into its nicsim_run. */
  static String program(String function) {
    String world = PortHarness.resource(TcpInputHarnesses.class, DIR + "sock.c");
    String drivers = PortHarness.resource(TcpInputHarnesses.class, DIR + "sender.c");
    Map<String, String> bodies = new LinkedHashMap<>();
    StringBuilder head = new StringBuilder();
    String current = null;
    StringBuilder b = new StringBuilder();
    for (String line : drivers.split("\n", -1)) {
      if (line.startsWith("//= ")) {
        if (current != null) {
          bodies.put(current, b.toString());
        }
        current = line.substring(4).strip();
        b.setLength(0);
        continue;
      }
      (current == null ? head : b).append(line).append('\n');
    }
    if (current != null) {
      bodies.put(current, b.toString());
    }
    String body = bodies.get(function);
    if (body == null) {
      throw new IllegalStateException("sender.c has no body for " + function);
    }
    return world + "\n" + head.toString().replace("NICSIM_BODY", "{\n" + body + "  }");
  }

  private static PortHarness harness(FnBuilder f) {
    List<String> sources = new ArrayList<>();
    sources.add(f.file);
    for (String s : SOURCES) {
      if (!sources.contains(s)) {
        sources.add(s);
      }
    }
    sources.addAll(KernelHeaders.ARITHMETIC);
    boolean raw = f.raw;
    UnaryOperator<long[]> extra = f.admit;
    Body body = f.body;
    return PortHarness.of(f.file, f.name)
        .sources(sources)
        .program(program(f.name))
        .inputs(TcpInputRecord.fields(f.args))
        .admit(r -> extra.apply(TcpInputStates.coherent(r, raw)))
        .notes(DOMAIN + (f.notes.isEmpty() ? "" : "; " + f.notes))
        .java(kernel -> {
          KernelVersion v = version(kernel);
          PatchSet patches = TcpPatches.CATALOG.forKernel(v);
          boolean congControlAckFlag = !v.mainline().before(KernelVersion.of(6, 10));
          return (JavaPort) r -> {
            TcpInputRecord.Calls calls = new TcpInputRecord.Calls(congControlAckFlag);
            TcpSock sk = TcpInputRecord.sock(patches, calls, r);
            try {
              body.run(sk, r, calls.out);
            } catch (TcpInputRecord.Stop stop) {
              return calls.out.toString(); // in the loop: stopped, the socket printed
            }
            return TcpInputRecord.put(calls.out, sk).toString();
          };
        })
        .build();
  }

  private static KernelVersion version(String kernel) {
    try {
      return KernelVersion.parse(kernel);
    } catch (BadInputException e) {
      throw new NotRunnable(e.getMessage());
    }
  }
}
