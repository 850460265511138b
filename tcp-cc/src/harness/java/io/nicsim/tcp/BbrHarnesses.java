package io.nicsim.tcp;

import static io.nicsim.core.port.exec.InputField.bool;
import static io.nicsim.core.port.exec.InputField.range;
import static io.nicsim.core.port.exec.InputField.s32;
import static io.nicsim.core.port.exec.InputField.s64;
import static io.nicsim.core.port.exec.InputField.u16;
import static io.nicsim.core.port.exec.InputField.u32;
import static io.nicsim.core.port.exec.InputField.u64;
import static io.nicsim.core.port.exec.InputField.u8;
import static io.nicsim.tcp.RecordShape.u32;

import io.nicsim.core.era.PatchSet;
import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.JavaPort;
import io.nicsim.core.port.exec.Out;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code port-check --execute} harnesses for every function of net/ipv4/tcp_bbr.c, {@code bbr_main}
 * whole: the socket, BBR's private state ({@code struct bbr} in icsk_ca_priv, every bitfield) and
 * the rate sample come from the record, the function runs as the tree's C beside {@link Bbr},
 * and the record printed after it holds the return value, the calls below BBR (the random
 * PROBE_BW phase, a WARN), all of {@code struct bbr} and the socket fields BBR writes. The C
 * driver and the record layout: {@code src/main/resources/nicsim/portexec/tcp/bbr.c}.
 */
public final class BbrHarnesses implements PortHarnessProvider {
  private static final String BBR_C = "net/ipv4/tcp_bbr.c";

  /** The functions, in the C driver's NICSIM_KIND order. */
  static final List<String> FUNCTIONS = List.of(
      "bbr_bdp", "bbr_quantization_budget", "bbr_inflight", "bbr_rate_bytes_per_sec",
      "bbr_bw_to_pacing_rate", "bbr_tso_segs_goal", "bbr_min_tso_segs", "bbr_full_bw_reached",
      "bbr_max_bw", "bbr_bw", "bbr_extra_acked", "bbr_init_pacing_rate_from_rtt",
      "bbr_set_pacing_rate", "bbr_save_cwnd", "bbr_cwnd_event", "bbr_packets_in_net_at_edt",
      "bbr_ack_aggregation_cwnd", "bbr_set_cwnd_to_recover_or_restore", "bbr_set_cwnd",
      "bbr_is_next_cycle_phase", "bbr_advance_cycle_phase", "bbr_update_cycle_phase",
      "bbr_reset_startup_mode", "bbr_reset_probe_bw_mode", "bbr_reset_mode",
      "bbr_reset_lt_bw_sampling_interval", "bbr_reset_lt_bw_sampling", "bbr_lt_bw_interval_done",
      "bbr_lt_bw_sampling", "bbr_update_bw", "bbr_update_ack_aggregation",
      "bbr_check_full_bw_reached", "bbr_check_drain", "bbr_check_probe_rtt_done",
      "bbr_update_min_rtt", "bbr_update_gains", "bbr_update_model", "bbr_main", "bbr_init",
      "bbr_sndbuf_expand", "bbr_undo_cwnd", "bbr_ssthresh", "bbr_set_state");

