package io.nicsim.fec;

import io.nicsim.core.era.PatchSet;

/**
 * The part of {@code struct fec_enet_private} the coalescing path reads and writes. The four
 * {@code *Itr} fields and {@code itrClkRate} are C {@code unsigned int}: they hold the u32 bit
 * pattern in a Java int; compare them with {@link Integer#compareUnsigned} / print them with
 * {@link Integer#toUnsignedString}.
 */
public final class FecEnetPrivate {
  /** Register file ({@code fep->hwp}). */
  final FecRegisters hwp;
  /** The patches this kernel has (validated). */
  final PatchSet patches;

  /** {@code fep->quirks}. */
  int quirks;
  /** {@code fep->itr_clk_rate}: the "ahb" clock rate sampled once in probe. */
  int itrClkRate;
  int rxPktsItr;
  int rxTimeItr;
  int txPktsItr;
  int txTimeItr;
  /** {@code fep->link}: phylib's view, 0 until the PHY reports link. */
  int link;
  int numTxQueues = 1;
  int numRxQueues = 1;
  final FecTxq[] txQueue = new FecTxq[FecConsts.FEC_ENET_MAX_TX_QS];
  final FecRxq[] rxQueue = new FecRxq[FecConsts.FEC_ENET_MAX_RX_QS];
  /** The matched table entry (for reports). */
  FecDevinfo devInfo;

  public FecEnetPrivate(FecRegisters hwp, PatchSet patches) {
    this.hwp = hwp;
    this.patches = FecPatches.validate(patches);
  }

  public FecRegisters hwp() {
    return hwp;
  }

  public PatchSet patches() {
    return patches;
  }

  public int quirks() {
    return quirks;
  }

  public int itrClkRate() {
    return itrClkRate;
  }

  public int rxPktsItr() {
    return rxPktsItr;
  }

  public int rxTimeItr() {
    return rxTimeItr;
  }

  public int txPktsItr() {
    return txPktsItr;
  }

  public int txTimeItr() {
    return txTimeItr;
  }

  public int link() {
    return link;
  }

  public void link(int link) {
    this.link = link;
  }

  public int numTxQueues() {
    return numTxQueues;
  }

  public int numRxQueues() {
    return numRxQueues;
  }

  public FecTxq txQueue(int q) {
    return txQueue[q];
  }

  public FecRxq rxQueue(int q) {
    return rxQueue[q];
  }

  public FecDevinfo devInfo() {
    return devInfo;
  }
}
