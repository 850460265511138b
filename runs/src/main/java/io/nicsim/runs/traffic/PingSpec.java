package io.nicsim.runs.traffic;

/**
 * {@code ping -c COUNT -i INTERVAL -s SIZE}.
 *
 * @param count echo requests (-c)
 * @param intervalNs gap between requests (-i)
 * @param size ICMP data bytes (-s)
 */
public record PingSpec(int count, long intervalNs, int size) implements TrafficSpec {

  @Override
  public long omitNs() {
    return 0;
  }

  @Override
  public long durationNs() {
    return count * intervalNs;
  }

  /** A duration caps the count: as many requests as fit, at least one. */
  @Override
  public TrafficSpec withDurationNs(long ns) {
    int c = (int) Math.max(1, Math.min(Integer.MAX_VALUE, ns / intervalNs));
    return new PingSpec(c, intervalNs, size);
  }

  @Override
  public String spelling() {
    return "ping -c " + count + " -i " + TrafficParser.secondsWord(intervalNs) + " -s " + size;
  }

  @Override
  public String kind() {
    return "ping";
  }
}
