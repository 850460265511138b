package io.nicsim.tcp;

import static io.nicsim.core.port.exec.InputField.bool;
import static io.nicsim.core.port.exec.InputField.range;
import static io.nicsim.core.port.exec.InputField.s32;
import static io.nicsim.core.port.exec.InputField.u16;
import static io.nicsim.core.port.exec.InputField.u32;
import static io.nicsim.core.port.exec.InputField.u64;
import static io.nicsim.core.port.exec.InputField.u8;
import static io.nicsim.core.port.exec.InputField.urange;

import io.nicsim.core.era.PatchSet;
import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.Out;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntUnaryOperator;

/**
 * The input record of the tcp-input harnesses and its two mappings on the Java side: record →
 * {@link TcpSock} (with its retransmit queue, sent list and hints), and socket → output record,
 * in the layout and order {@code nicsim/portexec/tcp-input/sock.c} documents and prints. The
 * field lists here are that file's {@code S_*}, {@code K_*} and {@code A_*} enums, in order.
 */
final class TcpInputRecord {
  private TcpInputRecord() {}

  /** The retransmit queue's skbs in port-check's states. */
  static final int SKBS = 6;
  /**
   * The record's skb slots (sock.c's NICSIM_SKBS): port-check fills the first {@link #SKBS}
   * (the others are constant 0), a live socket under {@code --ports c} up to all of them.
   */
  static final int SLOTS = 128;
  static final int HZ = 250;

  /* ---- the socket (sock.c S_*) ---- */
  static final List<InputField> SOCK = List.of(
      u32("snd_una"), u32("snd_nxt"), u32("write_seq"),
      u32("snd_wnd").withEdges(65535, 65536), u32("snd_wl1"), u32("max_window"),
      u64("bytes_acked"), u32("high_seq"), u32("undo_marker"), s32("undo_retrans"),
      u32("rtt_seq"), u32("tlp_high_seq"),
      urange("mss_cache", 0, 0xFFFF).withEdges(536, 1448, 1460),
      u16("mss_clamp").withEdges(1460), range("snd_wscale", 0, 14),
      u32("packets_out"), u32("sacked_out"), u32("lost_out"), u32("retrans_out"),
      u32("delivered"), u32("lost"), u32("app_limited"),
      u32("reordering").withEdges(3, 300), u32("reord_seen"), bool("frto"),
      bool("is_sack_reneg"),
      u32("snd_cwnd").withEdges(10, 0x7fffffffL, 0x80000000L),
      u32("snd_ssthresh").withEdges(0x7fffffffL, 0x80000000L),
      u32("snd_cwnd_cnt"), u32("snd_cwnd_clamp").withEdges(0x7fffffffL),
      u32("snd_cwnd_stamp"), u32("prior_cwnd"), u32("prior_ssthresh"),
      u32("prr_delivered"), u32("prr_out"),
      u32("srtt_us").withEdges(8, 160_000, 184_000), u32("mdev_us"),
      u32("mdev_max_us").withEdges(200_000), u32("rttvar_us").withEdges(200_000),
      u32("rtt_min.s[0].t"), u32("rtt_min.s[0].v").withEdges(0xFFFF_FFFFL, 23_000),
      u32("rtt_min.s[1].t"), u32("rtt_min.s[1].v"),
      u32("rtt_min.s[2].t"), u32("rtt_min.s[2].v"),
      u32("retrans_stamp"), u64("tcp_mstamp"), u64("tcp_clock_cache"),
      u64("tcp_wstamp_ns"),
      u64("rack.mstamp"), u32("rack.rtt_us"), u32("rack.end_seq"), bool("rack.advanced"),
      u8("rack.reo_wnd_steps").withEdges(1), bool("rack.dsack_seen"),
      range("rack.reo_wnd_persist", 0, 31).withEdges(16), u32("rack.last_delivered"),
      u64("first_tx_mstamp"), u64("delivered_mstamp"), u32("rate_delivered"),
      u32("rate_interval_us"), bool("rate_app_limited"),
      range("highest_sack", -1, SKBS - 1), range("retransmit_skb_hint", -1, SKBS - 1),
      u32("recv_sack_cache[0].start"), u32("recv_sack_cache[0].end"),
      u32("recv_sack_cache[1].start"), u32("recv_sack_cache[1].end"),
      u32("recv_sack_cache[2].start"), u32("recv_sack_cache[2].end"),
      u32("recv_sack_cache[3].start"), u32("recv_sack_cache[3].end"),
      u32("dsack_dups"), u32("total_retrans"), bool("rx_opt.sack_ok & TCP_DSACK_SEEN"),
      u32("snd_up"),
      range("icsk_ca_state", 0, 4), u32("icsk_rto").withEdges(50, 250, 30_000, 30_001),
      u8("icsk_backoff"), u8("icsk_retransmits"), range("icsk_pending", 0, 6),
      u32("icsk_timeout"), u8("icsk_probes_out"),
      u64("sk_pacing_rate"), u64("sk_max_pacing_rate").withEdges(-1L),
      range("sk_sndbuf", 0, Integer.MAX_VALUE).withEdges(16384, 4 << 20),
      range("sk_wmem_queued", 0, Integer.MAX_VALUE), bool("SOCK_NOSPACE"),
      u32("jiffies"),
      range("sysctl_tcp_reordering", 1, Integer.MAX_VALUE).withEdges(3, 255, 256, 300),
      range("sysctl_tcp_max_reordering", 1, Integer.MAX_VALUE).withEdges(300),
      range("sysctl_tcp_min_rtt_wlen", 0, 86_400).withEdges(300),
      range("sysctl_tcp_pacing_ss_ratio", 0, 1000).withEdges(200),
      range("sysctl_tcp_pacing_ca_ratio", 0, 1000).withEdges(120),
      range("sysctl_tcp_wmem[2]", 1, Integer.MAX_VALUE).withEdges(4 << 20),
      range("sysctl_tcp_frto", 0, 2),
      bool("ca has .cong_control"), bool("ca has .pkts_acked"), bool("ca has .sndbuf_expand"),
      u32("ca .ssthresh answer"), u32("ca .undo_cwnd answer"),
      urange("ca .sndbuf_expand answer", 1, 255).withEdges(2, 3),
      urange("tcp_current_mss answer", 0, 0xFFFF).withEdges(1448),
      bool("tcp_write_timeout answer"), bool("tlp_retrans"),
      s32("tcp_retransmit_skb answer").withEdges(-16, -11, -12),
      range("rtx queue skbs", 0, SKBS),
      u32("lsndtime"), bool("sysctl_tcp_slow_start_after_idle"), u32("icsk_pmtu_cookie"),
      u32("snd_cwnd_used"));

