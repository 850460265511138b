package io.nicsim.bench.perf;

import io.nicsim.core.nic.DescRing;
import io.nicsim.core.nic.Link;
import io.nicsim.core.nic.TxDmaEngine;
import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.Simulator;

/**
 * The wire benchmark's workload: the flood's transmit hardware alone on a bare
 * {@link Simulator}: a {@link TxDmaEngine} sending 64-byte frames back to back on a 1 Gbit/s
 * {@link Link} (50 ns of cable) to a peer that counts them, a "driver" event every 4 frames that
 * cleans the written-back descriptors and hands them to the engine again, and an hrtimer-like
 * event moved 1 ms ahead at every clean (stmmac's TX timer). With the link's deliveries paired
 * with the engine's frame ends ({@link io.nicsim.core.sim.Lane}, the default) or not
 * ({@code paired} false: each its own event, as before the pairing), so that the two are timed
 * side by side.
 */
public final class WireMix {
  private static final int RING = 256;
  private final Simulator sim = new Simulator(1);
  private final DescRing ring = new DescRing("tx", RING);
  private final TxDmaEngine dma;
  private int dirty;
  private int cur;
  private long peerFrames;
  private final Event timer = Event.of(() -> { });
  private final Event driver =
      new Event() {
        @Override
        protected void fire() {
          clean();
          sim.schedule(timer, sim.now() + 1_000_000L);
          sim.schedule(this, sim.now() + 4 * 672L);
        }
      };

  public WireMix(boolean paired) {
    Link link = new Link(sim, 1_000_000_000L, 50);
    link.attachPeer((payload, offset, payloadLen, len) -> peerFrames++);
    if (!paired) {
      // the first engine built on a link takes the pairing: a throw-away engine on it leaves
      // the measured one's frame ends and the deliveries two events of their own
      new TxDmaEngine(sim, new DescRing("x", 4), link, 0, (f, l, ic) -> { });
    }
    dma = new TxDmaEngine(sim, ring, link, 100, (first, last, ic) -> { });
    clean();
    sim.schedule(driver, 0);
  }

  /** Gives every written-back descriptor to the engine again, then rings its doorbell. */
  private void clean() {
    while (dirty != cur && !ring.own(dirty)) {
      ring.reset(dirty);
      dirty = ring.next(dirty);
    }
    while (ring.next(cur) != dirty) {
      ring.set(cur, DescRing.FS | DescRing.LS);
      ring.setBufLen(cur, 60);
      ring.setOwn(cur);
      cur = ring.next(cur);
    }
    dma.doorbell(sim.now());
  }

  /** Runs {@code ns} more simulated time; returns the frames the peer received meanwhile. */
  public long advance(long ns) {
    long before = peerFrames;
    sim.runUntil(sim.now() + ns);
    return peerFrames - before;
  }

  public Simulator sim() {
    return sim;
  }
}
