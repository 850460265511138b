package io.nicsim.ravb;

import io.nicsim.core.net.SkbLedger;

/** Skbs for {@link RavbBench}'s xmit: linear, {@code len} bytes, on the best-effort queue. */
final class XmitRig {
  private final RavbBench bench;
  private final SkbLedger skbs = new SkbLedger();

  XmitRig(RavbBench bench) {
    this.bench = bench;
  }

  int xmit(int len) {
    return bench.xmit.startXmit(skbs.alloc(len, len + 512), RavbPriv.RAVB_BE);
  }
}