  /* ---- one skb slot (sock.c K_*) ---- */
  static final List<String> SKB_NAMES = List.of("seq", "end_seq", "len", "truesize", "pcount",
      "gso_size", "sacked", "tcp_flags", "skb_mstamp_ns", "tx.first_tx_mstamp",
      "tx.delivered_mstamp", "tx.delivered", "tx.is_app_limited", "sent rank");

  static List<InputField> skbFields(int i) {
    String p = "skb[" + i + "].";
    return List.of(u32(p + "seq"), u32(p + "end_seq"), u32(p + "len").withEdges(1448, 2896),
        u32(p + "truesize"), u16(p + "pcount").withEdges(1, 2), u16(p + "gso_size")
            .withEdges(1448), u8(p + "sacked").withEdges(1, 2, 4, 5, 6, 0x80, 0x82, 0x86),
        u8(p + "tcp_flags").withEdges(0x10, 0x11, 0x12, 0x18), u64(p + "skb_mstamp_ns"),
        u64(p + "tx.first_tx_mstamp"), u64(p + "tx.delivered_mstamp"),
        u32(p + "tx.delivered"), bool(p + "tx.is_app_limited"), range(p + "sent rank", 0, SKBS));
  }

  /* ---- the ACK segment (sock.c A_*) ---- */
  static final List<InputField> ACK = List.of(
      u32("ack.seq"), u32("ack.end_seq"), u32("ack.ack_seq"), u16("ack.window"),
      range("ack.num_sacks", 0, 4),
      u32("ack.sack[0].start"), u32("ack.sack[0].end"), u32("ack.sack[1].start"),
      u32("ack.sack[1].end"), u32("ack.sack[2].start"), u32("ack.sack[2].end"),
      u32("ack.sack[3].start"), u32("ack.sack[3].end"), u16("ack.gso_segs").withEdges(1),
      s32("ack.flag").withEdges(0x100, 0x4100, 0x400));

  static final int K = SKB_NAMES.size();
  static final int S = SOCK.size();
  static final int A_BASE = S + SLOTS * K;
  static final int X_BASE = A_BASE + ACK.size();
  static final int ARGS = 12;

  /*
   * tcp_ack in the loop (--ports c, TcpAckNative; port-check keeps these 0): the host's
   * CONFIG_HZ, how many answers of the congestion module follow the arguments, and the flag that
   * turns the protocol on (sock.c, nicsim_ca_answer).
   */
  static final int LOOP_HZ = X_BASE + 9;
  /**
   * The timers in the loop (sock.c, nicsim_model_answer): how many sockets after a call into the
   * model's transmit path follow the answers, each at {@link #RESUME_BASE} + k ·
   * {@link #RESUME_FIELDS} (the record's socket part, then the call's return value).
   */
  static final int RESUMES = X_BASE + 8;
  static final int EFFECTS = X_BASE + 10;
  static final int IN_LOOP = X_BASE + 11;
  static final int EFFECT_BASE = X_BASE + ARGS;
  /** snd_cwnd, snd_ssthresh, snd_cwnd_cnt, sk_pacing_rate, app_limited, the return value. */
  static final int EFFECT_FIELDS = 6;
  /** The answers of the module a record has room for (sock.c's NICSIM_MAX_EFFECTS). */
  static final int MAX_EFFECTS = 16;
  /** Where the sockets after the model's calls start (sock.c's NICSIM_RESUME_BASE). */
  static final int RESUME_BASE = EFFECT_BASE + MAX_EFFECTS * EFFECT_FIELDS;
  /** One socket after a model's call: the socket part and the skb slots, the return value. */
  static final int RESUME_FIELDS = A_BASE + 1;

  /* names resolved to their slots once, not by a scan per access (a record maps ~150 fields) */
  private static final Map<String, Integer> SOCK_SLOT = slots(SOCK, "");
  private static final Map<String, Integer> ACK_SLOT = slots(ACK, "ack.");
  private static final Map<String, Integer> SKB_SLOT = slots(
      SKB_NAMES.stream().map(n -> range(n, 0, 0)).toList(), "");

  private static Map<String, Integer> slots(List<InputField> fields, String prefix) {
    Map<String, Integer> m = new HashMap<>();
    for (int i = 0; i < fields.size(); i++) {
      String n = fields.get(i).name();
      m.putIfAbsent(n.startsWith(prefix) ? n.substring(prefix.length()) : n, i);
    }
    return m;
  }

  static int s(String name) {
    Integer i = SOCK_SLOT.get(name);
    if (i == null) {
      throw new IllegalArgumentException("no socket field " + name);
    }
    return i;
  }

  static int k(int slot, String name) {
    Integer i = SKB_SLOT.get(name);
    return S + slot * K + (i == null ? -1 : i);
  }

  static int a(String name) {
    Integer i = ACK_SLOT.get(name);
    if (i == null) {
      throw new IllegalArgumentException("no ack field " + name);
    }
    return A_BASE + i;
  }

  /* indices the mappings use often */
  static final int SND_UNA = s("snd_una");
  static final int SND_NXT = s("snd_nxt");
  static final int WRITE_SEQ = s("write_seq");
  static final int RTX_COUNT = s("rtx queue skbs");
  static final int CA_STATE = s("icsk_ca_state");
  static final int PACKETS_OUT = s("packets_out");
  static final int SACKED_OUT = s("sacked_out");
  static final int LOST_OUT = s("lost_out");
  static final int RETRANS_OUT = s("retrans_out");
  static final int HIGHEST_SACK = s("highest_sack");
  static final int RETRANSMIT_HINT = s("retransmit_skb_hint");
  static final int TCP_MSTAMP = s("tcp_mstamp");
  static final int MSS_CACHE = s("mss_cache");
  static final int JIFFIES = s("jiffies");
  static final int[] RTT_MIN_T = slots(3, i -> s("rtt_min.s[" + i + "].t"));
  static final int[] RTT_MIN_V = slots(3, i -> s("rtt_min.s[" + i + "].v"));
  static final int[] RECV_SACK_CACHE_START = slots(4, i -> s("recv_sack_cache[" + i + "].start"));
  static final int[] RECV_SACK_CACHE_END = slots(4, i -> s("recv_sack_cache[" + i + "].end"));
  static final int[] ACK_SACK_START = slots(4, i -> a("sack[" + i + "].start"));
  static final int[] ACK_SACK_END = slots(4, i -> a("sack[" + i + "].end"));

  private static int[] slots(int n, IntUnaryOperator slot) {
    int[] out = new int[n];
    for (int i = 0; i < n; i++) {
      out[i] = slot.applyAsInt(i);
    }
    return out;
  }

