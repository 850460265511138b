package io.nicsim.core.net;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.Cpu;

/** Allocates skbs for one simulation and counts them, so leaks and double frees show. */
public final class SkbLedger {
  private long nextId = 1;
  long allocated;
  long freed;
  /** The CPUs whose tracer gets a consume_skb per free (null: frees are not traced). */
  private Cpu traced;

  /**
   * Traces every free as consume_skb on the CPU that frees it (the skb's TX completion or its
   * delivery), through {@code cpu}'s tracer. Frees outside CPU work are not traced.
   */
  public void traceFrees(Cpu cpu) {
    this.traced = cpu;
  }

  void freed(Skb skb) {
    freed++;
    Cpu c = traced;
    if (c != null) {
      Core core = c.current();
      if (core != null) {
        c.tracer().consumeSkb(core.cursor(), core.id(), skb.id());
      }
    }
  }

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