  /**
   * {@code struct bbr}, field by field in declaration order. mode and prev_ca_state hold enum
   * values (bbr_mode, tcp_ca_state) in 3-bit fields: the record keeps to the enums, the only
   * values BBR ever stores there (a mode past PROBE_RTT is bbr_update_gains' WARN, unreachable).
   */
  static final List<InputField> BBR_FIELDS = List.of(
      u32("bbr.min_rtt_us").withEdges(0xFFFF_FFFFL, 0xFFFF_FFFEL, 23_000),
      u32("bbr.min_rtt_stamp"), u32("bbr.probe_rtt_done_stamp"),
      u32("bbr.bw.s[0].t"), u32("bbr.bw.s[0].v").withEdges(1 << 24),
      u32("bbr.bw.s[1].t"), u32("bbr.bw.s[1].v"), u32("bbr.bw.s[2].t"), u32("bbr.bw.s[2].v"),
      u32("bbr.rtt_cnt"), u32("bbr.next_rtt_delivered"), u64("bbr.cycle_mstamp"),
      range("bbr.mode", 0, 3), range("bbr.prev_ca_state", 0, 4),
      bool("bbr.packet_conservation"), bool("bbr.round_start"), bool("bbr.idle_restart"),
      bool("bbr.probe_rtt_round_done"), bool("bbr.lt_is_sampling"),
      range("bbr.lt_rtt_cnt", 0, 127).withEdges(3, 4, 5, 15, 16, 17, 46, 47, 48),
      bool("bbr.lt_use_bw"), u32("bbr.lt_bw").withEdges(1 << 24),
      u32("bbr.lt_last_delivered"), u32("bbr.lt_last_stamp"), u32("bbr.lt_last_lost"),
      range("bbr.pacing_gain", 0, 1023).withEdges(255, 256, 257, Bbr.BBR_HIGH_GAIN,
          Bbr.BBR_DRAIN_GAIN, 320, 192),
      range("bbr.cwnd_gain", 0, 1023).withEdges(256, 512, Bbr.BBR_HIGH_GAIN),
      bool("bbr.full_bw_reached"), range("bbr.full_bw_cnt", 0, 3), range("bbr.cycle_idx", 0, 7),
      bool("bbr.has_seen_rtt"), u32("bbr.prior_cwnd"), u32("bbr.full_bw"),
      u64("bbr.ack_epoch_mstamp"), u16("bbr.extra_acked[0]"), u16("bbr.extra_acked[1]"),
      range("bbr.ack_epoch_acked", 0, 0xFFFFF).withEdges(1 << 19),
      range("bbr.extra_acked_win_rtts", 0, 31).withEdges(4, 5, 6),
      bool("bbr.extra_acked_win_idx"));

  /** The {@code struct rate_sample} fields BBR reads. */
  static final List<InputField> RS_FIELDS = List.of(
      u32("rs.prior_delivered"), s32("rs.delivered").withEdges(-1),
      s64("rs.interval_us").withEdges(-1), s64("rs.rtt_us").withEdges(-1, 23_000),
      s32("rs.losses").withEdges(-1), u32("rs.acked_sacked"), u32("rs.prior_in_flight"),
      bool("rs.is_app_limited"), bool("rs.is_ack_delayed"));

  /**
   * Arguments and stub answers, named as the function's parameters are (the generator maps the
   * C's comparisons to fields by name): the third is bbr_quantization_budget's cwnd,
   * bbr_packets_in_net_at_edt's inflight_now, bbr_set_cwnd's acked; the fifth bbr_cwnd_event's
   * event or bbr_set_state's new_state. get_random_u32_below(7)'s answer is below 7; the shape
   * only steers {@link #admit}.
   */
  static List<InputField> argFields(int kind) {
    String third = switch (kind) {
      case 15 -> "inflight_now";
      case 17, 18 -> "acked";
      default -> "cwnd";
    };
    return List.of(
        u32("bw").withEdges(1 << 24),
        s32("gain").withEdges(256, Bbr.BBR_HIGH_GAIN, 512, 192, 320, Bbr.BBR_DRAIN_GAIN, 2886),
        u32(third).withEdges(3, 4, 5, 10), u64("rate"),
        u8(kind == 42 ? "new_state" : "event").withEdges(3, 4, 5),
        range("get_random_u32_below answer", 0, 6), u32("shape"));
  }

  /* record offsets */
  static final int CC = TcpHarnesses.SOCK_FIELDS.size();
  static final int B = CC + TcpHarnesses.CC_SOCK_FIELDS.size();
  static final int R = B + BBR_FIELDS.size();
  static final int A = R + RS_FIELDS.size();
  private static final int SHAPE = A + argFields(0).size() - 1;

