package io.nicsim.core.nic;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.net.SkbLedger;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * The ring's count of descriptors in use (owned by the DMA or pointing to an skb), which lets
 * the TX audit skip scanning the cleaned part, always equals a count over the whole ring,
 * whatever mix of the ring's methods changed it.
 */
class DescRingTest {

  @Property(tries = 200)
  void theInUseCountMatchesAScanAfterAnySequenceOfChanges(@ForAll long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    SkbLedger skbs = new SkbLedger();
    DescRing ring = new DescRing("tx0", 16);
    for (int step = 0; step < 300; step++) {
      int i = rnd.nextInt(16);
      switch (rnd.nextInt(7)) {
        case 0 -> {
          if (!ring.own(i)) {
            ring.setOwn(i);
          }
        }
        case 1 -> ring.releaseOwn(i);
        case 2 -> ring.setSkb(i, skbs.alloc(64, 512));
        case 3 -> ring.setSkb(i, null);
        case 4 -> {
          if (!ring.own(i)) {
            ring.reset(i);
          }
        }
        case 5 -> ring.clear(i, rnd.nextBoolean() ? DescRing.OWN | DescRing.IC : DescRing.IC);
        default -> ring.set(i, DescRing.LS);
      }
      int scanned = 0;
      for (int k = 0; k < ring.size(); k++) {
        if (ring.own(k) || ring.skb(k) != null) {
          scanned++;
        }
      }
      assertThat(ring.inUseCount()).as("after step %d", step).isEqualTo(scanned);
      assertThat(ring.firstInUse(0, ring.size()) >= 0).isEqualTo(scanned > 0);
    }
  }
}
