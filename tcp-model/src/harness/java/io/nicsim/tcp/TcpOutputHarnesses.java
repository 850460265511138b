package io.nicsim.tcp;

import static io.nicsim.core.port.exec.InputField.bool;
import static io.nicsim.core.port.exec.InputField.range;
import static io.nicsim.core.port.exec.InputField.u16;
import static io.nicsim.core.port.exec.InputField.u32;
import static io.nicsim.core.port.exec.InputField.u64;
import static io.nicsim.core.port.exec.InputField.u8;
import static io.nicsim.core.port.exec.InputField.urange;

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
import java.util.function.UnaryOperator;

/**
 * {@code port-check --execute} harnesses for net/ipv4/tcp_output.c: every ported function runs
 * on one socket record ({@link #SOCK}: struct sock / inet_connection_sock / tcp_sock fields, the
 * sysctls, the stubs' answers, up to four write-queue and four retransmit-queue skbs) followed
 * by its own arguments. The C side is {@code src/main/resources/nicsim/portexec/tcp-output/}
 * ({@code sock.c} the types and boundary stubs, {@code state.c} record to socket and socket to
 * output, {@code run.c} one driver per function); the Java side builds the same socket in
 * {@link HarnessSocket#of} and prints it in {@link HarnessSocket#put}. Calls across the model's boundary
 * ({@link TcpHost}, {@link CongestionOps}, sk_write_space) are recorded on both sides in order.
 */
public final class TcpOutputHarnesses implements PortHarnessProvider {
  private static final String DIR = "nicsim/portexec/tcp-output/";
  static final String OUTPUT_C = "net/ipv4/tcp_output.c";
  static final int HZ = 250;

  /** The tree files the C is taken from: the function's own, then its callees' and headers. */
  static List<String> sources(String file) {
    List<String> s = new ArrayList<>();
    s.add(file);
    for (String f : List.of(OUTPUT_C, "net/ipv4/tcp_input.c", "net/ipv4/tcp_rate.c",
        "net/ipv4/tcp_cong.c", "net/core/stream.c", "include/net/tcp.h", "include/linux/tcp.h",
        "include/net/inet_connection_sock.h", "include/net/sock.h", "include/linux/skbuff.h",
        "include/net/tcp_ecn.h", "include/linux/align.h", "include/vdso/align.h",
        "include/linux/list.h", "include/linux/poison.h", "include/linux/win_minmax.h",
        "include/net/tcp_states.h", "include/uapi/linux/tcp.h", "include/uapi/linux/snmp.h",
        "kernel/time/time.c")) {
      if (!s.contains(f)) {
        s.add(f);
      }
    }
    s.addAll(KernelHeaders.ARITHMETIC);
    return s;
  }

  /* the socket record: indices (sock.c documents the same layout) */
  static final int NOW_NS = 0;
  static final int JIFFIES = 1;
  static final int PACING_RATE = 2;
  static final int WMEM_ALLOC = 7;
  static final int TSQ_FLAGS = 10;
  static final int TSQ_OTHERS = 65;
  static final int SND_UNA = 17;
  static final int SND_NXT = 18;
  static final int WRITE_SEQ = 19;
  static final int SND_WND = 20;
  static final int MSS_CACHE = 22;
  static final int PACKETS_OUT = 24;
  static final int SACKED_OUT = 25;
  static final int LOST_OUT = 26;
  static final int RETRANS_OUT = 27;
  static final int SND_CWND = 31;
  static final int TCP_CLOCK_CACHE = 40;
  static final int TCP_WSTAMP_NS = 41;
  static final int WQ = 74;
  static final int WQ_F = 7;
  static final int RQ = 103;
  static final int RQ_F = 12;
  static final int SLOTS = 4;
  /** Fields of the socket record; a function's arguments follow. */
  static final int SK = 153;
  /** The loop's record after the arguments (state.c's nicsim_loop_begin): its header words. */
  static final int LOOP_HDR = 13;
  /** Words of one answer of the model in the loop (sock.c's nicsim_loop_answer). */
  static final int LOOP_AF = 10;
  /** The most skbs of each queue the loop's record holds (sock.c's NICSIM_LOOP_SKBS). */
  static final int LOOP_SKBS = 128;

  /** Monotonic ns since boot (ktime): non-negative s64. */
  private static InputField ns(String name) {
    return range(name, 0, Long.MAX_VALUE).withEdges(1_000_000L, 999_999L, 23_000_000L,
        4_000_000L, 1_000_000_000L);
  }

  static final List<InputField> SOCK = sockFields();

