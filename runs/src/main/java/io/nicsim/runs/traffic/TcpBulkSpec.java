package io.nicsim.runs.traffic;

/**
 * {@code iperf3 [-C ALGO] -t SECS [-P N] [-l LEN] [-b RATE] [-O SECS]}: TCP bulk upload. The
 * flow itself comes from tcp-model through a {@link io.nicsim.runs.TrafficRunner}.
 *
 * @param congestion congestion control (-C), null = the kernel default (cubic)
 * @param length bytes per write() (-l, iperf3's default 128 KiB)
 * @param rateBps per-flow pacing cap (-b), 0 = unlimited
 */
public record TcpBulkSpec(
    String congestion, int length, long rateBps, long durationNs, long omitNs, int parallel)
    implements TrafficSpec {

  /** The congestion control the flow uses. */
  public String congestionOrDefault() {
    return congestion == null ? "cubic" : congestion;
  }

  @Override
  public TrafficSpec withDurationNs(long ns) {
    return new TcpBulkSpec(congestion, length, rateBps, ns, omitNs, parallel);
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
    return sb.toString();
  }

  @Override
  public String kind() {
    return "tcp";
  }
}
