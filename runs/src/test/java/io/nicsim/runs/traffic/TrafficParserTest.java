package io.nicsim.runs.traffic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nicsim.core.config.BadInputException;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TrafficParserTest {
  private static final long SEC = 1_000_000_000L;

  @Test
  void iperf3UdpFloodAsTheIssueSpellsIt() {
    TrafficSpec t = TrafficParser.parse("iperf3 -u -b 0 -l 64 -t 1");
    assertThat(t).isEqualTo(new UdpFloodSpec(0, 64, SEC, 0, 1));
  }

  @Test
  void iperf3DefaultsForUdp() {
    assertThat(TrafficParser.parse("iperf3 -u"))
        .isEqualTo(new UdpFloodSpec(1_000_000, 1460, 10 * SEC, 0, 1));
  }

  @ParameterizedTest
  @CsvSource({
    "'iperf3 -u -b 100M -l 1K -t 2', 100000000, 1024, 2000000000",
    "'iperf3 -u -b 1.5G -l 1472 -t 0.5', 1500000000, 1472, 500000000",
    "'iperf3 -u -b 10k -l 100 -t 200ms', 10000, 100, 200000000",
    "'iperf3 -c 10.0.0.2 -u -b0 -l64 -t1', 0, 64, 1000000000",
    "'iperf3 --udp --bitrate=5M --length 512 --time=3', 5000000, 512, 3000000000",
    "'iperf  -u --bandwidth 2m -l 2k -t 1', 2000000, 2048, 1000000000",
  })
  void iperf3RateLengthAndTimeUnits(String text, long rate, int len, long ns) {
    UdpFloodSpec u = (UdpFloodSpec) TrafficParser.parse(text);
    assertThat(u.rateBps()).isEqualTo(rate);
    assertThat(u.length()).isEqualTo(len);
    assertThat(u.durationNs()).isEqualTo(ns);
  }

  @Test
  void parallelFlowsAndOmit() {
    UdpFloodSpec u = (UdpFloodSpec) TrafficParser.parse("iperf3 -u -P 4 -O 1 -t 2");
    assertThat(u.parallel()).isEqualTo(4);
    assertThat(u.omitNs()).isEqualTo(SEC);
  }

  @Test
  void iperf3WithoutUdpIsTcpWithItsCongestionControl() {
    assertThat(TrafficParser.parse("iperf3 -C bbr -t 10"))
        .isEqualTo(new TcpBulkSpec("bbr", 128 * 1024, 0, 10 * SEC, 0, 1));
    TcpBulkSpec c = (TcpBulkSpec) TrafficParser.parse("iperf3 -C cubic");
    assertThat(c.congestionOrDefault()).isEqualTo("cubic");
    assertThat(((TcpBulkSpec) TrafficParser.parse("iperf3 -t 1")).congestionOrDefault())
        .isEqualTo("cubic");
  }

  @Test
  void pingAsTheIssueSpellsIt() {
    assertThat(TrafficParser.parse("ping -c 20 -i 0.2 -s 56"))
        .isEqualTo(new PingSpec(20, 200_000_000L, 56));
    assertThat(TrafficParser.parse("ping -c 3 -i 500us 10.0.0.2"))
        .isEqualTo(new PingSpec(3, 500_000L, 56));
    assertThat(TrafficParser.parse("ping -c 1").durationNs()).isEqualTo(SEC);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "''|--traffic: empty",
    "netperf -t 1|unknown program 'netperf'",
    "iperf3 -u -x 1|unknown option '-x'",
    "iperf3 -u --bogus|unknown option '--bogus'",
    "iperf3 -u -b|-b: missing value",
    "iperf3 -u -b fast|--traffic iperf3 -b: 'fast' is not a number",
    "iperf3 -u -b 10X|unknown suffix",
    "iperf3 -u -b 10M/100|burst mode",
    "iperf3 -u -l 70000|out of range for UDP",
    "iperf3 -u -l 8|out of range for UDP",
    "iperf3 -u -l 1.5|not a whole number of bytes",
    "iperf3 -u -t 0|must be positive",
    "iperf3 -u -t 5min|unknown unit 'min'",
    "iperf3 -u -P 0|--traffic iperf3 -P: 0 is out of range",
    "iperf3 -u -t 1 -t 2|given twice",
    "iperf3 -t 1 --busy-poll 50|without -R the host sends",
    "iperf3 -R --busy-poll x|--busy-poll: 'x' is not an integer",
    "iperf3 -R --epoll|nothing to busy poll",
    "iperf3 -R --prefer-busy-poll|none is asked for",
    "ping -c 1 --busy-poll-budget 8|none is asked for",
    "iperf3 -u -C bbr|UDP has no congestion control",
    "iperf3 -C B@D|not a congestion control name",
    "iperf3 -u extra|unexpected argument 'extra'",
    "ping -i 0.2|needs -c COUNT",
    "ping -c 0|--traffic ping -c: 0 is out of range",
    "ping -c 1 -s 70000|out of range",
    "ping -c 1 -i 0|too short",
    "ping -c 1 a b|more than one destination",
  })
  void refusalsNameTheFlagAndTheAcceptedForm(String text, String expected) {
    assertThatThrownBy(() -> TrafficParser.parse(text))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining(expected)
        .hasMessageContaining("accepted")
        .hasMessageNotContaining("\n");
  }

  @Test
  void millisecondsAreAcceptedOnlyWithTheirUnit() {
    assertThat(TrafficParser.parse("ping -c 1 -i 5ms").durationNs()).isEqualTo(5_000_000L);
    // a bare number is the tool's own unit (seconds), never silently milliseconds
    assertThat(TrafficParser.parse("ping -c 1 -i 5").durationNs()).isEqualTo(5 * SEC);
  }

  @Property
  void udpSpellingParsesBackToTheSameSpec(
      @ForAll @LongRange(min = 0, max = 10_000_000_000L) long rate,
      @ForAll @IntRange(min = 16, max = 65507) int len,
      @ForAll @LongRange(min = 1, max = 100_000_000_000L) long ns,
      @ForAll @IntRange(min = 1, max = 128) int parallel) {
    UdpFloodSpec u = new UdpFloodSpec(rate, len, ns, 0, parallel);
    assertThat(TrafficParser.parse(u.spelling())).isEqualTo(u);
  }

  @Property
  void pingSpellingParsesBackToTheSameSpec(
      @ForAll @IntRange(min = 1, max = 100_000) int count,
      @ForAll @LongRange(min = 1_000, max = 10_000_000_000L) long interval,
      @ForAll @IntRange(min = 0, max = 65507) int size) {
    PingSpec p = new PingSpec(count, interval, size);
    assertThat(TrafficParser.parse(p.spelling())).isEqualTo(p);
  }
}
