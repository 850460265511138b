package io.nicsim.tcp;

/**
 * The {@code net.ipv4.tcp_*} sysctls and build constants the ported code reads, with the
 * kernel's defaults. One instance per simulated host; treat as read-only once a socket exists.
 */
public final class TcpSysctl {
  /** CONFIG_HZ: jiffies per second (100, 250, 300 or 1000). */
  public int hz = 250;
  /** tcp_limit_output_bytes; 0 means "the era's default" (see {@link TcpSock}). */
  public int limitOutputBytes;
  /** tcp_pacing_ss_ratio, percent. */
  public int pacingSsRatio = 200;
  /** tcp_pacing_ca_ratio, percent. */
  public int pacingCaRatio = 120;
  /** tcp_min_tso_segs. */
  public int minTsoSegs = 2;
  /** tcp_tso_win_divisor. */
  public int tsoWinDivisor = 3;
  /** tcp_tso_rtt_log. */
  public int tsoRttLog = 9;
  /** tcp_min_rtt_wlen, seconds. */
  public int minRttWlen = 300;
  /** tcp_reordering. */
  public int reordering = 3;
  /** tcp_max_reordering. */
  public int maxReordering = 300;
  /** tcp_wmem[1] (initial sk_sndbuf) and tcp_wmem[2] (autotuning cap), bytes. */
  public int wmemDefault = 16384;
  public int wmemMax = 4 * 1024 * 1024;
  /** tcp_slow_start_after_idle. */
  public boolean slowStartAfterIdle = true;
  /** tcp_frto. */
  public int frto = 2;
  /** tcp_recovery: TCP_RACK_LOSS_DETECTION (1), the default; RACK is the only loss detection. */
  public int recovery = 1;

  /** MAX_TCP_HEADER: headroom reserved in every TCP skb head. */
  public int maxTcpHeader = 320;
  /**
   * Truesize of the head of a TCP skb with no payload; 0 (the default) means the era's value,
   * {@link SkbHeadTruesize#of}: 1280 before small-head-cache (v6.3), 896 from it.
   */
  public int skbHeadTruesize = 0;
  /** SKB_TRUESIZE(1) = 1 + SKB_DATA_ALIGN(sizeof sk_buff) + SKB_DATA_ALIGN(sizeof shinfo). */
  public int skbTruesize1 = 1 + 256 + 320;
  /** sk_gso_max_size (GSO_LEGACY_MAX_SIZE without BIG TCP). */
  public int gsoMaxSize = 65536;
  /** sk_gso_max_segs (GSO_MAX_SEGS unless the driver lowers it). */
  public int gsoMaxSegs = 65535;
  /** TCP_INIT_CWND. */
  public int initCwnd = 10;
  /** TCP header length with the timestamp option (tp->tcp_header_len). */
  public int tcpHeaderLen = 32;

  public TcpSysctl copy() {
    TcpSysctl c = new TcpSysctl();
    c.hz = hz;
    c.limitOutputBytes = limitOutputBytes;
    c.pacingSsRatio = pacingSsRatio;
    c.pacingCaRatio = pacingCaRatio;
    c.minTsoSegs = minTsoSegs;
    c.tsoWinDivisor = tsoWinDivisor;
    c.tsoRttLog = tsoRttLog;
    c.minRttWlen = minRttWlen;
    c.reordering = reordering;
    c.maxReordering = maxReordering;
    c.wmemDefault = wmemDefault;
    c.wmemMax = wmemMax;
    c.slowStartAfterIdle = slowStartAfterIdle;
    c.frto = frto;
    c.recovery = recovery;
    c.maxTcpHeader = maxTcpHeader;
    c.skbHeadTruesize = skbHeadTruesize;
    c.skbTruesize1 = skbTruesize1;
    c.gsoMaxSize = gsoMaxSize;
    c.gsoMaxSegs = gsoMaxSegs;
    c.initCwnd = initCwnd;
    c.tcpHeaderLen = tcpHeaderLen;
    return c;
  }
}
