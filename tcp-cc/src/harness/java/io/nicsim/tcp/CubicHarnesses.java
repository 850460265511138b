package io.nicsim.tcp;

import static io.nicsim.core.port.exec.InputField.bool;
import static io.nicsim.core.port.exec.InputField.range;
import static io.nicsim.core.port.exec.InputField.s32;
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
 * {@code port-check --execute} harnesses for every function of net/ipv4/tcp_cubic.c: the
 * socket, {@code struct bictcp} in icsk_ca_priv and the runtime-writable module parameters come
 * from the record, the function runs as the tree's C beside {@link Cubic} (tcp_slow_start and
 * tcp_cong_avoid_ai from the tree's tcp_cong.c inside cubictcp_cong_avoid), and the record printed
 * after it holds the return value, any WARN, all of {@code struct bictcp} and the socket fields
 * CUBIC writes. The C driver and the record layout: {@code src/main/resources/nicsim/portexec/tcp/cubic.c}.
 */
public final class CubicHarnesses implements PortHarnessProvider {
  private static final String CUBIC_C = "net/ipv4/tcp_cubic.c";
  /** The harness C's HZ (common.c). */
  private static final int HZ = 250;

  /** The functions, in the C driver's NICSIM_KIND order (cubic_root is kind 0). */
  static final List<String> FUNCTIONS = List.of(
      "cubic_root", "bictcp_update", "hystart_update", "hystart_ack_delay",
      "bictcp_hystart_reset", "bictcp_reset", "cubictcp_init", "cubictcp_cwnd_event",
      "cubictcp_cong_avoid", "cubictcp_recalc_ssthresh", "cubictcp_state", "cubictcp_acked");

  /** {@code struct bictcp}, field by field. */
  static final List<InputField> CA_FIELDS = List.of(
      u32("ca.cnt").withEdges(2, 3, 20, 21), u32("ca.last_max_cwnd"), u32("ca.last_cwnd"),
      u32("ca.last_time"), u32("ca.bic_origin_point"), u32("ca.bic_K"),
      // jiffies_to_usecs(MAX_JIFFY_OFFSET) at HZ 250: usecs_to_jiffies clamps above it
      u32("ca.delay_min").withEdges(4_294_959_296L, 4_294_959_297L, 3999, 4000, 4001),
      u32("ca.epoch_start"), u32("ca.ack_cnt"), u32("ca.tcp_cwnd"),
      u8("ca.sample_cnt").withEdges(7, 8, 9), bool("ca.found"), u32("ca.round_start"),
      u32("ca.end_seq"), u32("ca.last_ack"), u32("ca.curr_rtt"));

  /**
   * The module parameters a running module reads (0644; bic_scale is read-only and beta's scale
   * factors are fixed at load, with the defaults). beta stays in 0..1024, the flags in their
   * meaningful values.
   */
  static final List<InputField> PARAM_FIELDS = List.of(
      bool("fast_convergence"), range("beta", 0, 1024).withEdges(717),
      range("initial_ssthresh", 0, Integer.MAX_VALUE), bool("tcp_friendliness"),
      bool("hystart"), range("hystart_detect", 0, 3),
      s32("hystart_low_window").withEdges(15, 16, 17),
      s32("hystart_ack_delta_us").withEdges(1999, 2000, 2001));

  /**
   * Arguments, named as the function's parameters are (the fourth is cubictcp_cwnd_event's event
   * or cubictcp_state's new_state); the shape only steers {@link #admit}.
   */
  static List<InputField> argFields(int kind) {
    return List.of(
        u32("cwnd").withEdges(10, 16), u32("acked"), u32("delay").withEdges(4000, 16000),
        u8(kind == 10 ? "new_state" : "event").withEdges(3, 4, 5), u32("sample.pkts_acked"),
        s32("sample.rtt_us").withEdges(-1), u32("sample.in_flight"), u32("shape"));
  }

  static final int CC = TcpHarnesses.SOCK_FIELDS.size();
  static final int CA = CC + TcpHarnesses.CC_SOCK_FIELDS.size();
  static final int P = CA + CA_FIELDS.size();
  static final int A = P + PARAM_FIELDS.size();
  private static final int SHAPE = A + argFields(0).size() - 1;

