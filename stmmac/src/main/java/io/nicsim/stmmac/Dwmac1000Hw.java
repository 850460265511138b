package io.nicsim.stmmac;

import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.nic.DescRing;
import io.nicsim.core.nic.Link;
import io.nicsim.core.port.KernelPort;

/**
 * DWMAC 3.x (dwmac1000) with enhanced descriptors: CSR1 poll demand restarts a suspended TX
 * DMA; the RX IC bit is decided once, when the ring is initialised (ERDES1 disable-IC with
 * RIWT), and refills only hand ownership back.
 */
final class Dwmac1000Hw extends DwmacHw {
  private static final String LIB = "drivers/net/ethernet/stmicro/stmmac/dwmac_lib.c";
  private static final String DESC = "drivers/net/ethernet/stmicro/stmmac/enh_desc.c";
  private static final String SRC = "torvalds/linux@c78a85a8430e35aecd53e190a2f6b999062b1037";
  /** The disable-IC choice made at init, applied again when a cleaned descriptor is reused. */
  private boolean rxIcDisabledAtInit;

  Dwmac1000Hw(Kernel kernel, Link link, StmmacPlat plat, int txRingSize, int rxRingSize,
      long fetchNs, DmaIrqs irqs) {
    super(kernel, link, plat, txRingSize, rxRingSize, fetchNs, irqs);
  }

  @Override
  protected boolean tailPointerDoorbell() {
    return false;
  }

  @Override
  @KernelPort(
      file = LIB,
      function = "dwmac_enable_dma_transmission",
      versions = "v4.19..v6.18",
      source = SRC,
      notes = "writel(1, DMA_XMT_POLL_DEMAND): resumes a suspended TX DMA")
  public void enableDmaTransmission(int chan) {
    // before dma-tx-chan-arg the op has no channel: DMA_XMT_POLL_DEMAND is channel 0's
    int c = chan < 0 ? 0 : chan;
    charge(DOORBELL);
    if (!txHung[c]) {
      txDma[c].doorbell(at());
    }
  }

  @Override
  void setTxTail(int chan, int tailIndex) {
    // dwmac1000 has no tail pointer register: the op is empty
  }

  /**
   * dwmac_dma_interrupt: TI reports handle_tx; RI reports handle_rx only while RIE is enabled
   * ("real RIE event"); every status bit read is cleared, masked or not.
   */
  @Override
  @KernelPort(
      file = LIB,
      function = "dwmac_dma_interrupt",
      versions = "v4.19..v6.18",
      source = SRC,
      notes = "only the normal TI/RI causes; the newest tree's per-direction status masks"
          + " (chan, dir) are applied as read in the ML diffs")
  public int dmaInterruptStatus(int chan, DmaDir dir) {
    charge(DMA_ISR);
    int ret = 0;
    int intrStatus = irqs.status(chan) & dirMask(dir);
    if ((intrStatus & DmaIrqs.RI) != 0) {
      // to schedule NAPI on real RIE event
      if ((irqs.enabled(chan) & DmaIrqs.RI) != 0) {
        ret |= HANDLE_RX;
      }
    }
    if ((intrStatus & DmaIrqs.TI) != 0) {
      ret |= HANDLE_TX;
    }
    irqs.clear(chan, intrStatus);
    return ret;
  }

  @Override
  @KernelPort(
      file = DESC,
      function = "enh_desc_init_rx_desc",
      versions = "v4.19..v6.18",
      source = SRC,
      notes = "ERDES1_DISABLE_IC when disable_rx_ic; OWN set")
  void initRxDesc(DescRing ring, int i, boolean disableRxIc) {
    rxIcDisabledAtInit = disableRxIc;
    ring.reset(i);
    if (!disableRxIc) {
      ring.set(i, DescRing.IC);
    }
    ring.setOwn(i);
  }

  @Override
  @KernelPort(
      file = DESC,
      function = "enh_desc_set_rx_owner",
      versions = "v4.19..v6.18",
      source = SRC,
      notes = "the disable_rx_ic argument is ignored: only RDES0_OWN is set; RDES1 keeps the"
          + " disable-IC bit written at init")
  void setRxOwner(DescRing ring, int i, boolean disableRxIc) {
    if (!rxIcDisabledAtInit) {
      ring.set(i, DescRing.IC);
    }
    ring.setOwn(i);
  }
}