  /** The whole record: socket, skb slots, ACK, then {@code args} (padded to eight). */
  static List<InputField> fields(List<InputField> args) {
    if (args.size() > ARGS) {
      throw new IllegalArgumentException("at most " + ARGS + " arguments");
    }
    List<InputField> all = new ArrayList<>(SOCK);
    for (int i = 0; i < SKBS; i++) {
      all.addAll(skbFields(i));
    }
    for (int i = SKBS; i < SLOTS; i++) {
      for (String n : SKB_NAMES) {
        all.add(range("skb[" + i + "]." + n + " (--ports c only)", 0, 0));
      }
    }
    all.addAll(ACK);
    all.addAll(args);
    for (int i = args.size(); i < ARGS; i++) {
      all.add(range("x[" + i + "] (unused)", 0, 0));
    }
    return all;
  }

  /* ---------------- record -> socket ---------------- */

  /** A socket as the record gives it, with its queues; {@code calls} stubs what the C stubs. */
  static TcpSock sock(PatchSet patches, Calls calls, long[] r) {
    TcpSysctl sysctl = new TcpSysctl();
    sysctl.hz = r[IN_LOOP] != 0 ? (int) r[LOOP_HZ] : HZ;
    sysctl.reordering = (int) r[s("sysctl_tcp_reordering")];
    sysctl.maxReordering = (int) r[s("sysctl_tcp_max_reordering")];
    sysctl.minRttWlen = (int) r[s("sysctl_tcp_min_rtt_wlen")];
    sysctl.pacingSsRatio = (int) r[s("sysctl_tcp_pacing_ss_ratio")];
    sysctl.pacingCaRatio = (int) r[s("sysctl_tcp_pacing_ca_ratio")];
    sysctl.wmemMax = (int) r[s("sysctl_tcp_wmem[2]")];
    sysctl.frto = (int) r[s("sysctl_tcp_frto")];
    sysctl.slowStartAfterIdle = r[s("sysctl_tcp_slow_start_after_idle")] != 0;
    calls.record = r;
    TcpSock sk = new TcpSock(calls, sysctl, patches, calls);
    sk.callees = calls;
    sk.skWriteSpace = calls::skWriteSpace;
    load(sk, calls, r);
    return sk;
  }

  /**
   * The socket's fields and queues from a record's socket part ({@code r}'s first
   * {@link #A_BASE} fields): the record itself, or in the loop the live socket after a call into
   * the model's transmit path (sock.c's nicsim_sock_load), the socket's old skbs dropped.
   */
  static void load(TcpSock sk, Calls calls, long[] r) {
    while (sk.rtxQueue.head() != null) {
      TcpSkb old = sk.rtxQueue.head();
      sk.tsortedSentQueue.del(old);
      sk.rtxQueue.unlink(old);
    }
    while (sk.writeQueue.head() != null) {
      sk.writeQueue.unlink(sk.writeQueue.head());
    }
    // tcp_jiffies32 = the record's jiffies: the clock at the start of that jiffy
    calls.nowNs = Seq.u32((int) r[JIFFIES] - sk.initialJiffies()) * sk.tickNs();

    sk.sndUna = (int) r[SND_UNA];
    sk.sndNxt = (int) r[SND_NXT];
    sk.writeSeq = (int) r[WRITE_SEQ];
    sk.sndWnd = (int) r[s("snd_wnd")];
    sk.sndWl1 = (int) r[s("snd_wl1")];
    sk.maxWindow = (int) r[s("max_window")];
    sk.bytesAcked = r[s("bytes_acked")];
    sk.highSeq = (int) r[s("high_seq")];
    sk.undoMarker = (int) r[s("undo_marker")];
    sk.undoRetrans = (int) r[s("undo_retrans")];
    sk.rttSeq = (int) r[s("rtt_seq")];
    sk.tlpHighSeq = (int) r[s("tlp_high_seq")];
    sk.tlpRetrans = r[s("tlp_retrans")] != 0;
    sk.mssCache = (int) r[MSS_CACHE];
    sk.mssClamp = (int) r[s("mss_clamp")];
    sk.sndWscale = (int) r[s("snd_wscale")];
    sk.packetsOut = (int) r[PACKETS_OUT];
    sk.sackedOut = (int) r[SACKED_OUT];
    sk.lostOut = (int) r[LOST_OUT];
    sk.retransOut = (int) r[RETRANS_OUT];
    sk.delivered = (int) r[s("delivered")];
    sk.lost = (int) r[s("lost")];
    sk.appLimited = (int) r[s("app_limited")];
    sk.reordering = (int) r[s("reordering")];
    sk.reordSeen = (int) r[s("reord_seen")];
    sk.frto = (int) r[s("frto")];
    sk.isSackReneg = r[s("is_sack_reneg")] != 0;
    sk.sndCwnd = (int) r[s("snd_cwnd")];
    sk.sndSsthresh = (int) r[s("snd_ssthresh")];
    sk.sndCwndCnt = (int) r[s("snd_cwnd_cnt")];
    sk.sndCwndClamp = (int) r[s("snd_cwnd_clamp")];
    sk.sndCwndStamp = (int) r[s("snd_cwnd_stamp")];
    sk.priorCwnd = (int) r[s("prior_cwnd")];
    sk.priorSsthresh = (int) r[s("prior_ssthresh")];
    sk.prrDelivered = (int) r[s("prr_delivered")];
    sk.prrOut = (int) r[s("prr_out")];
    sk.srttUs = (int) r[s("srtt_us")];
    sk.mdevUs = (int) r[s("mdev_us")];
    sk.mdevMaxUs = (int) r[s("mdev_max_us")];
    sk.rttvarUs = (int) r[s("rttvar_us")];
    for (int i = 0; i < 3; i++) {
      sk.rttMin.set(i, (int) r[RTT_MIN_T[i]], (int) r[RTT_MIN_V[i]]);
    }
    sk.retransStamp = Seq.u32((int) r[s("retrans_stamp")]);
    sk.tcpMstamp = r[TCP_MSTAMP];
    sk.tcpClockCache = r[s("tcp_clock_cache")];
    sk.tcpWstampNs = r[s("tcp_wstamp_ns")];
    sk.rackMstamp = r[s("rack.mstamp")];
    sk.rackRttUs = (int) r[s("rack.rtt_us")];
    sk.rackEndSeq = (int) r[s("rack.end_seq")];
    sk.rackAdvanced = r[s("rack.advanced")] != 0;
    sk.rackReoWndSteps = (int) r[s("rack.reo_wnd_steps")];
    sk.rackDsackSeen = r[s("rack.dsack_seen")] != 0;
    sk.rackReoWndPersist = (int) r[s("rack.reo_wnd_persist")];
    sk.rackLastDelivered = (int) r[s("rack.last_delivered")];
    sk.firstTxMstamp = r[s("first_tx_mstamp")];
    sk.deliveredMstamp = r[s("delivered_mstamp")];
    sk.rateDelivered = (int) r[s("rate_delivered")];
    sk.rateIntervalUs = Seq.u32((int) r[s("rate_interval_us")]);
    sk.rateAppLimited = r[s("rate_app_limited")] != 0;
    for (int i = 0; i < 4; i++) {
      sk.recvSackCache[2 * i] = (int) r[RECV_SACK_CACHE_START[i]];
      sk.recvSackCache[2 * i + 1] = (int) r[RECV_SACK_CACHE_END[i]];
    }
    sk.dsackDups = (int) r[s("dsack_dups")];
    sk.totalRetrans = (int) r[s("total_retrans")];
    sk.dsackSeen = r[s("rx_opt.sack_ok & TCP_DSACK_SEEN")] != 0;
    sk.sndUp = (int) r[s("snd_up")];
    sk.icskCaState = (int) r[CA_STATE];
    sk.icskRto = (int) r[s("icsk_rto")];
    sk.icskBackoff = (int) r[s("icsk_backoff")];
    sk.icskRetransmits = (int) r[s("icsk_retransmits")];
    sk.icskPending = (int) r[s("icsk_pending")];
    sk.icskTimeout = (int) r[s("icsk_timeout")];
    sk.icskProbesOut = (int) r[s("icsk_probes_out")];
    sk.skPacingRate = r[s("sk_pacing_rate")];
    sk.skMaxPacingRate = r[s("sk_max_pacing_rate")];
    sk.skSndbuf = (int) r[s("sk_sndbuf")];
    sk.skWmemQueued = (int) r[s("sk_wmem_queued")];
    sk.sockNoSpace = r[s("SOCK_NOSPACE")] != 0;
    sk.lsndtime = (int) r[s("lsndtime")];
    sk.icskPmtuCookie = (int) r[s("icsk_pmtu_cookie")];
    sk.sndCwndUsed = (int) r[s("snd_cwnd_used")];

    int n = (int) r[RTX_COUNT];
    TcpSkb[] slots = new TcpSkb[n];
    for (int i = 0; i < n; i++) {
      TcpSkb skb = new TcpSkb();
      skb.seq = (int) r[k(i, "seq")];
      skb.endSeq = (int) r[k(i, "end_seq")];
      skb.len = (int) r[k(i, "len")];
      skb.truesize = (int) r[k(i, "truesize")];
      skb.pcount = (int) r[k(i, "pcount")];
      skb.tcpGsoSize = (int) r[k(i, "gso_size")];
      skb.sacked = (int) r[k(i, "sacked")];
      skb.tcpFlags = (int) r[k(i, "tcp_flags")];
      skb.skbMstampNs = r[k(i, "skb_mstamp_ns")];
      skb.txFirstTxMstamp = r[k(i, "tx.first_tx_mstamp")];
      skb.txDeliveredMstamp = r[k(i, "tx.delivered_mstamp")];
      skb.txDelivered = (int) r[k(i, "tx.delivered")];
      skb.txIsAppLimited = (r[k(i, "tx.is_app_limited")] & 1) != 0;
      sk.rtxQueue.addTail(skb);
      slots[i] = skb;
    }
    for (int rank = 1; rank <= n; rank++) {
      for (int i = 0; i < n; i++) {
        if (r[k(i, "sent rank")] == rank) {
          sk.tsortedSentQueue.moveTail(slots[i]);
        }
      }
    }
    // the unsent data [snd_nxt, write_seq) as one skb at the head of the write queue
    if (sk.writeSeq != sk.sndNxt) {
      TcpSkb w = new TcpSkb();
      w.seq = sk.sndNxt;
      w.endSeq = sk.writeSeq;
      w.len = sk.writeSeq - sk.sndNxt;
      sk.writeQueue.addTail(w);
    }
    sk.highestSack = slot(slots, r[HIGHEST_SACK]);
    sk.retransmitSkbHint = slot(slots, r[RETRANSMIT_HINT]);
  }

