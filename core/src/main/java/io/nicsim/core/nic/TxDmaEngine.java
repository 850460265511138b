package io.nicsim.core.nic;

import io.nicsim.core.net.Skb;
import io.nicsim.core.sim.InvariantViolation;
import io.nicsim.core.sim.Lane;
import io.nicsim.core.sim.Simulator;

/**
 * A TX DMA engine: after a doorbell it fetches descriptor chains (first..last segment) it
 * owns, serialises their frames on the link back to back (a GSO skb with hardware TSO becomes
 * one frame per segment), and when a chain's last frame has left writes the descriptors back:
 * OWN cleared, and the listener told whether any carried IC so the MAC can raise its TX
 * completion interrupt. It suspends on a descriptor it does not own, or, in tail-pointer mode,
 * on reaching the tail.
 */
public final class TxDmaEngine {

  /** The MAC's view of write-backs. */
  @FunctionalInterface
  public interface Listener {
    /** Descriptors {@code first..last} were written back at the current time. */
    void txChainDone(int first, int last, boolean ic);
  }

  private final Simulator sim;
  private final DescRing ring;
  private final Link link;
  private final Listener listener;
  private final long fetchLatencyNs;
  private boolean tso;
  private boolean tailMode;
  private int tail;
  private int hw;
  private boolean running;
  private int doneFirst = -1;
  private int doneLast = -1;
  private boolean doneIc;
  private long chains;
  private long frames;
  private long doorbells;
  /** The next frame end; shares its queue entry with the wire's deliveries when it can. */
  private final Lane step;

  /**
   * @param fetchLatencyNs from a doorbell on an idle engine to the first frame's start
   *     (descriptor and buffer fetch)
   */
  public TxDmaEngine(
      Simulator sim, DescRing ring, Link link, long fetchLatencyNs, Listener listener) {
    this.sim = sim;
    this.ring = ring;
    this.link = link;
    this.fetchLatencyNs = fetchLatencyNs;
    this.listener = listener;
    this.step =
        new Lane(sim) {
          @Override
          protected void fire() {
            advance();
          }

          @Override
          public boolean nestable() {
            return true; // hardware
          }
        };
    link.pairWithDeliveryToPeer(step);
  }

  /** Hardware TSO: a GSO skb is sent as gsoSegs frames. */
  public void setTso(boolean on) {
    this.tso = on;
  }

  /** Tail-pointer doorbells (GMAC4/XGMAC): fetch only up to the tail. */
  public void setTailMode(boolean on) {
    this.tailMode = on;
  }

  /** Poll demand (dwmac1000 CSR1) or any "go" write: resumes a suspended engine at {@code at}. */
  public void doorbell(long at) {
    doorbells++;
    if (!running) {
      running = true;
      step.schedule(Math.max(at, sim.now()) + fetchLatencyNs);
    }
  }

  /** Tail-pointer write: new tail, then resume. */
  public void setTail(int tailIndex, long at) {
    this.tail = tailIndex;
    doorbell(at);
  }

  /** Stops and rewinds the engine to descriptor {@code index} (DMA reset). */
  public void reset(int index) {
    step.cancel();
    running = false;
    hw = index;
    doneFirst = -1;
  }

  /** The next descriptor the engine will fetch. */
  public int hwIndex() {
    return hw;
  }

  public boolean running() {
    return running;
  }

  /** One chain written back and the next one started; more in place while nothing else is due. */
  private void advance() {
    long end;
    while ((end = writeBackAndStart()) >= 0) {
      if (!step.continueAt(end)) {
        step.schedule(end);
        return;
      }
    }
  }

  /** Writes back the finished chain and starts the next; returns its end, or -1 (suspended). */
  private long writeBackAndStart() {
    if (doneFirst >= 0) {
      int first = doneFirst;
      int last = doneLast;
      boolean ic = doneIc;
      doneFirst = -1;
      for (int i = first; ; i = ring.next(i)) {
        ring.releaseOwn(i);
        if (i == last) {
          break;
        }
      }
      listener.txChainDone(first, last, ic);
    }
    if ((tailMode && hw == tail) || !ring.own(hw)) {
      running = false;
      return -1;
    }
    // gather one chain up to its last segment; all of it must be owned
    int first = hw;
    int last = first;
    boolean ic = false;
    Skb skb = null;
    int bytes = 0;
    while (true) {
      if (!ring.own(last) || (tailMode && last == tail && last != first)) {
        running = false;
        return -1;
      }
      int f = ring.flags(last);
      ic |= (f & DescRing.IC) != 0;
      if ((f & DescRing.CTX) == 0) {
        bytes += ring.bufLen(last);
      }
      if (ring.skb(last) != null) {
        skb = ring.skb(last);
      }
      if ((f & DescRing.LS) != 0) {
        break;
      }
      last = ring.next(last);
      if (last == first) {
        throw noLastSegment(first);
      }
    }
    long end = sim.now();
    if (skb != null && tso && skb.isGso()) {
      int remaining = skb.payloadLen;
      for (int s = 0; s < skb.gsoSegs; s++) {
        int segLen = Math.min(skb.gsoSize, remaining);
        remaining -= segLen;
        end = link.transmitToPeer(end, skb.payload, skb.payloadOffset + (long) s * skb.gsoSize,
            segLen, skb.hdrLen + segLen);
        frames++;
      }
    } else {
      Object payload = skb == null ? null : skb.payload;
      long off = skb == null ? 0 : skb.payloadOffset;
      int plen = skb == null ? 0 : skb.payloadLen;
      int len = skb == null ? bytes : skb.len;
      end = link.transmitToPeer(end, payload, off, plen, len);
      frames++;
    }
    chains++;
    doneFirst = first;
    doneLast = last;
    doneIc = ic;
    hw = ring.next(last);
    return end;
  }

  public long chainCount() {
    return chains;
  }

  public long frameCount() {
    return frames;
  }

  public long doorbellCount() {
    return doorbells;
  }

  private InvariantViolation noLastSegment(int first) {
    return new InvariantViolation("tx dma " + ring.name(),
        "descriptor chain from " + first + " has no last segment");
  }
}
