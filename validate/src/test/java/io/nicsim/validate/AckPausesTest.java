package io.nicsim.validate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * ACK pauses from tcp_probe lines: RTT samples recovered from successive srtt values, bouts
 * more than 1 ms over the base, and the exponential fit the model's ackstall= is given.
 */
class AckPausesTest {
  /** tcp_probe lines, one ACK every 2 ms at 23 ms, with RTT samples {@code extraUs} over it. */
  private static String trace(double[] extraUs) {
    StringBuilder sb = new StringBuilder("# tracer: nop\n#\n");
    double srtt = 23_000;
    for (int i = 0; i < extraUs.length; i++) {
      double m = 23_000 + extraUs[i];
      srtt += (m - srtt) / 8;
      sb.append(String.format(Locale.ROOT, "          holder-1   [000] ..s2.  %.6f: tcp_probe:"
          + " family=AF_INET src=10.0.0.1:40710 dest=10.0.0.2:5201 mark=0x0 data_len=0"
          + " snd_nxt=0x1 snd_una=0x1 snd_cwnd=1000 ssthresh=2147483647 snd_wnd=65160"
          + " srtt=%d rcv_wnd=64512 sock_cookie=e6 skbaddr=0 skaddr=0%n", 100 + i * 0.002,
          Math.round(srtt)));
    }
    return sb.toString();
  }

  @Test
  void boutsOverAMillisecondAreCountedOnceWithTheirLargestExcess() {
    double[] extra = new double[2500]; // 5 s
    // a 3 ms pause: a few ACKs late by 3, 1.5, 0.5 ms; a 2 ms one 2 s later; 0.8 ms is noise
    extra[500] = 3000;
    extra[501] = 1500;
    extra[502] = 500;
    extra[1500] = 2000;
    extra[2000] = 800;
    AckPauses p = AckPauses.of(trace(extra));
    assertThat(p.pauses()).isEqualTo(2);
    // srtt is whole microseconds in the trace: the samples come back within a few of them
    assertThat(p.lengthSumUs()).isBetween(4950.0, 5050.0);
    assertThat(p.seconds()).isBetween(4.99, 5.0);
    assertThat(p.overThresholdPerS()).isBetween(0.39, 0.41);
    // mean over the threshold 1.5 ms: an exponential of mean 1.5 ms, 0.4/s x e^(1/1.5) in all
    assertThat(p.meanUs()).isBetween(1450.0, 1550.0);
    assertThat(p.perS()).isBetween(0.4 * Math.exp(1 / 1.55), 0.4 * Math.exp(1 / 1.45));
    assertThat(p.pathValue()).matches("0\\.7[0-9]/s:1[45][0-9]{2}us");
  }

  @Test
  void aQueueThatBuildsUpSlowlyIsNoPause() {
    // tbf's backlog growing 6 ms over 4 s and draining, then a real 2.5 ms pause on top of it
    double[] extra = new double[2500];
    for (int i = 0; i < 2000; i++) {
      extra[i] = 3 * i;
    }
    for (int i = 2000; i < 2500; i++) {
      extra[i] = 6000 - 12 * (i - 2000);
    }
    extra[2200] += 2500;
    AckPauses p = AckPauses.of(trace(extra));
    assertThat(p.pauses()).isEqualTo(1);
    // the local base lags a draining queue by half its window: 16 ACKs x 12 us under 2500
    assertThat(p.lengthSumUs()).isBetween(2250.0, 2400.0);
  }

  @Test
  void noPausesOrNoEventsGiveNoValue() {
    assertThat(AckPauses.of(trace(new double[1000])).pathValue()).isNull();
    assertThat(AckPauses.of("# tracer: nop\n").pathValue()).isNull();
    assertThat(AckPauses.of("").seconds()).isZero();
  }

  @Test
  void runsPoolIntoOne() {
    AckPauses a = new AckPauses(5, 10, 25_000);
    AckPauses b = new AckPauses(5, 30, 75_000);
    AckPauses p = AckPauses.pooled(List.of(a, b));
    assertThat(p.pauses()).isEqualTo(40);
    assertThat(p.overThresholdPerS()).isEqualTo(4.0);
    assertThat(p.meanUs()).isEqualTo(1500.0);
  }

  @Test
  void theModelIsGivenWhatTheRunsMeasuredElseTheDefault() {
    ValidateCase c = Cases.byName().get("cubic-fixed-5ms");
    assertThat(String.join(" ", c.modelArgs(5, 1))).contains("ackstall=4/s:1.9ms~50%");
    ValidateCase m = c.withMeasuredAckPauses(new AckPauses(5, 20, 40_000));
    assertThat(String.join(" ", m.modelArgs(5, 1)))
        .contains("ackstall=" + String.format(Locale.ROOT, "%.2f", 4 * Math.exp(1.0))
            + "/s:1000us~50%");
    assertThat(c.withMeasuredAckPauses(new AckPauses(5, 0, 0))).isEqualTo(c);
    assertThat(c.withMeasuredAckPauses(null)).isEqualTo(c);
  }
}
