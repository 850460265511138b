package io.nicsim.tcp;

import io.nicsim.core.era.PatchSet;
import io.nicsim.core.port.KernelPort;

/**
 * A TCP sending socket: the fields of {@code struct sock}, {@code inet_connection_sock} and
 * {@code tcp_sock} the ported sender reads and writes, named as in C, plus the small inline
 * helpers of include/net/tcp.h. Units follow the kernel: sequence numbers and counters are u32 in
 * ints, {@code *Us} microseconds, {@code *Ns} nanoseconds, jiffies in ints.
 *
 * <p>The ported functions live in classes named after their C files ({@link TcpOutput}, {@link
 * TcpInput}, {@link TcpRate}, {@link TcpRecovery}, {@link TcpTimer}, {@link TcpCong}) and take
 * the socket as their first argument, like the C.
 */
public final class TcpSock {

  private static final String SRC = "Kingxukai/linux@0291023e7330da28f2f7453c87c2ab7082d8360f";
  private static final String H = "include/net/tcp.h";
  /* icsk_ca_state */
  public static final int TCP_CA_OPEN = 0;
  public static final int TCP_CA_DISORDER = 1;
  public static final int TCP_CA_CWR = 2;
  public static final int TCP_CA_RECOVERY = 3;
  public static final int TCP_CA_LOSS = 4;

  /* enum tcp_ca_event */
  public static final int CA_EVENT_TX_START = 0;
  public static final int CA_EVENT_CWND_RESTART = 1;
  public static final int CA_EVENT_COMPLETE_CWR = 2;
  public static final int CA_EVENT_LOSS = 3;

  /* sk_pacing_status */
  public static final int SK_PACING_NONE = 0;
  public static final int SK_PACING_NEEDED = 1;
  public static final int SK_PACING_FQ = 2;

  /* sk_tsq_flags bits */
  public static final int TSQF_THROTTLED = 1;
  public static final int TSQF_QUEUED = 1 << 1;
  public static final int TCPF_TSQ_DEFERRED = 1 << 2;

  /* icsk_pending */
  public static final int ICSK_TIME_RETRANS = 1;
  public static final int ICSK_TIME_PROBE0 = 3;
  public static final int ICSK_TIME_LOSS_PROBE = 5;
  public static final int ICSK_TIME_REO_TIMEOUT = 6;

  public static final int TCP_INFINITE_SSTHRESH = 0x7fffffff;
  /** TCP_TIMEOUT_MIN_US: 2 ms. */
  public static final int TCP_TIMEOUT_MIN_US = 2000;
  /** ~0UL in an unsigned long held in a Java long. */
  public static final long UNLIMITED_RATE = -1L;

  public final TcpHost host;
  public final TcpSysctl sysctl;
  public final PatchSet patches;
  public final CongestionOps ca;
  /** The microsecond/jiffy conversions of this host's CONFIG_HZ. */
  public final Jiffies jiffies;

  /* era switches, read once (TcpPatches) */
  final boolean patchRtxRbtree;
  final boolean patchTsqPacedUncapped;
  final boolean patchTsqRtxSingleSkb;
  final boolean patchTsoRttBonus;
  /** sk-gso-max-size-adjusted: sk_gso_max_size already less MAX_TCP_HEADER + 1 (v5.18). */
  final boolean patchSkGsoMaxSizeAdjusted;
  final boolean patchGrowSkb;
  final boolean patchTsqLimit4mb;
  final boolean patchTsqAlwaysLimit;
  final boolean patchZeroWindowUpdate;
  final boolean patchTsoDeferExpectedAck;
  /** Truesize of an empty skb head from tcp_stream_alloc_skb, in this era (or the sysctl's). */
  public final int skbHeadTruesize;
  /** sysctl_tcp_limit_output_bytes in effect (the era default unless the sysctl is set). */
  public final int limitOutputBytes;

  /* ---- struct sock ---- */
  /** sk_wmem_alloc: 1 + truesize of every transmitted clone/segment not yet freed. */
  public long skWmemAlloc = 1;
  /** sk_wmem_queued: truesize of the write and retransmit queues. */
  public int skWmemQueued;
  public int skSndbuf;
  /** sk_pacing_rate, bytes/s, unsigned long ({@link #UNLIMITED_RATE} = ~0UL). */
  public long skPacingRate = UNLIMITED_RATE;
  public long skMaxPacingRate = UNLIMITED_RATE;
  public int skPacingShift = 10;
  public int skPacingStatus = SK_PACING_NONE;
  public int skTsqFlags;
  public int skGsoMaxSize;
  public int skGsoMaxSegs;
  /** SOCK_NOSPACE on sk->sk_socket: the application is blocked on sndbuf. */
  public boolean sockNoSpace;
  /** sock_owned_by_user(): the application holds the socket lock right now. */
  public boolean ownedByUser;

