package io.nicsim.ravb;

import io.nicsim.core.cpu.CostOp;

/** The ravb driver's own cost operations (ns each from the SoC profile's {@code costs}). */
public final class RavbOps {
  private RavbOps() {}

  /** One uncached ravb_read() of an AVB-DMAC / GbEth register (RIS0, RIC0, TIS, TIC, ISS, TCCR). */
  public static final CostOp MMIO_READ = CostOp.named("ravb_mmio_read");
  /** One posted ravb_write(). */
  public static final CostOp MMIO_WRITE = CostOp.named("ravb_mmio_write");
  /**
   * The RX path's per-descriptor work besides register accesses and the skb allocation: the
   * descriptor reads, dma_sync_single_for_cpu, skb_put, eth_type_trans, stats, and the refill's
   * buffer allocation and dma_sync_single_for_device (page_pool from v6.11, netdev_alloc_skb and
   * dma_map_single before).
   */
  public static final CostOp RX_DESC = CostOp.named("ravb_rx_desc");
  /** ravb_tx_free's per-descriptor work besides freeing the skb: dma_unmap_single, stats. */
  public static final CostOp TX_DESC = CostOp.named("ravb_tx_desc");
  /**
   * ravb_start_xmit besides register accesses: skb_put_padto, the DPTR_ALIGN head copy (GbEth),
   * dma_map_single per descriptor, descriptor fill.
   */
  public static final CostOp XMIT = CostOp.named("ravb_start_xmit");

  public static CostOp[] all() {
    return new CostOp[] {MMIO_READ, MMIO_WRITE, RX_DESC, TX_DESC, XMIT};
  }
}
