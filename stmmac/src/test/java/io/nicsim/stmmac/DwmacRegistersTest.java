package io.nicsim.stmmac;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.port.exec.Out;
import org.junit.jupiter.api.Test;

/**
 * The dwmac register-level ports as the C has them: the whole DMA status decode (abnormal
 * causes, TBU, the RWT move of 671672977012), the status register per era and the descriptor
 * words. The earlier ports decoded TI/RI only and kept descriptor flags, not words.
 */
class DwmacRegistersTest {
  private static final int RXTX = 3;

  private static int dwmac4(int status, int enable, boolean rwtOutsideAis, StmmacXstats x,
      Out out) {
    HarnessDwmacIo io = new HarnessDwmacIo(out);
    io.set(0x1100 + 0x60, status);
    io.set(0x1100 + 0x34, enable);
    return Dwmac4Hw.dmaInterrupt(io, null, x, 0, RXTX, rwtOutsideAis);
  }

  @Test
  void dwmac4TxBufferUnavailableReportsHandleTx() {
    StmmacXstats x = new StmmacXstats();
    int ret = dwmac4(Dwmac4Hw.DMA_CHAN_STATUS_TBU, 0, true, x, new Out());
    assertThat(ret).isEqualTo(DwmacHw.HANDLE_TX);
    assertThat(x.txNormalIrqN[0]).isZero();
  }

  @Test
  void dwmac4ReceiveWatchdogCountedOutsideAisFromV613() {
    StmmacXstats before = new StmmacXstats();
    dwmac4(Dwmac4Hw.DMA_CHAN_STATUS_RWT, 0, false, before, new Out());
    assertThat(before.rxWatchdogIrq).isZero();
    StmmacXstats after = new StmmacXstats();
    dwmac4(Dwmac4Hw.DMA_CHAN_STATUS_RWT, 0, true, after, new Out());
    assertThat(after.rxWatchdogIrq).isEqualTo(1);
    assertThat(StmmacPatches.forKernel("v6.12").has(StmmacPatches.DWMAC4_RWT_OUTSIDE_AIS))
        .isFalse();
    assertThat(StmmacPatches.forKernel("v6.13").has(StmmacPatches.DWMAC4_RWT_OUTSIDE_AIS))
        .isTrue();
  }

  @Test
  void dwmac4ClearsOnlyEnabledCauses() {
    Out out = new Out();
    int ret = dwmac4(Dwmac4Hw.DMA_CHAN_STATUS_RI | Dwmac4Hw.DMA_CHAN_STATUS_TI
        | Dwmac4Hw.DMA_CHAN_STATUS_NIS, Dwmac4Hw.DMA_CHAN_INTR_ENA_TIE, true, new StmmacXstats(),
        out);
    assertThat(ret).isEqualTo(DwmacHw.HANDLE_RX | DwmacHw.HANDLE_TX);
    assertThat(out.toString()).isEqualTo("writel(" + (0x1100 + 0x60) + ",1)");
  }

  @Test
  void dwmac1000HardErrorsAndTheStatusRegisterPerEra() {
    for (boolean chanStatus : new boolean[] {false, true}) {
      Out out = new Out();
      HarnessDwmacIo io = new HarnessDwmacIo(out);
      io.set(0x1014 + 0x100, Dwmac1000Hw.DMA_STATUS_AIS | Dwmac1000Hw.DMA_STATUS_UNF
          | Dwmac1000Hw.DMA_STATUS_TPS);
      StmmacXstats x = new StmmacXstats();
      int ret = Dwmac1000Hw.dmaInterrupt(io, x, 1, RXTX, chanStatus, w -> { });
      // 6.1 reads DMA_STATUS (channel 0's, clear here); from the multi-channel change the
      // channel's own: UNF bumps the threshold, then TPS makes it a hard error
      assertThat(ret).isEqualTo(chanStatus ? Dwmac1000Hw.TX_HARD_ERROR : 0);
      assertThat(x.txUndeflowIrq).isEqualTo(chanStatus ? 1 : 0);
      assertThat(out.toString()).isEqualTo(chanStatus ? "writel(4116,32802)" : "writel(4116,0)");
    }
  }

  @Test
  void enhancedRxDescriptorWords() {
    DmaDesc p = new DmaDesc();
    Dwmac1000Hw.initRxDesc(p, 1, Dwmac1000Hw.STMMAC_RING_MODE, 1, Dwmac1000Hw.BUF_SIZE_16KIB);
    assertThat(p.des0).isEqualTo(Dwmac1000Hw.RDES0_OWN);
    assertThat(p.des1).isEqualTo(Dwmac1000Hw.ERDES1_DISABLE_IC | Dwmac1000Hw.ERDES1_END_RING
        | (Dwmac1000Hw.BUF_SIZE_8KIB << 16) | Dwmac1000Hw.BUF_SIZE_8KIB);
    DmaDesc q = new DmaDesc(0, Dwmac1000Hw.ERDES1_DISABLE_IC, 0, 0);
    Dwmac1000Hw.setRxOwner(q, 0);
    assertThat(q.des1).isEqualTo(Dwmac1000Hw.ERDES1_DISABLE_IC);
    assertThat(q.des0).isEqualTo(Dwmac1000Hw.RDES0_OWN);
  }

  @Test
  void pollDemandPerChannelFromTheMultiChannelChange() {
    Out out = new Out();
    HarnessDwmacIo io = new HarnessDwmacIo(out);
    Dwmac1000Hw.enableDmaTransmission(io, 2, false);
    Dwmac1000Hw.enableDmaTransmission(io, 2, true);
    assertThat(out.toString()).isEqualTo("writel(4100,1) writel(4612,1)");
  }
}
