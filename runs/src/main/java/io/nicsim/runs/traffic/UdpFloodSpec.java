package io.nicsim.runs.traffic;

/**
 * {@code iperf3 -u -b RATE -l LEN -t SECS [-P N] [-O SECS]}.
 *
 * @param rateBps per-flow target bit rate of UDP payload (-b), 0 = unlimited
 * @param length UDP payload bytes per datagram (-l)
 * @param parallel flows (-P)
 */
public record UdpFloodSpec(long rateBps, int length, long durationNs, long omitNs, int parallel)
    implements TrafficSpec {

  @Override
  public TrafficSpec withDurationNs(long ns) {
    return new UdpFloodSpec(rateBps, length, ns, omitNs, parallel);
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
    return sb.toString();
  }

  @Override
  public String kind() {
    return "udp";
  }
}
