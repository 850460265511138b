package io.nicsim.tcp;

import static io.nicsim.core.port.exec.InputField.bool;
import static io.nicsim.core.port.exec.InputField.range;
import static io.nicsim.core.port.exec.InputField.s32;
import static io.nicsim.core.port.exec.InputField.s64;
import static io.nicsim.core.port.exec.InputField.u16;
import static io.nicsim.core.port.exec.InputField.u32;
import static io.nicsim.core.port.exec.InputField.u64;
import static io.nicsim.core.port.exec.InputField.u8;
import static io.nicsim.core.port.exec.InputField.urange;

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
import java.util.List;
import java.util.function.Function;

/**
 * {@code port-check --execute} harnesses for the TCP sender's ported helpers: CUBIC's cube root,
 * curve update and HyStart, TSO autosizing and TCP Small Queues, the delivery-rate sampler, BBR's
 * model helpers, slow start / additive increase and the windowed min-max filter. A socket travels
 * as {@link #SOCK_FIELDS}; the C drivers are {@code src/main/resources/nicsim/portexec/tcp/}.
 */
public final class TcpHarnesses implements PortHarnessProvider {
  private static final String DIR = "nicsim/portexec/tcp/";
  private static final String OUTPUT_C = "net/ipv4/tcp_output.c";
  private static final String CUBIC_C = "net/ipv4/tcp_cubic.c";
  private static final String BBR_C = "net/ipv4/tcp_bbr.c";
  private static final String RATE_C = "net/ipv4/tcp_rate.c";
  private static final String CONG_C = "net/ipv4/tcp_cong.c";
  private static final String MINMAX_C = "lib/win_minmax.c";
  private static final List<String> HEADERS = List.of("include/net/tcp.h", "include/linux/tcp.h",
      "include/linux/win_minmax.h", "include/net/inet_connection_sock.h", "include/net/sock.h",
      "kernel/time/time.c");

  private static List<String> sources(String file) {
    List<String> s = new ArrayList<>();
    s.add(file);
    s.addAll(HEADERS);
    s.addAll(KernelHeaders.ARITHMETIC);
    return s;
  }

  /** The socket: struct sock, inet_connection_sock and tcp_sock fields the helpers read. */
  static final List<InputField> SOCK_FIELDS = List.of(
      u64("sk_pacing_rate").withEdges(-1L, 125_000_000L, 12_500_000L),
      u64("sk_max_pacing_rate").withEdges(-1L),
      range("sk_pacing_shift", 0, 20).withEdges(10),
      range("sk_pacing_status", 0, 2),
      u32("sk_gso_max_size").withEdges(65536, 65535, 524_280),
      u16("sk_gso_max_segs").withEdges(64, 65535),
      // refcount_t: an int that never goes past INT_MAX (it saturates)
      range("sk_wmem_alloc", 0, Integer.MAX_VALUE).withEdges(1, 577, 576, 262_144, 1_048_576),
      range("rtx queue skbs", 0, 2),
      u32("snd_una"), u32("snd_nxt"), u32("write_seq"),
      u32("mss_cache").withEdges(1448, 1460, 536),
      u32("snd_cwnd").withEdges(10, 16, 2), u32("snd_ssthresh").withEdges(0x7fff_ffffL),
      u32("packets_out"), u32("sacked_out"), u32("lost_out"), u32("retrans_out"),
      u32("delivered"), u32("app_limited"),
      u64("first_tx_mstamp"), u64("delivered_mstamp"),
      u32("rate_delivered"), u32("rate_interval_us"), bool("rate_app_limited"),
      u64("tcp_mstamp"), u32("rtt_min").withEdges(0xFFFF_FFFFL, 23_000, 511, 512),
      u32("jiffies"), u32("snd_cwnd_cnt"), u32("snd_cwnd_clamp").withEdges(0x7fff_ffffL));

  private static final int N = SOCK_FIELDS.size();

