package io.nicsim.stmmac;

import io.nicsim.core.era.PatchSet;

/**
 * The common.h constants of one kernel, derived from its patch set: what {@code
 * stmmac_init_coalesce} resets on every open and the limits ethtool checks against.
 *
 * @param coalTxTimerUs STMMAC_COAL_TX_TIMER (tx-usecs default)
 * @param txFrames STMMAC_TX_FRAMES (tx-frames default)
 * @param rxFrames STMMAC_RX_FRAMES (rx-frames default; 0 before rx-frames existed)
 * @param maxCoalTxTickUs STMMAC_MAX_COAL_TX_TICK (largest tx-usecs ethtool accepts)
 * @param txMaxFrames STMMAC_TX_MAX_FRAMES (largest tx-frames ethtool accepts)
 * @param minDmaRiwt MIN_DMA_RIWT
 * @param maxDmaRiwt MAX_DMA_RIWT
 * @param openRiwt the RIWT stmmac_hw_setup programs when the queue has none yet (MAX before
 *     rx-wd-min, MIN before def-riwt, DEF_DMA_RIWT after)
 * @param openKeepsRiwt whether open keeps a non-zero user rx_riwt (def-riwt) or overwrites it
 * @param dmaTxSize default TX ring size (DMA_TX_SIZE / DMA_DEFAULT_TX_SIZE)
 * @param dmaRxSize default RX ring size
 */
public record StmmacDefaults(
    int coalTxTimerUs,
    int txFrames,
    int rxFrames,
    int maxCoalTxTickUs,
    int txMaxFrames,
    int minDmaRiwt,
    int maxDmaRiwt,
    int openRiwt,
    boolean openKeepsRiwt,
    int dmaTxSize,
    int dmaRxSize) {

  /** MAX_DMA_RIWT, unchanged in every era. */
  public static final int MAX_DMA_RIWT = 0xff;
  /** DEF_DMA_RIWT (def-riwt). */
  public static final int DEF_DMA_RIWT = 0xa0;

  /** Reads the constants the patch set implies. */
  public static StmmacDefaults of(PatchSet patches) {
    int coalTxTimerUs = 40000;
    int txFrames = 64;
    if (patches.has(StmmacPatches.COAL_REWORK)) {
      coalTxTimerUs = 1000;
      txFrames = 25;
    }
    if (patches.has(StmmacPatches.TX_FRAMES_1)) {
      txFrames = 1;
    }
    int rxFrames = patches.has(StmmacPatches.RX_COAL_FRAMES) ? 25 : 0;
    if (patches.has(StmmacPatches.TUNE_DEFAULTS)) {
      txFrames = 25;
      rxFrames = 0;
    }
    if (patches.has(StmmacPatches.COAL_5MS)) {
      coalTxTimerUs = 5000;
    }
    int minDmaRiwt = patches.has(StmmacPatches.RX_WD_MIN) ? 0x10 : 0x20;
    int openRiwt = patches.has(StmmacPatches.RX_WD_MIN) ? minDmaRiwt : MAX_DMA_RIWT;
    boolean keeps = patches.has(StmmacPatches.DEF_RIWT);
    if (keeps) {
      openRiwt = DEF_DMA_RIWT;
    }
    return new StmmacDefaults(
        coalTxTimerUs, txFrames, rxFrames, 100000, 256, minDmaRiwt, MAX_DMA_RIWT, openRiwt, keeps,
        512, 512);
  }
}
