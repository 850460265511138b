package io.nicsim.ravb;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The RX paths' accounting of work against the NAPI budget, era by era, on rings set up by
 * hand: 6.1.192's descriptor count (boguscnt), v6.8's packet count on GbEth, v6.11's budget.
 */
class RavbRxTest {
  private static final int BE = RavbPriv.RAVB_BE;

  @Test
  void quotaEraExactlyAQuotaOfFramesLeavesOneOfQuotaAndUnmasks() {
    // 6.1.192: limit = min(ring room, quota) = 64; 64 good descriptors then DT_FEMPTY:
    // boguscnt ends at 0, ++boguscnt = 1, *quota -= 64 - 1, return 1 <= 0 = false
    RavbBench b = new RavbBench(RavbHwInfo.GBETH, "v6.1");
    b.frames(64, 1442);
    RavbRx.Quota quota = new RavbRx.Quota(64);
    boolean exhausted = b.rx.rxGbethQuota(quota, BE);
    assertThat(exhausted).isFalse();
    assertThat(quota.value).isEqualTo(1);
    assertThat(b.count("napi_gro_receive")).isEqualTo(64);
    assertThat(b.priv.stats[BE].rxPackets).isEqualTo(64);
    assertThat(b.priv.curRx[BE]).isEqualTo(64);
    assertThat(b.priv.dirtyRx[BE]).isEqualTo(64); // refilled
  }

  @Test
  void quotaEraMoreFramesThanQuotaExhaustsIt() {
    RavbBench b = new RavbBench(RavbHwInfo.GBETH, "v6.1");
    b.frames(70, 1442);
    RavbRx.Quota quota = new RavbRx.Quota(64);
    assertThat(b.rx.rxGbethQuota(quota, BE)).isTrue();
    assertThat(quota.value).isZero();
    assertThat(b.count("napi_gro_receive")).isEqualTo(64);
  }

  @Test
  void countPacketsEraExhaustsTheQuotaAtExactlyAQuota() {
    // gbeth-rx-count-packets (v6.8): *quota -= rx_packets; return *quota == 0
    RavbBench b = new RavbBench(RavbHwInfo.GBETH, "v6.10");
    b.frames(64, 1442);
    RavbRx.Quota quota = new RavbRx.Quota(64);
    assertThat(b.rx.rxGbethQuota(quota, BE)).isTrue();
    assertThat(quota.value).isZero();
  }

  @Test
  void rcarQuotaEraKeepsCountingDescriptorsOnV68() {
    RavbBench b = new RavbBench(RavbHwInfo.RCAR_GEN3, "v6.8");
    b.frames(64, 1442);
    RavbRx.Quota quota = new RavbRx.Quota(64);
    assertThat(b.rx.rxRcarQuota(quota, BE)).isFalse();
    assertThat(quota.value).isEqualTo(1);
  }

  @Test
  void budgetEraReturnsThePackets() {
    RavbBench b = new RavbBench(RavbHwInfo.GBETH, "v6.18");
    b.frames(70, 1442);
    assertThat(b.rx.rxGbeth(64, BE)).isEqualTo(64);
    assertThat(b.priv.curRx[BE]).isEqualTo(64);
    assertThat(b.priv.dirtyRx[BE]).isEqualTo(64);
    assertThat(b.priv.hw.rxDieDt[63]).isEqualTo(RavbHw.DT_FEMPTY); // refilled
    assertThat(b.priv.hw.rxDieDt[64]).isEqualTo(RavbHw.DT_FSINGLE); // left for the next poll
  }

  @Test
  void budgetEraStepsOverAZeroLengthDescriptor() {
    RavbBench b = new RavbBench(RavbHwInfo.GBETH, "v6.18");
    b.frames(3, 1442);
    b.priv.hw.rxDsCc[1] = 0; // a descriptor whose buffer mapping failed
    assertThat(b.rx.rxGbeth(64, BE)).isEqualTo(2);
    assertThat(b.priv.curRx[BE]).isEqualTo(3);
  }

  @Test
  void errorsAreCountedNotReceived() {
    RavbBench b = new RavbBench(RavbHwInfo.RCAR_GEN3, "v6.18");
    b.frames(2, 1442);
    b.priv.hw.rxMsc[0] = RavbRx.MSC_CRC | RavbRx.MSC_MC;
    assertThat(b.rx.rxRcar(64, BE)).isEqualTo(1);
    RavbPriv.Stats s = b.priv.stats[BE];
    assertThat(s.rxErrors).isEqualTo(1);
    assertThat(s.rxCrcErrors).isEqualTo(1);
    assertThat(s.multicast).isEqualTo(1);
    assertThat(s.rxPackets).isEqualTo(1);
  }

  @Test
  void newBufferIsSyncedAtItsDmaAddressAndTheDescriptorTakesItsLow32Bits() {
    RavbBench b = new RavbBench(RavbHwInfo.GBETH, "v6.18");
    b.dmaAddr = 0x1_2345_6000L; // dma_addr_t is 64 bits; desc->dptr is __le32
    b.priv.rxBuf[0][3] = 0;
    assertThat(b.rx.allocRxBuffer(0, 3)).isZero();
    assertThat(b.calls).containsExactly("dma_sync_single_for_device(" + 0x1_2345_6000L + ",2048)");
    assertThat(b.priv.hw.rxDptr[3]).isEqualTo(0x2345_6000);
    assertThat(b.priv.hw.rxDsCc[3]).isEqualTo(2048 - 320 - 4 + 2);
  }

