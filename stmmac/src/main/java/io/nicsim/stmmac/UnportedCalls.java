package io.nicsim.stmmac;

import io.nicsim.core.net.Skb;

/**
 * stmmac_main.c functions the ported code calls but nicsim does not port: the hardware-error,
 * EEE, VLAN, safety-feature, timestamping and XDP paths, none of which the simulated hardware
 * exercises. On a simulated host each answers as the model's configuration makes the kernel
 * answer ({@link ModelUnported}: no EEE, no VLAN offload, IPv4 frames, no safety features) or
 * refuses a call only a hardware error could cause; {@code port-check --execute}'s harnesses
 * record them and answer from the input record, as the C harness's stubs do.
 */
interface UnportedCalls {

  /** stmmac_disable_eee_mode (until the EEE rework) / stmmac_stop_sw_lpi (after it). */
  void stopSwLpi();

  /** stmmac_enable_eee_mode: whether the LPI timer must be re-armed (before the EEE rework). */
  boolean enableEeeMode();

  /** {@code mod_timer(&priv->eee_ctrl_timer, STMMAC_LPI_T(priv->tx_lpi_timer))}. */
  void modEeeCtrlTimer();

  /** stmmac_restart_sw_lpi_timer (after the EEE rework). */
  void restartSwLpiTimer();

  /** stmmac_vlan_insert(priv, skb, tx_q): whether the hardware inserts the skb's tag. */
  boolean vlanInsert(Skb skb, StmmacTxQueue q);

  /** __vlan_hwaccel_push_inside: the tag moved into the payload; false when it fails (NULL). */
  boolean vlanHwaccelPushInside(Skb skb);

  /** stmmac_has_ip_ethertype(skb): IPv4/IPv6 without deep VLAN stacking (COE usable). */
  boolean hasIpEthertype(Skb skb);

  /** stmmac_get_tx_hwtstamp(priv, p, skb). */
  void getTxHwtstamp(StmmacTxQueue q, int kind, int entry, Skb skb);

  /** stmmac_bump_dma_threshold(priv, chan). */
  void bumpDmaThreshold(int chan);

  /** stmmac_tx_err(priv, chan): the TX path reset after a hard DMA error. */
  void txErr(int chan);

  /** stmmac_safety_feat_interrupt(priv): a safety-feature error was handled. */
  boolean safetyFeatInterrupt();

  /** stmmac_common_interrupt(priv): MAC, LPI, MTL and PCS interrupts. */
  void commonInterrupt();

  /** stmmac_rx_buf1_len(priv, p, status, len): buffer 1's bytes of this descriptor. */
  int rxBuf1Len(StmmacRxQueue q, int kind, int entry, int status, int len);

  /** stmmac_rx_buf2_len(priv, p, status, len): buffer 2's bytes (split header). */
  int rxBuf2Len(StmmacRxQueue q, int kind, int entry, int status, int len);

  /** stmmac_xdp_run_prog(priv, &ctx.xdp): the verdict (STMMAC_XDP_PASS 0 without a program). */
  int xdpRunProg(StmmacRxQueue q, int entry);

  /** stmmac_get_rx_hwtstamp(priv, p, np, skb). */
  void getRxHwtstamp(StmmacRxQueue q, int kind, int entry, int nextEntry, Skb skb);

  /** stmmac_rx_vlan(priv->dev, skb): the driver strips a VLAN tag. */
  void rxVlan(Skb skb);

  /** stmmac_rx_hw_vlan(priv, priv->hw, p, skb): the MAC stripped it. */
  void rxHwVlan(StmmacRxQueue q, int kind, int entry, Skb skb);

  /** stmmac_finalize_xdp_rx(priv, xdp_status). */
  void finalizeXdpRx(int xdpStatus);

  /** stmmac_free_tx_buffer(priv, dma_conf, queue, entry) (the TSO unmap-on-error path). */
  void freeTxBuffer(int queue, int entry);
}
