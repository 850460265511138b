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

  /** A congestion module's sources: enum tcp_ca_state is in the UAPI header. */
  static List<String> ccSources(String file) {
    List<String> s = sources(file);
    s.add("include/uapi/linux/tcp.h");
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

  /**
   * The tcp_sock and inet_connection_sock fields only the congestion modules read, after
   * {@link #SOCK_FIELDS} in their records (common.c's nicsim_cc_sock_set). icsk_ca_state is an
   * enum tcp_ca_state (Open..Loss), the only values the kernel stores in it.
   */
  static final List<InputField> CC_SOCK_FIELDS = List.of(
      u32("srtt_us").withEdges(7, 8, 15, 16, 8 * 23_000),
      u32("lost"), u64("tcp_clock_cache"), u64("tcp_wstamp_ns"),
      range("icsk_ca_state", 0, 4), u32("lsndtime"), bool("is_cwnd_limited"),
      u32("max_packets_out").withEdges(5, 8, 0x8000_0000L));

  /** Sets the {@link #CC_SOCK_FIELDS} from the record at {@code at}. */
  static void setCcSock(TcpSock sk, long[] r, int at) {
    sk.srttUs = (int) r[at];
    sk.lost = (int) r[at + 1];
    sk.tcpClockCache = r[at + 2];
    sk.tcpWstampNs = r[at + 3];
    sk.icskCaState = (int) r[at + 4];
    sk.lsndtime = (int) r[at + 5];
    sk.isCwndLimited = r[at + 6] != 0;
    sk.maxPacketsOut = (int) r[at + 7];
  }

  /** What a congestion module writes in the socket, as common.c's nicsim_cc_sock_put prints it. */
  static Out putCcSock(Out o, TcpSock sk) {
    return o.u("sk_pacing_rate", sk.skPacingRate).put("sk_pacing_status", sk.skPacingStatus)
        .u32("snd_cwnd", sk.sndCwnd).u32("snd_ssthresh", sk.sndSsthresh)
        .u32("snd_cwnd_cnt", sk.sndCwndCnt).u32("app_limited", sk.appLimited);
  }

  @Override
  public List<PortHarness> harnesses() {
    List<PortHarness> out = new ArrayList<>();
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
    out.add(cong("tcp_slow_start", 0));
    out.add(cong("tcp_cong_avoid_ai", 1));
    out.add(renoUndoCwnd());
    out.add(setCaState());
    out.add(minmax("minmax_running_max", 0));
    out.add(minmax("minmax_running_min", 1));
    out.add(minmax("minmax_subwin_update", 2));
    out.add(minmaxReset());
    out.add(jiffies("include/linux/jiffies.h", "usecs_to_jiffies", 0));
    out.add(jiffies("kernel/time/time.c", "__usecs_to_jiffies", 1));
    out.add(jiffies("kernel/time/time.c", "jiffies_to_usecs", 2));
    return out;
  }

  static String program(String driver, String prelude) {
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

  /**
   * The clock a harness socket reads (tcp_clock_ns() and, through it, tcp_jiffies32), and the
   * recording stubs below the socket: with {@link #calls} set, get_random_u32_below answers
   * {@link #randomAnswer} and it and a WARN are printed into the record as the C's stubs print
   * them.
   */
  static final class Clock implements TcpHost {
    long nowNs;
    /** The output record the calls go to; null: a call is a harness error. */
    Out calls;
    int randomAnswer;

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
      if (calls == null) {
        throw new UnsupportedOperationException("not used by the helpers run here");
      }
      calls.call("get_random_u32_below", Integer.toUnsignedLong(ceil));
      return randomAnswer;
    }

    @Override
    public void warnOn(TcpSock sk) {
      if (calls != null) {
        calls.call("WARN_ON"); // nicsim_kernel.h records every WARN_ON_ONCE as WARN_ON()
      }
    }
  }

  /**
   * A congestion module whose .min_tso_segs the record answers; with {@link #hasSetState} its
   * .set_state is recorded into {@link #calls} as tcp_cong.c's driver records it.
   */
  static final class StubCa implements CongestionOps {
    boolean has;
    int answer;
    boolean hasSetState;
    Out calls;

    @Override public void setState(TcpSock sk, int newState) {
      if (hasSetState) {
        calls.call("set_state", newState);
      }
    }

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

  /**
   * The inverse of {@link #sock} for a live socket ({@code --ports c}): its
   * {@link #SOCK_FIELDS} into {@code in[0 .. SOCK_FIELDS.size())}.
   */
  static void captureSock(TcpSock sk, long[] in) {
    in[0] = sk.skPacingRate;
    in[1] = sk.skMaxPacingRate;
    in[2] = sk.skPacingShift;
    in[3] = sk.skPacingStatus;
    in[4] = Seq.u32(sk.skGsoMaxSize);
    in[5] = sk.skGsoMaxSegs & 0xFFFF;
    in[6] = sk.skWmemAlloc;
    in[7] = Math.min(sk.rtxQueue.size(), 2); // the C tests only empty, one, more
    in[8] = Seq.u32(sk.sndUna);
    in[9] = Seq.u32(sk.sndNxt);
    in[10] = Seq.u32(sk.writeSeq);
    in[11] = Seq.u32(sk.mssCache);
    in[12] = Seq.u32(sk.sndCwnd);
    in[13] = Seq.u32(sk.sndSsthresh);
    in[14] = Seq.u32(sk.packetsOut);
    in[15] = Seq.u32(sk.sackedOut);
    in[16] = Seq.u32(sk.lostOut);
    in[17] = Seq.u32(sk.retransOut);
    in[18] = Seq.u32(sk.delivered);
    in[19] = Seq.u32(sk.appLimited);
    in[20] = sk.firstTxMstamp;
    in[21] = sk.deliveredMstamp;
    in[22] = Seq.u32(sk.rateDelivered);
    in[23] = sk.rateIntervalUs & 0xFFFF_FFFFL;
    in[24] = sk.rateAppLimited ? 1 : 0;
    in[25] = sk.tcpMstamp;
    in[26] = Seq.u32(sk.rttMin.get()); // the field; tcp_min_rtt is the C's to call
    in[27] = Seq.u32(sk.tcpJiffies32());
    in[28] = Seq.u32(sk.sndCwndCnt);
    in[29] = Seq.u32(sk.sndCwndClamp);
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

  private static PortHarness cong(String function, int kind) {
    return withSock(CONG_C, function, "tcp_cong.c", "#define NICSIM_KIND " + kind,
        List.of(urange("acked", 0, 1 << 16), u32("w").withEdges(1, 2, 10)))
        .admit(r -> {
          // a socket's cwnd, ssthresh and clamp are positive ints (every tcp_snd_cwnd_set warns
          // otherwise); what the function itself sets past INT_MAX is its WARN, recorded
          for (int i : new int[] {12, 13, 29}) {
            r[i] = 1 + Long.remainderUnsigned(r[i], 0x7fff_ffffL);
          }
          // w is a cwnd: tcp_reno_cong_avoid passes snd_cwnd (>= 1), CUBIC its ca->cnt (>= 2)
          r[N + 1] = Math.max(1, r[N + 1]);
          return r;
        })
        .notes("snd_cwnd, snd_ssthresh and snd_cwnd_clamp start in 1..INT_MAX (tcp_snd_cwnd_set"
            + " warns below); a cwnd the function sets past INT_MAX prints tcp_snd_cwnd_set's"
            + " WARN_ON, in C as in Java; w at least 1 (its callers pass a cwnd or CUBIC's cnt);"
            + " acked up to 65536 per ACK")
        .java(kernel -> {
          PatchSet patches = patches(kernel);
          Clock clock = new Clock();
          StubCa ca = new StubCa();
          return (JavaPort) r -> {
            TcpSock sk = sock(patches, new TcpSysctl(), ca, clock, r);
            Out out = new Out();
            clock.calls = out; // tcp_snd_cwnd_set's WARN_ON_ONCE, printed where the C prints it
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

  /**
   * tcp_reno_undo_cwnd: max(snd_cwnd, prior_cwnd) of two u32s. A quarter of the records put
   * prior_cwnd at snd_cwnd - 1, snd_cwnd or snd_cwnd + 1 (the max's tie).
   */
  private static PortHarness renoUndoCwnd() {
    return withSock(CONG_C, "tcp_reno_undo_cwnd", "tcp_cong.c", "#define NICSIM_KIND 2",
        List.of(u32("prior_cwnd").withEdges(10, 0x7fff_ffffL, 0x8000_0000L)))
        .admit(r -> {
          if ((r[N] & 3) == 0) {
            r[N] = (r[12] + (r[N] >>> 2) % 3 - 1) & 0xffff_ffffL;
          }
          return r;
        })
        .notes("a quarter of the records tie prior_cwnd to snd_cwnd (off by -1, 0, +1)")
        .java(kernel -> {
          PatchSet patches = patches(kernel);
          Clock clock = new Clock();
          StubCa ca = new StubCa();
          return (JavaPort) r -> {
            TcpSock sk = sock(patches, new TcpSysctl(), ca, clock, r);
            sk.priorCwnd = (int) r[N];
            Out out = new Out();
            clock.calls = out;
            out.u32("ret", TcpCong.renoUndoCwnd(sk));
            return putSock(out, sk).toString();
          };
        })
        .build();
  }

  /**
   * tcp_set_ca_state with a module that has .set_state (its call recorded with the state) or
   * none; the tracepoint compiles to nothing.
   */
  private static PortHarness setCaState() {
    return withSock(CONG_C, "tcp_set_ca_state", "tcp_cong.c", "#define NICSIM_KIND 3",
        List.of(range("ca_state", 0, 4), bool("ca has set_state")))
        .notes("ca_state one of enum tcp_ca_state (TCP_CA_Open..TCP_CA_Loss), as every caller"
            + " passes (icsk_ca_state is a 5-bit field)")
        .java(kernel -> {
          PatchSet patches = patches(kernel);
          Clock clock = new Clock();
          StubCa ca = new StubCa();
          return (JavaPort) r -> {
            Out out = new Out();
            ca.hasSetState = r[N + 1] != 0;
            ca.calls = out;
            TcpSock sk = sock(patches, new TcpSysctl(), ca, clock, r);
            clock.calls = out;
            sk.setCaState((int) r[N]);
            out.put("icsk_ca_state", sk.icskCaState);
            return putSock(out, sk).toString();
          };
        })
        .build();
  }

  private static final List<InputField> MINMAX_FIELDS = List.of(u32("s[0].t"), u32("s[1].t"),
      u32("s[2].t"), u32("s[0].v"), u32("s[1].v"), u32("s[2].v"),
      u32("win").withEdges(10, 300 * 250, 0x8000_0000L), u32("t"), u32("meas"), u32("shape"));

  /** The record's window into {@code m} (win_minmax.c's driver). */
  static MinMax setMinMax(long[] r) {
    MinMax m = new MinMax();
    for (int i = 0; i < 3; i++) {
      m.set(i, (int) r[i], (int) r[3 + i]);
    }
    return m;
  }

  static Out putMinMax(Out out, MinMax m) {
    for (int i = 0; i < 3; i++) {
      out.u32("s[" + i + "].t", m.t(i)).u32("s[" + i + "].v", m.v(i));
    }
    return out;
  }

  /**
   * minmax_running_max/min (kinds 0, 1) and minmax_subwin_update (kind 2) on a window of three
   * samples; the shape orders half the windows in time, as the filter keeps them, and ties the
   * new sample's time to the window's edges (win, win / 4, win / 2 after the first sample) and
   * its value to the samples'.
   */
  private static PortHarness minmax(String function, int kind) {
    Function<long[], String> body = r -> {
      MinMax m = setMinMax(r);
      int win = (int) r[6];
      int t = (int) r[7];
      int meas = (int) r[8];
      int ret = switch (kind) {
        case 0 -> m.runningMax(win, t, meas);
        case 1 -> m.runningMin(win, t, meas);
        default -> m.subwinUpdate(win, t, meas);
      };
      return putMinMax(new Out().u32("ret", ret), m).toString();
    };
    return PortHarness.of(MINMAX_C, function)
        .sources(List.of(MINMAX_C, "include/linux/win_minmax.h"))
        .program(PortHarness.resource(TcpHarnesses.class, DIR + "win_minmax.c")
            + "\n//@ prelude\n#define NICSIM_KIND " + kind + "\n")
        .inputs(MINMAX_FIELDS)
        .admit(TcpHarnesses::shapeMinMax)
        .java(kernel -> body::apply)
        .build();
  }

  private static long[] shapeMinMax(long[] r) {
    RecordShape s = new RecordShape(r[9]);
    if (s.coin()) { // samples ordered in time
      long t2 = r[2];
      r[1] = RecordShape.u32(t2 - s.bits(12));
      r[0] = RecordShape.u32(r[1] - s.bits(12));
      r[7] = RecordShape.u32(t2 + s.bits(16));
      r[6] = s.bits(16);
    }
    if (s.coin()) { // t at the window's edge, a quarter or a half of it past s[0] (or s[2])
      long win = r[6];
      long[] marks = {win, win >>> 2, win >>> 1};
      long from = s.oneIn(3) ? r[2] : r[0];
      r[7] = RecordShape.u32(from + marks[(int) s.below(3)] + s.offset(1));
    }
    if (s.coin()) { // equal times: no 2nd or 3rd choice taken yet
      r[1] = r[0];
      if (s.coin()) {
        r[2] = r[1];
      }
    }
    if (s.coin()) { // meas next to a sample's value
      r[8] = RecordShape.u32(r[3 + (int) s.below(3)] + s.offset(1));
    }
    return r;
  }

  /** minmax_reset(m, t, meas): all three samples set, meas returned. */
  private static PortHarness minmaxReset() {
    String h = "include/linux/win_minmax.h";
    return PortHarness.of(h, "minmax_reset").sources(List.of(h))
        .program(PortHarness.resource(TcpHarnesses.class, DIR + "win_minmax.c")
            + "\n//@ prelude\n#define NICSIM_KIND 3\n")
        .inputs(MINMAX_FIELDS)
        .java(kernel -> r -> {
          MinMax m = setMinMax(r);
          int ret = m.reset((int) r[7], (int) r[8]);
          return putMinMax(new Out().u32("ret", ret), m).toString();
        })
        .build();
  }

  /**
   * usecs_to_jiffies (kind 0), __usecs_to_jiffies (1) and jiffies_to_usecs (2) at the harness's
   * HZ (250: the division branches; HZ 300's multiply-and-shift is pinned by JiffiesTest).
   */
  private static PortHarness jiffies(String file, String function, int kind) {
    List<String> src = new ArrayList<>(List.of("include/linux/jiffies.h", "kernel/time/time.c"));
    src.addAll(KernelHeaders.ARITHMETIC);
    InputField arg = kind == 2
        ? u64("j").withEdges(Jiffies.MAX_JIFFY_OFFSET, 1_073_741_824L, 1_073_741_823L)
        : u32("u").withEdges(4_294_959_296L, 4_294_959_297L, 3999, 4000, 4001);
    return PortHarness.of(file, function).sources(src)
        .program(PortHarness.resource(TcpHarnesses.class, DIR + "jiffies.c")
            + "\n//@ prelude\n#define HZ 250\n#define NICSIM_KIND " + kind + "\n")
        .inputs(List.of(arg))
        .java(kernel -> {
          Jiffies j = new Jiffies(250);
          return r -> new Out().u("ret", switch (kind) {
            case 0 -> j.usecsToJiffies((int) r[0]);
            case 1 -> j.usecsToJiffiesRuntime((int) r[0]);
            default -> Integer.toUnsignedLong(j.jiffiesToUsecs(r[0]));
          }).toString();
        })
        .build();
  }
}
