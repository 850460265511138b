package io.nicsim.core.nic;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.InvariantViolation;
import io.nicsim.core.sim.Simulator;
import org.junit.jupiter.api.Test;

class TxDmaInvariantTest {

  @Test
  void aChainWithoutALastSegmentStopsTheRunWithItsTime() {
    Simulator sim = new Simulator(1);
    DescRing ring = new DescRing("tx0", 4);
    Link link = new Link(sim, 1_000_000_000L, 0);
    TxDmaEngine dma = new TxDmaEngine(sim, ring, link, 1_000, (f, l, ic) -> {});
    for (int i = 0; i < 4; i++) {
      ring.set(i, DescRing.FS);
      ring.setBufLen(i, 100);
      ring.setOwn(i);
    }
    sim.schedule(Event.of(() -> dma.doorbell(sim.now())), 5_000);
    assertThatThrownBy(() -> sim.runUntil(100_000)).isInstanceOf(InvariantViolation.class)
        .hasMessage("invariant violated at 0.000006000 s in tx dma tx0: descriptor chain from 0"
            + " has no last segment");
  }
}
