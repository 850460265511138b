package io.nicsim.runs.path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nicsim.core.config.BadInputException;
import io.nicsim.core.soc.InputSample;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PathSpecTest {

  @Test
  void theIssuesExampleWithItsUnits() {
    PathSpec p = PathSpec.parse("rtt=23ms,rate=1gbit,buffer=1bdp,loss=0.0001");
    assertThat(p.rttNs()).isEqualTo(23_000_000L);
    assertThat(p.rateBps()).isEqualTo(1_000_000_000L);
    // one BDP: 1 Gbit/s × 23 ms / 8 bits
    assertThat(p.bufferBytes()).isEqualTo(2_875_000L);
    assertThat(p.loss()).isEqualTo(0.0001);
    assertThat(p.oneWayNs()).isEqualTo(11_500_000L);
    assertThat(p.peerNs()).isEqualTo(PathSpec.DEFAULT_PEER_NS);
  }

  @Test
  void otherSpellings() {
    PathSpec p = PathSpec.parse(" rtt = 500us , rate=100Mbit/s, buffer=64kb, loss=0.5%, peer=30us");
    assertThat(p.rttNs()).isEqualTo(500_000L);
    assertThat(p.rateBps()).isEqualTo(100_000_000L);
    assertThat(p.bufferBytes()).isEqualTo(65_536L);
    assertThat(p.loss()).isEqualTo(0.005);
    assertThat(p.peerNs()).isEqualTo(30_000L);
    assertThat(PathSpec.parse("rate=10mbit,buffer=100pkt").bufferBytes()).isEqualTo(151_400L);
  }

  @Test
  void spellingRoundTrips() {
    for (String s : new String[] {"rtt=23ms,rate=1gbit,buffer=1bdp,loss=0.0001",
        "rtt=500us", "rate=10mbit,buffer=64kb", "loss=0.01,peer=5us"}) {
      PathSpec p = PathSpec.parse(s);
      assertThat(PathSpec.parse(p.spelling())).isEqualTo(p);
    }
    assertThat(PathSpec.direct().spelling()).isEqualTo("direct");
  }

  @Test
  void ratesAreSpelledAsTcSpellsThemNotInBits() {
    assertThat(PathSpec.parse("rtt=10ms,rate=1gbit").spelling()).isEqualTo("rtt=10ms,rate=1gbit");
    assertThat(PathSpec.parse("rate=475mbit").spelling()).isEqualTo("rate=475mbit");
    assertThat(PathSpec.parse("rate=1500kbit").spelling()).isEqualTo("rate=1500kbit");
    assertThat(PathSpec.parse("rate=100Mbit/s").spelling()).isEqualTo("rate=100mbit");
    assertThat(PathSpec.parse("rate=1234bit").spelling()).isEqualTo("rate=1234bit");
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "rtt=23|--path rtt: '23' has no unit",
    "rtt=23 parsecs|unknown unit",
    "rate=1g|--path rate: unknown unit",
    "rate=1000|--path rate: '1000' has no unit",
    "rate=1gbps|unknown unit",
    "buffer=1bdp|needs rate= and rtt=",
    "rate=1gbit,buffer=10b|less than one full frame",
    "buffer=64kb|needs a bottleneck rate",
    "loss=2|out of range",
    "loss=lots|not a probability",
    "jitter=1ms|unknown key 'jitter'",
    "rtt=1ms,rtt=2ms|given twice",
    "rtt|not key=value",
    "gro=0us|--path gro: 0us (accepted: 1us..1s)",
    "rate=1gbit,burst=1000b|--path burst: 1000b is out of range",
    "rate=1gbit,burst=5gb|--path burst: '5gb' is not a size",
    "rate=1gbit,burst=lots|--path burst: 'lots' is not a size",
    "rtt=23ms,burst=256kb|--path burst: a burst needs a bottleneck rate=",
    "ackstall=4:1ms|--path ackstall: '4:1ms' is not RATE/s:MEAN",
    "ackstall=many/s:1ms|--path ackstall: 'many' is not a rate",
    "ackstall=4/s:0ms|--path ackstall: 4/s:0ms is out of range",
    "ackstall=0/s:1ms|--path ackstall: 0/s:1ms is out of range",
    "ackstall=4/s:2s|--path ackstall: 4/s:2s is out of range",
    "ackstall=4/s:1 fortnight|--path ackstall: unknown unit",
  })
  void refusals(String text, String expected) {
    assertThatThrownBy(() -> PathSpec.parse(text))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining(expected)
        .hasMessageContaining("accepted");
  }

  @org.junit.jupiter.api.Test
  void receiverGroIsAFlushGap() {
    PathSpec p = PathSpec.parse("rtt=23ms,rate=1gbit,gro=20us");
    assertThat(p.groNs()).isEqualTo(20_000);
    assertThat(p.spelling()).isEqualTo("rtt=23ms,rate=1gbit,gro=20us");
    assertThat(PathSpec.parse("rtt=23ms").groNs()).isZero();
  }

  @org.junit.jupiter.api.Test
  void aBurstMakesTheBottleneckATokenBucket() {
    PathSpec p = PathSpec.parse("rtt=23ms,rate=1gbit,burst=256kb");
    assertThat(p.burstBytes()).isEqualTo(262_144);
    assertThat(p.spelling()).isEqualTo("rtt=23ms,rate=1gbit,burst=256kb");
    assertThat(PathSpec.parse("rate=1gbit,burst=1514b").spelling()).endsWith("burst=1514b");
    assertThat(PathSpec.parse("rate=1gbit,burst=4mb").burstBytes()).isEqualTo(4L << 20);
    assertThat(PathSpec.parse("rtt=23ms,rate=1gbit").burstBytes()).isZero();
  }

  @org.junit.jupiter.api.Test
  void ackStallsAreARateAndAMeanLengthOfTimingNoise() {
    PathSpec p = PathSpec.parse("rtt=23ms,ackstall=4/s:1.9ms");
    assertThat(p.ackStallPerS()).isEqualTo(4.0);
    assertThat(p.ackStallMeanNs()).isEqualTo(1_900_000L);
    assertThat(p.spelling()).isEqualTo("rtt=23ms,ackstall=4/s:1900us");
    assertThat(PathSpec.parse(p.spelling())).isEqualTo(p);
    assertThat(PathSpec.parse("rtt=23ms").ackStallPerS()).isZero();
    assertThat(PathSpec.parse("ackstall=0.5/s:3ms").isDirect()).isFalse();
    // a study draws the rate and the length apart, as timing noise, over the range given
    var in = PathSpec.inputs("rtt=23ms,ackstall=4/s:1.9ms~50%");
    assertThat(in.get("path:ackstall.rate").value()).isEqualTo(4.0);
    assertThat(in.get("path:ackstall.rate").uncertainty())
        .isEqualTo(io.nicsim.core.soc.UncertaintyClass.TIMING);
    assertThat(in.get("path:ackstall.rate").low()).isEqualTo(2.0);
    assertThat(in.get("path:ackstall.mean").high()).isEqualTo(2_850_000.0);
  }

  @org.junit.jupiter.api.Test
  void trafficWithoutAnAckPathRefusesAckStalls() {
    assertThatThrownBy(() -> PathSpec.refuseAckStall(PathSpec.parse("ackstall=4/s:1ms"),
        "ping")).isInstanceOf(BadInputException.class)
        .hasMessage("--path ackstall: given with ping (accepted: TCP sent by the host (iperf3"
            + " without -R))");
    PathSpec.refuseAckStall(PathSpec.parse("rtt=1ms"), "ping");
    PathSpec.refuseAckStall(null, "ping");
  }

  @org.junit.jupiter.api.Test
  void peerKernelIsTheHostOrAReleaseNicsimKnows() {
    assertThat(PathSpec.parse("rtt=10ms").peerKernel()).isNull();
    PathSpec host = PathSpec.parse("rtt=10ms,peer-kernel=HOST");
    assertThat(host.peerKernel()).isEqualTo(PathSpec.PEER_HOST);
    assertThat(host.spelling()).isEqualTo("rtt=10ms,peer-kernel=host");
    assertThat(PathSpec.parse(host.spelling())).isEqualTo(host);
    assertThat(PathSpec.parse("peer-kernel=6.12.118").peerKernel()).isEqualTo("v6.12.118");
    assertThat(PathSpec.parse("peer-kernel=v6.1").spelling()).isEqualTo("peer-kernel=v6.1");
    assertThat(PathSpec.parse("rtt=10ms,peer-kernel=6.1.192").withBurst(0).peerKernel())
        .isEqualTo("v6.1.192");
    assertThatThrownBy(() -> PathSpec.parse("rtt=10ms,peer-kernel=7.9"))
        .isInstanceOf(BadInputException.class)
        .hasMessageStartingWith("--path peer-kernel: '7.9' is newer than the newest kernel"
            + " nicsim knows (accepted: host, or v2.6..v7.2 (mainline), v6.1.1..v6.1.192");
    assertThatThrownBy(() -> PathSpec.parse("peer-kernel=6.6.30"))
        .hasMessageStartingWith("--path peer-kernel: '6.6.30' is a stable release of a line"
            + " whose backports nicsim does not record (accepted: host, or ");
    assertThatThrownBy(() -> PathSpec.parse("peer-kernel=linux"))
        .hasMessageStartingWith("--path peer-kernel: 'linux' is not a kernel version"
            + " (accepted: host, or ");
    assertThatThrownBy(() -> PathSpec.refusePeerKernel(PathSpec.parse("peer-kernel=host"),
        "UDP traffic")).isInstanceOf(BadInputException.class)
        .hasMessage("--path peer-kernel: given with UDP traffic (accepted: TCP traffic (iperf3"
            + " without -u, either way))");
    PathSpec.refusePeerKernel(PathSpec.parse("rtt=1ms"), "ping");
    PathSpec.refusePeerKernel(null, "ping");
  }

  /**
   * A sample moves only the numbers with a range, each to the sample's value within it, and
   * only when it is passed: parsing the same text without one gives the nominal path again.
   */
  @Test
  void aSampleIsPassedAndMovesOnlyRangedNumbers() {
    String text = "rtt=20ms~10%,rate=100mbit,loss=0.01";
    java.util.List<String> ids = new java.util.ArrayList<>();
    InputSample high = (id, q) -> {
      ids.add(id);
      return q.high();
    };
    PathSpec nominal = PathSpec.parse(text);
    PathSpec sampled = PathSpec.parse(text, high);
    assertThat(sampled.rttNs()).isEqualTo(22_000_000L);
    assertThat(sampled.rateBps()).isEqualTo(nominal.rateBps()); // a rate is exact
    assertThat(ids).contains("path:rtt").doesNotContain("path:rate");
    assertThat(PathSpec.parse(text).rttNs()).isEqualTo(20_000_000L).isEqualTo(nominal.rttNs());
    assertThat(PathSpec.parse(text, null)).isEqualTo(nominal);
  }
}
