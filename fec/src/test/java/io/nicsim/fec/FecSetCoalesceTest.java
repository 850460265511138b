package io.nicsim.fec;

import static io.nicsim.fec.FecItrTest.request;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.nicsim.core.ethtool.CoalesceArgs;
import io.nicsim.core.ethtool.CoalesceParam;
import io.nicsim.core.ethtool.Ethtool;
import io.nicsim.core.ethtool.EthtoolCoalesce;
import io.nicsim.core.kernel.Errno;
import io.nicsim.core.kernel.KernelException;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * fec_enet_set_coalesce refusals in the kernel's order. Each case breaks its own rule and every
 * later one, so a reordered check would report a different message.
 */
class FecSetCoalesceTest {

  static Stream<Arguments> refusals() {
    return Stream.of(
        Arguments.of(request(12584, 256, 12584, 256), FecCoalesce.MSG_RX_FRAMES),
        Arguments.of(request(12584, 255, 12584, 256), FecCoalesce.MSG_TX_FRAMES),
        Arguments.of(request(12584, 255, 12584, 255), FecCoalesce.MSG_RX_USECS),
        Arguments.of(request(12583, 255, 12584, 255), FecCoalesce.MSG_TX_USECS));
  }

  @ParameterizedTest
  @MethodSource("refusals")
  void refusedWithTheKernelsMessageAndNothingChanges(EthtoolCoalesce ec, String message) {
    FecRig rig = FecRig.imx8qxp("v6.17");
    String before = rig.state();
    KernelException e = FecItrTest.refuse(rig, ec);
    assertThat(e.errno()).isEqualTo(Errno.EINVAL);
    assertThat(e.kernelMessage()).isEqualTo(message);
    assertThat(rig.state()).isEqualTo(before);
  }

  @ParameterizedTest
  @ValueSource(strings = {"imx6q", "imx28", "mvf600", "imx25", "imx27", "s32v234", "imx53"})
  void socWithoutHasCoalesceRefusesFirstEvenInvalidValues(String soc) {
    FecRig rig = FecRig.probe(soc, 66_000_000L, "v6.17");
    String before = rig.state();
    KernelException e = FecItrTest.refuse(rig, request(99999, 999, 99999, 999));
    assertThat(e.errno()).isEqualTo(Errno.EOPNOTSUPP);
    assertThat(e.kernelMessage()).isNull();
    assertThat(rig.state()).isEqualTo(before);
    KernelException get =
        catchThrowableOfType(() -> Ethtool.getCoalesce(rig.coal), KernelException.class);
    assertThat(get.errno()).isEqualTo(Errno.EOPNOTSUPP);
  }

  @Test
  void ethtoolCoreRefusesUnsupportedFieldsBeforeTheDriver() {
    FecRig rig = FecRig.imx8qxp("v6.17");
    String before = rig.state();
    KernelException e =
        catchThrowableOfType(
            () -> Ethtool.applyArgs(rig.coal, CoalesceArgs.parse("rx-usecs 100 rx-usecs-irq 5")),
            KernelException.class);
    assertThat(e.errno()).isEqualTo(Errno.EOPNOTSUPP);
    assertThat(rig.state()).isEqualTo(before);
  }

  @Test
  void ethtoolDashCChangesOnlyTheNamedFieldAndProgramsAtOnce() throws KernelException {
    FecRig rig = FecRig.imx8qxp("v6.17");
    EthtoolCoalesce now = Ethtool.applyArgs(rig.coal, CoalesceArgs.parse("rx-usecs 100"));
    assertThat(now.get(CoalesceParam.RX_USECS)).isEqualTo(100);
    assertThat(now.get(CoalesceParam.RX_MAX_FRAMES)).isEqualTo(200);
    assertThat(now.get(CoalesceParam.TX_USECS)).isEqualTo(1000);
    assertThat(rig.regs.rxic(1)).isEqualTo(0xCC800208);
    assertThat(rig.regs.txic(1)).isEqualTo(0xCC801458);
  }

  @Test
  void ethtoolDashCWithATooLargeValueIsRefusedByTheDriver() {
    FecRig rig = FecRig.imx8qxp("v6.17");
    String before = rig.state();
    KernelException e =
        catchThrowableOfType(
            () -> Ethtool.applyArgs(rig.coal, CoalesceArgs.parse("tx-usecs 13000")),
            KernelException.class);
    assertThat(e.kernelMessage()).isEqualTo(FecCoalesce.MSG_TX_USECS);
    assertThat(e).hasMessage("-EINVAL (-22): Tx coalesced usec exceed hardware limitation");
    assertThat(rig.state()).isEqualTo(before);
  }
}