  private static List<InputField> sockFields() {
    List<InputField> f = new ArrayList<>(List.of(
        ns("now_ns"), u32("jiffies"),
        u64("sk_pacing_rate").withEdges(-1L, 125_000_000L, 12_500_000L, 1_250_000L),
        range("sk_pacing_shift", 0, 20).withEdges(10, 8),
        range("sk_pacing_status", 0, 2),
        u32("sk_gso_max_size").withEdges(65536, 65535, 524_280, 62_844),
        urange("sk_gso_max_segs", 1, 65535).withEdges(64, 2),
        range("sk_wmem_alloc", 1, Integer.MAX_VALUE).withEdges(577, 576, 578, 4609, 262_144,
            1_048_576),
        range("sk_wmem_queued", 0, Integer.MAX_VALUE).withEdges(16_384, 263_296),
        range("sk_sndbuf", 0, Integer.MAX_VALUE).withEdges(16_384, 87_380, 4_194_304),
        range("sk_tsq_flags", 0, 7),
        bool("sock_owned_by_user"), bool("SOCK_NOSPACE"),
        range("icsk_ca_state", 0, 4),
        urange("icsk_rto", 1, 120 * HZ).withEdges(50, 51, 250, HZ / 5),
        range("icsk_pending", 0, 6),
        u32("icsk_timeout"),
        u32("snd_una"), u32("snd_nxt"), u32("write_seq"),
        u32("snd_wnd").withEdges(65_535, 1 << 30, 1448, 2896),
        u32("snd_sml"),
        urange("mss_cache", 1, 65535).withEdges(1448, 1460, 536, 88),
        range("nonagle", 0, 7),
        u32("packets_out").withEdges(10, 9), u32("sacked_out"), u32("lost_out"),
        u32("retrans_out"), u32("max_packets_out").withEdges(5, 6),
        bool("is_cwnd_limited"), u32("cwnd_usage_seq"),
        u32("snd_cwnd").withEdges(10, 2, 1, 45), u32("snd_ssthresh").withEdges(0x7fff_ffffL),
        u32("snd_cwnd_clamp").withEdges(0x7fff_ffffL, 10), u32("snd_cwnd_used"),
        u32("snd_cwnd_stamp"), u32("prr_out"),
        u32("srtt_us").withEdges(8 * 23_000, 8 * 10_000, 8 * 2000, 16_000, 16_001),
        u32("rtt_min.s[0].v").withEdges(0xFFFF_FFFFL, 23_000, 511, 512),
        u64("tcp_mstamp"), ns("tcp_clock_cache"), ns("tcp_wstamp_ns"),
        u32("lsndtime"), u32("data_segs_out").withEdges(9, 10), u32("segs_out"),
        u64("bytes_sent"), u64("bytes_retrans"), u32("total_retrans"), u32("retrans_stamp"),
        range("undo_retrans", Integer.MIN_VALUE, Integer.MAX_VALUE).withEdges(-1),
        u32("delivered"), u32("app_limited"),
        range("first_tx_mstamp", 0, Long.MAX_VALUE), range("delivered_mstamp", 0,
            Long.MAX_VALUE),
        range("retransmit_skb_hint", -1, SLOTS - 1), range("highest_sack", -1, SLOTS - 1),
        range("tcp_limit_output_bytes", 1, Integer.MAX_VALUE).withEdges(262_144, 1_048_576,
            4_194_304),
        u8("tcp_tso_win_divisor").withEdges(3),
        urange("tcp_min_tso_segs", 1, 255).withEdges(2),
        bool("tcp_slow_start_after_idle"),
        range("sysctl_tcp_tso_rtt_log", 0, 15).withEdges(9),
        range("head truesize", 1, 65535).withEdges(1280, 896),
        bool("in ksoftirqd"), bool("pacing hrtimer queued"),
        range("ip_queue_xmit result", 0, 3),
        bool("other sockets on the TSQ list"),
        bool("CC has min_tso_segs"),
        // at least 1: the tree's one built-in .min_tso_segs (bbr_min_tso_segs) answers 1 or 2
        // (a BPF congestion control may answer anything); 0, when the pacing rate gives no
        // whole segment, makes tcp_tso_segs 0, so __tcp_retransmit_skb splits off empty skbs
        // for ever
        urange("CC min_tso_segs", 1, 0xFFFF_FFFFL).withEdges(1, 2),
        bool("CC has cong_control"), u32("CC ssthresh").withEdges(2, 7),
        u32("prior_cwnd"), u32("prior_ssthresh"),
        range("tcp_wmem[2]", 0, Integer.MAX_VALUE).withEdges(4_194_304),
        u32("CC sndbuf_expand (0 none)").withEdges(2, 3)));
    f.add(range("write queue skbs", 0, SLOTS));
    for (int i = 0; i < SLOTS; i++) {
      String p = "wq[" + i + "].";
      f.add(urange(p + "len", 0, 1 << 20).withEdges(1448, 2896, 65_160, 1447, 1449));
      f.add(u16(p + "pcount").withEdges(1, 2, 45));
      f.add(u16(p + "gso_size").withEdges(1448));
      f.add(u8(p + "tcp_flags").withEdges(0x10, 0x11, 0x18, 0x19));
      f.add(bool(p + "eor"));
      f.add(range(p + "truesize", 0, Integer.MAX_VALUE).withEdges(2304, 4608, 66_816));
      f.add(ns(p + "tstamp"));
    }
    f.add(range("rtx queue skbs", 0, SLOTS));
    f.add(urange("rtx head bytes below snd_una", 0, 1 << 20).withEdges(1448));
    for (int i = 0; i < SLOTS; i++) {
      String p = "rtx[" + i + "].";
      f.add(urange(p + "len", 0, 1 << 20).withEdges(1448, 2896, 65_160, 1447));
      f.add(u16(p + "pcount").withEdges(1, 2, 45));
      f.add(u16(p + "gso_size").withEdges(1448));
      f.add(u8(p + "tcp_flags").withEdges(0x10, 0x11, 0x18));
      f.add(bool(p + "eor"));
      f.add(u8(p + "sacked").withEdges(0x01, 0x02, 0x04, 0x80, 0x82, 0x05));
      f.add(range(p + "truesize", 0, Integer.MAX_VALUE).withEdges(2304, 4608, 66_816));
      f.add(ns(p + "tstamp"));
      f.add(range(p + "clones in the host", 0, 2));
      f.add(u32(p + "tx.delivered"));
      f.add(range(p + "tx.first_tx_mstamp", 0, Long.MAX_VALUE));
      f.add(bool(p + "tx.is_app_limited"));
    }
    if (f.size() != SK) {
      throw new IllegalStateException("socket record has " + f.size() + " fields, sock.c " + SK);
    }
    return List.copyOf(f);
  }