  @Test
  void quotaEraRefillLeavesAFailedMappingZeroBytesLong() {
    // 6.1.192's inline refill: dma_mapping_error sets ds_cc 0, dptr takes the address
    RavbBench b = new RavbBench(RavbHwInfo.RCAR_GEN3, "v6.1");
    b.frames(1, 1442);
    b.rxMapError = true;
    b.rxMapAddr = 0x1_0000_0040L;
    b.rx.rxRcarQuota(new RavbRx.Quota(64), BE);
    assertThat(b.priv.dirtyRx[BE]).isEqualTo(1);
    assertThat(b.priv.hw.rxDsCc[0]).isZero();
    assertThat(b.priv.hw.rxDptr[0]).isEqualTo(0x40);
    assertThat(b.calls).contains("dma_map_single(" + RavbRx.RX_BUF_SZ + ")");
  }

  @Test
  void rcarStampsTheBeQueueUnlessOnlyPtpEventsAreAsked() {
    RavbBench b = new RavbBench(RavbHwInfo.RCAR_GEN3, "v6.18");
    b.frames(2, 1442);
    b.priv.hw.rxTsSh[0] = 1;
    b.priv.hw.rxTsSl[0] = 2;
    b.priv.hw.rxTsN[0] = 3;
    b.priv.hw.rxTsSh[1] = 0xFFFF; // past KTIME_SEC_MAX seconds: KTIME_MAX
    b.priv.tstampRxCtrl = RavbRx.RAVB_RXTSTAMP_TYPE; // all frames
    assertThat(b.rx.rxRcar(64, BE)).isEqualTo(2);
    assertThat(b.calls).containsSubsequence("hwtstamp(" + ((1L << 32 | 2) * 1_000_000_000L + 3)
        + ")", "hwtstamp(" + Long.MAX_VALUE + ")");

    RavbBench ptp = new RavbBench(RavbHwInfo.RCAR_GEN3, "v6.18");
    ptp.frames(1, 1442);
    ptp.priv.tstampRxCtrl = RavbRx.RAVB_RXTSTAMP_TYPE_V2_L2_EVENT; // the NC queue's only
    ptp.rx.rxRcar(64, BE);
    assertThat(ptp.calls).noneMatch(c -> c.startsWith("hwtstamp"));
  }

  @Test
  void rcarCountsPacketsFromV69() {
    // v6.8: 6.1's descriptor count, exactly a quota of frames leaves one and is not exhausted
    RavbBench b = new RavbBench(RavbHwInfo.RCAR_GEN3, "v6.8");
    b.frames(64, 1442);
    RavbRx.Quota quota = new RavbRx.Quota(64);
    assertThat(b.rx.rxRcarQuota(quota, BE)).isFalse();
    assertThat(quota.value).isEqualTo(1);
    // rcar-rx-count-packets (v6.9): 64 packets use the whole quota
    RavbBench a = new RavbBench(RavbHwInfo.RCAR_GEN3, "v6.9");
    a.frames(64, 1442);
    RavbRx.Quota q9 = new RavbRx.Quota(64);
    assertThat(a.rx.rxRcarQuota(q9, BE)).isTrue();
    assertThat(q9.value).isZero();
    assertThat(a.priv.stats[BE].rxPackets).isEqualTo(64);
  }

  @Test
  void rcarErrorDescriptorsNoLongerCountFromV69() {
    RavbBench a = new RavbBench(RavbHwInfo.RCAR_GEN3, "v6.9");
    a.frames(3, 1442);
    a.priv.hw.rxMsc[0] = RavbRx.MSC_CRC;
    RavbRx.Quota quota = new RavbRx.Quota(2);
    assertThat(a.rx.rxRcarQuota(quota, BE)).isTrue();
    assertThat(a.priv.curRx[BE]).isEqualTo(3); // the error, then two packets
    assertThat(a.priv.stats[BE].rxPackets).isEqualTo(2);
  }

  @Test
  void aZeroByteDescriptorStopsTheLoopUntilV69() {
    for (RavbHwInfo info : new RavbHwInfo[] {RavbHwInfo.GBETH, RavbHwInfo.RCAR_GEN3}) {
      // v6.8 (GbEth) / with rcar-rx-count-packets (R-Car): the loop reads descriptor 1 again
      // until i reaches the limit
      RavbBench b = new RavbBench(info, "v6.8", "+rcar-rx-count-packets");
      b.frames(3, 1442);
      b.priv.hw.rxDsCc[1] = 0;
      RavbRx.Quota quota = new RavbRx.Quota(64);
      quota(b, info, quota);
      assertThat(b.priv.curRx[BE]).isEqualTo(1);
      assertThat(64 - quota.value).isEqualTo(1);
      // rx-skip-dma-errors (v6.9): past it
      RavbBench a = new RavbBench(info, "v6.9");
      a.frames(3, 1442);
      a.priv.hw.rxDsCc[1] = 0;
      RavbRx.Quota q9 = new RavbRx.Quota(64);
      quota(a, info, q9);
      assertThat(a.priv.curRx[BE]).isEqualTo(3);
      assertThat(64 - q9.value).isEqualTo(2);
    }
  }

  private static void quota(RavbBench b, RavbHwInfo info, RavbRx.Quota quota) {
    if (info == RavbHwInfo.GBETH) {
      b.rx.rxGbethQuota(quota, BE);
    } else {
      b.rx.rxRcarQuota(quota, BE);
    }
  }
}
