package io.nicsim.stmmac;

import io.nicsim.core.config.BadInputException;

/**
 * The platform data the glue driver hands to the stmmac core ({@code plat_stmmacenet_data}
 * plus the probed {@code synopsys_id}), reduced to what coalescing depends on.
 *
 * @param core the core generation
 * @param synopsysId the SNPSVER of the core, e.g. 0x37 for 3.7x, 0x51 for 5.10
 * @param txQueuesToUse TX queues (channels) in use
 * @param rxQueuesToUse RX queues in use
 * @param stmmacClkHz clk_get_rate(plat->stmmac_clk), 0 when there is none (PCI glue)
 * @param clkRefHz plat->clk_ref_rate, the fallback base of the RIWT conversion
 * @param riwtOff plat->riwt_off
 * @param multiMsi STMMAC_FLAG_MULTI_MSI_EN: per-direction MSI handlers
 * @param tso TSO enabled (STMMAC_FLAG_TSO_EN and the capability)
 * @param unsignedLongBits width of C {@code unsigned long} on the host CPU (32 on ARMv7, 64 on
 *     ARMv8): the RIWT conversion multiplies in it
 */
public record StmmacPlat(
    DwmacCore core,
    int synopsysId,
    int txQueuesToUse,
    int rxQueuesToUse,
    long stmmacClkHz,
    long clkRefHz,
    boolean riwtOff,
    boolean multiMsi,
    boolean tso,
    int unsignedLongBits) {

  /** DWMAC_CORE_3_50. */
  public static final int DWMAC_CORE_3_50 = 0x35;
  /** DWMAC_CORE_4_00. */
  public static final int DWMAC_CORE_4_00 = 0x40;
  /** MTL_MAX_TX_QUEUES / MTL_MAX_RX_QUEUES. */
  public static final int MTL_MAX_QUEUES = 8;

  public StmmacPlat {
    if (txQueuesToUse < 1 || txQueuesToUse > MTL_MAX_QUEUES) {
      throw BadInputException.field("tx_queues", "" + txQueuesToUse, "1..8");
    }
    if (rxQueuesToUse < 1 || rxQueuesToUse > MTL_MAX_QUEUES) {
      throw BadInputException.field("rx_queues", "" + rxQueuesToUse, "1..8");
    }
    if (unsignedLongBits != 32 && unsignedLongBits != 64) {
      throw BadInputException.field("unsigned_long_bits", "" + unsignedLongBits, "32, 64");
    }
    if (stmmacClkHz < 0 || clkRefHz < 0) {
      throw BadInputException.field("clocks", "negative clock rate", "Hz >= 0");
    }
  }

  /**
   * The RX watchdog rule of stmmac_hw_init: cores newer than 3.40 and XGMAC use RIWT unless
   * the platform turns it off.
   */
  public boolean useRiwt() {
    return (synopsysId >= DWMAC_CORE_3_50 || core == DwmacCore.XGMAC) && !riwtOff;
  }

  /** The RIWT conversion base: stmmac_clk, else clk_ref_rate, else 0 (conversion gives 0). */
  public long riwtClockHz() {
    return stmmacClkHz != 0 ? stmmacClkHz : clkRefHz;
  }
}
