package io.nicsim.runs.traffic;

/**
 * {@code iperf3 -u -b RATE -l LEN -t SECS [-P N] [-O SECS] [-R]}.
 *
 * @param rateBps per-flow target bit rate of UDP payload (-b), 0 = unlimited
 * @param length UDP payload bytes per datagram (-l)
 * @param parallel flows (-P)
 * @param reverse iperf3 -R: the link partner sends, the host receives
 * @param sock how the receiving process reads (reverse mode only)
 */
public record UdpFloodSpec(long rateBps, int length, long durationNs, long omitNs, int parallel,
    boolean reverse, SockOpts sock) implements TrafficSpec {

  public UdpFloodSpec {
    sock = sock == null ? SockOpts.NONE : sock;
  }

  /** The host sends (iperf3's default direction). */
  public UdpFloodSpec(long rateBps, int length, long durationNs, long omitNs, int parallel) {
    this(rateBps, length, durationNs, omitNs, parallel, false, SockOpts.NONE);
  }

  @Override
  public TrafficSpec withDurationNs(long ns) {
    return new UdpFloodSpec(rateBps, length, ns, omitNs, parallel, reverse, sock);
  }

  public UdpFloodSpec withLength(int len) {
    return new UdpFloodSpec(rateBps, len, durationNs, omitNs, parallel, reverse, sock);
  }

  public UdpFloodSpec withRate(long bps) {
    return new UdpFloodSpec(bps, length, durationNs, omitNs, parallel, reverse, sock);
  }

  public UdpFloodSpec withParallel(int n) {
    return new UdpFloodSpec(rateBps, length, durationNs, omitNs, n, reverse, sock);
  }

  @Override
  public TrafficSpec withSock(SockOpts s) {
    return new UdpFloodSpec(rateBps, length, durationNs, omitNs, parallel, reverse, s);
  }

  @Override
  public String spelling() {
    StringBuilder sb = new StringBuilder("iperf3 -u -b ").append(TrafficParser.rateWord(rateBps))
        .append(" -l ").append(length).append(" -t ").append(TrafficParser.secondsWord(durationNs));
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
    return reverse ? "udp-rx" : "udp";
  }
}
