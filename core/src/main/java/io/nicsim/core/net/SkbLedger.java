package io.nicsim.core.net;

/** Allocates skbs for one simulation and counts them, so leaks and double frees show. */
public final class SkbLedger {
  private long nextId = 1;
  long allocated;
  long freed;

  /** alloc_skb: an skb with {@code len} bytes and the given truesize. */
  public Skb alloc(int len, int truesize) {
    Skb skb = new Skb(this, nextId++);
    skb.len = len;
    skb.truesize = truesize;
    allocated++;
    return skb;
  }

  public long allocated() {
    return allocated;
  }

  public long freed() {
    return freed;
  }

  /** skbs allocated and not yet freed. */
  public long live() {
    return allocated - freed;
  }
}
