package io.nicsim.stmmac;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nicsim.core.era.PatchSet;
import io.nicsim.core.ethtool.CoalesceArgs;
import io.nicsim.core.ethtool.Ethtool;
import io.nicsim.core.ethtool.EthtoolCoalesce;
import io.nicsim.core.kernel.Errno;
import io.nicsim.core.kernel.KernelException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class StmmacEthtoolTest {

  private static final class Nic {
    final Plats.Recorded rec;
    final StmmacLifecycle life;
    final StmmacEthtool ethtool;

    Nic(StmmacPlat plat, PatchSet patches) {
      rec = new Plats.Recorded(plat, patches);
      life = new StmmacLifecycle(rec.priv);
      ethtool = new StmmacEthtool(rec.priv);
    }

    Nic up() {
      life.open();
      rec.writes.clear();
      return this;
    }

    EthtoolCoalesce dashC(String args) throws KernelException {
      return Ethtool.applyArgs(ethtool, CoalesceArgs.parse(args));
    }

    Errno refusal(String args) {
      try {
        dashC(args);
      } catch (KernelException e) {
        return e.errno();
      }
      throw new AssertionError("ethtool -C " + args + " was accepted");
    }

    StmmacPriv priv() {
      return rec.priv;
    }
  }

  private static Nic nic(StmmacPlat plat, String kernel, String... edits) {
    return new Nic(plat, StmmacPatches.select(kernel, List.of(edits)));
  }

  // ---------------------------------------------------------------- RIWT <-> usec

  @ParameterizedTest
  @CsvSource({
    // usec, truncating riwt, rounding riwt at 125 MHz
    "328, 160, 160",
    "33, 16, 16",
    "32, 15, 16",
    "31, 15, 15",
    "523, 255, 255",
    "524, 255, 256",
    "525, 256, 256"
  })
  void usecToRiwtAt125MHz(long usec, long truncating, long rounding) {
    assertThat(nic(Plats.gmac4Pci(), "v6.6").ethtool.usec2riwt(usec)).isEqualTo(truncating);
    assertThat(nic(Plats.gmac4Pci(), "v6.18", "+riwt-rounding").ethtool.usec2riwt(usec))
        .isEqualTo(rounding);
  }

  @Test
  void defaultRiwtReadsBackAs327Or328() {
    assertThat(nic(Plats.gmac4Pci(), "v6.6").ethtool.riwt2usec(0xa0)).isEqualTo(327);
    assertThat(nic(Plats.gmac4Pci(), "v6.18", "+riwt-rounding").ethtool.riwt2usec(0xa0))
        .isEqualTo(328);
  }

  @Test
  void noClockMeansZero() {
    StmmacPlat none =
        new StmmacPlat(DwmacCore.GMAC4, 0x52, 1, 1, 0, 0, false, false, false, 64);
    StmmacEthtool e = nic(none, "v6.6").ethtool;
    assertThat(e.usec2riwt(300)).isZero();
    assertThat(e.riwt2usec(0xa0)).isZero();
  }

  @Test
  void unsignedLongWrapsOn32BitCpus() throws KernelException {
    // 17179886 * 250 = 2^32 + 4204: as a 32-bit unsigned long that is 4204, i.e. RIWT 16
    Nic arm32 = nic(Plats.gmac32(), "v6.6").up();
    assertThat(arm32.ethtool.usec2riwt(17_179_886L)).isEqualTo(16);
    arm32.dashC("rx-usecs 17179886");
    assertThat(arm32.priv().rxRiwt(0)).isEqualTo(16);

    StmmacPlat arm64 =
        new StmmacPlat(DwmacCore.GMAC, 0x37, 1, 1, 250_000_000L, 0, false, false, false, 64);
    Nic wide = nic(arm64, "v6.6").up();
    assertThat(wide.refusal("rx-usecs 17179886")).isEqualTo(Errno.EINVAL);
  }

  // ---------------------------------------------------------------- refusals per era

  @ParameterizedTest
  @ValueSource(strings = {"v4.19", "v5.4", "v5.12", "v6.6", "v6.18"})
  void txValidationIsTheSameInEveryEra(String kernel) {
    Nic n = nic(Plats.gmac32(), kernel).up();
    assertThat(n.refusal("tx-usecs 0 tx-frames 0")).isEqualTo(Errno.EINVAL);
    assertThat(n.refusal("tx-usecs 100001")).isEqualTo(Errno.EINVAL);
    assertThat(n.refusal("tx-frames 257")).isEqualTo(Errno.EINVAL);
    assertThat(n.refusal("tx-usecs-irq 5")).isEqualTo(Errno.EOPNOTSUPP);
    assertThat(n.refusal("adaptive-rx on")).isEqualTo(Errno.EOPNOTSUPP);
  }

  @ParameterizedTest
  @ValueSource(strings = {"v4.19", "v6.6", "v6.18"})
  void txUsecsZeroWithFramesIsLegal(String kernel) throws KernelException {
    Nic n = nic(Plats.gmac32(), kernel).up();
    EthtoolCoalesce after = n.dashC("tx-usecs 0 tx-frames 1");
    assertThat(after.txCoalesceUsecs()).isZero();
    assertThat(n.priv().txCoalTimer(0)).isZero();
  }

  /**
   * ethtool -C reads rx-usecs back and writes it again; with truncating math at 250 MHz the
   * round trip loses a RIWT unit. On 5.3/5.4 the open value is MIN_DMA_RIWT (16 units, read as
   * 16 us, written back as 15 units), so any ethtool -C is refused; from 5.5 each call lowers
   * the watchdog by one unit.
   */
  @Test
  void truncatingRoundTripDriftsTheWatchdog() throws KernelException {
    Nic v54 = nic(Plats.gmac32(), "v5.4").up();
    assertThat(v54.refusal("tx-usecs 0 tx-frames 1")).isEqualTo(Errno.EINVAL);

    Nic v66 = nic(Plats.gmac32(), "v6.6").up();
    assertThat(v66.priv().rxRiwt(0)).isEqualTo(160);
    v66.dashC("tx-frames 10");
    assertThat(v66.priv().rxRiwt(0)).isEqualTo(159);
    v66.dashC("tx-frames 11");
    assertThat(v66.priv().rxRiwt(0)).isEqualTo(158);

    Nic rounding = nic(Plats.gmac32(), "v6.18", "+riwt-rounding").up();
    rounding.dashC("tx-frames 10");
    rounding.dashC("tx-frames 11");
    assertThat(rounding.priv().rxRiwt(0)).isEqualTo(160);
  }

  @Test
  void rxFramesIsUnsupportedBeforeRxCoalFrames() {
    assertThat(nic(Plats.gmac32(), "v4.19").up().refusal("rx-frames 8"))
        .isEqualTo(Errno.EOPNOTSUPP);
    assertThat(nic(Plats.gmac32(), "v5.2").up().refusal("rx-frames 8"))
        .isEqualTo(Errno.EOPNOTSUPP);
  }

  @Test
  void v4_19RefusesRxUsecsZeroAndChecksRiwtAfterTx() throws KernelException {
    Nic n = nic(Plats.gmac32(), "v4.19").up();
    assertThat(n.refusal("rx-usecs 0")).isEqualTo(Errno.EINVAL);
    // a bad RX value with a bad TX value: nothing is stored either way
    int riwtBefore = n.priv().rxRiwt(0);
    assertThat(n.refusal("rx-usecs 100 tx-frames 300")).isEqualTo(Errno.EINVAL);
    assertThat(n.priv().rxRiwt(0)).isEqualTo(riwtBefore);
    assertThat(n.rec.writes).isEmpty();
    // 250 MHz: MIN_DMA_RIWT 0x20 in 4.19 -> rx-usecs below 33 refused
    assertThat(n.refusal("rx-usecs 32")).isEqualTo(Errno.EINVAL);
    n.dashC("rx-usecs 33");
    assertThat(n.priv().rxRiwt(0)).isEqualTo(32);
  }

  @Test
  void v4_19WithoutRiwtRefusesEveryCoalesceChangeWithEopnotsupp() {
    Nic n = nic(Plats.withoutRiwt(Plats.gmac32()), "v4.19").up();
    // get reports rx-usecs 0 without RIWT, so ethtool -C writes rx-usecs 0 back: -EINVAL first
    assertThat(n.refusal("tx-frames 5")).isEqualTo(Errno.EINVAL);
    assertThat(n.refusal("tx-frames 5 rx-usecs 100")).isEqualTo(Errno.EOPNOTSUPP);
  }

  @Test
  void from5_4RxIsAppliedBeforeTxValidation() {
    for (String kernel : List.of("v5.4", "v5.12", "v6.6", "v6.18")) {
      Nic n = nic(Plats.gmac32(), kernel).up();
      assertThat(n.refusal("rx-usecs 200 tx-frames 300")).as(kernel).isEqualTo(Errno.EINVAL);
      // 200 us * 250 / 256 = 195 units, written to the hardware although -EINVAL came back
      assertThat(n.priv().rxRiwt(0)).as(kernel).isEqualTo(195);
      assertThat(n.rec.writes).as(kernel).containsExactly("0:195");
      assertThat(n.priv().txCoalFrames(0)).as(kernel).isEqualTo(n.priv().defaults().txFrames());
    }
  }

  @Test
  void withoutRiwtTheTxKnobsWorkFrom5_4() throws KernelException {
    Nic n = nic(Plats.withoutRiwt(Plats.gmac32()), "v5.4").up();
    n.dashC("tx-frames 5");
    assertThat(n.priv().txCoalFrames(0)).isEqualTo(5);
  }

  @Test
  void v6_6SkipsTheWholeRxPartWhenRxUsecsIsZero() throws KernelException {
    Nic n = nic(Plats.gmac4Pci(), "v6.6").up();
    n.dashC("rx-usecs 0 rx-frames 7");
    assertThat(n.priv().rxCoalFrames(0)).as("rx-frames silently dropped").isZero();
    assertThat(n.rec.writes).isEmpty();
    n.dashC("rx-usecs 100 rx-frames 7");
    assertThat(n.priv().rxCoalFrames(0)).isEqualTo(7);
  }

  @Test
  void rxUsecsZeroIsRefusedWithRiwtFrom6_12AndAcceptedWhereTheGuardExists()
      throws KernelException {
    // 6.12.117 and 6.18: "if (priv->use_riwt)" converts rx-usecs 0 to RIWT 0 < MIN_DMA_RIWT
    for (String era : List.of("v6.12", "v6.12.117", "v6.18")) {
      Nic n = nic(Plats.gmac4Pci(), era).up();
      assertThat(n.refusal("rx-usecs 0")).as(era).isEqualTo(Errno.EINVAL);
      assertThat(n.refusal("rx-usecs 31")).as(era).isEqualTo(Errno.EINVAL);
      assertThat(n.ethtool.coalesceLimits()).as(era).doesNotContain("or 0");
    }
    // 6.1.192 keeps "use_riwt && rx_coalesce_usecs > 0": 0 skips the RX part
    for (String era : List.of("v6.1", "v6.1.192", "v6.6")) {
      Nic n = nic(Plats.gmac4Pci(), era).up();
      n.dashC("rx-usecs 0");
      assertThat(n.rec.writes).as(era).isEmpty();
      assertThat(n.ethtool.coalesceLimits()).as(era).contains("or 0 (unchanged)");
    }
    // the rounding change alone does not remove the guard
    Nic rounding = nic(Plats.gmac4Pci(), "v6.6", "+riwt-rounding").up();
    rounding.dashC("rx-usecs 0");
    assertThat(rounding.rec.writes).isEmpty();
  }

  @Test
  void downInterfaceIsBusyUntil6_12() throws KernelException {
    Nic old = nic(Plats.gmac32(), "v6.11");
    assertThatThrownBy(() -> Ethtool.getCoalesce(old.ethtool))
        .isInstanceOfSatisfying(
            KernelException.class, e -> assertThat(e.errno()).isEqualTo(Errno.EBUSY));
    Nic newer = nic(Plats.gmac32(), "v6.12");
    assertThat(Ethtool.getCoalesce(newer.ethtool).txCoalesceUsecs()).isZero();
  }

  // ---------------------------------------------------------------- per queue

  @Test
  void perQueueOpsAreRefusedBefore5_13() {
    Nic n = nic(Plats.gmac4Queues(2, 2), "v5.12").up();
    assertThatThrownBy(() -> Ethtool.getPerQueueCoalesce(n.ethtool, 1))
        .isInstanceOfSatisfying(
            KernelException.class, e -> assertThat(e.errno()).isEqualTo(Errno.EOPNOTSUPP));
  }

  @Test
  void perQueueSetTouchesOneQueue() throws KernelException {
    Nic n = nic(Plats.gmac4Queues(2, 2), "v6.6").up();
    EthtoolCoalesce req = Ethtool.getPerQueueCoalesce(n.ethtool, 1);
    req.txMaxCoalescedFrames(3);
    Ethtool.setPerQueueCoalesce(n.ethtool, 0b10, req);
    assertThat(n.priv().txCoalFrames(1)).isEqualTo(3);
    assertThat(n.priv().txCoalFrames(0)).isEqualTo(25);
  }

  @Test
  void queueBeyondTheLargerCountIsInvalid() {
    Nic n = nic(Plats.gmac4Queues(2, 1), "v6.6").up();
    assertThatThrownBy(() -> Ethtool.getPerQueueCoalesce(n.ethtool, 2))
        .isInstanceOfSatisfying(
            KernelException.class, e -> assertThat(e.errno()).isEqualTo(Errno.EINVAL));
  }

  @Test
  void txOnlyQueueReportsZeroRxValues() throws KernelException {
    Nic n = nic(Plats.gmac4Queues(2, 1), "v6.6").up();
    EthtoolCoalesce q1 = Ethtool.getPerQueueCoalesce(n.ethtool, 1);
    assertThat(q1.txMaxCoalescedFrames()).isEqualTo(25);
    assertThat(q1.rxCoalesceUsecs()).isZero();
  }

  // ---------------------------------------------------------------- lost on the next open

  @ParameterizedTest
  @CsvSource({"v4.19, false", "v5.4, false", "v6.6, true", "v6.18, true"})
  void valuesAreLostOnTheNextOpen(String kernel, boolean riwtSurvives) throws KernelException {
    Nic n = nic(Plats.gmac32(), kernel).up();
    StmmacDefaults d = n.priv().defaults();
    n.dashC("tx-usecs 100 tx-frames 2 rx-usecs 150");
    assertThat(n.priv().txCoalTimer(0)).isEqualTo(100);
    assertThat(n.priv().txCoalFrames(0)).isEqualTo(2);
    int userRiwt = n.priv().rxRiwt(0);
    assertThat(userRiwt).isEqualTo(146);

    n.life.release();
    n.life.open();

    assertThat(n.priv().txCoalTimer(0)).isEqualTo(d.coalTxTimerUs());
    assertThat(n.priv().txCoalFrames(0)).isEqualTo(d.txFrames());
    assertThat(n.priv().rxRiwt(0)).isEqualTo(riwtSurvives ? userRiwt : d.openRiwt());
  }

  @Test
  void openProgramsTheEraDefaultRiwt() {
    Nic v419 = nic(Plats.gmac32(), "v4.19");
    v419.life.open();
    assertThat(v419.rec.writes).containsExactly("0:255");
    Nic v54 = nic(Plats.gmac32(), "v5.4");
    v54.life.open();
    assertThat(v54.rec.writes).containsExactly("0:16");
    Nic v66 = nic(Plats.gmac32(), "v6.6");
    v66.life.open();
    assertThat(v66.rec.writes).containsExactly("0:160");
  }

  @Test
  void getReportsTheDefaultsAfterOpen() throws KernelException {
    EthtoolCoalesce c = Ethtool.getCoalesce(nic(Plats.gmac4Pci(), "v6.7").up().ethtool);
    assertThat(c.txCoalesceUsecs()).isEqualTo(5000);
    assertThat(c.txMaxCoalescedFrames()).isEqualTo(25);
    assertThat(c.rxMaxCoalescedFrames()).isZero();
    assertThat(c.rxCoalesceUsecs()).isEqualTo(327);
  }
}