  /** The record of one function: socket, struct bbr, rate sample, its arguments. */
  static List<InputField> fields(int kind) {
    List<InputField> f = new ArrayList<>(TcpHarnesses.SOCK_FIELDS);
    f.addAll(TcpHarnesses.CC_SOCK_FIELDS);
    f.addAll(BBR_FIELDS);
    f.addAll(RS_FIELDS);
    f.addAll(argFields(kind));
    return List.copyOf(f);
  }

  @Override
  public List<PortHarness> harnesses() {
    List<PortHarness> out = new ArrayList<>();
    for (int k = 0; k < FUNCTIONS.size(); k++) {
      out.add(harness(FUNCTIONS.get(k), k));
    }
    return out;
  }

  private static PortHarness harness(String function, int kind) {
    List<String> sources = new ArrayList<>(TcpHarnesses.ccSources(BBR_C));
    sources.add("lib/win_minmax.c");
    return PortHarness.of(BBR_C, function).sources(sources)
        .program(TcpHarnesses.program("bbr.c", "#define NICSIM_KIND " + kind))
        .inputs(fields(kind))
        .admit(BbrHarnesses::admit)
        .notes("mss_cache at least 1 (tcp_sync_mss never sets 0); bbr.mode, prev_ca_state and"
            + " icsk_ca_state hold their enums' values; the record's shape ties some fields to"
            + " the ones they are compared with (stamps next to their windows, counts next to"
            + " their thresholds) and keeps half the records at a running flow's magnitudes")
        .java(kernel -> java(kernel, kind))
        .build();
  }

  private static JavaPort java(String kernel, int kind) {
    PatchSet patches = TcpHarnesses.patches(kernel);
    TcpHarnesses.Clock clock = new TcpHarnesses.Clock();
    return r -> {
      Bbr bbr = new Bbr();
      TcpSock sk = TcpHarnesses.sock(patches, new TcpSysctl(), bbr, clock, r);
      TcpHarnesses.setCcSock(sk, r, CC);
      setBbr(bbr, r, B);
      RateSample rs = rateSample(r, R);
      int bw = (int) r[A];
      int gain = (int) r[A + 1];
      int cwnd = (int) r[A + 2];
      long rate = r[A + 3];
      int event = (int) r[A + 4];
      Out out = new Out();
      clock.calls = out;
      clock.randomAnswer = (int) r[A + 5];
      switch (kind) {
        case 0 -> out.u32("ret", bbr.bdp(sk, bw, gain));
        case 1 -> out.u32("ret", bbr.quantizationBudget(sk, cwnd));
        case 2 -> out.u32("ret", bbr.inflight(sk, bw, gain));
        case 3 -> out.u("ret", Bbr.rateBytesPerSec(sk, rate, gain));
        case 4 -> out.u("ret", Bbr.bwToPacingRate(sk, bw, gain));
        case 5 -> out.u32("ret", bbr.tsoSegsGoal(sk));
        case 6 -> out.u32("ret", bbr.minTsoSegs(sk));
        case 7 -> out.put("ret", bbr.fullBwReached());
        case 8 -> out.u32("ret", bbr.maxBw());
        case 9 -> out.u32("ret", bbr.bbrBw());
        case 10 -> out.u32("ret", bbr.extraAcked());
        case 11 -> bbr.initPacingRateFromRtt(sk);
        case 12 -> bbr.setPacingRate(sk, bw, gain);
        case 13 -> bbr.saveCwnd(sk);
        case 14 -> bbr.cwndEvent(sk, event);
        case 15 -> out.u32("ret", bbr.packetsInNetAtEdt(sk, cwnd));
        case 16 -> out.u32("ret", bbr.ackAggregationCwnd(sk));
        case 17 -> {
          int[] newCwnd = {0xdeadbeef};
          out.put("ret", bbr.setCwndToRecoverOrRestore(sk, rs, cwnd, newCwnd));
          out.u32("new_cwnd", newCwnd[0]);
        }
        case 18 -> bbr.setCwnd(sk, rs, cwnd, bw, gain);
        case 19 -> out.put("ret", bbr.isNextCyclePhase(sk, rs));
        case 20 -> bbr.advanceCyclePhase(sk);
        case 21 -> bbr.updateCyclePhase(sk, rs);
        case 22 -> bbr.resetStartupMode();
        case 23 -> bbr.resetProbeBwMode(sk);
        case 24 -> bbr.resetMode(sk);
        case 25 -> bbr.resetLtBwSamplingInterval(sk);
        case 26 -> bbr.resetLtBwSampling(sk);
        case 27 -> bbr.ltBwIntervalDone(sk, bw);
        case 28 -> bbr.ltBwSampling(sk, rs);
        case 29 -> bbr.updateBw(sk, rs);
        case 30 -> bbr.updateAckAggregation(sk, rs);
        case 31 -> bbr.checkFullBwReached(sk, rs);
        case 32 -> bbr.checkDrain(sk, rs);
        case 33 -> bbr.checkProbeRttDone(sk);
        case 34 -> bbr.updateMinRtt(sk, rs);
        case 35 -> bbr.updateGains();
        case 36 -> bbr.updateModel(sk, rs);
        case 37 -> bbr.congControl(sk, 0, 0, rs);
        case 38 -> bbr.init(sk);
        case 39 -> out.u32("ret", bbr.sndbufExpand(sk));
        case 40 -> out.u32("ret", bbr.undoCwnd(sk));
        case 41 -> out.u32("ret", bbr.ssthresh(sk));
        default -> bbr.setState(sk, event & 0xFF); // u8 new_state
      }
      putBbr(out, bbr);
      return TcpHarnesses.putCcSock(out, sk).toString();
    };
  }