  /**
   * {@link #sock} and {@link #ack} inverted: a live socket, its retransmit queue and sent list,
   * and an ACK with its flags into {@code r} (the record's argument slots left as they are). The
   * answers the C stubs take from the record are 0 (the bridge answers the congestion module's
   * calls in the loop), but {@code tcp_current_mss}'s, a query of the socket tcp_ack does not
   * change.
   *
   * @return the reason the socket does not fit the record, or null when it was captured
   */
  static String capture(TcpSock sk, TcpAckSeg a, int flag, long[] r) {
    int n = sk.rtxQueue.size();
    if (n > SLOTS) {
      return "the retransmit queue held more than " + SLOTS + " skbs (the record's bound)";
    }
    Arrays.fill(r, 0, X_BASE, 0L);
    TcpSysctl sysctl = sk.sysctl;
    r[s("sysctl_tcp_reordering")] = sysctl.reordering;
    r[s("sysctl_tcp_max_reordering")] = sysctl.maxReordering;
    r[s("sysctl_tcp_min_rtt_wlen")] = sysctl.minRttWlen;
    r[s("sysctl_tcp_pacing_ss_ratio")] = sysctl.pacingSsRatio;
    r[s("sysctl_tcp_pacing_ca_ratio")] = sysctl.pacingCaRatio;
    r[s("sysctl_tcp_wmem[2]")] = sysctl.wmemMax;
    r[s("sysctl_tcp_frto")] = sysctl.frto;
    r[s("sysctl_tcp_slow_start_after_idle")] = sysctl.slowStartAfterIdle ? 1 : 0;
    r[JIFFIES] = Seq.u32(sk.tcpJiffies32());

    r[SND_UNA] = Seq.u32(sk.sndUna);
    r[SND_NXT] = Seq.u32(sk.sndNxt);
    r[WRITE_SEQ] = Seq.u32(sk.writeSeq);
    r[s("snd_wnd")] = Seq.u32(sk.sndWnd);
    r[s("snd_wl1")] = Seq.u32(sk.sndWl1);
    r[s("max_window")] = Seq.u32(sk.maxWindow);
    r[s("bytes_acked")] = sk.bytesAcked;
    r[s("high_seq")] = Seq.u32(sk.highSeq);
    r[s("undo_marker")] = Seq.u32(sk.undoMarker);
    r[s("undo_retrans")] = sk.undoRetrans;
    r[s("rtt_seq")] = Seq.u32(sk.rttSeq);
    r[s("tlp_high_seq")] = Seq.u32(sk.tlpHighSeq);
    r[s("tlp_retrans")] = sk.tlpRetrans ? 1 : 0;
    r[MSS_CACHE] = Seq.u32(sk.mssCache);
    r[s("mss_clamp")] = sk.mssClamp & 0xFFFF;
    r[PACKETS_OUT] = Seq.u32(sk.packetsOut);
    r[SACKED_OUT] = Seq.u32(sk.sackedOut);
    r[LOST_OUT] = Seq.u32(sk.lostOut);
    r[RETRANS_OUT] = Seq.u32(sk.retransOut);
    r[s("delivered")] = Seq.u32(sk.delivered);
    r[s("lost")] = Seq.u32(sk.lost);
    r[s("app_limited")] = Seq.u32(sk.appLimited);
    r[s("reordering")] = Seq.u32(sk.reordering);
    r[s("reord_seen")] = Seq.u32(sk.reordSeen);
    r[s("frto")] = sk.frto;
    r[s("is_sack_reneg")] = sk.isSackReneg ? 1 : 0;
    r[s("snd_cwnd")] = Seq.u32(sk.sndCwnd);
    r[s("snd_ssthresh")] = Seq.u32(sk.sndSsthresh);
    r[s("snd_cwnd_cnt")] = Seq.u32(sk.sndCwndCnt);
    r[s("snd_cwnd_clamp")] = Seq.u32(sk.sndCwndClamp);
    r[s("snd_cwnd_stamp")] = Seq.u32(sk.sndCwndStamp);
    r[s("prior_cwnd")] = Seq.u32(sk.priorCwnd);
    r[s("prior_ssthresh")] = Seq.u32(sk.priorSsthresh);
    r[s("prr_delivered")] = Seq.u32(sk.prrDelivered);
    r[s("prr_out")] = Seq.u32(sk.prrOut);
    r[s("srtt_us")] = Seq.u32(sk.srttUs);
    r[s("mdev_us")] = Seq.u32(sk.mdevUs);
    r[s("mdev_max_us")] = Seq.u32(sk.mdevMaxUs);
    r[s("rttvar_us")] = Seq.u32(sk.rttvarUs);
    for (int i = 0; i < 3; i++) {
      r[RTT_MIN_T[i]] = Seq.u32(sk.rttMin.t(i));
      r[RTT_MIN_V[i]] = Seq.u32(sk.rttMin.v(i));
    }
    r[s("retrans_stamp")] = sk.retransStamp & 0xFFFF_FFFFL;
    r[TCP_MSTAMP] = sk.tcpMstamp;
    r[s("tcp_clock_cache")] = sk.tcpClockCache;
    r[s("tcp_wstamp_ns")] = sk.tcpWstampNs;
    r[s("rack.mstamp")] = sk.rackMstamp;
    r[s("rack.rtt_us")] = Seq.u32(sk.rackRttUs);
    r[s("rack.end_seq")] = Seq.u32(sk.rackEndSeq);
    r[s("rack.advanced")] = sk.rackAdvanced ? 1 : 0;
    r[s("rack.reo_wnd_steps")] = sk.rackReoWndSteps & 0xFF;
    r[s("rack.dsack_seen")] = sk.rackDsackSeen ? 1 : 0;
    r[s("rack.reo_wnd_persist")] = sk.rackReoWndPersist;
    r[s("rack.last_delivered")] = Seq.u32(sk.rackLastDelivered);
    r[s("first_tx_mstamp")] = sk.firstTxMstamp;
    r[s("delivered_mstamp")] = sk.deliveredMstamp;
    r[s("rate_delivered")] = Seq.u32(sk.rateDelivered);
    r[s("rate_interval_us")] = sk.rateIntervalUs & 0xFFFF_FFFFL;
    r[s("rate_app_limited")] = sk.rateAppLimited ? 1 : 0;
    for (int i = 0; i < 4; i++) {
      r[RECV_SACK_CACHE_START[i]] = Seq.u32(sk.recvSackCache[2 * i]);
      r[RECV_SACK_CACHE_END[i]] = Seq.u32(sk.recvSackCache[2 * i + 1]);
    }
    r[s("dsack_dups")] = Seq.u32(sk.dsackDups);
    r[s("total_retrans")] = Seq.u32(sk.totalRetrans);
    r[s("rx_opt.sack_ok & TCP_DSACK_SEEN")] = sk.dsackSeen ? 1 : 0;
    r[s("snd_up")] = Seq.u32(sk.sndUp);
    r[CA_STATE] = sk.icskCaState;
    r[s("icsk_rto")] = Seq.u32(sk.icskRto);
    r[s("icsk_backoff")] = sk.icskBackoff & 0xFF;
    r[s("icsk_retransmits")] = sk.icskRetransmits & 0xFF;
    r[s("icsk_pending")] = sk.icskPending;
    r[s("icsk_timeout")] = Seq.u32(sk.icskTimeout);
    r[s("icsk_probes_out")] = sk.icskProbesOut & 0xFF;
    r[s("sk_pacing_rate")] = sk.skPacingRate;
    r[s("sk_max_pacing_rate")] = sk.skMaxPacingRate;
    r[s("sk_sndbuf")] = sk.skSndbuf;
    r[s("sk_wmem_queued")] = sk.skWmemQueued;
    r[s("SOCK_NOSPACE")] = sk.sockNoSpace ? 1 : 0;
    r[s("ca has .cong_control")] = sk.ca.hasCongControl() ? 1 : 0;
    r[s("ca has .pkts_acked")] = sk.ca.hasPktsAcked() ? 1 : 0;
    r[s("ca has .sndbuf_expand")] = sk.ca.hasSndbufExpand() ? 1 : 0;
    // tcp_current_mss() reads nothing tcp_ack changes: its answer is known before the call
    r[s("tcp_current_mss answer")] = sk.callees.currentMss(sk) & 0xFFFF;
    r[RTX_COUNT] = n;
    r[s("lsndtime")] = Seq.u32(sk.lsndtime);
    r[s("icsk_pmtu_cookie")] = Seq.u32(sk.icskPmtuCookie);
    r[s("snd_cwnd_used")] = Seq.u32(sk.sndCwndUsed);

    long highestSack = -1;
    long hint = -1;
    int i = 0;
    for (TcpSkb skb = sk.rtxQueue.head(); skb != null; skb = skb.next, i++) {
      r[k(i, "seq")] = Seq.u32(skb.seq);
      r[k(i, "end_seq")] = Seq.u32(skb.endSeq);
      r[k(i, "len")] = Seq.u32(skb.len);
      r[k(i, "truesize")] = Seq.u32(skb.truesize);
      r[k(i, "pcount")] = skb.pcount & 0xFFFF;
      r[k(i, "gso_size")] = skb.tcpGsoSize & 0xFFFF;
      r[k(i, "sacked")] = skb.sacked & 0xFF;
      r[k(i, "tcp_flags")] = skb.tcpFlags & 0xFF;
      r[k(i, "skb_mstamp_ns")] = skb.skbMstampNs;
      r[k(i, "tx.first_tx_mstamp")] = skb.txFirstTxMstamp;
      r[k(i, "tx.delivered_mstamp")] = skb.txDeliveredMstamp;
      r[k(i, "tx.delivered")] = Seq.u32(skb.txDelivered);
      r[k(i, "tx.is_app_limited")] = skb.txIsAppLimited ? 1 : 0;
      if (skb == sk.highestSack) {
        highestSack = i;
      }
      if (skb == sk.retransmitSkbHint) {
        hint = i;
      }
    }
    if (sk.highestSack != null && highestSack < 0
        || sk.retransmitSkbHint != null && hint < 0) {
      return "a SACK or retransmit hint outside the retransmit queue";
    }
    r[HIGHEST_SACK] = highestSack;
    r[RETRANSMIT_HINT] = hint;
    int rank = 0;
    for (TcpSkb skb = sk.tsortedSentQueue.head(); skb != null; skb = skb.tsNext) {
      rank++;
      int at = 0;
      TcpSkb q = sk.rtxQueue.head();
      while (q != null && q != skb) {
        q = q.next;
        at++;
      }
      if (q == null) {
        return "a sent skb outside the retransmit queue";
      }
      r[k(at, "sent rank")] = rank;
    }

    if (a == null) { // a function of the socket alone: the ACK's fields stay 0
      return null;
    }
    r[a("seq")] = Seq.u32(a.seq);
    r[a("end_seq")] = Seq.u32(a.endSeq);
    r[a("ack_seq")] = Seq.u32(a.ack);
    // the window as the header carries it: the model's ACK holds it scaled (nwin); the record
    // takes the 16-bit field and a scale that give the same nwin (snd_wscale is read nowhere
    // else below tcp_ack)
    long nwin = Seq.u32(a.window << sk.sndWscale);
    int wscale = 0;
    while (wscale < 14 && (nwin >>> wscale) > 0xFFFF) {
      wscale++;
    }
    if ((nwin >>> wscale) << wscale != nwin || (nwin >>> wscale) > 0xFFFF) {
      return "a window no 16-bit field and scale of at most 14 carries";
    }
    r[s("snd_wscale")] = wscale;
    r[a("window")] = nwin >>> wscale;
    r[a("num_sacks")] = a.numSacks;
    for (int j = 0; j < a.numSacks; j++) {
      r[ACK_SACK_START[j]] = Seq.u32(a.sackStart[j]);
      r[ACK_SACK_END[j]] = Seq.u32(a.sackEnd[j]);
    }
    r[a("gso_segs")] = a.gsoSegs & 0xFFFF;
    r[a("flag")] = flag;
    return null;
  }

