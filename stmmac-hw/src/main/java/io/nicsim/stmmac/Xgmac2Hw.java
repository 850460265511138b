package io.nicsim.stmmac;

import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.nic.Link;

/**
 * DW XGMAC 2.x (dwxgmac2): for coalescing it behaves as GMAC4 does (tail-pointer doorbell,
 * IOC per RX descriptor, per-channel interrupts); its own register layout is not modelled.
 */
final class Xgmac2Hw extends Dwmac4Hw {
  Xgmac2Hw(Kernel kernel, Link link, StmmacPlat plat, int txRingSize, int rxRingSize,
      long fetchNs, DmaIrqs irqs, boolean rwtOutsideAis) {
    super(kernel, link, plat, txRingSize, rxRingSize, fetchNs, irqs, rwtOutsideAis);
  }
}
