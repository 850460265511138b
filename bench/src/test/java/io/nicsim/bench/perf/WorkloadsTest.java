package io.nicsim.bench.perf;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The benchmark workloads are what they claim to be (milliseconds of simulated time). */
class WorkloadsTest {

  @Test
  void engineMixIsDeterministicAndKeepsAFewDozenPending() {
    EngineMix a = new EngineMix();
    EngineMix b = new EngineMix();
    long na = a.advance(2_000_000L);
    long nb = b.advance(2_000_000L);
    assertThat(na).isEqualTo(nb).isGreaterThan(40_000);
    assertThat(a.sink()).isEqualTo(b.sink());
    for (int i = 0; i < 50; i++) {
      a.advance(10_000L);
      assertThat(a.sim().pending()).isBetween(16, 40);
    }
  }

  @Test
  void floodRunsAtLineRateSoTheWireIsTheBound() {
    FloodWorkload f = FloodWorkload.standard();
    f.advance(40_000_000L); // ramp-up: the socket waits on 5 ms TX-timer completions at first
    long frames = f.advance(2_000_000L);
    // 64-byte frames + preamble/SFD + IFG = 84 bytes = 672 ns at 1 Gbit/s
    assertThat(frames).isBetween(2_970L, 2_978L);
    assertThat(f.host().sim().pending()).isLessThan(40);
  }

  @Test
  void wireMixSendsAtLineRateWithFewerEventsPaired() {
    WireMix paired = new WireMix(true);
    WireMix alone = new WireMix(false);
    long np = paired.advance(2_000_000L);
    long na = alone.advance(2_000_000L);
    assertThat(np).isEqualTo(na).isBetween(2_970L, 2_978L);
    // two events a frame apart become one: the deliveries run in place after the frame ends
    assertThat(alone.sim().eventsDispatched()).isGreaterThan(2 * np);
    assertThat(paired.sim().eventsDispatched()).isLessThan(alone.sim().eventsDispatched() / 2);
  }

  @Test
  void bbrUploadAfterThePatchMovesData() {
    BbrUpload u = new BbrUpload(200_000_000L, 1);
    u.run(200_000_000L);
    assertThat(u.host().link().framesToPeer()).isGreaterThan(1000);
    assertThat(u.host().link().framesToNic()).isPositive(); // ACKs
    assertThat(u.host().driver().patchSet().patches())
        .anyMatch(p -> p.id().equals(BbrUpload.PATCH));
    assertThat(BbrUpload.request(10).hostConfig().patches()).containsExactly("+burst-end-ic");
  }
}