  /** The record of one function: socket, struct bictcp, module parameters, its arguments. */
  static List<InputField> fields(int kind) {
    List<InputField> f = new ArrayList<>(TcpHarnesses.SOCK_FIELDS);
    f.addAll(TcpHarnesses.CC_SOCK_FIELDS);
    f.addAll(CA_FIELDS);
    f.addAll(PARAM_FIELDS);
    f.addAll(argFields(kind));
    return List.copyOf(f);
  }

  @Override
  public List<PortHarness> harnesses() {
    List<PortHarness> out = new ArrayList<>();
    out.add(cubicRoot());
    for (int k = 1; k < FUNCTIONS.size(); k++) {
      out.add(harness(FUNCTIONS.get(k), k));
    }
    return out;
  }

  private static List<String> sources() {
    List<String> s = new ArrayList<>(TcpHarnesses.ccSources(CUBIC_C));
    s.add("net/ipv4/tcp_cong.c");
    return s;
  }

  private static PortHarness cubicRoot() {
    return PortHarness.of(CUBIC_C, "cubic_root").sources(sources())
        .program(TcpHarnesses.program("cubic.c", "#define NICSIM_KIND 0"))
        .inputs(List.of(u64("a").withEdges(63, 64, 1L << 30, (1L << 40) * 410)))
        .java(kernel -> r -> new Out().put("ret", Seq.u32(Cubic.cubicRoot(r[0]))).toString())
        .build();
  }

  private static PortHarness harness(String function, int kind) {
    return PortHarness.of(CUBIC_C, function).sources(sources())
        .program(TcpHarnesses.program("cubic.c", "#define NICSIM_KIND " + kind))
        .inputs(fields(kind))
        .admit(r -> admit(r, kind))
        .notes("beta in 0..1024; cnt at least 2 once last_cwnd is set; half the records run"
            + " with the default module parameters;"
            + " the record's shape ties fields to what the C compares them with and keeps half"
            + " the records at a running flow's magnitudes"
            + (kind == 1 || kind == 8 ? "; cwnd (after slow start, for cong_avoid) at least 1"
                + " and ack_cnt + acked within 1000 TCP-friendliness steps plus 2^16 (the loop"
                + " runs ack_cnt / (cwnd * beta_scale / 8) times; a cwnd of 0 never leaves it,"
                + " in C as in Java)" : ""))
        .java(kernel -> java(kernel, kind))
        .build();
  }

  private static JavaPort java(String kernel, int kind) {
    PatchSet patches = TcpHarnesses.patches(kernel);
    TcpHarnesses.Clock clock = new TcpHarnesses.Clock();
    return r -> {
      Cubic ca = new Cubic();
      TcpSock sk = TcpHarnesses.sock(patches, new TcpSysctl(), ca, clock, r);
      TcpHarnesses.setCcSock(sk, r, CC);
      setCubic(ca, r, CA);
      setParams(ca, r, P);
      int cwnd = (int) r[A];
      int acked = (int) r[A + 1];
      int delay = (int) r[A + 2];
      int event = (int) r[A + 3];
      Out out = new Out();
      clock.calls = out;
      switch (kind) {
        case 1 -> ca.update(sk, cwnd, acked);
        case 2 -> ca.hystartUpdate(sk, delay);
        case 3 -> out.u32("ret", Cubic.hystartAckDelay(sk));
        case 4 -> ca.hystartReset(sk);
        case 5 -> ca.reset();
        case 6 -> ca.init(sk);
        case 7 -> ca.cwndEvent(sk, event);
        case 8 -> ca.congAvoid(sk, 0, acked);
        case 9 -> out.u32("ret", ca.ssthresh(sk));
        case 10 -> ca.setState(sk, event & 0xFF); // u8 new_state
        default -> ca.pktsAcked(sk, (int) r[A + 4], r[A + 5]);
      }
      putCubic(out, ca);
      return TcpHarnesses.putCcSock(out, sk).toString();
    };
  }

