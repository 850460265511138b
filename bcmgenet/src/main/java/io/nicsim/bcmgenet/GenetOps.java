package io.nicsim.bcmgenet;

import io.nicsim.core.cpu.CostOp;

/** The bcmgenet driver's own cost operations (ns each from the SoC profile's {@code costs}). */
public final class GenetOps {
  private GenetOps() {}

  /** One uncached readl() of a GENET register (INTRL2, RDMA/TDMA ring registers). */
  public static final CostOp MMIO_READ = CostOp.named("bcmgenet_mmio_read");
  /** One posted writel() to a GENET register. */
  public static final CostOp MMIO_WRITE = CostOp.named("bcmgenet_mmio_write");
  /**
   * bcmgenet_desc_rx's per-frame work besides register accesses and the skb allocation:
   * bcmgenet_rx_refill's dma map/unmap, RSB status parse, skb_put/pull, eth_type_trans, stats.
   */
  public static final CostOp RX_CB = CostOp.named("bcmgenet_rx_cb");
  /** __bcmgenet_tx_reclaim's per-BD work besides freeing the skb: dma unmap, stats. */
  public static final CostOp TX_CB = CostOp.named("bcmgenet_tx_cb");
  /**
   * bcmgenet_xmit besides register accesses: skb_share_check, bcmgenet_add_tsb (64-byte TSB
   * push), dma_map_single, BD fill.
   */
  public static final CostOp XMIT = CostOp.named("bcmgenet_xmit");

  public static CostOp[] all() {
    return new CostOp[] {MMIO_READ, MMIO_WRITE, RX_CB, TX_CB, XMIT};
  }
}
