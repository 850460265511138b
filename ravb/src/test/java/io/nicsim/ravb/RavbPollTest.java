package io.nicsim.ravb;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** ravb_poll's decision to unmask, per era, and the queue interrupt's masking writes. */
class RavbPollTest {
  private static final int BE = RavbPriv.RAVB_BE;

  private static RavbBench masked(RavbHwInfo info, String kernel, String... patches) {
    RavbBench b = new RavbBench(info, kernel, patches);
    b.priv.hw.ric0 = 0; // the queue interrupt masked both directions
    b.priv.hw.tic = 0;
    return b;
  }

  @Test
  void budgetEraUnmasksOnlyWhenNapiCompleteDoneSaysSo() {
    RavbBench b = masked(RavbHwInfo.GBETH, "v6.18");
    b.frames(5, 1442);
    b.completeDoneAnswer = false; // deferred: napi_defer_hard_irqs / gro_flush_timeout
    assertThat(b.napi.poll(null, 64)).isEqualTo(5);
    assertThat(b.calls).contains("napi_complete_done(5)");
    assertThat(b.priv.hw.ric0).isZero();
    assertThat(b.priv.hw.tic).isZero();

    b.completeDoneAnswer = true;
    assertThat(b.napi.poll(null, 64)).isZero();
    assertThat(b.priv.hw.ric0 & 1).isEqualTo(1);
    assertThat(b.priv.hw.tic & 1).isEqualTo(1);
  }

  @Test
  void quotaEraUnmasksAfterNapiCompleteWhateverItReturns() {
    RavbBench b = masked(RavbHwInfo.GBETH, "v6.10");
    b.frames(5, 1442);
    b.completeDoneAnswer = false;
    assertThat(b.napi.poll(null, 64)).isEqualTo(5);
    assertThat(b.calls).contains("napi_complete_done(0)"); // napi_complete
    assertThat(b.priv.hw.ric0 & 1).isEqualTo(1);
  }

  @Test
  void fullBudgetKeepsTheQueueMasked() {
    RavbBench b = masked(RavbHwInfo.GBETH, "v6.18");
    b.frames(80, 1442);
    assertThat(b.napi.poll(null, 64)).isEqualTo(64);
    assertThat(b.calls).noneMatch(c -> c.startsWith("napi_complete"));
    assertThat(b.priv.hw.ric0).isZero();
  }

  @Test
  void rcarUnmasksThroughTheEnableRegisters() {
    RavbBench b = masked(RavbHwInfo.RCAR_GEN3, "v6.18");
    b.frames(1, 1442);
    b.napi.poll(null, 64);
    assertThat(b.priv.hw.ric0).isEqualTo(1); // RIE0 write sets the bit
    assertThat(b.priv.hw.tic).isEqualTo(1); // TIE
  }

  @Test
  void theWhatIfLeavesTxMasked() {
    RavbBench b = masked(RavbHwInfo.GBETH, "v6.18", "+lost-tx-irq-unmask");
    b.frames(1, 1442);
    b.napi.poll(null, 64);
    assertThat(b.priv.hw.ric0 & 1).isEqualTo(1);
    assertThat(b.priv.hw.tic).isZero();
  }

  @Test
  void queueInterruptMasksBothDirectionsAndClearsRisInThePoll() {
    RavbBench b = new RavbBench(RavbHwInfo.GBETH, "v6.18");
    b.priv.hw.ric0 = RavbHw.RIC0_FRE0;
    b.priv.hw.tic = RavbHw.TIC_FTE0;
    b.frames(1, 1442);
    assertThat(b.napi.queueInterrupt(BE)).isTrue();
    assertThat(b.priv.hw.ric0).isZero();
    assertThat(b.priv.hw.tic).isZero();
    assertThat(b.calls).containsExactly("napi_schedule_prep", "__napi_schedule");
    b.napi.poll(null, 64);
    assertThat(b.priv.hw.ris0 & RavbHw.RIS0_FRF0).isZero();
  }

  @Test
  void queueInterruptIgnoresAMaskedStatus() {
    RavbBench b = new RavbBench(RavbHwInfo.GBETH, "v6.18");
    b.priv.hw.ric0 = 0;
    b.frames(1, 1442);
    assertThat(b.napi.queueInterrupt(BE)).isFalse();
    assertThat(b.calls).isEmpty();
  }

  @Test
  void rxOverErrorsSumIsU32AsPrivHoldsIt() {
    RavbBench b = masked(RavbHwInfo.GBETH, "v6.18");
    b.priv.stats[BE].rxOverErrors = 1L << 32; // unsigned long; priv->rx_over_errors is u32
    b.priv.ndevRxOverErrors = 5;
    b.napi.poll(null, 64);
    assertThat(b.priv.rxOverErrors).isZero();
    assertThat(b.priv.ndevRxOverErrors).isZero();
  }

  @Test
  void beforeV69AnExhaustedQuotaSkipsTheTxRingAndTheCounters() {
    // mainline v6.8's ravb_poll: if (ravb_rx(ndev, &quota, q)) goto out;
    RavbBench b = masked(RavbHwInfo.GBETH, "v6.8");
    b.frames(80, 1442);
    b.priv.stats[BE].rxOverErrors = 3;
    assertThat(b.napi.poll(null, 64)).isEqualTo(64);
    assertThat(b.calls).noneMatch(c -> c.startsWith("netif_wake_subqueue"));
    assertThat(b.priv.ndevRxOverErrors).isZero();

    // poll-always-tx and poll-error-counters (v6.9): both every poll
    RavbBench a = masked(RavbHwInfo.GBETH, "v6.9");
    a.frames(80, 1442);
    a.priv.stats[BE].rxOverErrors = 3;
    assertThat(a.napi.poll(null, 64)).isEqualTo(64);
    assertThat(a.calls).contains("netif_wake_subqueue(0)");
    assertThat(a.priv.ndevRxOverErrors).isEqualTo(3);
  }

  @Test
  void debian612CarriesBothPollBackportsMainline61DoesNot() {
    assertThat(RavbPatches.POLL_ALWAYS_TX.inKernel(io.nicsim.core.era.KernelVersion.parse("v6.1.192")))
        .isTrue();
    assertThat(RavbPatches.POLL_ERROR_COUNTERS.inKernel(
        io.nicsim.core.era.KernelVersion.parse("v6.1.192"))).isTrue();
    RavbBench b = masked(RavbHwInfo.RCAR_GEN3, "v6.1");
    b.frames(80, 1442);
    b.napi.poll(null, 64);
    assertThat(b.calls).noneMatch(c -> c.startsWith("netif_wake_subqueue"));
    RavbBench d = masked(RavbHwInfo.RCAR_GEN3, "v6.1.192");
    d.frames(80, 1442);
    d.napi.poll(null, 64);
    assertThat(d.calls).contains("netif_wake_subqueue(0)");
  }

  @Test
  void beforeV69TheCountersFollowTheUnmask() {
    RavbBench b = masked(RavbHwInfo.GBETH, "v6.8", "-poll-always-tx");
    b.frames(1, 1442);
    b.priv.stats[BE].rxOverErrors = 2;
    b.napi.poll(null, 64);
    assertThat(b.priv.ndevRxOverErrors).isEqualTo(2);
    assertThat(b.priv.hw.ric0 & 1).isEqualTo(1);
  }
}
