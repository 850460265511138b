package io.nicsim.core.host;

/**
 * A fault a run injects ({@code --fault 'tx-hang at=…'}): TX queue {@code queue}'s DMA hangs
 * at {@code atNs} (it stops where it is and ignores doorbells, as a wedged DMA does) until the
 * driver's reset restarts it, or until {@code forNs} later when that is positive (the DMA
 * resumes where it stopped). The MAC model applies it ({@link NicDriver#hangTxDma}).
 *
 * @param atNs simulated time of the hang, from the start of the run
 * @param queue the TX queue (the DMA channel or ring) that hangs
 * @param forNs how long the hang lasts when the driver does not reset it first; 0: until reset
 */
public record TxHang(long atNs, int queue, long forNs) {

  public TxHang {
    if (atNs < 0 || queue < 0 || forNs < 0) {
      throw new IllegalArgumentException("tx-hang at=" + atNs + " queue=" + queue + " for="
          + forNs);
    }
  }

  /** As {@code --fault} takes it. */
  @Override
  public String toString() {
    return "tx-hang at=" + duration(atNs) + (queue != 0 ? ",queue=" + queue : "")
        + (forNs > 0 ? ",for=" + duration(forNs) : "");
  }

  /** {@code ns} in the largest of s, ms, us, ns that holds it whole. */
  private static String duration(long ns) {
    if (ns != 0 && ns % 1_000_000_000L == 0) {
      return ns / 1_000_000_000L + "s";
    }
    if (ns % 1_000_000L == 0) {
      return ns / 1_000_000L + "ms";
    }
    return ns % 1_000L == 0 ? ns / 1_000L + "us" : ns + "ns";
  }
}
