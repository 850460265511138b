package io.nicsim.stmmac;

import static io.nicsim.stmmac.Rig.MS;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * stmmac_napi_check per era: which NAPI a TX or RX cause schedules and which DMA interrupt
 * enables it clears (4.19 one NAPI masks all; 5.0-5.5 RX masks all and pulls TX along, TX masks
 * nothing; 021bd5e36970 each direction masks only itself).
 */
class IrqMaskTest {
  record Seen(int status, int enabled, boolean napi, boolean rxNapi, boolean txNapi) {}

  static final int BOTH = DmaIrqs.TI | DmaIrqs.RI;

  /** Raises {@code causes} on channel 0 and runs the ISR's check for {@code dir} by hand. */
  static Seen check(String soc, String kernel, int causes, DmaDir dir, int maskedBefore) {
    Rig r = Rig.of(soc, kernel);
    Seen[] out = new Seen[1];
    r.at(1 * MS, () -> {
      DmaIrqs irqs = r.priv.hw.irqs;
      if (maskedBefore != 0) {
        irqs.setEnabled(0, maskedBefore, false);
      }
      if ((causes & DmaIrqs.TI) != 0) {
        irqs.raise(0, DmaIrqs.TI);
      }
      if ((causes & DmaIrqs.RI) != 0) {
        irqs.raise(0, DmaIrqs.RI);
      }
      int status = r.drv.irq().napiCheck(0, dir);
      StmmacChannel ch = r.priv.channel[0];
      out[0] = new Seen(status, irqs.enabled(0),
          ch.napi != null && ch.napi.isScheduled(),
          ch.rxNapi != null && ch.rxNapi.isScheduled(),
          ch.txNapi != null && ch.txNapi.isScheduled());
    });
    r.runUntil(1 * MS + 1);
    return out[0];
  }

  static Seen check(String soc, String kernel, int causes, DmaDir dir) {
    return check(soc, kernel, causes, dir, 0);
  }

  @Test
  void v4_19OneNapiPerChannelMasksBothDirections() {
    for (int cause : new int[] {DmaIrqs.TI, DmaIrqs.RI}) {
      Seen s = check("cyclone5", "v4.19", cause, DmaDir.RXTX);
      assertThat(s.napi()).isTrue();
      assertThat(s.enabled()).isZero();
    }
  }

  @Test
  void beforePerDirectionMaskingTxSchedulesWithoutMasking() {
    Seen s = check("cyclone5", "v5.4", DmaIrqs.TI, DmaDir.RXTX);
    assertThat(s.txNapi()).isTrue();
    assertThat(s.rxNapi()).isFalse();
    assertThat(s.enabled()).as("TX NAPI runs with TI still enabled").isEqualTo(BOTH);
  }

  @Test
  void beforePerDirectionMaskingRxMasksEverythingAndPullsTxAlong() {
    Seen s = check("cyclone5", "v5.4", DmaIrqs.RI, DmaDir.RXTX);
    assertThat(s.rxNapi()).isTrue();
    assertThat(s.txNapi()).as("status |= handle_tx").isTrue();
    assertThat(s.status() & DwmacHw.HANDLE_TX).isNotZero();
    assertThat(s.enabled()).isZero();
  }

  @Test
  void fromV5_6EachDirectionMasksOnlyItself() {
    Seen tx = check("cyclone5", "v6.7", DmaIrqs.TI, DmaDir.RXTX);
    assertThat(tx.txNapi()).isTrue();
    assertThat(tx.rxNapi()).isFalse();
    assertThat(tx.enabled()).isEqualTo(DmaIrqs.RI);

    Seen rx = check("cyclone5", "v6.7", DmaIrqs.RI, DmaDir.RXTX);
    assertThat(rx.rxNapi()).isTrue();
    assertThat(rx.txNapi()).isFalse();
    assertThat(rx.enabled()).isEqualTo(DmaIrqs.TI);
  }

  @Test
  void perDirectionMsiVectorsSeeOnlyTheirOwnCause() {
    Seen tx = check("rk3588-yt6801", "v6.18", BOTH, DmaDir.TX);
    assertThat(tx.status()).isEqualTo(DwmacHw.HANDLE_TX);
    assertThat(tx.txNapi()).isTrue();
    assertThat(tx.rxNapi()).isFalse();
    assertThat(tx.enabled()).isEqualTo(DmaIrqs.RI);

    Seen rx = check("rk3588-yt6801", "v6.18", BOTH, DmaDir.RX);
    assertThat(rx.status()).isEqualTo(DwmacHw.HANDLE_RX);
    assertThat(rx.rxNapi()).isTrue();
    assertThat(rx.txNapi()).isFalse();
  }

  @Test
  void dwmac1000IgnoresAMaskedRiGmac4ReportsItButLeavesItPending() {
    // RX NAPI running (RIE cleared) when TI and RI are both pending
    Seen gmac = check("cyclone5", "v6.18", BOTH, DmaDir.RXTX, DmaIrqs.RI);
    assertThat(gmac.status()).as("dwmac_dma_interrupt: handle_rx only on a real RIE event")
        .isEqualTo(DwmacHw.HANDLE_TX);
    assertThat(gmac.rxNapi()).isFalse();

    // dwmac4_dma_interrupt reports RI unmasked and clears only status & intr_en
    Rig r = Rig.of("rk3588-yt6801", "v6.18");
    int[] seen = new int[2];
    r.at(1 * MS, () -> {
      DmaIrqs irqs = r.priv.hw.irqs;
      irqs.setEnabled(0, DmaIrqs.RI, false);
      irqs.raise(0, DmaIrqs.TI);
      irqs.raise(0, DmaIrqs.RI);
      seen[0] = r.priv.hw.dmaInterruptStatus(0, DmaDir.RXTX);
      seen[1] = irqs.status(0);
    });
    r.runUntil(1 * MS + 1);
    assertThat(seen[0]).isEqualTo(DwmacHw.HANDLE_TX | DwmacHw.HANDLE_RX);
    assertThat(seen[1]).as("RI stays pending until RIE comes back").isEqualTo(DmaIrqs.RI);
  }
}
