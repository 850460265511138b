package io.nicsim.runs.traffic;

/**
 * {@code iperf3 [-C ALGO] -t SECS [-P N] [-l LEN] [-b RATE] [-O SECS] [-R]}: TCP bulk upload
 * or, with -R, download. The flow itself comes from tcp-model through a
 * {@link io.nicsim.runs.TrafficRunner}.
 *
 * @param congestion congestion control (-C), null = the kernel default (cubic)
 * @param length bytes per write() (-l, iperf3's default 128 KiB); with -R per read()
 * @param rateBps per-flow pacing cap (-b), 0 = unlimited
 * @param reverse iperf3 -R: the link partner sends, the host receives
 * @param sock how the receiving process reads (reverse mode only)
 */
public record TcpBulkSpec(
    String congestion, int length, long rateBps, long durationNs, long omitNs, int parallel,
    boolean reverse, SockOpts sock)
    implements TrafficSpec {

  public TcpBulkSpec {
    sock = sock == null ? SockOpts.NONE : sock;
  }

  /** The host sends (iperf3's default direction). */
  public TcpBulkSpec(String congestion, int length, long rateBps, long durationNs, long omitNs,
      int parallel) {
    this(congestion, length, rateBps, durationNs, omitNs, parallel, false, SockOpts.NONE);
  }

  public TcpBulkSpec withLength(int len) {
    return new TcpBulkSpec(congestion, len, rateBps, durationNs, omitNs, parallel, reverse, sock);
  }

  public TcpBulkSpec withRate(long bps) {
    return new TcpBulkSpec(congestion, length, bps, durationNs, omitNs, parallel, reverse, sock);
  }

  public TcpBulkSpec withParallel(int n) {
    return new TcpBulkSpec(congestion, length, rateBps, durationNs, omitNs, n, reverse, sock);
  }

  @Override
  public TrafficSpec withSock(SockOpts s) {
    return new TcpBulkSpec(congestion, length, rateBps, durationNs, omitNs, parallel, reverse, s);
  }

  /** The congestion control the flow uses. */
  public String congestionOrDefault() {
    return congestion == null ? "cubic" : congestion;
  }

  @Override
  public TrafficSpec withDurationNs(long ns) {
    return new TcpBulkSpec(congestion, length, rateBps, ns, omitNs, parallel, reverse, sock);
  }

  @Override
  public String spelling() {
    StringBuilder sb = new StringBuilder("iperf3");
    if (congestion != null) {
      sb.append(" -C ").append(congestion);
    }
    if (rateBps != 0) {
      sb.append(" -b ").append(TrafficParser.rateWord(rateBps));
    }
    if (length != TrafficParser.TCP_DEFAULT_LEN) {
      sb.append(" -l ").append(length);
    }
    sb.append(" -t ").append(TrafficParser.secondsWord(durationNs));
    if (parallel != 1) {
      sb.append(" -P ").append(parallel);
    }
    if (omitNs != 0) {
      sb.append(" -O ").append(TrafficParser.secondsWord(omitNs));
    }
    if (reverse) {
      sb.append(" -R");
    }
    return sb.append(sock.spelling()).toString();
  }

  @Override
  public String kind() {
    return reverse ? "tcp-rx" : "tcp";
  }
}