  /** The record's {@code struct bictcp} into {@code ca} (cubic.c's nicsim_ca_set). */
  static void setCubic(Cubic ca, long[] r, int at) {
    ca.cnt = (int) r[at];
    ca.lastMaxCwnd = (int) r[at + 1];
    ca.lastCwnd = (int) r[at + 2];
    ca.lastTime = (int) r[at + 3];
    ca.bicOriginPoint = (int) r[at + 4];
    ca.bicK = (int) r[at + 5];
    ca.delayMin = (int) r[at + 6];
    ca.epochStart = (int) r[at + 7];
    ca.ackCnt = (int) r[at + 8];
    ca.tcpCwnd = (int) r[at + 9];
    ca.sampleCnt = (int) r[at + 10];
    ca.found = r[at + 11] != 0;
    ca.roundStart = (int) r[at + 12];
    ca.endSeq = (int) r[at + 13];
    ca.lastAck = (int) r[at + 14];
    ca.currRtt = (int) r[at + 15];
  }

  /** The record's module parameters (cubic.c's nicsim_params_set). */
  static void setParams(Cubic ca, long[] r, int at) {
    ca.fastConvergence = (int) r[at];
    ca.beta = (int) r[at + 1];
    ca.initialSsthresh = (int) r[at + 2];
    ca.tcpFriendliness = (int) r[at + 3];
    ca.hystart = (int) r[at + 4];
    ca.hystartDetect = (int) r[at + 5];
    ca.hystartLowWindow = (int) r[at + 6];
    ca.hystartAckDeltaUs = (int) r[at + 7];
  }

  /** {@code struct bictcp} as cubic.c's nicsim_ca_put prints it. */
  static Out putCubic(Out o, Cubic ca) {
    return o.u32("cnt", ca.cnt).u32("last_max_cwnd", ca.lastMaxCwnd)
        .u32("last_cwnd", ca.lastCwnd).u32("last_time", ca.lastTime)
        .u32("bic_origin_point", ca.bicOriginPoint).u32("bic_K", ca.bicK)
        .u32("delay_min", ca.delayMin).u32("epoch_start", ca.epochStart)
        .u32("ack_cnt", ca.ackCnt).u32("tcp_cwnd", ca.tcpCwnd).put("sample_cnt", ca.sampleCnt)
        .put("found", ca.found).u32("round_start", ca.roundStart).u32("end_seq", ca.endSeq)
        .u32("last_ack", ca.lastAck).u32("curr_rtt", ca.currRtt);
  }

  /* socket offsets (TcpHarnesses.SOCK_FIELDS) */
  private static final int PACING_RATE = 0;
  private static final int PACING_STATUS = 3;
  private static final int GSO_MAX_SIZE = 4;
  private static final int SND_UNA = 8;
  private static final int CWND = 12;
  private static final int SSTHRESH = 13;
  private static final int TCP_MSTAMP = 25;
  private static final int JIFFIES = 27;
  private static final int CWND_CNT = 28;
  private static final int CWND_CLAMP = 29;

  /**
   * The domain (the TCP-friendliness loop's bound) and the shape's ties: last_cwnd at cwnd and
   * last_time HZ/32 jiffies back (bictcp_update's early return), the epoch's start (none, this
   * jiffy, one HZ back), Wmax next to cwnd, bic_K next to the elapsed t, the HyStart ACK train
   * and delay thresholds, the idle restart's stamps, slow start's edge, and half the records at
   * a running flow's magnitudes with the default module parameters.
   */
  static long[] admit(long[] r, int kind) {
    RecordShape s = new RecordShape(r[SHAPE]);
    boolean update = kind == 1 || kind == 8;
    if (s.coin()) {
      long[] defaults = {1, 717, 0, 1, 1, 3, 16, 2000};
      System.arraycopy(defaults, 0, r, P, defaults.length);
    }
    if (s.coin()) {
      realisticMagnitudes(r, s);
    }
    if ((kind == 8 || kind == 11) && s.coin()) {
      // slow start's edge, and tcp_is_cwnd_limited's 2 * max_packets_out
      r[CWND] = u32(r[SSTHRESH] + s.offset(1));
      if (s.coin()) {
        r[CC + 7] = u32((r[CWND] >>> 1) + s.offset(1));
      }
    }
    if (kind == 8 && s.oneIn(3)) { // tcp_cong_avoid_ai: snd_cwnd_cnt against w (cnt)
      r[CWND_CNT] = u32(r[CA] + s.offset(1));
    }
    if (update) {
      boundFriendliness(r, kind);
      updateTies(r, s, kind);
      // bictcp_update leaves cnt >= 2 whenever it sets last_cwnd (bictcp_reset zeroes both):
      // a cnt of 0 on the early return would divide by 0 in tcp_cong_avoid_ai
      if (r[CA + 2] != 0 && Long.compareUnsigned(r[CA], 2) < 0) {
        r[CA] += 2;
      }
    }
    long jiffies = r[JIFFIES];
    if (kind == 9 && s.coin()) { // cubictcp_recalc_ssthresh: Wmax against snd_cwnd
      r[CA + 1] = u32(r[CWND] + s.offset(1));
    }
    if ((kind == 2 || kind == 11) && s.coin()) {
      hystart(r, s);
    }
    if (kind == 7 && s.coin()) { // cubictcp_cwnd_event: idle since lsndtime, epoch past now?
      r[CC + 5] = u32(jiffies - s.offset(2) - (s.coin() ? 0 : s.bits(12)));
      r[CA + 7] = u32(r[CC + 5] + s.offset(1));
    }
    if (kind == 11 && s.coin()) { // cubictcp_acked: the sample against delay_min, epoch ~HZ
      r[CA + 6] = s.oneIn(4) ? 0 : u32(r[A + 5] + s.offset(1));
      r[CA + 7] = s.oneIn(4) ? 0 : u32(jiffies - (HZ + s.offset(1)));
    }
    return r;
  }