  /* ---- inet_connection_sock ---- */
  public int icskCaState = TCP_CA_OPEN;
  /** icsk_rto, jiffies. */
  public int icskRto;
  public int icskBackoff;
  public int icskRetransmits;
  public int icskPending;
  /** icsk_timeout: expiry of the pending xmit timer, jiffies. */
  public int icskTimeout;
  /** icsk_probes_out: unanswered zero-window probes (an ACK clears it). */
  public int icskProbesOut;
  /** icsk_probes_tstamp: when the first unanswered zero-window probe went out (jiffies). */
  public int icskProbesTstamp;
  /** icsk_pmtu_cookie: the path MTU last given to tcp_sync_mss(). */
  public int icskPmtuCookie = 1500;

  /* ---- tcp_sock: sequence space ---- */
  public int sndUna;
  public int sndNxt;
  public int writeSeq;
  public int sndWnd;
  public int sndWl1;
  public int maxWindow;
  /** snd_up: urgent pointer (no urgent data is sent; an ACK past it drags it along). */
  public int sndUp;
  public int sndSml;
  public int highSeq;
  public int undoMarker;
  public int undoRetrans;
  public int cwndUsageSeq;
  public int rttSeq;
  public int tlpHighSeq;
  /** tlp_retrans: the loss probe was a retransmission (no probes are sent in the model). */
  public boolean tlpRetrans;
  public int mssCache;
  /** rx_opt.mss_clamp: the peer's MSS option (0 until the handshake sets it). */
  public int mssClamp;
  /** rx_opt.snd_wscale: the peer's window scale. */
  public int sndWscale;
  /** tp->gso_segs: segments per skb tcp_sendmsg builds (tcp_xmit_size_goal). */
  public int gsoSegs;
  /** tp->nonagle (TCP_NODELAY off by default for iperf3 uploads). */
  public int nonagle;

  /* ---- counters ---- */
  public int packetsOut;
  public int sackedOut;
  public int lostOut;
  public int retransOut;
  public int maxPacketsOut;
  public boolean isCwndLimited;
  public int delivered;
  public int lost;
  /** tp->app_limited: 0, or the delivered count at which the app-limited bubble ends. */
  public int appLimited;
  public int dataSegsOut;
  public long segsOut;
  public long bytesSent;
  public long bytesAcked;
  public long bytesRetrans;
  public int totalRetrans;
  /** dsack_dups: segments the peer reported received twice (D-SACK). */
  public int dsackDups;
  /** TCP_DSACK_SEEN in rx_opt.sack_ok: the peer has sent a D-SACK. */
  public boolean dsackSeen;
  /** rcv_tstamp: jiffies of the last ACK. */
  public int rcvTstamp;
  public int reordering;
  public int reordSeen;
  public int frto;
  public boolean isSackReneg;
  /** Observer (not in tcp_sock): retransmission timeouts taken. */
  public long rtoCount;

  /* ---- congestion window ---- */
  public int sndCwnd;
  public int sndSsthresh = TCP_INFINITE_SSTHRESH;
  public int sndCwndCnt;
  public int sndCwndClamp;
  public int sndCwndUsed;
  /** snd_cwnd_stamp, jiffies. */
  public int sndCwndStamp;
  public int priorCwnd;
  public int priorSsthresh;
  public int prrDelivered;
  public int prrOut;

  /* ---- RTT ---- */
  /** srtt_us: smoothed RTT << 3, us. */
  public int srttUs;
  public int mdevUs;
  public int mdevMaxUs;
  public int rttvarUs;
  /** rtt_min: windowed min of RTT samples keyed by jiffies. */
  public final MinMax rttMin = new MinMax();
  /** retrans_stamp, ms (tcp_time_stamp_ts with ms timestamps). */
  public long retransStamp;

  /* ---- clocks ---- */
  /** tcp_mstamp: us. */
  public long tcpMstamp;
  /** tcp_clock_cache: ns. */
  public long tcpClockCache;
  /** tcp_wstamp_ns: earliest departure time of the next skb. */
  public long tcpWstampNs;
  /** lsndtime, jiffies. */
  public int lsndtime;

