package io.nicsim.core.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nicsim.core.net.Skb;
import io.nicsim.core.net.SkbLedger;
import io.nicsim.core.nic.DescRing;
import io.nicsim.core.sim.InvariantViolation;
import org.junit.jupiter.api.Test;

/** The TX ring shape: each broken form is named; a well-formed ring reports what it holds. */
class RingAuditTest {
  private final SkbLedger skbs = new SkbLedger();
  private final DescRing ring = new DescRing("tx0", 8);

  /** Posts frames at cur (OWN set, skb on the descriptor), as a driver's xmit does. */
  private void post(int n, int len) {
    for (int k = 0; k < n; k++) {
      int i = ring.cur;
      ring.setSkb(i, skbs.alloc(len, len + 512));
      ring.set(i, DescRing.FS | DescRing.LS);
      ring.setOwn(i);
      ring.cur = ring.next(i);
    }
  }

  @Test
  void aWellFormedRingAcrossTheWrapReportsItsSkbsAndBytes() {
    ring.cur = 6;
    ring.dirty = 6;
    post(4, 100);
    ring.releaseOwn(6); // the DMA completed the oldest one
    RingAudit.Held h = RingAudit.tx(ring, ring.dirty, ring.cur);
    assertThat(h.skbs()).isEqualTo(4);
    assertThat(h.bytes()).isEqualTo(400);
  }

  @Test
  void aDescriptorOwnedOutsideTheUncleanedSpanIsCaught() {
    post(2, 100);
    ring.setOwn(5);
    assertThatThrownBy(() -> RingAudit.tx(ring, ring.dirty, ring.cur))
        .isInstanceOf(InvariantViolation.class).hasMessageContaining("ring tx0")
        .hasMessageContaining("descriptor 5 is owned by the DMA but was cleaned");
  }

  @Test
  void aCleanedDescriptorStillPointingToAnSkbIsCaught() {
    post(2, 100);
    ring.setSkb(7, skbs.alloc(60, 600));
    assertThatThrownBy(() -> RingAudit.tx(ring, ring.dirty, ring.cur))
        .isInstanceOf(InvariantViolation.class)
        .hasMessageContaining("cleaned descriptor 7 still points to skb");
  }

  @Test
  void aWriteBackOutOfOrderIsCaught() {
    post(3, 100);
    ring.releaseOwn(1); // 0 still owned, 1 given back
    assertThatThrownBy(() -> RingAudit.tx(ring, ring.dirty, ring.cur))
        .isInstanceOf(InvariantViolation.class)
        .hasMessageContaining("descriptor 1 written back before an earlier one");
  }

  @Test
  void anSkbFreedWhileItsDescriptorStillPointsToItIsCaught() {
    post(2, 100);
    Skb s = ring.skb(1);
    s.free();
    assertThatThrownBy(() -> RingAudit.tx(ring, ring.dirty, ring.cur))
        .isInstanceOf(InvariantViolation.class)
        .hasMessageContaining("descriptor 1 points to skb " + s.id() + ", which was already freed");
  }

  @Test
  void indicesOutsideTheRingAreCaught() {
    assertThatThrownBy(() -> RingAudit.tx(ring, 0, 8)).isInstanceOf(InvariantViolation.class)
        .hasMessageContaining("indices out of range");
  }

  @Test
  void descriptorsHandedOverTwiceOrCleanedWhileOwnedAreRefusedInline() {
    post(1, 100);
    assertThatThrownBy(() -> ring.setOwn(0)).isInstanceOf(InvariantViolation.class)
        .hasMessageContaining("descriptor 0 handed to the hardware twice");
    assertThatThrownBy(() -> ring.reset(0)).isInstanceOf(InvariantViolation.class)
        .hasMessageContaining("descriptor 0 cleaned while the DMA owns it");
  }
}