  @Override
  public List<PortHarness> harnesses() {
    List<PortHarness> out = new ArrayList<>();
    out.add(cubicRoot());
    out.add(cubic("bictcp_update", 1, List.of(u32("cwnd").withEdges(10, 16), u32("acked"))));
    out.add(cubic("hystart_update", 2, List.of(u32("delay"))));
    out.add(cubic("hystart_ack_delay", 3, List.of()));
    out.add(output("tcp_tso_autosize", 0, List.of(u32("mss_now").withEdges(1448),
        s32("min_tso_segs").withEdges(2))));
    out.add(output("tcp_tso_segs", 1, List.of(u32("mss_now").withEdges(1448),
        bool("ca has min_tso_segs"), u32("ca min_tso_segs answer").withEdges(1, 2))));
    out.add(output("tcp_small_queue_check", 2, List.of(u32("skb truesize").withEdges(2304,
        4_608, 65_536), range("factor", 0, 1),
        range("sysctl_tcp_limit_output_bytes", 1, Integer.MAX_VALUE).withEdges(262_144,
            1_048_576, 4_194_304))));
    for (String f : List.of("tcp_rate_skb_sent", "tcp_rate_skb_delivered", "tcp_rate_gen",
        "tcp_rate_check_app_limited")) {
      out.add(rate(f));
    }
    String[] bbr = {"bbr_bdp", "bbr_quantization_budget", "bbr_inflight",
        "bbr_rate_bytes_per_sec", "bbr_bw_to_pacing_rate", "bbr_tso_segs_goal",
        "bbr_min_tso_segs"};
    for (int k = 0; k < bbr.length; k++) {
      out.add(bbr(bbr[k], k));
    }
    out.add(cong("tcp_slow_start", 0));
    out.add(cong("tcp_cong_avoid_ai", 1));
    out.add(minmax("minmax_running_max"));
    out.add(minmax("minmax_running_min"));
    return out;
  }

  private static String program(String driver, String prelude) {
    return PortHarness.resource(TcpHarnesses.class, DIR + "common.c") + "\n"
        + PortHarness.resource(TcpHarnesses.class, DIR + driver) + "\n//@ prelude\n"
        + prelude + "\n";
  }

  static PatchSet patches(String kernel) {
    try {
      return TcpPatches.CATALOG.select(KernelVersion.parse(kernel), List.of());
    } catch (BadInputException e) {
      throw new NotRunnable(e.getMessage());
    }
  }

  /** The clock a harness socket reads: tcp_clock_ns() and, through it, tcp_jiffies32. */
  static final class Clock implements TcpHost {
    long nowNs;

    @Override
    public long nowNs() {
      return nowNs;
    }

    @Override
    public int queueXmit(TcpSock sk, TcpSkb skb, int truesize) {
      throw new UnsupportedOperationException("not used by the helpers run here");
    }

    @Override
    public void pacingTimerStart(TcpSock sk, long expiresNs) {
      throw new UnsupportedOperationException("not used by the helpers run here");
    }

    @Override
    public boolean pacingTimerQueued(TcpSock sk) {
      return false;
    }

    @Override
    public void queueTsqWork(TsqWork work) {
      throw new UnsupportedOperationException("not used by the helpers run here");
    }

    @Override
    public TsqWork tsqWork() {
      throw new UnsupportedOperationException("not used by the helpers run here");
    }

    @Override
    public boolean inKsoftirqd() {
      return false;
    }

    @Override
    public void xmitTimerReset(TcpSock sk, int expiresJiffies) {
      throw new UnsupportedOperationException("not used by the helpers run here");
    }

    @Override
    public void xmitTimerClear(TcpSock sk) {
      throw new UnsupportedOperationException("not used by the helpers run here");
    }

    @Override
    public int randomU32Below(int ceil) {
      throw new UnsupportedOperationException("not used by the helpers run here");
    }
  }

  /** A congestion module whose .min_tso_segs the record answers. */
  static final class StubCa implements CongestionOps {
    boolean has;
    int answer;

    @Override public String name() {
      return "stub";
    }

    @Override public void init(TcpSock sk) {}

    @Override public int ssthresh(TcpSock sk) {
      return 0;
    }

    @Override public int undoCwnd(TcpSock sk) {
      return 0;
    }

    @Override public boolean hasMinTsoSegs() {
      return has;
    }

    @Override public int minTsoSegs(TcpSock sk) {
      return answer;
    }
  }