  /* ---- delivery rate ---- */
  public long firstTxMstamp;
  public long deliveredMstamp;
  public int rateDelivered;
  public long rateIntervalUs;
  public boolean rateAppLimited;

  /* ---- RACK ---- */
  public long rackMstamp;
  public int rackRttUs;
  public int rackEndSeq;
  public boolean rackAdvanced;
  public int rackReoWndSteps = 1;
  /** rack.reo_wnd_persist: recoveries left before the window returns to one step (5 bits). */
  public int rackReoWndPersist;
  /** rack.dsack_seen: a D-SACK arrived since the window was last widened. */
  public boolean rackDsackSeen;
  /** rack.last_delivered: tp->delivered when the window was last widened. */
  public int rackLastDelivered;

  /* ---- queues ---- */
  public final SkbQueue writeQueue = new SkbQueue();
  public final SkbQueue rtxQueue = new SkbQueue();
  public final SentList tsortedSentQueue = new SentList();
  public TcpSkb highestSack;
  public TcpSkb retransmitSkbHint;
  /** recv_sack_cache: the SACK blocks of the previous ACK, start/end pairs. */
  final int[] recvSackCache = new int[2 * TcpAckSeg.TCP_NUM_SACKS];

  /** The tcp_output.c functions the input side calls (the ports; recording stubs in harnesses). */
  public InputCallees callees = InputCallees.PORTS;
  /** {@code --ports c}: tcp_ack as the tree's C (tcp-inloop's TcpBridges.attach); else null. */
  TcpAckHook ackC;
  /** {@code --ports c}: tcp_xmit_size_goal as the tree's C (tcp-inloop); null otherwise. */
  TcpSizeGoalHook sizeGoalC;
  /** {@code --ports c}: tcp_input.c's tcp_check_space as the tree's C (tcp-inloop); or null. */
  TcpSocketHook checkSpaceC;
  /** {@code --ports c}: tcp_input.c's tcp_sndbuf_expand as the tree's C (tcp-inloop); or null. */
  TcpSocketHook sndbufExpandC;
  /**
   * {@code --ports c}: tcp_timer.c's tcp_write_timer_handler as the tree's C (tcp-inloop; the
   * retransmit and RACK reordering timers inside); or null.
   */
  TcpSocketHook writeTimerC;
  /** {@code --ports c}: tcp_output.c's bridged callees of tcp_write_xmit as C; or null. */
  TcpOutputHook outputC;
  /** {@code --ports c}: tcp_rate.c's tcp_rate_skb_sent and tcp_rate_check_app_limited as C. */
  TcpRateHook rateC;
  /** {@code --ports c}: tcp_output.c's tcp_write_xmit and __tcp_push_pending_frames as C. */
  TcpWriteXmitHook writeXmitC;

  /** The per-ACK rate sample, reused. */
  public final RateSample rs = new RateSample();
  /** The application's wake-up when sk_stream_write_space() finds room (a blocked writer). */
  public WriteSpace writeSpace;
  /** {@code sk->sk_write_space}: sk_stream_write_space() for TCP. */
  public WriteSpace skWriteSpace = TcpInput::streamWriteSpace;

  /* scratch state reused across calls, so the per-ACK and per-send paths do not allocate */
  final TcpInput.SacktagState sackState = new TcpInput.SacktagState();
  final int[] sackBlocks = new int[2 * TcpAckSeg.TCP_NUM_SACKS];
  final int[] ackFlag = new int[1];
  final int[] rexmit = new int[1];
  final boolean[] isCwndLimitedOut = new boolean[1];
  final boolean[] isRwndLimitedOut = new boolean[1];

  /** {@code sk->sk_write_space()} callback. */
  @FunctionalInterface
  public interface WriteSpace {
    void writeSpace(TcpSock sk);
  }
  /** Link in the per-CPU TSQ list. */
  TcpSock tsqNext;