  /**
   * bictcp_update's comparisons: last_cwnd at cwnd with last_time HZ/32 back (the early return)
   * or this jiffy, the epoch (none, this jiffy, recent), Wmax next to cwnd, bic_K next to the
   * elapsed t, Reno's cwnd next to cwnd.
   */
  private static void updateTies(long[] r, RecordShape s, int kind) {
    long jiffies = r[JIFFIES];
    long cwnd = updateCwnd(r, kind);
    if (s.coin()) {
      r[CA + 2] = cwnd;
    }
    switch ((int) s.below(4)) {
      case 0 -> r[CA + 3] = u32(jiffies - (HZ / 32 + s.offset(1)));
      case 1 -> r[CA + 3] = jiffies;
      default -> { }
    }
    switch ((int) s.below(4)) {
      case 0 -> r[CA + 7] = 0;
      case 1 -> r[CA + 7] = jiffies;
      case 2 -> r[CA + 7] = u32(jiffies - s.bits(11));
      default -> { }
    }
    if (s.coin()) {
      r[CA + 1] = u32(cwnd + s.offset(1));
    }
    if (s.coin()) {
      long t = (int) (jiffies - r[CA + 7]);
      t += new Jiffies(HZ).usecsToJiffies((int) r[CA + 6]);
      t = Long.divideUnsigned(t << Cubic.BICTCP_HZ, HZ);
      r[CA + 5] = u32(t + s.offset(1));
    }
    if (s.coin()) {
      r[CA + 9] = u32(cwnd + s.offset(2));
    }
    if (kind == 1 && s.oneIn(4)) {
      firstEpochFloor(r, s);
    }
  }

  /**
   * bictcp_update's 5% floor before the first loss ({@code last_max_cwnd == 0 && cnt > 20}): a
   * new epoch (K 0, origin cwnd) whose cubic growth over delay_min is d packets, and a cwnd that
   * puts cnt = cwnd / d at 19..22; few ACKs, so Reno's emulation rarely lowers cnt.
   */
  private static void firstEpochFloor(long[] r, RecordShape s) {
    long offs = 1390 + s.bits(12); // 1/1024 s: a growth of 1 to ~60 packets
    long tj = offs * HZ >>> Cubic.BICTCP_HZ;
    long t = (tj << Cubic.BICTCP_HZ) / HZ;
    long delta = (410L * t * t * t) >>> (10 + 3 * Cubic.BICTCP_HZ); // bic_scale 41
    if (delta == 0) {
      return;
    }
    long cwnd = delta * (19 + s.below(4)) + s.below(delta);
    if (cwnd > 1 << 20) {
      return;
    }
    r[A] = cwnd;
    r[CA + 1] = 0; // last_max_cwnd
    r[CA + 2] = u32(cwnd + 1); // last_cwnd: no early return
    r[CA + 7] = 0; // epoch_start: this call starts one
    r[CA + 6] = tj * (1_000_000 / HZ); // delay_min
    if (s.coin()) {
      r[A + 1] = s.bits(5); // acked
    }
  }

