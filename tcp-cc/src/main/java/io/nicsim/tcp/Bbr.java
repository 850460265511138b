package io.nicsim.tcp;

import io.nicsim.core.host.InLoopPorts;
import io.nicsim.core.port.KernelPort;
import java.util.List;

/**
 * BBR v1 as in mainline net/ipv4/tcp_bbr.c: a windowed-max bandwidth filter over 10
 * packet-timed rounds, a 10 s min-RTT filter, STARTUP / DRAIN / PROBE_BW / PROBE_RTT, the
 * long-term (policer) bandwidth estimator and the ACK-aggregation cwnd allowance. Bandwidth is
 * packets per us scaled by 2^24 ({@code BW_SCALE}); gains are scaled by 256 ({@code BBR_UNIT}).
 */
public final class Bbr implements CongestionOps {
  static final String SRC = "Kingxukai/linux@0291023e7330da28f2f7453c87c2ab7082d8360f";
  static final String VERSIONS = "v5.1..v6.18";

  static final int BW_SCALE = 24;
  static final long BW_UNIT = 1L << BW_SCALE;
  static final int BBR_SCALE = 8;
  static final int BBR_UNIT = 1 << BBR_SCALE;

  /* enum bbr_mode */
  public static final int BBR_STARTUP = 0;
  public static final int BBR_DRAIN = 1;
  public static final int BBR_PROBE_BW = 2;
  public static final int BBR_PROBE_RTT = 3;

  static final int CYCLE_LEN = 8;
  static final int BBR_BW_RTTS = CYCLE_LEN + 2;
  static final int BBR_MIN_RTT_WIN_SEC = 10;
  static final int BBR_PROBE_RTT_MODE_MS = 200;
  static final int BBR_MIN_TSO_RATE = 1200000;
  static final int BBR_PACING_MARGIN_PERCENT = 1;
  public static final int BBR_HIGH_GAIN = BBR_UNIT * 2885 / 1000 + 1;
  public static final int BBR_DRAIN_GAIN = BBR_UNIT * 1000 / 2885;
  public static final int BBR_CWND_GAIN = BBR_UNIT * 2;
  static final int[] BBR_PACING_GAIN = {
    BBR_UNIT * 5 / 4, BBR_UNIT * 3 / 4, BBR_UNIT, BBR_UNIT, BBR_UNIT, BBR_UNIT, BBR_UNIT, BBR_UNIT
  };
  static final int BBR_CYCLE_RAND = 7;
  static final int BBR_CWND_MIN_TARGET = 4;
  static final int BBR_FULL_BW_THRESH = BBR_UNIT * 5 / 4;
  static final int BBR_FULL_BW_CNT = 3;
  static final int BBR_LT_INTVL_MIN_RTTS = 4;
  static final int BBR_LT_LOSS_THRESH = 50;
  static final int BBR_LT_BW_RATIO = BBR_UNIT / 8;
  static final int BBR_LT_BW_DIFF = 4000 / 8;
  static final int BBR_LT_BW_MAX_RTTS = 48;
  static final int BBR_EXTRA_ACKED_GAIN = BBR_UNIT;
  static final int BBR_EXTRA_ACKED_WIN_RTTS = 5;
  static final int BBR_ACK_EPOCH_ACKED_RESET_THRESH = 1 << 20;
  static final int BBR_EXTRA_ACKED_MAX_US = 100 * 1000;
  /** GSO_LEGACY_MAX_SIZE. */
  static final int GSO_LEGACY_MAX_SIZE = 65536;

  /* struct bbr */
  int minRttUs;
  int minRttStamp;
  int probeRttDoneStamp;
  final MinMax bw = new MinMax();
  int rttCnt;
  int nextRttDelivered;
  long cycleMstamp;
  int mode;
  int prevCaState;
  boolean packetConservation;
  boolean roundStart;
  boolean idleRestart;
  boolean probeRttRoundDone;
  boolean ltIsSampling;
  int ltRttCnt;
  boolean ltUseBw;
  int ltBw;
  int ltLastDelivered;
  int ltLastStamp;
  int ltLastLost;
  int pacingGain;
  int cwndGain;
  boolean fullBwReached;
  int fullBwCnt;
  int cycleIdx;
  boolean hasSeenRtt;
  int priorCwnd;
  int fullBw;
  long ackEpochMstamp;
  final int[] extraAcked = new int[2];
  int ackEpochAcked;
  int extraAckedWinRtts;
  int extraAckedWinIdx;
  /**
   * The tree's C of the entry points that run as C ({@code --ports c}), null in every other run:
   * each entry point tests it first.
   */
  BbrNative c;

  @Override
  public void attachC(InLoopPorts ports) {
    c = CcBridges.bbr(ports);
  }

  @Override
  public String name() {
    return "bbr";
  }