  /** A socket as the record gives it. */
  static TcpSock sock(PatchSet patches, TcpSysctl sysctl, CongestionOps ca, Clock clock,
      long[] r) {
    TcpSock sk = new TcpSock(clock, sysctl, patches, ca);
    sk.skPacingRate = r[0];
    sk.skMaxPacingRate = r[1];
    sk.skPacingShift = (int) r[2];
    sk.skPacingStatus = (int) r[3];
    sk.skGsoMaxSize = (int) r[4];
    sk.skGsoMaxSegs = (int) r[5];
    sk.skWmemAlloc = r[6];
    for (int i = 0; i < r[7]; i++) {
      sk.rtxQueue.addTail(new TcpSkb());
    }
    sk.sndUna = (int) r[8];
    sk.sndNxt = (int) r[9];
    sk.writeSeq = (int) r[10];
    sk.mssCache = (int) r[11];
    sk.sndCwnd = (int) r[12];
    sk.sndSsthresh = (int) r[13];
    sk.packetsOut = (int) r[14];
    sk.sackedOut = (int) r[15];
    sk.lostOut = (int) r[16];
    sk.retransOut = (int) r[17];
    sk.delivered = (int) r[18];
    sk.appLimited = (int) r[19];
    sk.firstTxMstamp = r[20];
    sk.deliveredMstamp = r[21];
    sk.rateDelivered = (int) r[22];
    sk.rateIntervalUs = r[23];
    sk.rateAppLimited = r[24] != 0;
    sk.tcpMstamp = r[25];
    sk.rttMin.set(0, 0, (int) r[26]);
    // tcp_jiffies32 = r[27]: the clock at that jiffy
    clock.nowNs = Seq.u32((int) r[27] - sk.initialJiffies()) * sk.tickNs();
    sk.sndCwndCnt = (int) r[28];
    sk.sndCwndClamp = (int) r[29];
    return sk;
  }

  static Out putSock(Out o, TcpSock sk) {
    return o.u("sk_pacing_rate", sk.skPacingRate).put("sk_tsq_flags", sk.skTsqFlags)
        .u32("snd_cwnd", sk.sndCwnd).u32("snd_ssthresh", sk.sndSsthresh)
        .u32("snd_cwnd_cnt", sk.sndCwndCnt).u32("app_limited", sk.appLimited)
        .u("first_tx_mstamp", sk.firstTxMstamp).u("delivered_mstamp", sk.deliveredMstamp)
        .u32("rate_delivered", sk.rateDelivered).u("rate_interval_us", sk.rateIntervalUs)
        .put("rate_app_limited", sk.rateAppLimited);
  }

  /** A harness whose Java side builds a socket per record and runs {@code body} on it. */
  private static PortHarness.Builder withSock(String file, String function, String driver,
      String prelude, List<InputField> extra) {
    List<InputField> in = new ArrayList<>(SOCK_FIELDS);
    in.addAll(extra);
    return PortHarness.of(file, function).sources(sources(file))
        .program(program(driver, prelude)).inputs(in);
  }

  private static PortHarness cubicRoot() {
    return PortHarness.of(CUBIC_C, "cubic_root")
        .sources(sources(CUBIC_C))
        .program(program("cubic.c", "#define NICSIM_KIND 0"))
        .inputs(List.of(u64("a").withEdges(63, 64, 1L << 30, (1L << 40) * 410)))
        .java(kernel -> r -> new Out().put("ret", Seq.u32(Cubic.cubicRoot(r[0]))).toString())
        .build();
  }

  static final List<InputField> CA_FIELDS = List.of(
      u32("ca.cnt"), u32("ca.last_max_cwnd"), u32("ca.last_cwnd"), u32("ca.last_time"),
      u32("ca.bic_origin_point"), u32("ca.bic_K"), u32("ca.delay_min"),
      u32("ca.epoch_start"), u32("ca.ack_cnt"), u32("ca.tcp_cwnd"), u8("ca.sample_cnt"),
      bool("ca.found"), u32("ca.round_start"), u32("ca.end_seq"), u32("ca.last_ack"),
      u32("ca.curr_rtt"));

  private static PortHarness cubic(String function, int kind, List<InputField> args) {
    List<InputField> extra = new ArrayList<>(CA_FIELDS);
    extra.addAll(args);
    return withSock(CUBIC_C, function, "cubic.c", "#define NICSIM_KIND " + kind, extra)
        .admit(r -> kind == 1 ? boundedFriendliness(nearbyCubic(r)) : nearbyCubic(r))
        .notes("half the records keep jiffies, the epoch and the ACK times close together, as a"
            + " running flow has them" + (kind == 1 ? "; cwnd 1..2^20 and ack_cnt within 1000"
            + " TCP-friendliness steps (the loop runs ack_cnt / (cwnd * beta_scale / 8) times)"
            : ""))
        .java(kernel -> {
          PatchSet patches = patches(kernel);
          Clock clock = new Clock();
          return (JavaPort) r -> {
            Cubic ca = new Cubic();
            TcpSock sk = sock(patches, new TcpSysctl(), ca, clock, r);
            setCubic(ca, r, N);
            Out out = new Out();
            int a = N + CA_FIELDS.size();
            switch (kind) {
              case 1 -> ca.update(sk, (int) r[a], (int) r[a + 1]);
              case 2 -> ca.hystartUpdate(sk, (int) r[a]);
              default -> out.u32("ret", Cubic.hystartAckDelay(sk));
            }
            putCubic(out, ca);
            return out.u32("snd_ssthresh", sk.sndSsthresh).toString();
          };
        })
        .build();
  }

