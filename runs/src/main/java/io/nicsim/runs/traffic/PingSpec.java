package io.nicsim.runs.traffic;

/**
 * {@code ping -c COUNT -i INTERVAL -s SIZE}.
 *
 * @param count echo requests (-c)
 * @param intervalNs gap between requests (-i)
 * @param size ICMP data bytes (-s)
 * @param sock how ping's process waits for each reply
 */
public record PingSpec(int count, long intervalNs, int size, SockOpts sock)
    implements TrafficSpec {

  public PingSpec {
    sock = sock == null ? SockOpts.NONE : sock;
  }

  public PingSpec(int count, long intervalNs, int size) {
    this(count, intervalNs, size, SockOpts.NONE);
  }

  public PingSpec withSize(int s) {
    return new PingSpec(count, intervalNs, s, sock);
  }

  @Override
  public TrafficSpec withSock(SockOpts s) {
    return new PingSpec(count, intervalNs, size, s);
  }

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
    return new PingSpec(c, intervalNs, size, sock);
  }

  @Override
  public String spelling() {
    return "ping -c " + count + " -i " + TrafficParser.secondsWord(intervalNs) + " -s " + size
        + sock.spelling();
  }

  @Override
  public String kind() {
    return "ping";
  }
}
