package io.nicsim.fec;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.ethtool.EthtoolCoalesce;
import io.nicsim.core.kernel.KernelException;
import java.math.BigInteger;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/** fec_enet_us_to_itr_clock and the RXIC/TXIC values fec_enet_itr_coal_set writes. */
class FecItrTest {

  @Test
  void imx8qxpDefaultsGiveTheIssueRegisterValueOnAllThreeRings() {
    FecRig rig = FecRig.imx8qxp("v6.17");
    for (int q = 0; q < 3; q++) {
      assertThat(rig.regs.rxic(q)).as("RXIC%d", q).isEqualTo(0xCC801458);
      assertThat(rig.regs.txic(q)).as("TXIC%d", q).isEqualTo(0xCC801458);
    }
  }

  @Test
  void oldEraProgramsTheSameDefaultsThroughCoalInit() {
    FecRig rig = FecRig.imx8qxp("v5.15");
    assertThat(rig.regs.rxic(0)).isEqualTo(0xCC801458);
    assertThat(rig.regs.txic(2)).isEqualTo(0xCC801458);
  }

  @Test
  void hundredMicrosecondsIs520Ticks() throws KernelException {
    FecRig rig = FecRig.imx8qxp("v6.17");
    assertThat(rig.coal.usToItrClock(100)).isEqualTo(520);
    assertThat(rig.coal.usToItrClock(1000)).isEqualTo(5208);
    rig.coal.setCoalesce(request(100, 200, 1000, 200));
    assertThat(rig.regs.rxic(0) & 0xffff).isEqualTo(520);
    assertThat(rig.regs.rxic(0)).isEqualTo(0xCC800208);
  }

  @Test
  void singleRingSocLeavesRings1And2Alone() {
    FecRig rig = FecRig.probe("imx6ul", 132_000_000L, "v6.17");
    assertThat(rig.regs.rxic(0)).isNotZero();
    assertThat(rig.regs.rxic(1)).isZero();
    assertThat(rig.regs.txic(2)).isZero();
  }

  @Test
  void largestAcceptedRxUsecsAt333MHzIs12583() throws KernelException {
    FecRig rig = FecRig.imx8qxp("v6.17");
    rig.coal.setCoalesce(request(12583, 200, 1000, 200));
    assertThat(rig.regs.rxic(0) & 0xffff).isEqualTo(65532);
    KernelException refused = refuse(rig, request(12584, 200, 1000, 200));
    assertThat(refused.kernelMessage()).isEqualTo(FecCoalesce.MSG_RX_USECS);
  }

  @Test
  void u32ProductWrapsSoAHugeValueIsAcceptedAsTwoTicks() throws KernelException {
    FecRig rig = FecRig.imx8qxp("v6.17");
    // 824687 * 5208 = 4294969896 = 2^32 + 2600
    assertThat(rig.coal.usToItrClock(824_687)).isEqualTo(2);
    assertThat(rig.coal.usToItrClock(824_686)).isEqualTo(4_294_964);
    rig.coal.setCoalesce(request(824_687, 200, 1000, 200));
    assertThat(rig.fep.rxTimeItr()).isEqualTo(824_687);
    assertThat(rig.regs.rxic(0)).isEqualTo(0xCC800002);
  }

  @Property
  void ticksAreTheTruncatedU32ProductOverAThousand(
      @ForAll @LongRange(min = 0, max = 0xFFFF_FFFFL) long us,
      @ForAll @LongRange(min = 1, max = 0xFFFF_FFFFL) long rate) {
    FecRig rig = FecRig.imx8qxp("v6.17");
    rig.fep.itrClkRate = (int) rate;
    BigInteger k = BigInteger.valueOf(rate / 64000);
    BigInteger product = BigInteger.valueOf(us).multiply(k).mod(BigInteger.ONE.shiftLeft(32));
    int expected = product.divide(BigInteger.valueOf(1000)).intValueExact();
    assertThat(rig.coal.usToItrClock((int) us)).isEqualTo(expected);
  }

