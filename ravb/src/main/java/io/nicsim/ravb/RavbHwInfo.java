package io.nicsim.ravb;

/**
 * The parts of {@code struct ravb_hw_info} the ported paths branch on: which RX function,
 * how the queue interrupts are masked (RIC0/TIC read-modify-write, or the RIE0/RID0/TIE/TID
 * set/clear registers), whether there is a network-control queue, one interrupt line or one a
 * queue and direction, whether probe turns software IRQ coalescing on, and whether a frame
 * takes two TX descriptors (the DPTR_ALIGN head copy).
 */
final class RavbHwInfo {
  enum Receive { GBETH, RCAR }

  final String name;
  final Receive receive;
  final boolean irqEnDis;
  final boolean multiIrqs;
  final boolean ncQueues;
  final boolean coalesceIrqs;
  final boolean alignedTx;
  /** gptp or ccc_gac: ravb_start_xmit timestamps (NC queue: a ts_skb; every queue: skb_tx_timestamp). */
  final boolean txTimestamps;

  private RavbHwInfo(String name, Receive receive, boolean irqEnDis, boolean multiIrqs,
      boolean ncQueues, boolean coalesceIrqs, boolean alignedTx, boolean txTimestamps) {
    this.name = name;
    this.receive = receive;
    this.irqEnDis = irqEnDis;
    this.multiIrqs = multiIrqs;
    this.ncQueues = ncQueues;
    this.coalesceIrqs = coalesceIrqs;
    this.alignedTx = alignedTx;
    this.txTimestamps = txTimestamps;
  }

  /**
   * gbeth_hw_info (RZ/G2L, RZ/G2UL, RZ/V2L, RZ/G3S): ravb_rx_gbeth, RIC0/TIC masking, one
   * interrupt line, BE queue only, aligned_tx, coalesce_irqs (from 7b39c1814ce3, v6.11; the
   * field did not exist before and probe did nothing).
   */
  static final RavbHwInfo GBETH =
      new RavbHwInfo("gbeth", Receive.GBETH, false, false, false, true, true, false);

  /**
   * ravb_gen3_hw_info (R-Car Gen3): ravb_rx_rcar, irq_en_dis (RIE0/RID0/TIE/TID), multi_irqs
   * (ch0 rx_be, ch18 tx_be, ...), nc_queues, ccc_gac, one TX descriptor a frame.
   */
  static final RavbHwInfo RCAR_GEN3 =
      new RavbHwInfo("rcar-gen3", Receive.RCAR, true, true, true, false, false, true);

  /** An info with the R-Car/GbEth choices a harness record sets (the rest as on GbEth). */
  static RavbHwInfo of(boolean irqEnDis, boolean ncQueues) {
    return new RavbHwInfo("harness", Receive.GBETH, irqEnDis, false, ncQueues, false, true,
        false);
  }

  /** An info for a harness record: the RX path, masking, NC queue and TX timestamp choices. */
  static RavbHwInfo harness(Receive receive, boolean irqEnDis, boolean ncQueues,
      boolean txTimestamps) {
    return new RavbHwInfo("harness", receive, irqEnDis, false, ncQueues, false, true,
        txTimestamps);
  }

  /** By the profile's {@code params.ravb_hw_info}: 0 = gbeth_hw_info, 3 = ravb_gen3_hw_info. */
  static RavbHwInfo of(long code) {
    return code == 3 ? RCAR_GEN3 : GBETH;
  }
}
