package io.nicsim.fec;

import io.nicsim.core.cpu.CostOp;

/** The fec driver's own cost operations (ns each from the SoC profile's {@code costs}). */
public final class FecOps {
  private FecOps() {}

  /** One uncached readl() of an ENET register (IEVENT, TDAR, ...). */
  public static final CostOp MMIO_READ = CostOp.named("fec_mmio_read");
  /** One posted writel() to an ENET register. */
  public static final CostOp MMIO_WRITE = CostOp.named("fec_mmio_write");
  /**
   * fec_enet_rx_queue's per-frame work besides register accesses and build_skb: status check,
   * page_pool refill, dma sync, eth_type_trans, VLAN/csum/timestamp checks, BD recycle.
   */
  public static final CostOp RX_BD = CostOp.named("fec_enet_rx_bd");
  /** fec_enet_tx_queue's per-BD work besides freeing the skb: status, dma unmap, stats. */
  public static final CostOp TX_BD = CostOp.named("fec_enet_tx_bd");
  /**
   * fec_enet_start_xmit + fec_enet_txq_submit_skb besides register accesses: free-BD count,
   * checksum clear, dma_map_single, BD fill, stop check.
   */
  public static final CostOp START_XMIT = CostOp.named("fec_enet_start_xmit");

  public static CostOp[] all() {
    return new CostOp[] {MMIO_READ, MMIO_WRITE, RX_BD, TX_BD, START_XMIT};
  }
}
