package io.nicsim.stmmac;

import io.nicsim.core.era.PatchSet;
import java.util.ArrayList;
import java.util.List;

/** Small platform fixtures shaped like the SoC profiles (not loaded from them). */
final class Plats {
  private Plats() {}

  /** dwmac1000 3.72a on a 32-bit Cortex-A9, stmmac_clk 250 MHz, one queue. */
  static StmmacPlat gmac32() {
    return new StmmacPlat(DwmacCore.GMAC, 0x37, 1, 1, 250_000_000L, 0, false, false, false, 32);
  }

  /** GMAC4 over PCIe: no stmmac_clk, clk_ref_rate 125 MHz, 64-bit host. */
  static StmmacPlat gmac4Pci() {
    return new StmmacPlat(DwmacCore.GMAC4, 0x52, 1, 1, 0, 125_000_000L, false, true, true, 64);
  }

  /** Like {@link #gmac4Pci()} with several queues. */
  static StmmacPlat gmac4Queues(int tx, int rx) {
    return new StmmacPlat(DwmacCore.GMAC4, 0x52, tx, rx, 0, 125_000_000L, false, true, true, 64);
  }

  static StmmacPlat withoutRiwt(StmmacPlat p) {
    return new StmmacPlat(
        p.core(), p.synopsysId(), p.txQueuesToUse(), p.rxQueuesToUse(), p.stmmacClkHz(),
        p.clkRefHz(), true, p.multiMsi(), p.tso(), p.unsignedLongBits());
  }

  /** A priv whose RX watchdog writes are recorded as "queue:riwt". */
  static final class Recorded {
    final StmmacPriv priv;
    final List<String> writes = new ArrayList<>();

    Recorded(StmmacPlat plat, PatchSet patches) {
      priv = new StmmacPriv(plat, patches);
      priv.setRxWatchdog((riwt, queue) -> writes.add(queue + ":" + riwt));
    }
  }
}