  public TcpSock(TcpHost host, TcpSysctl sysctl, PatchSet patches, CongestionOps ca) {
    this.host = host;
    this.sysctl = sysctl;
    this.patches = patches;
    this.ca = ca;
    this.jiffies = new Jiffies(sysctl.hz);
    this.patchRtxRbtree = patches.has(TcpPatches.RTX_RBTREE);
    this.patchTsqPacedUncapped = patches.has(TcpPatches.TSQ_PACED_UNCAPPED);
    this.patchTsqRtxSingleSkb = patches.has(TcpPatches.TSQ_RTX_SINGLE_SKB);
    this.patchTsoRttBonus = patches.has(TcpPatches.TSO_RTT_BONUS);
    this.patchGrowSkb = patches.has(TcpPatches.GROW_SKB);
    this.patchTsqLimit4mb = patches.has(TcpPatches.TSQ_LIMIT_4MB);
    this.patchTsqAlwaysLimit = patches.has(TcpPatches.TSQ_ALWAYS_LIMIT);
    this.patchZeroWindowUpdate = patches.has(TcpPatches.ZERO_WINDOW_UPDATE);
    this.patchTsoDeferExpectedAck = patches.has(TcpPatches.TSO_DEFER_EXPECTED_ACK);
    this.skbHeadTruesize = sysctl.skbHeadTruesize != 0
        ? sysctl.skbHeadTruesize
        : SkbHeadTruesize.of(patches.has(TcpPatches.SMALL_HEAD_CACHE));
    this.limitOutputBytes = sysctl.limitOutputBytes != 0
        ? sysctl.limitOutputBytes
        : patchTsqLimit4mb ? 4 * 1024 * 1024 : patchTsqPacedUncapped ? 16 * 65536 : 262144;
    this.patchSkGsoMaxSizeAdjusted = patches.has(TcpPatches.SK_GSO_MAX_SIZE_ADJUSTED);
    // sk_setup_caps: the device's gso_max_size, less MAX_TCP_HEADER + 1 once since ab14f1802cfb
    this.skGsoMaxSize = patchSkGsoMaxSizeAdjusted
        ? sysctl.gsoMaxSize - (sysctl.maxTcpHeader + 1) : sysctl.gsoMaxSize;
    this.skGsoMaxSegs = sysctl.gsoMaxSegs;
    this.skSndbuf = sysctl.wmemDefault;
    this.mssCache = 1448;
    this.reordering = sysctl.reordering;
    this.sndCwnd = sysctl.initCwnd;
    this.sndCwndClamp = 0x7fffffff;
  }

  /* ---------------- jiffies ---------------- */

  /** (u32)INITIAL_JIFFIES: jiffies start 5 minutes before wrap, as in the kernel. */
  public int initialJiffies() {
    return -300 * sysctl.hz;
  }

  /** tcp_jiffies32 now. */
  public int tcpJiffies32() {
    return jiffiesAt(host.nowNs());
  }

  /** Length of a jiffy in ns (the tick period, as core's Cpu counts it). */
  public long tickNs() {
    return 1_000_000_000L / sysctl.hz;
  }

  /** The jiffy {@link #jiffiesAt} computed last: [start, end) in ns, its value, at its HZ. */
  private long lastJiffyStart = Long.MAX_VALUE;
  private long lastJiffyEnd = Long.MIN_VALUE;
  private int lastJiffy;
  private int lastJiffyHz;

  /** The jiffies value at a simulated time: INITIAL_JIFFIES plus the ticks since boot. */
  public int jiffiesAt(long ns) {
    // asked many times per jiffy (every segment and ACK): answered from the last jiffy computed,
    // without the 64-bit division (a runtime call in C1's code)
    if (ns >= lastJiffyStart && ns < lastJiffyEnd && lastJiffyHz == sysctl.hz) {
      return lastJiffy;
    }
    long tick = tickNs();
    long ticks = ns / tick;
    int j = initialJiffies() + (int) ticks;
    if (ns >= 0) {
      lastJiffyStart = ticks * tick;
      lastJiffyEnd = lastJiffyStart + tick;
      lastJiffy = j;
      lastJiffyHz = sysctl.hz;
    }
    return j;
  }

  /** The simulated time at which a jiffy starts. */
  public long jiffiesToNs(int jiffies) {
    return Seq.u32(jiffies - initialJiffies()) * tickNs();
  }

  /**
   * {@code usecs_to_jiffies(us)} as the u32 the callers in tcp_input.c, tcp_recovery.c and
   * tcp_timer.c keep: the argument converted to the C function's {@code unsigned int}, the
   * {@code unsigned long} result truncated (MAX_JIFFY_OFFSET included). CUBIC adds the
   * {@code unsigned long} itself: {@link #jiffies}.
   */
  public int usecsToJiffies(long us) {
    return (int) jiffies.usecsToJiffies((int) us);
  }