  /**
   * The invariants every caller keeps, applied to every record: jiffies and ns from one clock
   * (the model derives tcp_jiffies32 from it), rtx skbs that carry data, no SYN, truesizes that
   * cover the payload, and in seven records
   * of eight the segment counts of sent skbs, the queues and
   * counters of a live socket: snd_nxt at the rtx queue's end, write_seq at the write queue's,
   * packets_out and the SACK scoreboard counts summed from the rtx skbs.
   */
  static long[] socketInvariants(long[] r) {
    long tick = 1_000_000_000L / HZ;
    r[JIFFIES] = (-300L * HZ + r[NOW_NS] / tick) & 0xFFFF_FFFFL;
    // a sent skb carries data; no skb is a SYN (the model has no handshake); an skb's
    // truesize covers its paged payload (tcp_sendmsg charges each byte it copies)
    for (int i = 0; i < SLOTS; i++) {
      int b = RQ + 2 + i * RQ_F;
      if (r[b] == 0) {
        r[b] = 1;
      }
      r[b + 3] &= ~TcpSkb.TCPHDR_SYN;
      r[b + 6] = truesize(r[b + 6], r[b]);
      int w = WQ + 1 + i * WQ_F;
      r[w + 3] &= ~TcpSkb.TCPHDR_SYN;
      r[w + 5] = truesize(r[w + 5], r[w]);
    }
    if ((r[NOW_NS] & 7) == 7) {
      return r;
    }
    // a sent skb's segments as tcp_set_skb_tso_segs counted them when it went out; a SACKed
    // skb is neither lost nor counted retransmitted (tcp_sacktag_one clears both)
    for (int i = 0; i < SLOTS; i++) {
      int b = RQ + 2 + i * RQ_F;
      if ((r[b + 5] & TcpSkb.TCPCB_SACKED_ACKED) != 0) {
        r[b + 5] &= ~(TcpSkb.TCPCB_LOST | TcpSkb.TCPCB_SACKED_RETRANS);
      }
      if (r[b + 2] == 0 || r[b] <= r[b + 2]) {
        r[b + 1] = 1;
        r[b + 2] = 0;
      } else {
        r[b + 1] = Math.min(65535, (r[b] + r[b + 2] - 1) / r[b + 2]);
      }
    }
    // snd_una lies inside the rtx head (fully acked skbs leave the queue)
    if (r[RQ] > 0 && r[RQ + 1] >= r[RQ + 2]) {
      r[RQ + 1] = r[RQ + 1] % r[RQ + 2];
    }
    long seq = r[SND_UNA] - r[RQ + 1];
    long packets = 0;
    long sacked = 0;
    long lost = 0;
    long retrans = 0;
    for (int i = 0; i < r[RQ]; i++) {
      int b = RQ + 2 + i * RQ_F;
      seq += r[b] + ((r[b + 3] & 1) != 0 ? 1 : 0);
      packets += r[b + 1];
      sacked += (r[b + 5] & TcpSkb.TCPCB_SACKED_ACKED) != 0 ? r[b + 1] : 0;
      lost += (r[b + 5] & TcpSkb.TCPCB_LOST) != 0 ? r[b + 1] : 0;
      retrans += (r[b + 5] & TcpSkb.TCPCB_SACKED_RETRANS) != 0 ? r[b + 1] : 0;
    }
    if (r[RQ] > 0) {
      r[SND_NXT] = seq & 0xFFFF_FFFFL;
    }
    seq = r[SND_NXT];
    for (int i = 0; i < r[WQ]; i++) {
      int b = WQ + 1 + i * WQ_F;
      seq += r[b] + ((r[b + 3] & 1) != 0 ? 1 : 0);
    }
    r[WRITE_SEQ] = seq & 0xFFFF_FFFFL;
    r[PACKETS_OUT] = packets & 0xFFFF_FFFFL;
    r[SACKED_OUT] = sacked & 0xFFFF_FFFFL;
    r[LOST_OUT] = lost & 0xFFFF_FFFFL;
    r[RETRANS_OUT] = retrans & 0xFFFF_FFFFL;
    return r;
  }

