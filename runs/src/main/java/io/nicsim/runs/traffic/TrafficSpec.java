package io.nicsim.runs.traffic;

/**
 * What traffic a run drives, as parsed from an iperf3 or ping command line. A
 * {@link io.nicsim.runs.TrafficRunner} turns a spec into applications on a host.
 */
public sealed interface TrafficSpec permits UdpFloodSpec, TcpBulkSpec, PingSpec {

  /** Time sent before measuring starts (iperf3 -O), ns. */
  long omitNs();

  /** The measured time (iperf3 -t; ping: count × interval), ns. */
  long durationNs();

  /** The same spec with another measured duration. */
  TrafficSpec withDurationNs(long ns);

  /** The canonical spelling, e.g. {@code iperf3 -u -b 0 -l 64 -t 1}. */
  String spelling();

  /** A short kind name for configs and reports: udp, tcp, ping; udp-rx, tcp-rx (iperf3 -R). */
  String kind();

  /** How the receiving process reads its socket (busy polling); none by default. */
  SockOpts sock();

  /** The same traffic read with {@code s}. */
  TrafficSpec withSock(SockOpts s);
}
