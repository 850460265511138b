package io.nicsim.stmmac;

import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.nic.DescRing;
import io.nicsim.core.nic.Link;
import io.nicsim.core.port.KernelPort;

/**
 * DW QoS Ethernet 4.x/5.x (dwmac4, GMAC4): the TX tail-pointer write is the doorbell; RX IOC
 * is chosen per descriptor at every refill; the ISR clears only enabled status bits, so a cause
 * raised while masked stays pending and asserts the line when re-enabled.
 */
class Dwmac4Hw extends DwmacHw {
  private static final String LIB = "drivers/net/ethernet/stmicro/stmmac/dwmac4_lib.c";
  private static final String DESC = "drivers/net/ethernet/stmicro/stmmac/dwmac4_descs.c";
  private static final String SRC = "torvalds/linux@1975df880b959e30f28d66148a12d77b458abd76";

  Dwmac4Hw(Kernel kernel, Link link, StmmacPlat plat, int txRingSize, int rxRingSize,
      long fetchNs, DmaIrqs irqs) {
    super(kernel, link, plat, txRingSize, rxRingSize, fetchNs, irqs);
  }

  @Override
  protected boolean tailPointerDoorbell() {
    return true;
  }

  @Override
  public void enableDmaTransmission(int chan) {
    // dwmac4_enable_dma_transmission is empty on GMAC4 (the tail pointer starts the DMA)
  }

  @Override
  @KernelPort(
      file = LIB,
      function = "dwmac4_set_tx_tail_ptr",
      versions = "v4.19..v6.18",
      source = SRC)
  void setTxTail(int chan, int tailIndex) {
    charge(DOORBELL);
    if (!txHung[chan]) {
      txDma[chan].setTail(tailIndex, at());
    }
  }

  /** dwmac4_dma_interrupt: TI and RI reported whatever the enables; only enabled bits cleared. */
  @Override
  @KernelPort(
      file = LIB,
      function = "dwmac4_dma_interrupt",
      versions = "v5.6..v6.18",
      source = SRC,
      notes = "TI/RI only; TBU (which also reports handle_tx) is not modelled")
  public int dmaInterruptStatus(int chan, DmaDir dir) {
    charge(DMA_ISR);
    int ret = 0;
    int intrStatus = irqs.status(chan) & dirMask(dir);
    int intrEn = irqs.enabled(chan);
    if ((intrStatus & DmaIrqs.RI) != 0) {
      ret |= HANDLE_RX;
    }
    if ((intrStatus & DmaIrqs.TI) != 0) {
      ret |= HANDLE_TX;
    }
    irqs.clear(chan, intrStatus & intrEn);
    return ret;
  }

  @Override
  @KernelPort(
      file = DESC,
      function = "dwmac4_rd_init_rx_desc",
      versions = "v4.19..v6.18",
      source = SRC)
  void initRxDesc(DescRing ring, int i, boolean disableRxIc) {
    ring.reset(i);
    if (!disableRxIc) {
      ring.set(i, DescRing.IC);
    }
    ring.setOwn(i);
  }

  @Override
  @KernelPort(
      file = DESC,
      function = "dwmac4_set_rx_owner",
      versions = "v4.19..v6.18",
      source = SRC,
      notes = "RDES3 IOC only when !disable_rx_ic, then OWN")
  void setRxOwner(DescRing ring, int i, boolean disableRxIc) {
    if (!disableRxIc) {
      ring.set(i, DescRing.IC);
    }
    ring.setOwn(i);
  }
}
