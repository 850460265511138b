package io.nicsim.stmmac;

/**
 * The Synopsys core generations nicsim models ({@code plat->core_type} in the newest tree;
 * {@code has_gmac}/{@code has_gmac4}/{@code has_xgmac} before).
 */
public enum DwmacCore {
  /** DWMAC 3.x "GMAC" (dwmac1000): enhanced descriptors, CSR1 poll-demand doorbell. */
  GMAC(false),
  /** DW QoS Ethernet 4.x/5.x (dwmac4): tail-pointer doorbell, per-descriptor IOC. */
  GMAC4(true),
  /** DW XGMAC 2.x (dwxgmac2): tail-pointer doorbell, per-descriptor IOC. */
  XGMAC(true);

  private final boolean xmac;

  DwmacCore(boolean xmac) {
    this.xmac = xmac;
  }

  /** {@code dwmac_is_xmac()}: GMAC4 or XGMAC. */
  public boolean isXmac() {
    return xmac;
  }
}