  private static TcpSkb slot(TcpSkb[] slots, long index) {
    return index >= 0 && index < slots.length ? slots[(int) index] : null;
  }

  /** The skb in slot {@code index} of the socket's queue as the record built it, or null. */
  static TcpSkb slotOf(TcpSock sk, long index) {
    int i = 0;
    for (TcpSkb skb = sk.rtxQueue.head(); skb != null; skb = skb.next, i++) {
      if (i == index) {
        return skb;
      }
    }
    return null;
  }

  /** The ACK segment as the record gives it (the SACK blocks as the option carries them). */
  static TcpAckSeg ack(long[] r) {
    TcpAckSeg a = new TcpAckSeg();
    a.seq = (int) r[a("seq")];
    a.endSeq = (int) r[a("end_seq")];
    a.ack = (int) r[a("ack_seq")];
    a.window = (int) r[a("window")];
    a.numSacks = (int) r[a("num_sacks")];
    for (int i = 0; i < a.numSacks; i++) {
      a.sackStart[i] = (int) r[ACK_SACK_START[i]];
      a.sackEnd[i] = (int) r[ACK_SACK_END[i]];
    }
    a.gsoSegs = (int) r[a("gso_segs")];
    return a;
  }

  /* ---------------- socket -> record ---------------- */