  /** Half the records: jiffies near last_time and epoch_start, tcp_mstamp near the ACK times. */
  private static long[] nearbyCubic(long[] r) {
    if ((r[N] & 1) == 0) {
      long j = r[27];
      r[N + 3] = (j - (r[N + 3] & 0x3F)) & 0xFFFF_FFFFL;           // last_time
      r[N + 7] = (j - (r[N + 7] & 0x3FF)) & 0xFFFF_FFFFL;          // epoch_start
      long now = r[25] & 0xFFFF_FFFFL;
      r[N + 12] = (now - (r[N + 12] & 0xFFFF)) & 0xFFFF_FFFFL;      // round_start
      r[N + 14] = (now - (r[N + 14] & 0xFFF)) & 0xFFFF_FFFFL;       // last_ack
      r[N + 6] &= 0x3FFFF;                                        // delay_min
    }
    return r;
  }

  /**
   * bictcp_update's TCP-friendliness loop subtracts cwnd * beta_scale / 8 from ack_cnt until it
   * fits: cwnd stays at least 1 (0 would never leave the loop, in C as in Java) and ack_cnt plus
   * acked within 1000 steps.
   */
  private static long[] boundedFriendliness(long[] r) {
    int a = N + CA_FIELDS.size();
    r[a] = 1 + Long.remainderUnsigned(r[a], 1 << 20);
    r[a + 1] = Long.remainderUnsigned(r[a + 1], 1 << 16);
    long step = Math.max(1, r[a] * 15 / 8);
    r[N + 8] = Long.remainderUnsigned(r[N + 8], 1000 * step);
    return r;
  }

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

  static Out putCubic(Out o, Cubic ca) {
    return o.u32("cnt", ca.cnt).u32("last_max_cwnd", ca.lastMaxCwnd)
        .u32("last_cwnd", ca.lastCwnd).u32("last_time", ca.lastTime)
        .u32("bic_origin_point", ca.bicOriginPoint).u32("bic_K", ca.bicK)
        .u32("delay_min", ca.delayMin).u32("epoch_start", ca.epochStart)
        .u32("ack_cnt", ca.ackCnt).u32("tcp_cwnd", ca.tcpCwnd).put("sample_cnt", ca.sampleCnt)
        .put("found", ca.found).u32("round_start", ca.roundStart).u32("end_seq", ca.endSeq)
        .u32("last_ack", ca.lastAck).u32("curr_rtt", ca.currRtt);
  }

  private static PortHarness output(String function, int kind, List<InputField> args) {
    return withSock(OUTPUT_C, function, "tcp_output.c", "#define NICSIM_KIND " + kind, args)
        .notes(kind == 2 ? "TCP_TX_DELAY off (not modelled); the limit sysctl as given (1..INT_MAX)"
            : "")
        .java(kernel -> {
          PatchSet patches = patches(kernel);
          Clock clock = new Clock();
          StubCa ca = new StubCa();
          return (JavaPort) r -> {
            TcpSysctl sysctl = new TcpSysctl();
            if (kind == 2) {
              sysctl.limitOutputBytes = (int) r[N + 2];
            }
            TcpSock sk = sock(patches, sysctl, ca, clock, r);
            Out out = new Out();
            switch (kind) {
              case 0 -> out.u32("ret", TcpOutput.tsoAutosize(sk, (int) r[N], (int) r[N + 1]));
              case 1 -> {
                ca.has = r[N + 1] != 0;
                ca.answer = (int) r[N + 2];
                out.u32("ret", TcpOutput.tsoSegs(sk, (int) r[N]));
              }
              default -> {
                TcpSkb skb = new TcpSkb();
                skb.truesize = (int) r[N];
                out.put("ret", TcpOutput.smallQueueCheck(sk, skb, (int) r[N + 1]));
                out.put("sk_tsq_flags", sk.skTsqFlags);
              }
            }
            return out.toString();
          };
        })
        .build();
  }