  /** The record's {@code struct bbr} into {@code b} (bbr.c's nicsim_bbr_set). */
  static void setBbr(Bbr b, long[] r, int at) {
    b.minRttUs = (int) r[at];
    b.minRttStamp = (int) r[at + 1];
    b.probeRttDoneStamp = (int) r[at + 2];
    for (int i = 0; i < 3; i++) {
      b.bw.set(i, (int) r[at + 3 + 2 * i], (int) r[at + 4 + 2 * i]);
    }
    b.rttCnt = (int) r[at + 9];
    b.nextRttDelivered = (int) r[at + 10];
    b.cycleMstamp = r[at + 11];
    b.mode = (int) r[at + 12];
    b.prevCaState = (int) r[at + 13];
    b.packetConservation = r[at + 14] != 0;
    b.roundStart = r[at + 15] != 0;
    b.idleRestart = r[at + 16] != 0;
    b.probeRttRoundDone = r[at + 17] != 0;
    b.ltIsSampling = r[at + 18] != 0;
    b.ltRttCnt = (int) r[at + 19];
    b.ltUseBw = r[at + 20] != 0;
    b.ltBw = (int) r[at + 21];
    b.ltLastDelivered = (int) r[at + 22];
    b.ltLastStamp = (int) r[at + 23];
    b.ltLastLost = (int) r[at + 24];
    b.pacingGain = (int) r[at + 25];
    b.cwndGain = (int) r[at + 26];
    b.fullBwReached = r[at + 27] != 0;
    b.fullBwCnt = (int) r[at + 28];
    b.cycleIdx = (int) r[at + 29];
    b.hasSeenRtt = r[at + 30] != 0;
    b.priorCwnd = (int) r[at + 31];
    b.fullBw = (int) r[at + 32];
    b.ackEpochMstamp = r[at + 33];
    b.extraAcked[0] = (int) r[at + 34];
    b.extraAcked[1] = (int) r[at + 35];
    b.ackEpochAcked = (int) r[at + 36];
    b.extraAckedWinRtts = (int) r[at + 37];
    b.extraAckedWinIdx = r[at + 38] != 0 ? 1 : 0;
  }

