package io.nicsim.ideal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What a 5 ms TX completion delay does to TCP over a 23 ms, 1 Gbit/s path, on the ideal MAC
 * (found on the class path like any consumer's): TSQ keeps N skbs below TCP, each is freed only
 * when its completion arrives, so goodput is N skbs x payload / (delay + one skb's time on the
 * wire). With TSO off, software GSO segments also wait in the qdisc, so the same arithmetic is
 * an upper bound.
 */
class IdealTsqCeilingTest {
  private static final double DELAY_S = 0.005;
  private static final int MSS = 1448;
  /** One MSS on the wire: payload, TCP/IP headers with timestamps, Ethernet, preamble, gap. */
  private static final int WIRE_BYTES_PER_SEG = MSS + 52 + 14 + 4 + 20;

  @ParameterizedTest(name = "{0} on {1}")
  @CsvSource({"bbr, ideal", "cubic, ideal", "bbr, ideal-notso", "cubic, ideal-notso"})
  void goodputIsTheTsqCeiling(String cc, String soc) {
    JsonNode s = IdealRuns.summary(IdealRuns.run("--mac", "ideal", "--soc", soc, "-C",
        "tx-usecs 5000 tx-frames 1", "--traffic", "iperf3 -C " + cc + " -t 10 -O 2",
        "--path", "rtt=23ms,rate=1gbit"));
    double goodput = s.get("tcp_mbps").asDouble() * 1e6;
    double n = s.get("skbs_below_tcp").asDouble();
    double segs = soc.equals("ideal") ? s.get("tcp_tso_segs").asDouble() : 1; // GSO: 1 MSS each
    double payloadBits = segs * MSS * 8;
    double ceiling = n * payloadBits / (DELAY_S + segs * WIRE_BYTES_PER_SEG * 8 / 1e9);
    // TSQ is what bounds it: the bytes below TCP stay within the TSQ limit plus one skb
    assertThat(s.get("tcp_wmem_alloc_bytes").asDouble())
        .isLessThanOrEqualTo(s.get("tsq_limit_bytes").asDouble() + segs * MSS + 4096);
    assertThat(goodput).isLessThan(250e6); // far below the 1 Gbit/s path
    if (soc.equals("ideal")) {
      assertThat(goodput).isBetween(0.97 * ceiling, 1.03 * ceiling);
    } else {
      assertThat(goodput).isBetween(0.6 * ceiling, 1.03 * ceiling);
    }
  }
}
