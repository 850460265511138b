package io.nicsim.fec;

import static io.nicsim.fec.FecItrTest.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.ethtool.Ethtool;
import io.nicsim.core.kernel.KernelException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** fec_probe / fec_enet_init / fec_enet_alloc_queue / fec_restart across eras. */
class FecSetupTest {

  @Test
  void mainlineDefaultIs1000UsOnEveryImx8() throws KernelException {
    for (String soc : new String[] {"imx8qxp", "imx8mq", "imx8mp", "imx8qm"}) {
      FecRig rig = FecRig.probe(soc, 266_666_666L, "v6.17");
      assertThat(Ethtool.getCoalesce(rig.coal).rxCoalesceUsecs()).as(soc).isEqualTo(1000);
    }
  }

  @ParameterizedTest(name = "{0}: rx-usecs {1}")
  @CsvSource({"imx8qxp, 100", "imx8dxl, 100", "imx8mp, 100", "imx93, 100", "imx8mq, 100",
      "imx6sx, 1000", "imx6ul, 1000", "imx7d, 1000", "imx8ulp, 1000"})
  void proposedPatchGivesI8EntriesTheirOwnDefault(String soc, long rxUsecs)
      throws KernelException {
    FecRig rig = FecRig.probe(soc, 333_333_333L, "v6.10", "+soc-rx-usecs");
    assertThat(Ethtool.getCoalesce(rig.coal).rxCoalesceUsecs()).isEqualTo(rxUsecs);
    assertThat(Ethtool.getCoalesce(rig.coal).txCoalesceUsecs()).isEqualTo(1000);
  }

  @Test
  void proposedPatchOnImx8qxpProgramsIctt520() {
    FecRig rig = FecRig.imx8qxp("v6.10", "+soc-rx-usecs");
    assertThat(rig.regs.rxic(0)).isEqualTo(0xCC800208);
    assertThat(rig.regs.txic(0)).isEqualTo(0xCC801458);
  }

  @Test
  void beforeDf727ARestartForgetsTheUsersSetting() throws KernelException {
    FecRig rig = FecRig.imx8qxp("v6.0");
    rig.coal.setCoalesce(request(100, 16, 100, 16));
    assertThat(rig.regs.rxic(0)).isEqualTo(0xC1000208);
    rig.setup.restart(); // "ip link up", link change, pause change ...
    assertThat(Ethtool.getCoalesce(rig.coal).rxCoalesceUsecs()).isEqualTo(1000);
    assertThat(rig.regs.rxic(0)).isEqualTo(0xCC801458);
  }

  @Test
  void afterDf727ARestartKeepsIt() throws KernelException {
    FecRig rig = FecRig.imx8qxp("v6.1");
    rig.coal.setCoalesce(request(100, 16, 100, 16));
    rig.setup.restart();
    assertThat(Ethtool.getCoalesce(rig.coal).rxCoalesceUsecs()).isEqualTo(100);
    assertThat(rig.regs.rxic(0)).isEqualTo(0xC1000208);
  }

  @Test
  void withoutTheGuardASocWithoutCoalescingGetsItsRegistersWritten() {
    FecRig unguarded = FecRig.probe("imx6q", 66_000_000L, "v6.6", "-coal-guard");
    assertThat(unguarded.regs.coalWrites()).isPositive();
    FecRig guarded = FecRig.probe("imx6q", 66_000_000L, "v6.6");
    assertThat(guarded.regs.coalWrites()).isZero();
    FecRig old = FecRig.probe("imx6q", 66_000_000L, "v6.0");
    assertThat(old.regs.coalWrites()).as("coal_init hits -EOPNOTSUPP").isZero();
  }

  @Test
  void restartUnmasksOnlyWithLinkAndAcksStaleEvents() {
    FecRig rig = FecRig.imx8qxp("v6.17");
    assertThat(rig.regs.imask()).isZero(); // no link at probe
    rig.regs.raise(FecRegisters.FEC_ENET_RXF_0 | FecRegisters.FEC_ENET_MII);
    rig.fep.link(1);
    rig.setup.restart();
    assertThat(rig.regs.imask()).isEqualTo(0x0A0000AA);
    assertThat(rig.regs.ievent()).isEqualTo(FecRegisters.FEC_ENET_MII);
  }

  @ParameterizedTest(name = "{0}: tx {1} rx {2} stop {3} wake {4}")
  @CsvSource({
    "v5.10, 512, 512, 217, 147",
    "v6.0, 512, 512, 217, 147",
    "v6.1, 512, 256, 217, 147",
    "v6.4, 512, 256, 217, 147",
    "v6.5, 1024, 256, 217, 251",
    "v6.17, 1024, 256, 217, 251",
  })
  void ringSizesAndThresholdsPerEra(String kernel, int tx, int rx, int stop, int wake) {
    FecRig rig = FecRig.imx8qxp(kernel);
    for (int q = 0; q < 3; q++) {
      assertThat(rig.fep.txQueue(q).ringSize()).isEqualTo(tx);
      assertThat(rig.fep.rxQueue(q).ringSize()).isEqualTo(rx);
      assertThat(rig.fep.txQueue(q).txStopThreshold()).isEqualTo(stop);
      assertThat(rig.fep.txQueue(q).txWakeThreshold()).isEqualTo(wake);
    }
  }

  @Test
  void maskConstantsAreTheHeaders() {
    assertThat(FecRegisters.FEC_ENET_TXF).isEqualTo(0x08000088);
    assertThat(FecRegisters.FEC_ENET_RXF).isEqualTo(0x02000022);
    assertThat(FecRegisters.FEC_DEFAULT_IMASK).isEqualTo(0x0A0000AA);
    assertThat(FecRegisters.FEC_RX_DISABLED_IMASK).isEqualTo(0x08000088);
  }

  @Test
  void ieventIsWriteOneToClear() {
    FecRegisters r = new FecRegisters();
    r.raise(0x0A000000);
    r.writel(0x02000000, FecRegisters.FEC_IEVENT);
    assertThat(r.ievent()).isEqualTo(0x08000000);
    r.writel(0, FecRegisters.FEC_IEVENT);
    assertThat(r.ievent()).isEqualTo(0x08000000);
  }

  @Test
  void queueNumKeepsTheDriversEarlyReturn() {
    assertThat(FecSetup.getQueueNum(FecOfNode.queues(3, 3))).containsExactly(3, 3);
    assertThat(FecSetup.getQueueNum(FecOfNode.queues(4, 3))).containsExactly(1, 3);
    // rx not checked
    assertThat(FecSetup.getQueueNum(FecOfNode.queues(0, 9))).containsExactly(1, 9);
    assertThat(FecSetup.getQueueNum(FecOfNode.queues(2, 0))).containsExactly(2, 1);
    // no node: 1 and 1, whatever the properties would say
    assertThat(FecSetup.getQueueNum(null)).containsExactly(1, 1);
  }

  @Test
  void allocQueueFailsWithEnomemThroughFreeQueueAndSumsTheRings() {
    FecDataHarnesses.Rig rig = new FecDataHarnesses.Rig("6.18.19", 0, true);
    rig.fep.numTxQueues = 2;
    rig.fep.numRxQueues = 1;
    rig.k.resetAllocs(0, 2);
    assertThat(new FecSetup(rig.fep, new FecCoalesce(rig.fep)).allocQueue()).isEqualTo(-12);
    assertThat(rig.out().toString()).endsWith("fec_enet_free_queue()");
    assertThat(rig.fep.totalTxRingSize).isEqualTo(2 * rig.fep.txQueue[0].ringSize);
  }
}