  /** {@code struct bbr} as bbr.c's nicsim_bbr_put prints it. */
  static Out putBbr(Out o, Bbr b) {
    o.u32("min_rtt_us", b.minRttUs).u32("min_rtt_stamp", b.minRttStamp)
        .u32("probe_rtt_done_stamp", b.probeRttDoneStamp);
    for (int i = 0; i < 3; i++) {
      o.u32("bw.s[" + i + "].t", b.bw.t(i)).u32("bw.s[" + i + "].v", b.bw.v(i));
    }
    return o.u32("rtt_cnt", b.rttCnt).u32("next_rtt_delivered", b.nextRttDelivered)
        .u("cycle_mstamp", b.cycleMstamp).put("mode", b.mode)
        .put("prev_ca_state", b.prevCaState).put("packet_conservation", b.packetConservation)
        .put("round_start", b.roundStart).put("idle_restart", b.idleRestart)
        .put("probe_rtt_round_done", b.probeRttRoundDone)
        .put("lt_is_sampling", b.ltIsSampling).put("lt_rtt_cnt", b.ltRttCnt)
        .put("lt_use_bw", b.ltUseBw).u32("lt_bw", b.ltBw)
        .u32("lt_last_delivered", b.ltLastDelivered).u32("lt_last_stamp", b.ltLastStamp)
        .u32("lt_last_lost", b.ltLastLost).put("pacing_gain", b.pacingGain)
        .put("cwnd_gain", b.cwndGain).put("full_bw_reached", b.fullBwReached)
        .put("full_bw_cnt", b.fullBwCnt).put("cycle_idx", b.cycleIdx)
        .put("has_seen_rtt", b.hasSeenRtt).u32("prior_cwnd", b.priorCwnd)
        .u32("full_bw", b.fullBw).u("ack_epoch_mstamp", b.ackEpochMstamp)
        .put("extra_acked[0]", b.extraAcked[0]).put("extra_acked[1]", b.extraAcked[1])
        .put("ack_epoch_acked", b.ackEpochAcked)
        .put("extra_acked_win_rtts", b.extraAckedWinRtts)
        .put("extra_acked_win_idx", b.extraAckedWinIdx);
  }

  /** The record's rate sample (bbr.c's nicsim_rs_set: the fields BBR does not read are 0). */
  static RateSample rateSample(long[] r, int at) {
    RateSample rs = new RateSample();
    rs.priorDelivered = (int) r[at];
    rs.delivered = (int) r[at + 1];
    rs.intervalUs = r[at + 2];
    rs.rttUs = r[at + 3];
    rs.losses = (int) r[at + 4];
    rs.ackedSacked = (int) r[at + 5];
    rs.priorInFlight = (int) r[at + 6];
    rs.isAppLimited = r[at + 7] != 0;
    rs.isAckDelayed = r[at + 8] != 0;
    return rs;
  }

  /* socket offsets (TcpHarnesses.SOCK_FIELDS) */
  private static final int PACING_RATE = 0;
  private static final int MAX_PACING_RATE = 1;
  private static final int MSS = 11;
  private static final int CWND = 12;
  private static final int PACKETS_OUT = 14;
  private static final int SACKED_OUT = 15;
  private static final int LOST_OUT = 16;
  private static final int RETRANS_OUT = 17;
  private static final int DELIVERED = 18;
  private static final int DELIVERED_MSTAMP = 21;
  private static final int TCP_MSTAMP = 25;
  private static final int JIFFIES = 27;
  private static final int CWND_CLAMP = 29;