  @Property
  void everyRxUsecsUpTo12583IsProgrammedAsIs(@ForAll @IntRange(min = 1, max = 12583) int us)
      throws KernelException {
    FecRig rig = FecRig.imx8qxp("v6.17");
    rig.coal.setCoalesce(request(us, 200, 1000, 200));
    assertThat(rig.regs.rxic(0) & 0xffff).isEqualTo((int) ((long) us * 5208 / 1000));
  }

  @Property
  void rxUsecsBetweenTheLimitAndTheWrapAreRefused(
      @ForAll @IntRange(min = 12584, max = 824_686) int us) {
    FecRig rig = FecRig.imx8qxp("v6.17");
    assertThat(refuse(rig, request(us, 200, 1000, 200)).kernelMessage())
        .isEqualTo(FecCoalesce.MSG_RX_USECS);
  }

  @Test
  void zeroFramesOldCoalSetLeavesRegistersUntouched() throws KernelException {
    FecRig rig = FecRig.imx8qxp("v6.16");
    long writes = rig.regs.coalWrites();
    rig.coal.setCoalesce(request(100, 0, 1000, 200));
    assertThat(rig.fep.rxPktsItr()).isZero(); // stored ...
    assertThat(rig.regs.coalWrites()).isEqualTo(writes); // ... but nothing written
    assertThat(rig.regs.rxic(0)).isEqualTo(0xCC801458); // old 1000 us setting stays live
    assertThat(rig.regs.txic(0)).isEqualTo(0xCC801458);
  }

  @Test
  void zeroUsecsOldCoalSetAlsoBlocksTheOtherDirection() throws KernelException {
    FecRig rig = FecRig.imx8qxp("v6.16");
    rig.coal.setCoalesce(request(100, 200, 0, 200));
    assertThat(rig.regs.rxic(0)).as("rx change not applied").isEqualTo(0xCC801458);
  }

  @Test
  void zeroValuesNewCoalSetDisablesOnlyThatDirection() throws KernelException {
    FecRig rig = FecRig.imx8qxp("v6.17");
    rig.coal.setCoalesce(request(100, 0, 1000, 200));
    assertThat(rig.regs.rxic(0)).isZero();
    assertThat(rig.regs.txic(0)).isEqualTo(0xCC801458);
    rig.coal.setCoalesce(request(100, 200, 0, 200));
    assertThat(rig.regs.rxic(0)).isEqualTo(0xCC800208);
    assertThat(rig.regs.txic(0)).isZero();
  }

  @Test
  void oneFrameDisablesInNewEraButIsProgrammedInOldEra() throws KernelException {
    FecRig fresh = FecRig.imx8qxp("v6.17");
    fresh.coal.setCoalesce(request(100, 1, 1000, 200));
    assertThat(fresh.regs.rxic(0)).isZero();

    FecRig old = FecRig.imx8qxp("v6.16");
    old.coal.setCoalesce(request(100, 1, 1000, 200));
    assertThat(old.regs.rxic(0)).isEqualTo(0xC0100208); // EN | CLK_SEL | ICFT 1 | ICTT 520
  }

  @Test
  void newCoalSetTreatsSubTickTimeAsDisabled() throws KernelException {
    FecRig rig = FecRig.imx8qxp("v6.17");
    rig.coal.setCoalesce(request(0, 200, 1000, 200));
    assertThat(rig.regs.rxic(0)).isZero();
    // 1 us is 5 ticks at 333 MHz, so it stays enabled
    rig.coal.setCoalesce(request(1, 200, 1000, 200));
    assertThat(rig.regs.rxic(0)).isEqualTo(0xCC800005);
  }

  static EthtoolCoalesce request(long rxUsecs, long rxFrames, long txUsecs, long txFrames) {
    return new EthtoolCoalesce()
        .rxCoalesceUsecs(rxUsecs)
        .rxMaxCoalescedFrames(rxFrames)
        .txCoalesceUsecs(txUsecs)
        .txMaxCoalescedFrames(txFrames);
  }

  static KernelException refuse(FecRig rig, EthtoolCoalesce ec) {
    try {
      rig.coal.setCoalesce(ec);
    } catch (KernelException e) {
      return e;
    }
    throw new AssertionError("accepted " + ec);
  }
}
