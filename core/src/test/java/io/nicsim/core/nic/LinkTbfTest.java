package io.nicsim.core.nic;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.sim.Simulator;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A link toward its peer as a veth behind tbf: a burst at once, then the rate. */
class LinkTbfTest {

  @Test
  void aTbfLinkPassesTheBucketAtOnceWhereASerialisingLinkSpreadsIt() {
    Simulator sim = new Simulator(1);
    Link tbf = new Link(sim, 1_000_000_000L, 0, 256 * 1024);
    Link wire = new Link(sim, 1_000_000_000L, 0);
    List<Long> arrivals = new ArrayList<>();
    tbf.attachPeer((payload, offset, payloadLen, len) -> arrivals.add(sim.now()));
    long tbfEnd = 0;
    long wireEnd = 0;
    for (int i = 0; i < 90; i++) { // two 45-frame GSO skbs: 136 KB, inside the bucket
      tbfEnd = tbf.transmitToPeer(0, null, 0, 1448, 1514);
      wireEnd = wire.transmitToPeer(0, null, 0, 1448, 1514);
    }
    assertThat(tbfEnd).isZero();
    assertThat(wireEnd).isEqualTo(90 * tbf.wireTimeNs(1514));
    sim.runUntil(10_000_000); // the bucket is full again (262144 B refill in 2.1 ms)
    assertThat(arrivals).hasSize(90).containsOnly(0L);
    // 173 frames of 1514 B fit in the 262144-byte bucket; the 174th waits for tokens
    long t = sim.now();
    for (int i = 0; i < 173; i++) {
      assertThat(tbf.transmitToPeer(t, null, 0, 1448, 1514)).isEqualTo(t);
    }
    assertThat(tbf.transmitToPeer(t, null, 0, 1448, 1514)).isGreaterThan(t);
  }
}
