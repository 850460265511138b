package io.nicsim.stmmac;

/**
 * The parts of {@code struct stmmac_extra_stats} the ported functions write: the device-wide
 * error counters, the DMA interrupt causes' counters and the per-queue {@code txq_stats}/{@code rxq_stats} (u64 counters updated
 * under their syncp).
 */
final class StmmacXstats {
  long txDropped;
  long txErrors;
  long rxDropped;
  long rxErrors;
  /** xstats.threshold: the TX DMA threshold (stmmac_bump_dma_threshold raises it). */
  int threshold;
  final long[] maxSduTxqDrop = new long[StmmacPlat.MTL_MAX_QUEUES];
  final Txq[] txq = new Txq[StmmacPlat.MTL_MAX_QUEUES];
  final Rxq[] rxq = new Rxq[StmmacPlat.MTL_MAX_QUEUES];
  // the DMA ISRs' cause counters (unsigned long) and pcpu_stats' normal-IRQ counts (u64)
  long txUndeflowIrq;
  long txJabberIrq;
  long rxOverflowIrq;
  long rxBufUnavIrq;
  long rxProcessStoppedIrq;
  long rxWatchdogIrq;
  long txEarlyIrq;
  long txProcessStoppedIrq;
  long fatalBusErrorIrq;
  long rxEarlyIrq;
  final long[] rxNormalIrqN = new long[StmmacPlat.MTL_MAX_QUEUES];
  final long[] txNormalIrqN = new long[StmmacPlat.MTL_MAX_QUEUES];

  StmmacXstats() {
    for (int i = 0; i < txq.length; i++) {
      txq[i] = new Txq();
      rxq[i] = new Rxq();
    }
  }

  /** txq_stats[queue]: q (xmit side) and napi (clean side). */
  static final class Txq {
    long txBytes;
    long txSetIcBit;
    long txTsoFrames;
    long txTsoNfrags;
    long napiPoll;
    long napiTxClean;
    long napiTxPackets;
    long napiTxPktN;
  }

  /** rxq_stats[queue]. */
  static final class Rxq {
    long napiPoll;
    long rxPackets;
    long rxBytes;
    long rxPktN;
  }
}