  /**
   * nsecs_to_jiffies() of a u64: truncating, div_u64(n, NSEC_PER_SEC / HZ) when HZ divides a
   * second, else the generic div_u64(n * 9, (9 * NSEC_PER_SEC + HZ / 2) / HZ).
   */
  public long nsecsToJiffies(long ns) {
    if (1_000_000_000L % sysctl.hz == 0) {
      return Long.divideUnsigned(ns, 1_000_000_000L / sysctl.hz);
    }
    return Long.divideUnsigned(ns * 9, (9_000_000_000L + sysctl.hz / 2) / sysctl.hz);
  }

  /** msecs_to_jiffies(), rounding up. */
  public int msecsToJiffies(long ms) {
    return (int) ((ms * sysctl.hz + 999L) / 1000L);
  }

  /** jiffies_to_usecs(): an unsigned int, (USEC_PER_SEC / HZ) * j wrapping at 2^32. */
  public long jiffiesToUsecs(int j) {
    if (1_000_000 % sysctl.hz == 0) {
      return Seq.u32(j * (1_000_000 / sysctl.hz));
    }
    return Seq.u32((int) (Seq.u32(j) * 1_000_000L / sysctl.hz));
  }

  /** TCP_RTO_MIN = HZ/5. */
  public int tcpRtoMin() {
    return sysctl.hz / 5;
  }

  /** TCP_RTO_MAX = 120 s. */
  public int tcpRtoMax() {
    return 120 * sysctl.hz;
  }

  /** tcp_rto_min_us(). */
  public int tcpRtoMinUs() {
    return (int) jiffiesToUsecs(tcpRtoMin());
  }

  /* ---------------- include/net/tcp.h helpers ---------------- */

  /** tcp_mstamp_refresh(): tcp_clock_cache and tcp_mstamp from the clock. */
  @KernelPort(file = "net/ipv4/tcp_output.c", function = "tcp_mstamp_refresh",
      versions = "v4.20..v6.18", source = SRC,
      notes = "the early form's monotonic guards never bite under the monotonic simulated clock")
  public void mstampRefresh() {
    if (outputC != null && outputC.mstampRefresh(this)) {
      return; // --ports c: the tree's C
    }
    long val = host.nowNs();
    tcpClockCache = val;
    tcpMstamp = val / 1000L;
  }

  public int sndCwnd() {
    return sndCwnd;
  }

  /** tcp_snd_cwnd_set(): the kernel warns on (int)val &lt;= 0. */
  public void sndCwndSet(int val) {
    warnOn(val <= 0);
    sndCwnd = val;
  }

  /**
   * WARN_ON(cond) at the point the kernel has it: the host hears of it (a harness records it as
   * the C's WARN_ON does); returns cond, as WARN_ON does.
   */
  public boolean warnOn(boolean cond) {
    if (cond && host != null) {
      host.warnOn(this);
    }
    return cond;
  }

  /** BUG_ON(cond): the kernel would stop here; the host hears of it as of a WARN_ON. */
  void bugOn(boolean cond) {
    if (cond && host != null) {
      host.bug(this);
    }
  }

  /** tcp_verify_left_out(): WARN_ON(tcp_left_out(tp) &gt; tp-&gt;packets_out). */
  void verifyLeftOut() {
    warnOn(Integer.compareUnsigned(leftOut(), packetsOut) > 0);
  }

  @KernelPort(file = H, function = "tcp_left_out", versions = "v4.15..v6.18", source = SRC)
  public int leftOut() {
    return sackedOut + lostOut;
  }

  /** tcp_packets_in_flight(). */
  @KernelPort(file = H, function = "tcp_packets_in_flight", versions = "v4.15..v6.18", source = SRC)
  public int packetsInFlight() {
    return packetsOut - leftOut() + retransOut;
  }

  @KernelPort(file = H, function = "tcp_in_slow_start", versions = "v4.15..v6.18", source = SRC)
  public boolean inSlowStart() {
    return Integer.compareUnsigned(sndCwnd, sndSsthresh) < 0;
  }

  /** tcp_is_cwnd_limited() (form since f4ce91ce12a7: is_cwnd_limited first). */
  @KernelPort(file = H, function = "tcp_is_cwnd_limited", versions = "v6.0..v6.18",
      commits = {"f4ce91ce12a7"}, source = SRC,
      notes = "release of f4ce91ce12a7 inferred from its net-tree date (2022-09-28)")
  public boolean isCwndLimited() {
    if (isCwndLimited) {
      return true;
    }
    if (inSlowStart()) {
      return Integer.compareUnsigned(sndCwnd, 2 * maxPacketsOut) < 0;
    }
    return false;
  }