  /* ---- observers for tests and reports ---- */

  public int mode() {
    return mode;
  }

  public int cycleIdx() {
    return cycleIdx;
  }

  public int pacingGain() {
    return pacingGain;
  }

  public int cwndGain() {
    return cwndGain;
  }

  public int minRttUs() {
    return minRttUs;
  }

  public boolean fullBwReachedFlag() {
    return fullBwReached;
  }

  public int rttCnt() {
    return rttCnt;
  }

  public boolean ltUseBw() {
    return ltUseBw;
  }

  /** The bandwidth estimate in bytes/s (what {@code ss -i} shows as bbr bw). */
  public long bwBytesPerSec(TcpSock sk) {
    return Seq.u32(bbrBw()) * sk.mssCache * 1_000_000L >>> BW_SCALE;
  }

  @Override
  public double bandwidthBps(TcpSock sk) {
    return bwBytesPerSec(sk) * 8.0;
  }

  /** bbr_get_info's fields as ss prints them: bw, mrtt, pacing_gain, cwnd_gain. */
  @Override
  public SsInfo getInfo(TcpSock sk) {
    return new SsInfo(List.of(
        new SsInfo.Field("bw", SsInfo.Unit.BPS, bwBytesPerSec(sk) * 8.0),
        new SsInfo.Field("mrtt", SsInfo.Unit.MS, minRttUs() / 1000.0),
        new SsInfo.Field("pacing_gain", SsInfo.Unit.GAIN, pacingGain() / 256.0),
        new SsInfo.Field("cwnd_gain", SsInfo.Unit.GAIN, cwndGain() / 256.0)));
  }