  private static long seqOf(TcpSkb skb) {
    return skb == null ? -1 : Seq.u32(skb.seq);
  }

  /** nicsim_sock_put(): the socket's fields, the queue, the sent list, in sock.c's order. */
  static Out put(Out o, TcpSock sk) {
    o.u32("snd_una", sk.sndUna).u32("snd_nxt", sk.sndNxt).u32("snd_wnd", sk.sndWnd)
        .u32("snd_wl1", sk.sndWl1).u32("max_window", sk.maxWindow)
        .u("bytes_acked", sk.bytesAcked).u32("high_seq", sk.highSeq)
        .u32("undo_marker", sk.undoMarker).put("undo_retrans", sk.undoRetrans)
        .u32("rtt_seq", sk.rttSeq).u32("tlp_high_seq", sk.tlpHighSeq)
        .u32("packets_out", sk.packetsOut).u32("sacked_out", sk.sackedOut)
        .u32("lost_out", sk.lostOut).u32("retrans_out", sk.retransOut)
        .u32("delivered", sk.delivered).u32("lost", sk.lost).u32("app_limited", sk.appLimited)
        .u32("reordering", sk.reordering).u32("reord_seen", sk.reordSeen)
        .put("frto", sk.frto & 1).put("is_sack_reneg", sk.isSackReneg)
        .u32("snd_cwnd", sk.sndCwnd).u32("snd_ssthresh", sk.sndSsthresh)
        .u32("snd_cwnd_cnt", sk.sndCwndCnt).u32("snd_cwnd_stamp", sk.sndCwndStamp)
        .u32("prior_cwnd", sk.priorCwnd).u32("prior_ssthresh", sk.priorSsthresh)
        .u32("prr_delivered", sk.prrDelivered).u32("prr_out", sk.prrOut)
        .u32("srtt_us", sk.srttUs).u32("mdev_us", sk.mdevUs).u32("mdev_max_us", sk.mdevMaxUs)
        .u32("rttvar_us", sk.rttvarUs);
    for (int i = 0; i < 3; i++) {
      o.u32("rtt_min.t", sk.rttMin.t(i)).u32("rtt_min.v", sk.rttMin.v(i));
    }
    o.u32("retrans_stamp", (int) sk.retransStamp).u("rack.mstamp", sk.rackMstamp)
        .u32("rack.rtt_us", sk.rackRttUs).u32("rack.end_seq", sk.rackEndSeq)
        .put("rack.advanced", sk.rackAdvanced).put("rack.reo_wnd_steps", sk.rackReoWndSteps & 0xFF)
        .put("rack.dsack_seen", sk.rackDsackSeen)
        .put("rack.reo_wnd_persist", sk.rackReoWndPersist & 0x1F)
        .u32("rack.last_delivered", sk.rackLastDelivered)
        .u("first_tx_mstamp", sk.firstTxMstamp).u("delivered_mstamp", sk.deliveredMstamp)
        .u32("rate_delivered", sk.rateDelivered).u32("rate_interval_us", (int) sk.rateIntervalUs)
        .put("rate_app_limited", sk.rateAppLimited)
        .put("highest_sack", seqOf(sk.highestSack))
        .put("retransmit_skb_hint", seqOf(sk.retransmitSkbHint));
    for (int i = 0; i < 4; i++) {
      o.u32("recv_sack_cache.start", sk.recvSackCache[2 * i])
          .u32("recv_sack_cache.end", sk.recvSackCache[2 * i + 1]);
    }
    o.u32("dsack_dups", sk.dsackDups).put("dsack_seen_opt", sk.dsackSeen)
        .u32("snd_up", sk.sndUp).u32("rcv_tstamp", sk.rcvTstamp)
        .put("ca_state", sk.icskCaState).u32("rto", sk.icskRto)
        .put("backoff", sk.icskBackoff & 0xFF).put("retransmits", sk.icskRetransmits & 0xFF)
        .put("pending", sk.icskPending).u32("timeout", sk.icskTimeout)
        .put("probes_out", sk.icskProbesOut & 0xFF).u("sk_pacing_rate", sk.skPacingRate)
        .put("sk_sndbuf", sk.skSndbuf).put("sk_wmem_queued", sk.skWmemQueued)
        .put("nospace", sk.sockNoSpace).u32("snd_cwnd_used", sk.sndCwndUsed);
    int n = 0;
    for (TcpSkb skb = sk.rtxQueue.head(); skb != null; skb = skb.next) {
      o.u32("skb.seq", skb.seq).u32("skb.end_seq", skb.endSeq).u32("skb.len", skb.len)
          .u32("skb.truesize", skb.truesize).put("skb.pcount", skb.pcount & 0xFFFF)
          .put("skb.gso_size", skb.tcpGsoSize & 0xFFFF).put("skb.sacked", skb.sacked & 0xFF)
          .put("skb.tcp_flags", skb.tcpFlags & 0xFF).u("skb.mstamp", skb.skbMstampNs)
          .u("skb.tx.first_tx_mstamp", skb.txFirstTxMstamp)
          .u("skb.tx.delivered_mstamp", skb.txDeliveredMstamp)
          .u32("skb.tx.delivered", skb.txDelivered)
          .put("skb.tx.is_app_limited", skb.txIsAppLimited);
      n++;
    }
    o.put("rtx_queue", n);
    for (TcpSkb skb = sk.tsortedSentQueue.head(); skb != null; skb = skb.tsNext) {
      o.u32("sent", skb.seq);
    }
    return o;
  }

