package io.nicsim.stmmac;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.CostOp;
import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.net.Skb;
import io.nicsim.core.nic.DescRing;
import io.nicsim.core.port.KernelPort;

/**
 * The receive half of stmmac_main.c: stmmac_rx, the refill that decides each descriptor's IC
 * bit (the {@code use_rx_wd} rule, era by era) and the RX NAPI poll.
 */
public class StmmacRx {
  static final String FILE = StmmacLifecycle.FILE;
  static final String S1 = StmmacLifecycle.S1;

  /** One received descriptor: status read, buffer sync, skb build. */
  static final CostOp RX_DESC = CostOp.named("stmmac_rx_desc");
  /** One descriptor refilled and handed back. */
  static final CostOp RX_REFILL_DESC = CostOp.named("stmmac_rx_refill_desc");
  /** truesize of a received frame's skb (page_pool half page + struct sk_buff). */
  static final int RX_TRUESIZE = 2048 + 256;

  protected final StmmacPriv priv;
  protected final Kernel kernel;
  private final boolean napiSplit;
  private final boolean irqPerDir;
  private final boolean rxCoalFrames;
  private final boolean rxDiv0;
  private final boolean rxIcZero;

  public StmmacRx(StmmacPriv priv) {
    this.priv = priv;
    this.kernel = priv.kernel;
    var p = priv.patches;
    napiSplit = p.has(StmmacPatches.NAPI_SPLIT);
    irqPerDir = p.has(StmmacPatches.IRQ_PER_DIR);
    rxCoalFrames = p.has(StmmacPatches.RX_COAL_FRAMES);
    rxDiv0 = p.has(StmmacPatches.RX_DIV0);
    rxIcZero = p.has(StmmacPatches.RX_IC_ZERO);
  }

  /** stmmac_rx_dirty: descriptors consumed and not yet refilled. */
  @KernelPort(file = FILE, function = "stmmac_rx_dirty", versions = "v4.19..v6.18", source = S1)
  int rxDirty(int queue) {
    DescRing ring = priv.rxQueue[queue].ring;
    int dirty;
    if (ring.dirty <= ring.cur) {
      dirty = ring.cur - ring.dirty;
    } else {
      dirty = ring.size() - ring.dirty + ring.cur;
    }
    return dirty;
  }

  /**
   * stmmac_rx_refill: hands consumed descriptors back with the IC decision of the era. Before
   * rx-coal-frames: {@code use_riwt}. rx-coal-frames: every rx-frames-th descriptor (a modulo by
   * rx-frames, which divides by zero when it is 0, as the C did). rx-div0: the counter is reset
   * on every descriptor, so IC is always set. rx-ic-zero: watchdog mode exactly when rx-frames
   * is 0 and RIWT is used; rx-frames does not count frames.
   */
  @KernelPort(
      file = FILE,
      function = "stmmac_rx_refill",
      versions = "v4.19..v6.18",
      commits = {"6fa9d691b91a"},
      source = S1,
      notes = "page_pool and split header not modelled; rx-coal-frames and rx-ic-zero forms"
          + " read in their netdev postings")
  void rxRefill(int queue) {
    StmmacRxQueue rxQ = priv.rxQueue[queue];
    DescRing ring = rxQ.ring;
    int dirty = rxDirty(queue);
    int entry = ring.dirty;
    Core core = kernel.cpu().requireCurrent();
    int n = priv.rxCoalFrames[queue];

    while (dirty-- > 0) {
      boolean useRxWd;
      core.charge(RX_REFILL_DESC);

      if (!rxCoalFrames) {
        useRxWd = priv.useRiwt;
      } else if (!rxDiv0) {
        rxQ.rxCountFrames++;
        rxQ.rxCountFrames = Integer.remainderUnsigned(rxQ.rxCountFrames, n);
        useRxWd = priv.useRiwt && rxQ.rxCountFrames != 0;
      } else {
        rxQ.rxCountFrames++;
        rxQ.rxCountFrames += n;
        if (Integer.compareUnsigned(rxQ.rxCountFrames, n) > 0) {
          rxQ.rxCountFrames = 0;
        }

        if (!rxIcZero) {
          useRxWd = priv.useRiwt && rxQ.rxCountFrames != 0;
        } else {
          useRxWd = n == 0;
          useRxWd |= rxQ.rxCountFrames != 0;
          if (!priv.useRiwt) {
            useRxWd = false;
          }
        }
      }

      priv.hw.setRxOwner(ring, entry, useRxWd);
      if (!useRxWd) {
        priv.counters.rxIcDesc++;
      }

      entry = ring.next(entry);
    }
    ring.dirty = entry;
  }

  /**
   * stmmac_rx: up to {@code limit} frames the DMA has written back, each handed to the stack,
   * then the refill.
   */
  @KernelPort(
      file = FILE,
      function = "stmmac_rx",
      versions = "v4.19..v6.18",
      source = S1,
      notes = "one descriptor per frame; XDP, errors, checksum, VLAN and timestamps not modelled")
  int rx(int limit, int queue) {
    StmmacRxQueue rxQ = priv.rxQueue[queue];
    DescRing ring = rxQ.ring;
    Core core = kernel.cpu().requireCurrent();
    Napi napi = napiSplit ? priv.channel[queue].rxNapi : priv.channel[queue].napi;
    int count = 0;
    limit = Math.min(ring.size() - 1, limit);

    while (count < limit) {
      int entry = ring.cur;
      // check if managed by the DMA otherwise go ahead
      if (ring.own(entry)) {
        break;
      }
      ring.cur = ring.next(ring.cur);
      core.charge(RX_DESC);

      int len = ring.bufLen(entry);
      core.charge(KernelOps.SKB_ALLOC);
      Skb skb = priv.dev.skbs().alloc(len, RX_TRUESIZE);
      skb.payload = ring.payload(entry);
      skb.payloadOffset = ring.payloadOffset(entry);
      ring.reset(entry);
      priv.dev.receive(napi, skb);
      priv.counters.rxFrames++;
      if (priv.dim != null) { // the dim what-if's running totals
        priv.dim.rx.packets[queue]++;
        priv.dim.rx.bytes[queue] += len;
      }
      count++;
    }

    rxRefill(queue);

    return count;
  }

  /**
   * stmmac_napi_poll_rx (napi-split on): on completion the RX interrupt comes back: the whole
   * channel before irq-per-dir, RX only after.
   */
  @KernelPort(
      file = FILE,
      function = "stmmac_napi_poll_rx",
      versions = "v5.0..v6.18",
      commits = {"4ccb45857c2c", "021bd5e36970"},
      source = S1)
  int napiPollRx(Napi napi, int budget) {
    int chan = indexOfRxNapi(napi);
    priv.counters.napiPollRx++;

    int workDone = rx(budget, chan);
    if (workDone < budget && priv.calls.napiCompleteDone(napi, workDone)) {
      priv.hwif.enableDmaIrq(chan, true, !irqPerDir);
    }
    if (priv.dim != null) { // the dim what-if: events = RX NAPI schedules
      priv.dim.rx.sample(kernel.cpu().requireCurrent(), chan, napi.scheduleCount());
    }

    return workDone;
  }

  private int indexOfRxNapi(Napi napi) {
    for (StmmacChannel ch : priv.channel) {
      if (ch.rxNapi == napi) {
        return ch.index;
      }
    }
    throw new IllegalStateException("not an RX NAPI of this device: " + napi.name());
  }
}