  /**
   * The domain (mss_cache is never 0) and the shape's ties. Each tie puts a field next to the
   * value the C compares it with, so both outcomes and the equal case come up: the min-RTT
   * filter's expiry, the PROBE_RTT end, the gain cycle's full length, the EDT interval, the LT
   * sampler's interval, loss ratio and consistency tests, the round start, the full-bw
   * threshold, the ACK-aggregation epoch, a flight of about 4 packets, TCP_INIT_CWND delivered,
   * a pacing rate at the computed one. Half the records also keep every quantity at a running
   * flow's magnitude (bw under 2^26, RTTs under 2^20 us, windows under 2^14), where cwnd and its
   * targets, inflight and the BDP meet.
   */
  static long[] admit(long[] r) {
    RecordShape s = new RecordShape(r[SHAPE]);
    if (r[MSS] == 0) {
      r[MSS] = 1;
    }
    if (s.coin()) {
      realisticMagnitudes(r, s);
    }
    long jiffies = r[JIFFIES];
    int hz = 250; // the harness C's HZ (common.c)
    if (s.coin()) { // bbr_update_min_rtt: after(jiffies, min_rtt_stamp + 10 * HZ)
      r[B + 1] = u32(jiffies - Bbr.BBR_MIN_RTT_WIN_SEC * hz + s.offset(2));
    }
    if (s.coin()) { // bbr_check_probe_rtt_done: stamp set and after(jiffies, stamp)
      r[B + 2] = s.oneIn(3) ? 0 : u32(jiffies + s.offset(2));
    }
    if (s.coin()) { // bbr_is_next_cycle_phase: delta(delivered_mstamp, cycle_mstamp) > min_rtt
      r[B + 11] = r[DELIVERED_MSTAMP] - (r[B] + s.offset(2));
    }
    if (s.coin()) { // bbr_packets_in_net_at_edt: EDT up to ~67 ms ahead of (or behind) now
      long d = s.bits(26);
      r[CC + 3] = s.oneIn(4) ? r[CC + 2] - d : r[CC + 2] + d;
    }
    if (s.coin()) { // bbr_update_bw: a round starts when prior_delivered reaches next_rtt
      r[R] = u32(r[B + 10] + s.offset(1));
    }
    if (s.coin()) { // bbr_check_full_bw_reached: max_bw against full_bw * 5/4
      r[B + 4] = u32(((r[B + 32] * Bbr.BBR_FULL_BW_THRESH) >>> Bbr.BBR_SCALE) + s.offset(1));
    }
    if (s.coin()) { // bbr_update_min_rtt: a sample at the current min_rtt
      r[R + 3] = u32(r[B]) + s.offset(1);
    }
    if (s.coin()) {
      ltSampler(r, s);
    }
    if (s.coin()) {
      ackEpoch(r, s);
    }
    if (s.oneIn(3)) { // bbr_update_min_rtt and bbr_set_cwnd: about bbr_cwnd_min_target in flight
      r[PACKETS_OUT] = 4 + s.offset(1);
      r[SACKED_OUT] = 0;
      r[LOST_OUT] = 0;
      r[RETRANS_OUT] = 0;
    }
    if (s.oneIn(4)) { // bbr_set_cwnd: tp->delivered < TCP_INIT_CWND
      r[DELIVERED] = 10 + s.offset(1);
    } else if (s.oneIn(8)) { // bbr_update_min_rtt: delivered + packets in flight wraps to 0
      long inFlight = r[PACKETS_OUT] - (r[SACKED_OUT] + r[LOST_OUT]) + r[RETRANS_OUT];
      r[DELIVERED] = u32(-inFlight);
    }
    if (s.oneIn(4)) { // bbr_set_pacing_rate: rate > sk_pacing_rate
      long rate = pacingRate(r[A], (int) r[A + 1], r[MSS], r[MAX_PACING_RATE]);
      r[PACING_RATE] = rate + s.offset(1);
    }
    return r;
  }