  /** nicsim_state_set(): a tcp_sacktag_state from four fields, its rate sample zeroed. */
  static TcpInput.SacktagState state(long[] r, int at) {
    TcpInput.SacktagState st = new TcpInput.SacktagState();
    st.firstSackt = r[at];
    st.lastSackt = r[at + 1];
    st.reord = (int) r[at + 2];
    st.sackDelivered = (int) r[at + 3];
    st.rate = new RateSample();
    return st;
  }

  /** The four fields {@link #state} reads, named after struct tcp_sacktag_state's members. */
  static List<InputField> stateFields() {
    return List.of(u64("state.first_sackt"), u64("state.last_sackt"), u32("state.reord"),
        u32("state.sack_delivered"));
  }

  /** nicsim_state_put(). */
  static Out putState(Out o, TcpInput.SacktagState st) {
    o.u("state.first_sackt", st.firstSackt).u("state.last_sackt", st.lastSackt)
        .u32("state.reord", st.reord).u32("state.sack_delivered", st.sackDelivered)
        .put("state.flag", st.flag).u32("state.mss_now", st.mssNow);
    return putRs(o, st.rate);
  }

  /** nicsim_rs_put(): a rate sample. */
  static Out putRs(Out o, RateSample rs) {
    return o.u("rs.prior_mstamp", rs.priorMstamp).u32("rs.prior_delivered", rs.priorDelivered)
        .put("rs.delivered", rs.delivered).put("rs.interval_us", rs.intervalUs)
        .u("rs.snd_interval_us", rs.sndIntervalUs).u("rs.rcv_interval_us", rs.rcvIntervalUs)
        .put("rs.rtt_us", rs.rttUs).put("rs.losses", rs.losses)
        .u32("rs.acked_sacked", rs.ackedSacked).u32("rs.prior_in_flight", rs.priorInFlight)
        .u32("rs.last_end_seq", rs.lastEndSeq).put("rs.is_app_limited", rs.isAppLimited)
        .put("rs.is_retrans", rs.isRetrans).put("rs.is_ack_delayed", rs.isAckDelayed);
  }

