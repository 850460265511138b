package io.nicsim.core.check;

import io.nicsim.core.net.Skb;
import io.nicsim.core.nic.DescRing;
import io.nicsim.core.sim.InvariantViolation;

/**
 * The shape every TX descriptor ring keeps between events, whatever the driver: the
 * descriptors not yet cleaned run from the next one to clean up to {@code cur}; inside that
 * span the DMA has given back a prefix (it completes in order) and every skb pointer is live;
 * outside it no descriptor is owned by the DMA or points to an skb.
 */
public final class RingAudit {
  private RingAudit() {}

  /** What a TX ring holds: skbs and their bytes (for BQL). */
  public record Held(int skbs, long bytes) {}

  /**
   * Checks {@code ring} whose uncleaned descriptors are {@code first .. cur-1} and returns
   * what it holds; throws {@link InvariantViolation} naming the ring.
   */
  public static Held tx(DescRing ring, int first, int cur) {
    int size = ring.size();
    if (first < 0 || first >= size || cur < 0 || cur >= size) {
      throw violation(ring, "indices out of range (next to clean " + first + ", cur " + cur
          + ", size " + size + ")", first, cur);
    }
    int used = (cur - first) & (size - 1);
    int skbs = 0;
    long bytes = 0;
    boolean owned = false;
    int inUse = 0;
    for (int k = 0; k < used; k++) {
      int i = (first + k) & (size - 1);
      boolean own = ring.own(i);
      if (own) {
        owned = true;
      } else if (owned) {
        throw violation(ring, "descriptor " + i + " written back before an earlier one the DMA"
            + " still owns", first, cur);
      }
      Skb skb = ring.skb(i);
      if (own || skb != null) {
        inUse++;
      }
      if (skb != null) {
        if (skb.isFreed()) {
          throw violation(ring, "descriptor " + i + " points to skb " + skb.id()
              + ", which was already freed", first, cur);
        }
        skbs++;
        bytes += skb.len;
      }
    }
    // the cleaned part, most of the ring: scanned only when the ring counts a descriptor in
    // use that the span above did not hold
    int i = inUse == ring.inUseCount() ? -1
        : ring.firstInUse((first + used) & (size - 1), size - used);
    if (i >= 0) {
      if (ring.own(i)) {
        throw violation(ring, "descriptor " + i + " is owned by the DMA but was cleaned",
            first, cur);
      }
      if (ring.skb(i) != null) {
        throw violation(ring, "cleaned descriptor " + i + " still points to skb "
            + ring.skb(i).id(), first, cur);
      }
    }
    return new Held(skbs, bytes);
  }

  private static InvariantViolation violation(DescRing ring, String what, int first, int cur) {
    return new InvariantViolation("ring " + ring.name(),
        what + " (next to clean " + first + ", cur " + cur + ")");
  }
}
