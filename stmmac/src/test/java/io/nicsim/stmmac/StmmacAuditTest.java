package io.nicsim.stmmac;

import static io.nicsim.stmmac.Rig.MS;
import static io.nicsim.stmmac.Rig.US;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nicsim.core.sim.InvariantViolation;
import org.junit.jupiter.api.Test;

/** stmmac's own invariants under the periodic audit (every Rig runs with it). */
class StmmacAuditTest {

  @Test
  void theRingsHoldWhatTheLedgerAndBqlSayWhileFramesWaitForTheTimer() {
    Rig r = Rig.of("cyclone5", "v6.7");
    // 8 skbs, 15 descriptors: below tx-frames 25, no IC until the timer
    for (int i = 0; i < 8; i++) {
      r.xmitAt(1 * MS + i * 10 * US, i % 3, false);
    }
    r.runUntil(3 * MS); // the 5 ms timer has not fired: the skbs sit on the ring
    assertThat(r.drv.skbsHeld()).isEqualTo(8);
    assertThat(r.host.skbs().live()).isEqualTo(8);
    assertThat(r.host.dev().queue(0).dql().inflight()).isPositive();
    r.drv.checkInvariants();
    r.runUntil(10 * MS);
    assertThat(r.drv.skbsHeld()).isZero();
    assertThat(r.host.skbs().live()).isZero();
  }

  @Test
  void bqlCountingBytesNoSkbOnTheRingCarriesIsCaught() {
    Rig r = Rig.of("cyclone5", "v6.7");
    r.xmitAt(1 * MS, 0, false);
    // a netdev_tx_sent_queue without a descriptor behind it
    r.at(1 * MS + 100 * US, () -> r.host.dev().queue(0).sentQueue(64));
    assertThatThrownBy(() -> r.runUntil(5 * MS)).isInstanceOf(InvariantViolation.class)
        .hasMessageContaining("invariant violated at 0.002000000 s in bql eth0 tx0: dql in"
            + " flight 170 bytes, the ring holds 1 skbs of 106 bytes");
  }

  @Test
  void anSkbPostedAndNeverHandedToTheDriverIsALeak() {
    Rig r = Rig.of("cyclone5", "v6.7");
    r.at(1 * MS, () -> r.skb(0)); // allocated, then dropped on the floor
    assertThatThrownBy(() -> r.runUntil(5 * MS)).isInstanceOf(InvariantViolation.class)
        .hasMessageContaining("in skb: 1 skbs allocated and not freed; the driver holds 0")
        .hasMessageContaining("1 leaked");
  }
}
