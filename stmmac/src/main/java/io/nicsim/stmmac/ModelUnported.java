package io.nicsim.stmmac;

import io.nicsim.core.net.Skb;

/**
 * {@link UnportedCalls} as the simulated stmmac answers: EEE, VLAN offload and the safety
 * features are off (so the kernel's helpers answer false or do nothing), every frame is IPv4,
 * and the paths only a hardware error or an XDP buffer could reach are refused (the model's
 * hardware raises neither).
 */
final class ModelUnported implements UnportedCalls {

  @Override
  public void stopSwLpi() {
    throw unreachable("EEE (tx_path_in_lpi_mode is never set)");
  }

  @Override
  public boolean enableEeeMode() {
    throw unreachable("EEE (eee_enabled is never set)");
  }

  @Override
  public void modEeeCtrlTimer() {
    throw unreachable("EEE (eee_enabled is never set)");
  }

  @Override
  public void restartSwLpiTimer() {
    throw unreachable("EEE (eee_sw_timer_en is never set)");
  }

  /** No NETIF_F_HW_VLAN_*_TX: stmmac_vlan_insert returns false for an untagged skb. */
  @Override
  public boolean vlanInsert(Skb skb, StmmacTxQueue q) {
    return false;
  }

  @Override
  public boolean vlanHwaccelPushInside(Skb skb) {
    throw unreachable("VLAN tags (the model's skbs carry none)");
  }

  /** The model's frames are IPv4 with no VLAN header. */
  @Override
  public boolean hasIpEthertype(Skb skb) {
    return true;
  }

  /** stmmac_get_tx_hwtstamp returns at once unless hwts_tx_en is set, which it never is. */
  @Override
  public void getTxHwtstamp(StmmacTxQueue q, int kind, int entry, Skb skb) {
  }

  @Override
  public void bumpDmaThreshold(int chan) {
    throw unreachable("a TX underflow (the DMA model never reports one)");
  }

  @Override
  public void txErr(int chan) {
    throw unreachable("a hard TX DMA error (the DMA model never reports one)");
  }

  /** No safety features configured: stmmac_safety_feat_interrupt returns false. */
  @Override
  public boolean safetyFeatInterrupt() {
    return false;
  }

  /** No MAC, LPI, MTL or PCS interrupt sources in the model: nothing to handle. */
  @Override
  public void commonInterrupt() {
  }

  /** The DMA's frame length counts the 4 FCS bytes, which stmmac_rx strips. */
  @Override
  public int rxBuf1Len(StmmacRxQueue q, int kind, int entry, int status, int len) {
    return q.ring.bufLen(entry) + StmmacRx.ETH_FCS_LEN;
  }

  /** No split header: buffer 2 is empty. */
  @Override
  public int rxBuf2Len(StmmacRxQueue q, int kind, int entry, int status, int len) {
    return 0;
  }

  /** No XDP program: STMMAC_XDP_PASS. */
  @Override
  public int xdpRunProg(StmmacRxQueue q, int entry) {
    return 0;
  }

  /** stmmac_get_rx_hwtstamp returns at once without hwts_rx_en, which is never set. */
  @Override
  public void getRxHwtstamp(StmmacRxQueue q, int kind, int entry, int nextEntry, Skb skb) {
  }

  /** The model's frames carry no VLAN tag: nothing to strip. */
  @Override
  public void rxVlan(Skb skb) {
  }

  @Override
  public void rxHwVlan(StmmacRxQueue q, int kind, int entry, Skb skb) {
    throw unreachable("MAC VLAN stripping (hw_vlan_en is never set)");
  }

  /** Nothing queued by XDP: nothing to flush. */
  @Override
  public void finalizeXdpRx(int xdpStatus) {
  }

  @Override
  public void freeTxBuffer(int queue, int entry) {
    throw unreachable("a DMA mapping error (the model's mappings never fail)");
  }

  private static IllegalStateException unreachable(String what) {
    return new IllegalStateException("stmmac model: " + what + " reached");
  }
}