  static final List<InputField> RATE_FIELDS = List.of(
      u64("skb.skb_mstamp_ns"), u32("skb.end_seq"), u8("skb.sacked"),
      u64("skb.tx.first_tx_mstamp"), u64("skb.tx.delivered_mstamp"), u32("skb.tx.delivered"),
      bool("skb.tx.is_app_limited"),
      u32("rs.prior_delivered"), u64("rs.prior_mstamp"), u32("rs.last_end_seq"),
      s64("rs.interval_us").withEdges(-1), bool("rs.is_app_limited"), bool("rs.is_retrans"),
      s32("rs.delivered").withEdges(-1),
      u32("delivered"), u32("lost"), bool("is_sack_reneg"));

  private static PortHarness rate(String function) {
    int kind = List.of("tcp_rate_skb_sent", "tcp_rate_skb_delivered", "tcp_rate_gen",
        "tcp_rate_check_app_limited").indexOf(function);
    return withSock(RATE_C, function, "tcp_rate.c", "#define NICSIM_KIND " + kind, RATE_FIELDS)
        .notes("delivered_ce (ECN) is not modelled and not compared")
        .java(kernel -> {
          PatchSet patches = patches(kernel);
          Clock clock = new Clock();
          StubCa ca = new StubCa();
          return (JavaPort) r -> {
            TcpSock sk = sock(patches, new TcpSysctl(), ca, clock, r);
            TcpSkb skb = new TcpSkb();
            RateSample rs = new RateSample();
            int e = N;
            skb.skbMstampNs = r[e];
            skb.endSeq = (int) r[e + 1];
            skb.sacked = (int) r[e + 2];
            skb.txFirstTxMstamp = r[e + 3];
            skb.txDeliveredMstamp = r[e + 4];
            skb.txDelivered = (int) r[e + 5];
            skb.txIsAppLimited = r[e + 6] != 0;
            rs.priorDelivered = (int) r[e + 7];
            rs.priorMstamp = r[e + 8];
            rs.lastEndSeq = (int) r[e + 9];
            rs.intervalUs = r[e + 10];
            rs.isAppLimited = r[e + 11] != 0;
            rs.isRetrans = r[e + 12] != 0;
            rs.delivered = (int) r[e + 13];
            switch (kind) {
              case 0 -> TcpRate.skbSent(sk, skb);
              case 1 -> TcpRate.skbDelivered(sk, skb, rs);
              case 2 -> TcpRate.gen(sk, (int) r[e + 14], (int) r[e + 15], r[e + 16] != 0, rs);
              default -> TcpRate.checkAppLimited(sk);
            }
            Out out = new Out().u("skb.tx.first_tx_mstamp", skb.txFirstTxMstamp)
                .u("skb.tx.delivered_mstamp", skb.txDeliveredMstamp)
                .u32("skb.tx.delivered", skb.txDelivered)
                .put("skb.tx.is_app_limited", skb.txIsAppLimited)
                .u32("rs.prior_delivered", rs.priorDelivered).u("rs.prior_mstamp", rs.priorMstamp)
                .u32("rs.last_end_seq", rs.lastEndSeq).put("rs.interval_us", rs.intervalUs)
                .put("rs.is_app_limited", rs.isAppLimited).put("rs.is_retrans", rs.isRetrans)
                .put("rs.delivered", rs.delivered).u32("rs.acked_sacked", rs.ackedSacked)
                .put("rs.losses", rs.losses).u("rs.snd_interval_us", rs.sndIntervalUs)
                .u("rs.rcv_interval_us", rs.rcvIntervalUs);
            return putSock(out, sk).toString();
          };
        })
        .build();
  }

