package io.nicsim.stmmac;

/**
 * The "manage tx mitigation" block that stmmac_xmit and stmmac_tso_xmit share: how many
 * descriptors the skb used and whether its last descriptor gets the IC bit. The xmit ports call
 * these helpers at the exact place the C evaluates the chain; the helpers keep the C's test
 * order and its u32 arithmetic (Java ints read as unsigned).
 */
final class TxMitigation {
  private TxMitigation() {}

  /**
   * {@code tx_packets = (entry + 1) - first_tx}: computed in int and stored in an unsigned int,
   * without masking. When the skb's descriptors wrap past the ring end the result underflows to
   * a huge u32, which every later comparison sees as larger than tx-frames.
   */
  static int txPackets(int lastEntry, int firstTx) {
    return (lastEntry + 1) - firstTx;
  }

  /**
   * The set_ic chain from c2837423cb54 on (5.5+), with the 2026 burst-end clause and the
   * what-if variant.
   *
   * @param hwTstamp skb has SKBTX_HW_TSTAMP and hwts_tx_en
   * @param txCoalFrames tx_coal_frames[queue] (u32)
   * @param txPackets descriptors of this skb (u32, see {@link #txPackets})
   * @param txCountFrames tx_q->tx_count_frames after adding txPackets (u32)
   * @param xmitMore netdev_xmit_more()
   * @param burstEndIc d21a374995df applied
   * @param icBurstEndOnly the ic-burst-end-only variant: the frame counter is not consulted
   */
  static boolean setIc(
      boolean hwTstamp,
      int txCoalFrames,
      int txPackets,
      int txCountFrames,
      boolean xmitMore,
      boolean burstEndIc,
      boolean icBurstEndOnly) {
    if (hwTstamp) {
      return true;
    } else if (txCoalFrames == 0) {
      return false;
    } else if (icBurstEndOnly) {
      // what-if: a batch tail is the only completion point
      return !xmitMore;
    } else if (burstEndIc && !xmitMore) {
      return true;
    } else if (Integer.compareUnsigned(txPackets, txCoalFrames) > 0) {
      return true;
    } else if (Integer.compareUnsigned(remainderU32(txCountFrames, txCoalFrames), txPackets)
        < 0) {
      return true;
    } else {
      return false;
    }
  }

  /**
   * The test before c2837423cb54 (4.19 to 5.4): IC once the running count reaches tx-frames,
   * otherwise the caller arms the timer. Note tx-frames 0 gives IC on every skb here.
   *
   * @param txCoalFrames tx_coal_frames (u32)
   * @param txCountFrames tx_count_frames after adding nfrags + 1 (u32)
   * @param tstampForcesIc d0bb82fd6018 applied, core is GMAC >= 4.00, skb wants a HW timestamp
   *     and hwts_tx_en
   * @return true when the skb's last descriptor gets IC (the else branch of the C)
   */
  static boolean setIcLegacy(int txCoalFrames, int txCountFrames, boolean tstampForcesIc) {
    boolean armTimer = Integer.compareUnsigned(txCoalFrames, txCountFrames) > 0 && !tstampForcesIc;
    return !armTimer;
  }

  /**
   * {@code a % b} in u32: {@link Integer#remainderUnsigned}'s answer, with a 32-bit division
   * when both are non-negative ints (the usual case; that method widens to a 64-bit one).
   */
  static int remainderU32(int a, int b) {
    return a >= 0 && b > 0 ? a % b : Integer.remainderUnsigned(a, b);
  }
}