  /** The cwnd bictcp_update sees: the argument, or cubictcp_cong_avoid's after slow start. */
  private static long updateCwnd(long[] r, int kind) {
    if (kind != 8) {
      return r[A];
    }
    long c = r[CWND];
    if (Long.compareUnsigned(c, r[SSTHRESH]) < 0) { // tcp_slow_start's new cwnd
      long acked = r[A + 1];
      c = Math.min(Math.min(c + acked, r[SSTHRESH]), r[CWND_CLAMP]);
    }
    return c;
  }

  /** A running flow's magnitudes, where cwnd, Wmax, the cubic target and Reno's cwnd meet. */
  private static void realisticMagnitudes(long[] r, RecordShape s) {
    r[A] = 1 + s.bits(14); // cwnd
    r[A + 1] = s.bits(6); // acked
    r[A + 2] = s.bits(18); // delay
    r[CWND] = 1 + s.bits(14);
    r[SSTHRESH] = s.coin() ? 0x7FFF_FFFFL : 1 + s.bits(14);
    r[CWND_CLAMP] = s.coin() ? 0x7FFF_FFFFL : 1 + s.bits(14);
    r[CC + 7] = s.bits(14); // max_packets_out
    r[CA] = s.bits(10); // cnt
    r[CA + 1] = s.bits(14); // last_max_cwnd
    r[CA + 4] = s.bits(14); // bic_origin_point
    r[CA + 5] = s.bits(12); // bic_K
    r[CA + 6] = s.bits(18); // delay_min
    r[CA + 8] = s.bits(12); // ack_cnt
    r[CA + 9] = s.bits(14); // tcp_cwnd
    r[CA + 15] = s.bits(18); // curr_rtt
    r[A + 5] = s.bits(18); // sample.rtt_us
    r[PACING_RATE] = s.bits(34);
  }

  /** hystart_update: the round's end, the ACK train's spacing and length, the delay test. */
  private static void hystart(long[] r, RecordShape s) {
    r[CA + 13] = u32(r[SND_UNA] + s.offset(1)); // end_seq
    long now = u32(r[TCP_MSTAMP]);
    r[CA + 14] = u32(now - (r[P + 7] + s.offset(1))); // last_ack: hystart_ack_delta_us back
    long rate = r[PACING_RATE];
    long ackDelay = rate == 0 ? 0 : Math.min(1000L,
        Long.divideUnsigned(u32(r[GSO_MAX_SIZE]) * 4L * 1_000_000L, rate));
    long threshold = u32(r[CA + 6] + ackDelay);
    if (r[PACING_STATUS] == TcpSock.SK_PACING_NONE) {
      threshold >>>= 1;
    }
    r[CA + 12] = u32(now - (threshold + s.offset(1))); // round_start
    long delayMin = r[CA + 6];
    long thresh = delayMin + Math.min(Math.max(delayMin >>> 3, 4000), 16000);
    r[CA + 15] = u32(thresh + s.offset(1)); // curr_rtt
    r[A + 2] = u32(r[CA + 15] + s.offset(1)); // delay
    r[CA + 10] = 8 + s.offset(1); // sample_cnt
    r[CWND] = u32(r[P + 6] + s.offset(1)); // snd_cwnd at hystart_low_window
  }

  /**
   * bictcp_update's TCP-friendliness loop subtracts (cwnd * beta_scale) >> 3 from ack_cnt until
   * it fits: the cwnd it sees stays at least 1 and below 2^20 (0 would never leave the loop, in C
   * as in Java), and ack_cnt within 1000 steps.
   */
  private static void boundFriendliness(long[] r, int kind) {
    r[A + 1] = Long.remainderUnsigned(r[A + 1], 1 << 16); // acked
    int at = kind == 1 ? A : CWND;
    if (r[at] == 0 || r[at] > 1 << 20) { // values in range stay (idempotent)
      r[at] = 1 + Long.remainderUnsigned(r[at], 1 << 20);
    }
    if (kind == 8 && r[CWND_CLAMP] == 0) {
      r[CWND_CLAMP] = 1;
    }
    long c = updateCwnd(r, kind);
    long step = Math.max(1, (c * 15) >>> 3); // beta_scale 15 at the default beta
    r[CA + 8] = Long.remainderUnsigned(r[CA + 8], 1000 * step);
  }
}