  /** A run stopped in the loop at a congestion-module call the bridge answers next. */
  static final class Stop extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Stop() {
      super(null, null, false, false);
    }
  }

  /* ---------------- recording stubs ---------------- */

  /**
   * What sock.c stubs, on the Java side: the congestion-control hooks, the output path, the
   * timer, the writer's wake-up and WARN_ON, each recorded into {@link #out} as the C's
   * recording stubs print it, answering from the record.
   */
  static final class Calls implements TcpHost, CongestionOps, InputCallees {
    final Out out = new Out();
    final boolean congControlHasAckAndFlag;
    long[] record;
    long nowNs;

    /** @param congControlHasAckAndFlag .cong_control(sk, ack, flag, rs), from v6.10 */
    Calls(boolean congControlHasAckAndFlag) {
      this.congControlHasAckAndFlag = congControlHasAckAndFlag;
    }

    private long answer(String field) {
      return record[s(field)];
    }

    /* ---- TcpHost ---- */
    @Override
    public long nowNs() {
      return nowNs;
    }

    @Override
    public int queueXmit(TcpSock sk, TcpSkb skb, int truesize) {
      throw new UnsupportedOperationException("the output path is stubbed");
    }

    @Override
    public void pacingTimerStart(TcpSock sk, long expiresNs) {
      throw new UnsupportedOperationException("the output path is stubbed");
    }

    @Override
    public boolean pacingTimerQueued(TcpSock sk) {
      return false;
    }

    @Override
    public void queueTsqWork(TsqWork work) {
      throw new UnsupportedOperationException("the output path is stubbed");
    }

    @Override
    public TsqWork tsqWork() {
      throw new UnsupportedOperationException("the output path is stubbed");
    }

    @Override
    public boolean inKsoftirqd() {
      return false;
    }

    @Override
    public void xmitTimerReset(TcpSock sk, int expiresJiffies) {
      out.call("sk_reset_timer", Seq.u32(expiresJiffies));
    }

    @Override
    public void xmitTimerClear(TcpSock sk) {
      out.call("sk_stop_timer");
    }

    @Override
    public int randomU32Below(int ceil) {
      throw new UnsupportedOperationException("not used on the input side");
    }

    @Override
    public void warnOn(TcpSock sk) {
      out.call("WARN_ON");
    }

    /* ---- CongestionOps ---- */
    @Override
    public String name() {
      return "recording";
    }

    @Override
    public void init(TcpSock sk) {}

    /**
     * sock.c's nicsim_ca_answer: outside the loop {@code otherwise}; in it, the module's answer
     * from the record, or, past the last one, the socket printed and the run stopped.
     */
    private long caAnswer(TcpSock sk, RateSample rs, long otherwise) {
      if (record[IN_LOOP] == 0) {
        return otherwise;
      }
      int k = caCalls++;
      if (k < record[EFFECTS]) {
        int e = EFFECT_BASE + k * EFFECT_FIELDS;
        sk.sndCwnd = (int) record[e];
        sk.sndSsthresh = (int) record[e + 1];
        sk.sndCwndCnt = (int) record[e + 2];
        sk.skPacingRate = record[e + 3];
        sk.appLimited = (int) record[e + 4];
        return record[e + 5];
      }
      out.put("stop", k);
      put(out, sk);
      if (rs != null) {
        putRs(out, rs);
      }
      throw new Stop();
    }

    private int caCalls;
    private int modelCalls;

    /**
     * sock.c's nicsim_model_answer: outside the timers' loop {@code otherwise}; in it, the
     * socket after the model's call loaded from the record and its value returned, or, past the
     * last one, the socket printed and the run stopped.
     */
    private long modelAnswer(TcpSock sk, long otherwise) {
      if (record[IN_LOOP] != 2) {
        return otherwise;
      }
      int k = modelCalls++;
      if (k < record[RESUMES]) {
        int at = RESUME_BASE + k * RESUME_FIELDS;
        load(sk, this, Arrays.copyOfRange(record, at, at + A_BASE));
        return record[at + A_BASE];
      }
      out.put("stop", k);
      put(out, sk);
      throw new Stop();
    }

    @Override
    public int ssthresh(TcpSock sk) {
      out.call("ca.ssthresh");
      return (int) caAnswer(sk, null, answer("ca .ssthresh answer"));
    }

    @Override
    public int undoCwnd(TcpSock sk) {
      out.call("ca.undo_cwnd");
      return (int) caAnswer(sk, null, answer("ca .undo_cwnd answer"));
    }

    @Override
    public void congAvoid(TcpSock sk, int ack, int acked) {
      out.call("ca.cong_avoid", Seq.u32(ack), Seq.u32(acked));
      caAnswer(sk, null, 0);
    }

    @Override
    public void setState(TcpSock sk, int newState) {
      out.call("ca.set_state", newState & 0xFF);
      caAnswer(sk, null, 0);
    }

    @Override
    public void cwndEvent(TcpSock sk, int event) {
      out.call("ca.cwnd_event", event);
      caAnswer(sk, null, 0);
    }

    @Override
    public boolean hasPktsAcked() {
      return answer("ca has .pkts_acked") != 0;
    }

    @Override
    public void pktsAcked(TcpSock sk, int pktsAcked, long rttUs, int inFlight) {
      out.call("ca.pkts_acked", Seq.u32(pktsAcked), (int) rttUs, Seq.u32(inFlight));
      caAnswer(sk, null, 0);
    }

    @Override
    public boolean hasCongControl() {
      return answer("ca has .cong_control") != 0;
    }

    @Override
    public void congControl(TcpSock sk, int ack, int flag, RateSample rs) {
      if (congControlHasAckAndFlag) {
        out.call("ca.cong_control", Seq.u32(ack), flag);
      } else {
        out.call("ca.cong_control");
      }
      caAnswer(sk, rs, 0);
    }

    @Override
    public int sndbufExpand(TcpSock sk) {
      if (answer("ca has .sndbuf_expand") == 0) {
        return 0;
      }
      out.call("ca.sndbuf_expand");
      return (int) caAnswer(sk, null, answer("ca .sndbuf_expand answer"));
    }

    /* ---- InputCallees ---- */
    @Override
    public int currentMss(TcpSock sk) {
      out.call("tcp_current_mss");
      return (int) answer("tcp_current_mss answer");
    }

    @Override
    public void pushPendingFrames(TcpSock sk, int curMss, int nonagle) {
      out.call("tcp_push_pending_frames", Seq.u32(curMss), nonagle);
    }

    @Override
    public void xmitRetransmitQueue(TcpSock sk) {
      out.call("tcp_xmit_retransmit_queue");
      modelAnswer(sk, 0);
    }

    @Override
    public int retransmitSkb(TcpSock sk, TcpSkb skb, int segs) {
      out.call("tcp_retransmit_skb", Seq.u32(skb.seq), segs);
      return (int) modelAnswer(sk, answer("tcp_retransmit_skb answer"));
    }

    @Override
    public void mstampRefresh(TcpSock sk) {
      out.call("tcp_mstamp_refresh");
      modelAnswer(sk, 0);
    }

    @Override
    public int syncMss(TcpSock sk, int pmtu) {
      out.call("tcp_sync_mss", Seq.u32(pmtu));
      return sk.mssCache;
    }

    @Override
    public void sendChallengeAck(TcpSock sk) {
      out.call("tcp_send_challenge_ack");
    }

    @Override
    public void bug(TcpSock sk) {
      out.call("BUG");
    }

    @Override
    public boolean writeTimeout(TcpSock sk) {
      out.call("tcp_write_timeout");
      return answer("tcp_write_timeout answer") != 0;
    }

    /** sk->sk_write_space(sk). */
    void skWriteSpace(TcpSock sk) {
      out.call("sk_write_space");
    }
  }
}