  /** A running flow's magnitudes: the comparisons between computed quantities go both ways. */
  private static void realisticMagnitudes(long[] r, RecordShape s) {
    for (int i = 0; i < 3; i++) {
      r[B + 4 + 2 * i] = s.bits(26); // bw.s[i].v
    }
    r[B + 21] = s.bits(26); // lt_bw
    r[B + 32] = s.bits(26); // full_bw
    r[A] = s.bits(26); // bw
    if (r[B] != 0xFFFF_FFFFL) {
      r[B] = s.bits(20); // min_rtt_us
    }
    r[MSS] = s.coin() ? 1448 : 1 + s.bits(16);
    r[CWND] = s.bits(14);
    r[CWND_CLAMP] = s.coin() ? 0x7FFF_FFFFL : s.bits(14);
    r[B + 31] = s.bits(14); // prior_cwnd
    r[A + 2] = s.bits(14); // cwnd / acked / inflight_now
    r[PACKETS_OUT] = s.bits(14);
    r[SACKED_OUT] = s.bits(8);
    r[LOST_OUT] = s.bits(8);
    r[RETRANS_OUT] = s.bits(8);
    r[PACING_RATE] = s.bits(34);
    r[MAX_PACING_RATE] = s.coin() ? -1L : s.bits(34);
    r[R + 1] = s.bits(12); // rs.delivered
    r[R + 2] = s.bits(22); // rs.interval_us
    r[R + 3] = s.bits(20); // rs.rtt_us
    r[R + 4] = s.bits(4); // rs.losses
    r[R + 5] = s.bits(8); // rs.acked_sacked
    r[R + 6] = s.bits(14); // rs.prior_in_flight
    r[B + 36] = s.bits(12); // ack_epoch_acked
  }

  /** bbr_lt_bw_sampling's interval: its length in ms, loss ratio and the consistency test. */
  private static void ltSampler(long[] r, RecordShape s) {
    long nowMs = u32(Long.divideUnsigned(r[DELIVERED_MSTAMP], 1000));
    long t = s.oneIn(4) ? 0xFFFF_FFFFL / 1000 + s.offset(1) : 1 + s.offset(1) + s.bits(10);
    r[B + 23] = u32(nowMs - t); // lt_last_stamp
    long delivered = 1 + s.bits(12);
    r[B + 22] = u32(r[DELIVERED] - delivered); // lt_last_delivered
    long lost = ((Bbr.BBR_LT_LOSS_THRESH * delivered) >>> Bbr.BBR_SCALE) + s.offset(1);
    r[B + 24] = u32(r[CC + 1] - lost); // lt_last_lost against tp->lost
    // bbr_lt_bw_interval_done: bw within lt_bw / 8 of lt_bw, or about 4 kbit/s from it
    long lt = r[B + 21];
    long d = s.coin() ? (lt >>> 3) + s.offset(1) : s.bits(8);
    r[A] = u32(s.coin() ? lt + d : lt - d);
  }

  /** bbr_update_ack_aggregation: the epoch's ACKed count at the expected one, or near 2^20. */
  private static void ackEpoch(long[] r, RecordShape s) {
    r[B + 33] = r[DELIVERED_MSTAMP] - s.bits(20); // ack_epoch_mstamp
    long epochUs = u32(Math.max(r[DELIVERED_MSTAMP] - r[B + 33], 0));
    long bw = r[B + 20] != 0 ? r[B + 21] : r[B + 4];
    long expected = u32(Long.divideUnsigned(bw * epochUs, 1L << Bbr.BW_SCALE));
    long acked = s.oneIn(3)
        ? Bbr.BBR_ACK_EPOCH_ACKED_RESET_THRESH - r[R + 5] + s.offset(1)
        : expected + s.offset(1);
    r[B + 36] = acked & 0xFFFFF;
  }

  /** bbr_bw_to_pacing_rate's value, for placing sk_pacing_rate next to it. */
  private static long pacingRate(long bw, int gain, long mss, long maxRate) {
    long rate = bw * mss;
    rate *= gain;
    rate >>>= Bbr.BBR_SCALE;
    rate *= 1_000_000L / 100 * (100 - Bbr.BBR_PACING_MARGIN_PERCENT);
    rate >>>= Bbr.BW_SCALE;
    return Long.compareUnsigned(rate, maxRate) <= 0 ? rate : maxRate;
  }
}