  /** A truesize of at least the payload, below 2^30 so that sums stay in an int. */
  private static long truesize(long t, long len) {
    long v = t & ((1 << 24) - 1);
    return v < len ? len + (v & 0xFFFF) : v;
  }

  @Override
  public List<PortHarness> harnesses() {
    List<PortHarness> out = new ArrayList<>();
    for (TcpOutputDrivers.Driver d : TcpOutputDrivers.all()) {
      out.add(harness(d));
    }
    return out;
  }

  private static PortHarness harness(TcpOutputDrivers.Driver d) {
    List<InputField> in = new ArrayList<>(SOCK);
    in.addAll(d.args());
    UnaryOperator<long[]> admit = d.admit();
    String program = PortHarness.resource(TcpOutputHarnesses.class, DIR + "sock.c") + "\n"
        + PortHarness.resource(TcpOutputHarnesses.class, DIR + "state.c") + "\n"
        + "static void nicsim_run(const long long *in) {\n"
        + "  struct sock *sk = nicsim_sock_set(in);\n"
        + "  struct tcp_sock *tp = tcp_sk(sk);\n"
        + "  const long long *a = in + NICSIM_SK;\n"
        + "  (void)tp;\n  (void)a;\n"
        + driverBody(d.function())
        + "  nicsim_sock_put(sk);\n}\n";
    return PortHarness.of(d.file(), d.function())
        .sources(sources(d.file()))
        .program(program)
        .inputs(in)
        .admit(r -> admit.apply(socketInvariants(r)))
        .notes(d.notes().isEmpty() ? HarnessSocket.NOTES : HarnessSocket.NOTES + "; " + d.notes())
        .java(kernel -> {
          KernelVersion v = version(kernel);
          PatchSet patches = TcpPatches.CATALOG.select(v, List.of());
          d.check(v);
          return (JavaPort) r -> {
            HarnessSocket s = HarnessSocket.of(patches, r);
            d.run(s, r, SK);
            // the loop's record printed its own output (HarnessSocket.loopPut)
            return s.inLoop() ? s.out.toString() : s.put().toString();
          };
        })
        .build();
  }

  /** The "//# function" section of functions.c: the function's driver body. */
  static String driverBody(String function) {
    String all = PortHarness.resource(TcpOutputHarnesses.class, DIR + "functions.c");
    String mark = "//# " + function + "\n";
    int at = all.indexOf(mark);
    if (at < 0) {
      throw new IllegalStateException("functions.c has no driver for " + function);
    }
    int from = at + mark.length();
    int to = all.indexOf("\n//# ", from - 1);
    return all.substring(from, to < 0 ? all.length() : to + 1);
  }

  static KernelVersion version(String kernel) {
    try {
      return KernelVersion.parse(kernel);
    } catch (RuntimeException e) {
      throw new NotRunnable(e.getMessage());
    }
  }
}