  private static PortHarness bbr(String function, int kind) {
    List<InputField> extra = List.of(u32("bbr.min_rtt_us").withEdges(0xFFFF_FFFFL, 23_000),
        range("bbr.mode", 0, 3), range("bbr.cycle_idx", 0, 7),
        u32("bw").withEdges(1 << 24), s32("gain").withEdges(256, 739, 512, 192, 320, 2886),
        u32("cwnd"), u64("rate"));
    return withSock(BBR_C, function, "bbr.c", "#define NICSIM_KIND " + kind, extra)
        .java(kernel -> {
          PatchSet patches = patches(kernel);
          Clock clock = new Clock();
          return (JavaPort) r -> {
            Bbr bbr = new Bbr();
            TcpSock sk = sock(patches, new TcpSysctl(), bbr, clock, r);
            bbr.minRttUs = (int) r[N];
            bbr.mode = (int) r[N + 1];
            bbr.cycleIdx = (int) r[N + 2];
            int bw = (int) r[N + 3];
            int gain = (int) r[N + 4];
            long ret = switch (kind) {
              case 0 -> Seq.u32(bbr.bdp(sk, bw, gain));
              case 1 -> Seq.u32(bbr.quantizationBudget(sk, (int) r[N + 5]));
              case 2 -> Seq.u32(bbr.inflight(sk, bw, gain));
              case 3 -> Bbr.rateBytesPerSec(sk, r[N + 6], gain);
              case 4 -> Bbr.bwToPacingRate(sk, bw, gain);
              case 5 -> Seq.u32(bbr.tsoSegsGoal(sk));
              default -> Seq.u32(bbr.minTsoSegs(sk));
            };
            return new Out().u("ret", ret).toString();
          };
        })
        .build();
  }

  private static PortHarness cong(String function, int kind) {
    return withSock(CONG_C, function, "tcp_cong.c", "#define NICSIM_KIND " + kind,
        List.of(urange("acked", 0, 1 << 16), u32("w").withEdges(1, 2, 10)))
        .admit(r -> {
          // tcp_snd_cwnd_set warns on (int)cwnd <= 0: cwnd, ssthresh and the clamp stay positive
          for (int i : new int[] {12, 13, 29}) {
            r[i] = 1 + Long.remainderUnsigned(r[i], 0x7fff_ffffL);
          }
          return r;
        })
        .notes("snd_cwnd, snd_ssthresh and snd_cwnd_clamp in 1..INT_MAX (tcp_snd_cwnd_set warns"
            + " below), acked up to 65536 per ACK")
        .java(kernel -> {
          PatchSet patches = patches(kernel);
          Clock clock = new Clock();
          StubCa ca = new StubCa();
          return (JavaPort) r -> {
            TcpSock sk = sock(patches, new TcpSysctl(), ca, clock, r);
            Out out = new Out();
            if (kind == 0) {
              out.u32("ret", TcpCong.slowStart(sk, (int) r[N]));
            } else {
              TcpCong.congAvoidAi(sk, (int) r[N + 1], (int) r[N]);
            }
            return putSock(out, sk).toString();
          };
        })
        .build();
  }

  private static PortHarness minmax(String function) {
    boolean max = function.endsWith("max");
    Function<long[], String> body = r -> {
      MinMax m = new MinMax();
      for (int i = 0; i < 3; i++) {
        m.set(i, (int) r[i], (int) r[3 + i]);
      }
      int ret = max ? m.runningMax((int) r[6], (int) r[7], (int) r[8])
          : m.runningMin((int) r[6], (int) r[7], (int) r[8]);
      Out out = new Out().u32("ret", ret);
      for (int i = 0; i < 3; i++) {
        out.u32("s[" + i + "].t", m.t(i)).u32("s[" + i + "].v", m.v(i));
      }
      return out.toString();
    };
    return PortHarness.of(MINMAX_C, function)
        .sources(List.of(MINMAX_C, "include/linux/win_minmax.h"))
        .program(PortHarness.resource(TcpHarnesses.class, DIR + "win_minmax.c")
            + "\n//@ prelude\n#define NICSIM_GET " + function + "\n")
        .inputs(List.of(u32("s[0].t"), u32("s[1].t"), u32("s[2].t"), u32("s[0].v"),
            u32("s[1].v"), u32("s[2].v"), u32("win").withEdges(10, 300 * 250), u32("t"),
            u32("meas")))
        .admit(r -> {
          // half the records: a window whose samples are ordered in time, as the filter keeps it
          if ((r[8] & 1) == 0) {
            long t2 = r[2];
            r[1] = (t2 - (r[1] & 0xFFF)) & 0xFFFF_FFFFL;
            r[0] = (r[1] - (r[0] & 0xFFF)) & 0xFFFF_FFFFL;
            r[7] = (t2 + (r[7] & 0xFFFF)) & 0xFFFF_FFFFL;
            r[6] &= 0xFFFF;
          }
          return r;
        })
        .java(kernel -> body::apply)
        .build();
  }
}
