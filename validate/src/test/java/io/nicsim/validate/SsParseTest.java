package io.nicsim.validate;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** ss -tinm output (iproute2 6.x) read for the data connection's TSQ state. */
class SsParseTest {
  static final String OUT = """
      ESTAB 0      0         10.213.0.1:56378   10.213.0.2:5201
      \t skmem:(r0,rb131072,t0,tb69120,f0,w0,o0,bl0,d0) bbr wscale:10,10 rto:236 cwnd:13 \
      bytes_sent:183 bytes_acked:184 pacing_rate 8962416bps delivery_rate 819640bps
      ESTAB 0      600920    10.213.0.1:56392   10.213.0.2:5201
      \t skmem:(r0,rb131072,t7456,tb732672,f1768,w616728,o0,bl0,d0) bbr wscale:10,10 \
      cwnd:90 ssthresh:24 bytes_sent:4512005 bytes_acked:4485942 pacing_rate 10998408bps \
      delivered:3100 busy:4856ms unacked:18 rcv_space:14480
      """;

  @Test
  void theBusiestConnectionsFigures() {
    double[] v = RealRunner.parse(OUT);
    assertThat(v).containsExactly(90, 10.998408, 7456, 18, 24);
  }

  @Test
  void noSsthreshWhileInTheFirstSlowStart() {
    assertThat(RealRunner.parse(OUT.replace(" ssthresh:24", ""))[4]).isNaN();
  }

  @Test
  void theConnectionsCongestionControl() {
    assertThat(RealRunner.parseSs(OUT).cc()).isEqualTo("bbr");
    assertThat(RealRunner.parseSs(OUT.replace("bbr", "cubic")).cc()).isEqualTo("cubic");
  }

  @Test
  void nothingToParse() {
    assertThat(RealRunner.parse("")).isNull();
  }

  @Test
  void scaledPacingRates() {
    double[] v = RealRunner.parse("ESTAB 0 0 a:1 b:2\n\t skmem:(t100) cwnd:4 bytes_sent:1"
        + " pacing_rate 2.5Gbps\n");
    assertThat(v[1]).isEqualTo(2500);
    assertThat(v[3]).isZero(); // no unacked field: nothing unacknowledged
  }
}