  /** tcp_needs_internal_pacing(). */
  @KernelPort(file = H, function = "tcp_needs_internal_pacing", versions = "v4.15..v6.18",
      source = SRC)
  public boolean needsInternalPacing() {
    return skPacingStatus == SK_PACING_NEEDED;
  }

  /** tcp_min_rtt(): ~0 (-1) when there is no sample. */
  @KernelPort(file = H, function = "tcp_min_rtt", versions = "v4.15..v6.18", source = SRC)
  public int minRtt() {
    return rttMin.get();
  }

  /** tcp_wnd_end(). */
  @KernelPort(file = H, function = "tcp_wnd_end", versions = "v4.15..v6.18", source = SRC)
  public int wndEnd() {
    return sndUna + sndWnd;
  }

  /** tcp_current_ssthresh(). */
  @KernelPort(file = H, function = "tcp_current_ssthresh", versions = "v4.15..v6.18", source = SRC)
  public int currentSsthresh() {
    if (inCwndReduction()) {
      return sndSsthresh;
    }
    return Seq.umax(sndSsthresh, (sndCwnd >>> 1) + (sndCwnd >>> 2));
  }

  /** tcp_in_cwnd_reduction(). */
  @KernelPort(file = H, function = "tcp_in_cwnd_reduction", versions = "v4.15..v6.18", source = SRC)
  public boolean inCwndReduction() {
    return (((1 << TCP_CA_CWR) | (1 << TCP_CA_RECOVERY)) & (1 << icskCaState)) != 0;
  }

  /**
   * tcp_write_queue_empty(): no payload (or FIN) left to send, write_seq == snd_nxt (the write
   * queue may hold a temporary empty skb).
   */
  public boolean writeQueueEmpty() {
    return writeSeq == sndNxt;
  }

  /** tcp_send_head(). */
  public TcpSkb sendHead() {
    return writeQueue.head();
  }

  public boolean rtxQueueEmpty() {
    return rtxQueue.isEmpty();
  }

  /** tcp_highest_sack_seq(). */
  @KernelPort(file = H, function = "tcp_highest_sack_seq", versions = "v4.15..v6.18", source = SRC)
  public int highestSackSeq() {
    if (sackedOut == 0) {
      return sndUna;
    }
    if (highestSack == null) {
      return sndNxt;
    }
    return highestSack.seq;
  }

  /** tcp_set_ca_state(). */
  @KernelPort(file = "net/ipv4/tcp_cong.c", function = "tcp_set_ca_state",
      versions = "v5.19..v6.18", source = SRC,
      notes = "an inline in include/net/tcp.h before v5.19; the tracepoint is left out")
  public void setCaState(int state) {
    ca.setState(this, state);
    icskCaState = state;
  }

  /** tcp_ca_event(). */
  @KernelPort(file = H, function = "tcp_ca_event", versions = "v4.15..v6.18", source = SRC)
  public void caEvent(int event) {
    ca.cwndEvent(this, event);
  }

  /** tcp_stamp_us_delta(t1, t0) = max_t(s64, t1 - t0, 0), returned as a u32. */
  @KernelPort(file = H, function = "tcp_stamp_us_delta", versions = "v4.13..v6.18", source = SRC)
  public static long stampUsDelta(long t1, long t0) {
    return Seq.u32((int) Math.max(t1 - t0, 0));
  }

  /** tcp_skb_sent_after(t1, t2, seq1, seq2): u64 timestamps, compared unsigned. */
  @KernelPort(file = H, function = "tcp_skb_sent_after", versions = "v6.1..v6.18",
      source = SRC, notes = "the open-coded form before v6.1 decides the same")
  public static boolean skbSentAfter(long t1, long t2, int seq1, int seq2) {
    return Long.compareUnsigned(t1, t2) > 0 || (t1 == t2 && Seq.after(seq1, seq2));
  }

  /** sk_wmem_alloc_get(): sk_wmem_alloc without the socket's own reference. */
  public long wmemAllocGet() {
    return skWmemAlloc - 1;
  }

  /** Unsigned min of two unsigned longs. */
  static long umin64(long a, long b) {
    return Long.compareUnsigned(a, b) <= 0 ? a : b;
  }

  /** Unsigned max of two unsigned longs (the kernel's max() of two u64). */
  static long umax64(long a, long b) {
    return Long.compareUnsigned(a, b) >= 0 ? a : b;
  }
}