  /* ---- the port ---- */

  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_full_bw_reached",
      versions = VERSIONS, source = SRC)
  boolean fullBwReached() {
    return fullBwReached;
  }

  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_max_bw",
      versions = VERSIONS, source = SRC)
  int maxBw() {
    return bw.get();
  }

  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_bw",
      versions = VERSIONS, source = SRC)
  int bbrBw() {
    return ltUseBw ? ltBw : maxBw();
  }

  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_extra_acked",
      versions = VERSIONS, source = SRC)
  int extraAcked() {
    return Math.max(extraAcked[0], extraAcked[1]);
  }

  /** Rate in bytes/s with a gain and the 1% pacing margin; ordered to avoid u64 overflow. */
  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_rate_bytes_per_sec",
      versions = VERSIONS, source = SRC)
  static long rateBytesPerSec(TcpSock sk, long rate, int gain) {
    long mss = Seq.u32(sk.mssCache); // unsigned int mss: the u64 product never sign-extends it

    rate *= mss;
    rate *= gain;
    rate >>>= BBR_SCALE;
    rate *= 1_000_000L / 100 * (100 - BBR_PACING_MARGIN_PERCENT);
    return rate >>> BW_SCALE;
  }

  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_bw_to_pacing_rate",
      versions = VERSIONS, source = SRC)
  static long bwToPacingRate(TcpSock sk, int bw, int gain) {
    long rate = Seq.u32(bw);

    rate = rateBytesPerSec(sk, rate, gain);
    rate = TcpSock.umin64(rate, sk.skMaxPacingRate);
    return rate;
  }

  /** Initial pacing rate: high_gain * init_cwnd / RTT (1 ms if no RTT sample yet). */
  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_init_pacing_rate_from_rtt",
      versions = VERSIONS, source = SRC)
  void initPacingRateFromRtt(TcpSock tp) {
    long bwl;
    int rttUs;

    if (tp.srttUs != 0) {
      rttUs = Seq.umax(tp.srttUs >>> 3, 1);
      hasSeenRtt = true;
    } else {
      rttUs = 1000;
    }
    bwl = Seq.u32(tp.sndCwnd()) * BW_UNIT;
    bwl = Long.divideUnsigned(bwl, Seq.u32(rttUs));
    tp.skPacingRate = bwToPacingRate(tp, (int) bwl, BBR_HIGH_GAIN);
  }

  /** Pace at bw * gain; during STARTUP only ever raise the rate. */
  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_set_pacing_rate",
      versions = VERSIONS, source = SRC)
  void setPacingRate(TcpSock tp, int bwIn, int gain) {
    long rate = bwToPacingRate(tp, bwIn, gain);

    if (!hasSeenRtt && tp.srttUs != 0) {
      initPacingRateFromRtt(tp);
    }
    if (fullBwReached() || Long.compareUnsigned(rate, tp.skPacingRate) > 0) {
      tp.skPacingRate = rate;
    }
  }

  @Override
  public boolean hasMinTsoSegs() {
    return true;
  }

  @Override
  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_min_tso_segs",
      versions = VERSIONS, source = SRC)
  public int minTsoSegs(TcpSock sk) {
    if (c != null && c.runs(BbrNative.MIN_TSO_SEGS)) {
      return (int) c.call(BbrNative.MIN_TSO_SEGS, this, sk, null, 0);
    }
    return Long.compareUnsigned(sk.skPacingRate, BBR_MIN_TSO_RATE >> 3) < 0 ? 1 : 2;
  }

  /** About 1 ms of data per skb, ignoring the driver's gso_max_size; at most 127 segments. */
  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_tso_segs_goal",
      versions = VERSIONS, source = SRC)
  int tsoSegsGoal(TcpSock tp) {
    int segs;
    int bytes;

    bytes = (int) TcpSock.umin64(tp.skPacingRate >>> tp.skPacingShift,
        GSO_LEGACY_MAX_SIZE - 1 - tp.sysctl.maxTcpHeader);
    segs = Seq.umax(Integer.divideUnsigned(bytes, tp.mssCache), minTsoSegs(tp));

    return Seq.umin(segs, 0x7F);
  }

  /** Remember the last good cwnd to restore after recovery or PROBE_RTT. */
  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_save_cwnd",
      versions = VERSIONS, source = SRC)
  void saveCwnd(TcpSock tp) {
    if (prevCaState < TcpSock.TCP_CA_RECOVERY && mode != BBR_PROBE_RTT) {
      priorCwnd = tp.sndCwnd();
    } else {
      priorCwnd = Seq.umax(priorCwnd, tp.sndCwnd());
    }
  }

  @Override
  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_cwnd_event",
      versions = VERSIONS, source = SRC)
  public void cwndEvent(TcpSock tp, int event) {
    if (c != null && c.runs(BbrNative.CWND_EVENT)) {
      c.call(BbrNative.CWND_EVENT, this, tp, null, event);
      return;
    }
    if (event == TcpSock.CA_EVENT_TX_START && tp.appLimited != 0) {
      idleRestart = true;
      ackEpochMstamp = tp.tcpMstamp;
      ackEpochAcked = 0;
      // restarting from idle and app-limited: pace at the estimate, no faster
      if (mode == BBR_PROBE_BW) {
        setPacingRate(tp, bbrBw(), BBR_UNIT);
      } else if (mode == BBR_PROBE_RTT) {
        checkProbeRttDone(tp);
      }
    }
  }

  /** bdp = ceil(bw * min_rtt * gain), packets; TCP_INIT_CWND until an RTT sample exists. */
  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_bdp",
      versions = VERSIONS, source = SRC)
  int bdp(TcpSock sk, int bwIn, int gain) {
    int bdp;
    long w;

    if (minRttUs == ~0) {
      return sk.sysctl.initCwnd;
    }

    w = Seq.u32(bwIn) * Seq.u32(minRttUs);

    // apply the gain, drop BW_SCALE, round up to avoid a shrinking feedback loop
    bdp = (int) Long.divideUnsigned(((w * gain) >>> BBR_SCALE) + BW_UNIT - 1, BW_UNIT);

    return bdp;
  }

  /** Room for full-sized skbs in the sender's qdisc and TSO engine and the receiver's GRO. */
  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_quantization_budget",
      versions = VERSIONS, source = SRC)
  int quantizationBudget(TcpSock sk, int cwnd) {
    cwnd += 3 * tsoSegsGoal(sk);

    // round up to even, for ACK-every-other-packet receivers
    cwnd = (cwnd + 1) & ~1;

    // let gain cycling push inflight above BDP even for tiny BDPs
    if (mode == BBR_PROBE_BW && cycleIdx == 0) {
      cwnd += 2;
    }

    return cwnd;
  }

  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_inflight",
      versions = VERSIONS, source = SRC)
  int inflight(TcpSock sk, int bwIn, int gain) {
    int inflight;

    inflight = bdp(sk, bwIn, gain);
    inflight = quantizationBudget(sk, inflight);

    return inflight;
  }

  /**
   * Packets in the network at the next skb's earliest departure time: inflight now, less what
   * the path delivers until then, plus the EDT skb itself when probing upward.
   */
  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_packets_in_net_at_edt",
      versions = VERSIONS, source = SRC)
  int packetsInNetAtEdt(TcpSock tp, int inflightNow) {
    long nowNs;
    long edtNs;
    long intervalUs;
    int intervalDelivered;
    int inflightAtEdt;

    nowNs = tp.tcpClockCache;
    edtNs = Long.compareUnsigned(tp.tcpWstampNs, nowNs) > 0 ? tp.tcpWstampNs : nowNs; // u64
    intervalUs = Long.divideUnsigned(edtNs - nowNs, 1000L);
    intervalDelivered = (int) ((Seq.u32(bbrBw()) * intervalUs) >>> BW_SCALE);
    inflightAtEdt = inflightNow;
    if (pacingGain > BBR_UNIT) {
      inflightAtEdt += tsoSegsGoal(tp);
    }
    if (Integer.compareUnsigned(intervalDelivered, inflightAtEdt) >= 0) {
      return 0;
    }
    return inflightAtEdt - intervalDelivered;
  }

  /** Extra cwnd for ACK aggregation, once STARTUP has filled the pipe. */
  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_ack_aggregation_cwnd",
      versions = VERSIONS, source = SRC)
  int ackAggregationCwnd(TcpSock sk) {
    int maxAggrCwnd;
    int aggrCwnd = 0;

    if (BBR_EXTRA_ACKED_GAIN != 0 && fullBwReached()) {
      maxAggrCwnd = (int) ((Seq.u32(bbrBw()) * BBR_EXTRA_ACKED_MAX_US) / BW_UNIT);
      aggrCwnd = (BBR_EXTRA_ACKED_GAIN * extraAcked()) >>> BBR_SCALE;
      aggrCwnd = Seq.umin(aggrCwnd, maxAggrCwnd);
    }

    return aggrCwnd;
  }

  /**
   * Packet conservation on the first round of recovery, slow start after it; restore the saved
   * cwnd when recovery ends.
   */
  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_set_cwnd_to_recover_or_restore",
      versions = VERSIONS, source = SRC)
  boolean setCwndToRecoverOrRestore(TcpSock tp, RateSample rs, int acked, int[] newCwnd) {
    int prevState = prevCaState;
    int state = tp.icskCaState;
    int cwnd = tp.sndCwnd();

    // deduct losses here; bbr_set_cwnd slow-starts back toward the target
    if (rs.losses > 0) {
      cwnd = Math.max(cwnd - rs.losses, 1);
    }

    if (state == TcpSock.TCP_CA_RECOVERY && prevState != TcpSock.TCP_CA_RECOVERY) {
      // first round of recovery: packet conservation
      packetConservation = true;
      nextRttDelivered = tp.delivered; // start round now
      // drop cwnd left unused by the app, TSQ or TSO deferral
      cwnd = tp.packetsInFlight() + acked;
    } else if (prevState >= TcpSock.TCP_CA_RECOVERY && state < TcpSock.TCP_CA_RECOVERY) {
      cwnd = Seq.umax(cwnd, priorCwnd);
      packetConservation = false;
    }
    prevCaState = state;

    if (packetConservation) {
      newCwnd[0] = Seq.umax(cwnd, tp.packetsInFlight() + acked);
      return true;
    }
    newCwnd[0] = cwnd;
    return false;
  }

  private final int[] cwndOut = new int[1];

  /** Slow-start toward the target cwnd, or snap down to it once the pipe was filled. */
  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_set_cwnd",
      versions = VERSIONS, source = SRC)
  void setCwnd(TcpSock tp, RateSample rs, int acked, int bwIn, int gain) {
    int cwnd = tp.sndCwnd();
    int targetCwnd;

    if (acked != 0) {
      if (setCwndToRecoverOrRestore(tp, rs, acked, cwndOut)) {
        cwnd = cwndOut[0];
      } else {
        cwnd = cwndOut[0];
        targetCwnd = bdp(tp, bwIn, gain);

        // allowance for data and ACK aggregation seen in the ACK stream
        targetCwnd += ackAggregationCwnd(tp);
        targetCwnd = quantizationBudget(tp, targetCwnd);

        if (fullBwReached()) { // only cut cwnd once the pipe was filled
          cwnd = Seq.umin(cwnd + acked, targetCwnd);
        } else if (Integer.compareUnsigned(cwnd, targetCwnd) < 0
            || Integer.compareUnsigned(tp.delivered, tp.sysctl.initCwnd) < 0) {
          cwnd = cwnd + acked;
        }
        cwnd = Seq.umax(cwnd, BBR_CWND_MIN_TARGET);
      }
    }

    // done: global cap, and PROBE_RTT's 4-packet floor
    tp.sndCwndSet(Seq.umin(cwnd, tp.sndCwndClamp));
    if (mode == BBR_PROBE_RTT) {
      tp.sndCwndSet(Seq.umin(tp.sndCwnd(), BBR_CWND_MIN_TARGET));
    }
  }

  /** End the gain-cycle phase on time and/or on reaching its inflight target. */
  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_is_next_cycle_phase",
      versions = VERSIONS, source = SRC)
  boolean isNextCyclePhase(TcpSock tp, RateSample rs) {
    boolean isFullLength = Long.compareUnsigned(
        TcpSock.stampUsDelta(tp.deliveredMstamp, cycleMstamp) & 0xFFFF_FFFFL,
        Seq.u32(minRttUs)) > 0;
    int inflight;
    int bwNow;

    // gain 1.0 cruises: wall-clock only
    if (pacingGain == BBR_UNIT) {
      return isFullLength;
    }

    inflight = packetsInNetAtEdt(tp, rs.priorInFlight);
    bwNow = maxBw();

    // gain > 1 probes until inflight reaches gain*BDP, unless packets are being lost
    if (pacingGain > BBR_UNIT) {
      return isFullLength
          && (rs.losses != 0
              || Integer.compareUnsigned(inflight, inflight(tp, bwNow, pacingGain)) >= 0);
    }

    // gain < 1 drains until inflight falls to BDP
    return isFullLength || Integer.compareUnsigned(inflight, inflight(tp, bwNow, BBR_UNIT)) <= 0;
  }

  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_advance_cycle_phase",
      versions = VERSIONS, source = SRC)
  void advanceCyclePhase(TcpSock tp) {
    cycleIdx = (cycleIdx + 1) & (CYCLE_LEN - 1);
    cycleMstamp = tp.deliveredMstamp;
  }

  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_update_cycle_phase",
      versions = VERSIONS, source = SRC)
  void updateCyclePhase(TcpSock sk, RateSample rs) {
    if (mode == BBR_PROBE_BW && isNextCyclePhase(sk, rs)) {
      advanceCyclePhase(sk);
    }
  }

  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_reset_startup_mode",
      versions = VERSIONS, source = SRC)
  void resetStartupMode() {
    mode = BBR_STARTUP;
  }

  /** Enter PROBE_BW at a random phase other than the 0.75 one. */
  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_reset_probe_bw_mode",
      versions = VERSIONS, source = SRC)
  void resetProbeBwMode(TcpSock sk) {
    mode = BBR_PROBE_BW;
    cycleIdx = CYCLE_LEN - 1 - sk.host.randomU32Below(BBR_CYCLE_RAND);
    advanceCyclePhase(sk); // flip to the next phase
  }

  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_reset_mode",
      versions = VERSIONS, source = SRC)
  void resetMode(TcpSock sk) {
    if (!fullBwReached()) {
      resetStartupMode();
    } else {
      resetProbeBwMode(sk);
    }
  }

  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_reset_lt_bw_sampling_interval",
      versions = VERSIONS, source = SRC)
  void resetLtBwSamplingInterval(TcpSock tp) {
    ltLastStamp = (int) Long.divideUnsigned(tp.deliveredMstamp, 1000L); // div_u64
    ltLastDelivered = tp.delivered;
    ltLastLost = tp.lost;
    ltRttCnt = 0;
  }

  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_reset_lt_bw_sampling",
      versions = VERSIONS, source = SRC)
  void resetLtBwSampling(TcpSock sk) {
    ltBw = 0;
    ltUseBw = false;
    ltIsSampling = false;
    resetLtBwSamplingInterval(sk);
  }

  /** A long-term interval ended: two consistent lossy intervals mean a policer. */
  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_lt_bw_interval_done",
      versions = VERSIONS, source = SRC)
  void ltBwIntervalDone(TcpSock sk, int bwIn) {
    int diff;

    if (ltBw != 0) {
      // abs() of the u32 difference, taken as s32 as the kernel's abs() does
      diff = Math.abs(bwIn - ltBw);
      if (Integer.compareUnsigned(diff * BBR_UNIT, BBR_LT_BW_RATIO * ltBw) <= 0
          || Long.compareUnsigned(rateBytesPerSec(sk, Seq.u32(diff), BBR_UNIT),
              BBR_LT_BW_DIFF) <= 0) {
        // policed: use the average of the two intervals
        ltBw = (bwIn + ltBw) >>> 1; // the u32 sum wraps before the shift
        ltUseBw = true;
        pacingGain = BBR_UNIT; // try to avoid drops
        ltRttCnt = 0;
        return;
      }
    }
    ltBw = bwIn;
    resetLtBwSamplingInterval(sk);
  }

  /** Token-bucket policer detection from lossy, consistent delivery-rate intervals. */
  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_lt_bw_sampling",
      versions = VERSIONS, source = SRC)
  void ltBwSampling(TcpSock tp, RateSample rs) {
    int lostNow;
    int deliveredNow;
    long bwl;
    int t;

    if (ltUseBw) { // already using lt_bw
      if (mode == BBR_PROBE_BW && roundStart) {
        ltRttCnt = (ltRttCnt + 1) & 0x7F;
        if (ltRttCnt >= BBR_LT_BW_MAX_RTTS) {
          resetLtBwSampling(tp); // stop using lt_bw
          resetProbeBwMode(tp); // restart gain cycling
        }
      }
      return;
    }

    // wait for the first loss: the policer's tokens are exhausted by then
    if (!ltIsSampling) {
      if (rs.losses == 0) {
        return;
      }
      resetLtBwSamplingInterval(tp);
      ltIsSampling = true;
    }

    // app-limited intervals underestimate: restart
    if (rs.isAppLimited) {
      resetLtBwSampling(tp);
      return;
    }

    if (roundStart) {
      ltRttCnt = (ltRttCnt + 1) & 0x7F;
    }
    if (ltRttCnt < BBR_LT_INTVL_MIN_RTTS) {
      return;
    }
    if (ltRttCnt > 4 * BBR_LT_INTVL_MIN_RTTS) {
      resetLtBwSampling(tp); // interval too long
      return;
    }

    // end the interval on a loss
    if (rs.losses == 0) {
      return;
    }

    lostNow = tp.lost - ltLastLost;
    deliveredNow = tp.delivered - ltLastDelivered;
    // loss rate >= lt_loss_thresh?
    if (deliveredNow == 0
        || Integer.compareUnsigned(lostNow << BBR_SCALE, BBR_LT_LOSS_THRESH * deliveredNow) < 0) {
      return;
    }

    t = (int) Long.divideUnsigned(tp.deliveredMstamp, 1000L) - ltLastStamp;
    if (t < 1) {
      return; // less than one ms, wait
    }
    if (Integer.compareUnsigned(t, (int) (0xFFFF_FFFFL / 1000L)) >= 0) {
      resetLtBwSampling(tp); // too long
      return;
    }
    t *= 1000;
    bwl = Seq.u32(deliveredNow) * BW_UNIT;
    bwl = Long.divideUnsigned(bwl, Seq.u32(t));
    ltBwIntervalDone(tp, (int) bwl);
  }

  /** One bandwidth sample per ACK; app-limited samples only count if they raise the max. */
  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_update_bw",
      versions = VERSIONS, source = SRC)
  void updateBw(TcpSock tp, RateSample rs) {
    long bwl;

    roundStart = false;
    if (rs.delivered < 0 || rs.intervalUs <= 0) {
      return; // not a valid observation
    }

    // a packet-timed round ends when an skb sent after the last round start is delivered
    if (!Seq.before(rs.priorDelivered, nextRttDelivered)) {
      nextRttDelivered = tp.delivered;
      rttCnt++;
      roundStart = true;
      packetConservation = false;
    }

    ltBwSampling(tp, rs);

    bwl = Long.divideUnsigned((long) rs.delivered * BW_UNIT, rs.intervalUs);

    if (!rs.isAppLimited || Long.compareUnsigned(bwl, Seq.u32(maxBw())) >= 0) {
      bw.runningMax(BBR_BW_RTTS, rttCnt, (int) bwl);
    }
  }

  /** Windowed max of data ACKed beyond bw * elapsed: the ACK-aggregation estimate. */
  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_update_ack_aggregation",
      versions = VERSIONS, source = SRC)
  void updateAckAggregation(TcpSock tp, RateSample rs) {
    int epochUs;
    int expectedAcked;
    int extra;

    // acked_sacked is a u32: "<= 0" is "== 0"
    if (BBR_EXTRA_ACKED_GAIN == 0 || rs.ackedSacked == 0
        || rs.delivered < 0 || rs.intervalUs <= 0) {
      return;
    }

    if (roundStart) {
      extraAckedWinRtts = Math.min(0x1F, extraAckedWinRtts + 1);
      if (extraAckedWinRtts >= BBR_EXTRA_ACKED_WIN_RTTS) {
        extraAckedWinRtts = 0;
        extraAckedWinIdx = extraAckedWinIdx != 0 ? 0 : 1;
        extraAcked[extraAckedWinIdx] = 0;
      }
    }

    // packets expected over the epoch at the estimated bw
    epochUs = (int) TcpSock.stampUsDelta(tp.deliveredMstamp, ackEpochMstamp);
    expectedAcked = (int) Long.divideUnsigned(Seq.u32(bbrBw()) * Seq.u32(epochUs), BW_UNIT);

    // reset the epoch when ACKs fall behind the expected rate, or after very many ACKs
    if (Integer.compareUnsigned(ackEpochAcked, expectedAcked) <= 0
        || Integer.compareUnsigned(ackEpochAcked + rs.ackedSacked,
            BBR_ACK_EPOCH_ACKED_RESET_THRESH) >= 0) {
      ackEpochAcked = 0;
      ackEpochMstamp = tp.deliveredMstamp;
      expectedAcked = 0;
    }

    // excess delivered beyond expectation
    ackEpochAcked = Seq.umin(0xFFFFF, ackEpochAcked + rs.ackedSacked);
    extra = ackEpochAcked - expectedAcked;
    extra = Seq.umin(extra, tp.sndCwnd());
    if (Integer.compareUnsigned(extra, extraAcked[extraAckedWinIdx]) > 0) {
      extraAcked[extraAckedWinIdx] = extra & 0xFFFF;
    }
  }

  /** STARTUP has filled the pipe after 3 rounds without 25% bandwidth growth. */
  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_check_full_bw_reached",
      versions = VERSIONS, source = SRC)
  void checkFullBwReached(TcpSock sk, RateSample rs) {
    int bwThresh;

    if (fullBwReached() || !roundStart || rs.isAppLimited) {
      return;
    }

    bwThresh = (int) ((Seq.u32(fullBw) * BBR_FULL_BW_THRESH) >>> BBR_SCALE);
    if (Integer.compareUnsigned(maxBw(), bwThresh) >= 0) {
      fullBw = maxBw();
      fullBwCnt = 0;
      return;
    }
    fullBwCnt = (fullBwCnt + 1) & 0x3;
    fullBwReached = fullBwCnt >= BBR_FULL_BW_CNT;
  }

  /** Pipe full: drain the STARTUP queue, then cruise. */
  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_check_drain",
      versions = VERSIONS, source = SRC)
  void checkDrain(TcpSock sk, RateSample rs) {
    if (mode == BBR_STARTUP && fullBwReached()) {
      mode = BBR_DRAIN;
      sk.sndSsthresh = inflight(sk, maxBw(), BBR_UNIT);
    } // fall through: inflight may already be small
    if (mode == BBR_DRAIN
        && Integer.compareUnsigned(packetsInNetAtEdt(sk, sk.packetsInFlight()),
            inflight(sk, maxBw(), BBR_UNIT)) <= 0) {
      resetProbeBwMode(sk); // queue drained
    }
  }

  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_check_probe_rtt_done",
      versions = VERSIONS, source = SRC)
  void checkProbeRttDone(TcpSock tp) {
    int now = tp.tcpJiffies32();
    if (!(probeRttDoneStamp != 0 && Seq.after(now, probeRttDoneStamp))) {
      return;
    }

    minRttStamp = now; // wait a while until the next PROBE_RTT
    tp.sndCwndSet(Seq.umax(tp.sndCwnd(), priorCwnd));
    resetMode(tp);
  }

  /** The 10 s min-RTT filter, and PROBE_RTT when it expires. */
  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_update_min_rtt",
      versions = VERSIONS, source = SRC)
  void updateMinRtt(TcpSock tp, RateSample rs) {
    boolean filterExpired;
    int now = tp.tcpJiffies32();

    filterExpired = Seq.after(now, minRttStamp + BBR_MIN_RTT_WIN_SEC * tp.sysctl.hz);
    if (rs.rttUs >= 0
        && (rs.rttUs < Seq.u32(minRttUs) || (filterExpired && !rs.isAckDelayed))) {
      minRttUs = (int) rs.rttUs;
      minRttStamp = now;
    }

    if (BBR_PROBE_RTT_MODE_MS > 0 && filterExpired && !idleRestart && mode != BBR_PROBE_RTT) {
      mode = BBR_PROBE_RTT; // dip, drain queue
      saveCwnd(tp); // to restore later
      probeRttDoneStamp = 0;
    }

    if (mode == BBR_PROBE_RTT) {
      // low-rate samples taken now must not lower the bw estimate
      int v = tp.delivered + tp.packetsInFlight();
      tp.appLimited = v != 0 ? v : 1;
      // hold the minimum inflight for max(200 ms, 1 round)
      if (probeRttDoneStamp == 0
          && Integer.compareUnsigned(tp.packetsInFlight(), BBR_CWND_MIN_TARGET) <= 0) {
        probeRttDoneStamp = now + tp.msecsToJiffies(BBR_PROBE_RTT_MODE_MS);
        probeRttRoundDone = false;
        nextRttDelivered = tp.delivered;
      } else if (probeRttDoneStamp != 0) {
        if (roundStart) {
          probeRttRoundDone = true;
        }
        if (probeRttRoundDone) {
          checkProbeRttDone(tp);
        }
      }
    }
    // an idle restart ends with the first S/ACK of new data
    if (rs.delivered > 0) {
      idleRestart = false;
    }
  }

  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_update_gains",
      versions = VERSIONS, source = SRC)
  void updateGains() {
    switch (mode) {
      case BBR_STARTUP:
        pacingGain = BBR_HIGH_GAIN;
        cwndGain = BBR_HIGH_GAIN;
        break;
      case BBR_DRAIN:
        pacingGain = BBR_DRAIN_GAIN; // slow, to drain
        cwndGain = BBR_HIGH_GAIN; // keep cwnd
        break;
      case BBR_PROBE_BW:
        pacingGain = ltUseBw ? BBR_UNIT : BBR_PACING_GAIN[cycleIdx];
        cwndGain = BBR_CWND_GAIN;
        break;
      case BBR_PROBE_RTT:
        pacingGain = BBR_UNIT;
        cwndGain = BBR_UNIT;
        break;
      default:
        throw new IllegalStateException("BBR bad mode: " + mode);
    }
  }

  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_update_model",
      versions = VERSIONS, source = SRC)
  void updateModel(TcpSock sk, RateSample rs) {
    updateBw(sk, rs);
    updateAckAggregation(sk, rs);
    updateCyclePhase(sk, rs);
    checkFullBwReached(sk, rs);
    checkDrain(sk, rs);
    updateMinRtt(sk, rs);
    updateGains();
  }

  @Override
  public boolean hasCongControl() {
    return true;
  }

  @Override
  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_main",
      versions = VERSIONS, source = SRC)
  public void congControl(TcpSock sk, int ack, int flag, RateSample rs) {
    if (c != null && c.runs(BbrNative.MAIN)) {
      c.call(BbrNative.MAIN, this, sk, rs, 0);
      return;
    }
    int bwNow;

    updateModel(sk, rs);

    bwNow = bbrBw();
    setPacingRate(sk, bwNow, pacingGain);
    setCwnd(sk, rs, rs.ackedSacked, bwNow, cwndGain);
  }

  @Override
  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_init",
      versions = VERSIONS, source = SRC)
  public void init(TcpSock tp) {
    if (c != null && c.runs(BbrNative.INIT)) {
      c.call(BbrNative.INIT, this, tp, null, 0);
      return;
    }
    priorCwnd = 0;
    tp.sndSsthresh = TcpSock.TCP_INFINITE_SSTHRESH;
    rttCnt = 0;
    nextRttDelivered = tp.delivered;
    prevCaState = TcpSock.TCP_CA_OPEN;
    packetConservation = false;

    probeRttDoneStamp = 0;
    probeRttRoundDone = false;
    minRttUs = tp.minRtt();
    minRttStamp = tp.tcpJiffies32();

    bw.reset(rttCnt, 0); // max bw starts at 0

    hasSeenRtt = false;
    initPacingRateFromRtt(tp);

    roundStart = false;
    idleRestart = false;
    fullBwReached = false;
    fullBw = 0;
    fullBwCnt = 0;
    cycleMstamp = 0;
    cycleIdx = 0;
    resetLtBwSampling(tp);
    resetStartupMode();

    ackEpochMstamp = tp.tcpMstamp;
    ackEpochAcked = 0;
    extraAckedWinRtts = 0;
    extraAckedWinIdx = 0;
    extraAcked[0] = 0;
    extraAcked[1] = 0;

    if (tp.skPacingStatus == TcpSock.SK_PACING_NONE) {
      tp.skPacingStatus = TcpSock.SK_PACING_NEEDED; // cmpxchg(NONE -> NEEDED)
    }
  }

  @Override
  public boolean hasSndbufExpand() {
    return true;
  }

  @Override
  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_sndbuf_expand",
      versions = VERSIONS, source = SRC)
  public int sndbufExpand(TcpSock sk) {
    if (c != null && c.runs(BbrNative.SNDBUF_EXPAND)) {
      return (int) c.call(BbrNative.SNDBUF_EXPAND, this, sk, null, 0);
    }
    return 3; // BBR may slow-start even during recovery
  }

  @Override
  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_undo_cwnd",
      versions = VERSIONS, source = SRC)
  public int undoCwnd(TcpSock sk) {
    if (c != null && c.runs(BbrNative.UNDO_CWND)) {
      return (int) c.call(BbrNative.UNDO_CWND, this, sk, null, 0);
    }
    fullBw = 0; // spurious slow-down: restart full-pipe detection
    fullBwCnt = 0;
    resetLtBwSampling(sk);
    return sk.sndCwnd();
  }

  @Override
  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_ssthresh",
      versions = VERSIONS, source = SRC)
  public int ssthresh(TcpSock sk) {
    if (c != null && c.runs(BbrNative.SSTHRESH)) {
      return (int) c.call(BbrNative.SSTHRESH, this, sk, null, 0);
    }
    saveCwnd(sk);
    return sk.sndSsthresh;
  }

  private final RateSample lossRs = new RateSample();

  @Override
  @KernelPort(file = "net/ipv4/tcp_bbr.c", function = "bbr_set_state",
      versions = VERSIONS, source = SRC)
  public void setState(TcpSock sk, int newState) {
    if (c != null && c.runs(BbrNative.SET_STATE)) {
      c.call(BbrNative.SET_STATE, this, sk, null, newState);
      return;
    }
    if (newState == TcpSock.TCP_CA_LOSS) {
      lossRs.clear();
      lossRs.losses = 1;

      prevCaState = TcpSock.TCP_CA_LOSS;
      fullBw = 0;
      roundStart = true; // an RTO ends a round
      ltBwSampling(sk, lossRs);
    }
  }
}
