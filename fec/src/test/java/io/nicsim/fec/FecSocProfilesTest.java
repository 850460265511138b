package io.nicsim.fec;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.cpu.CostOp;
import io.nicsim.core.cpu.CostTable;
import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.soc.SocCatalog;
import io.nicsim.core.soc.SocProfile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The shipped SoC profiles through core's loader (which refuses numbers without a source). */
class FecSocProfilesTest {

  @Test
  void theCatalogListsAllSix() {
    assertThat(SocCatalog.names())
        .contains("imx8qxp", "imx8mq", "imx8mp", "imx6q", "imx6sx", "imx6ul");
  }

  @ParameterizedTest
  @ValueSource(strings = {"imx8qxp", "imx8mq", "imx8mp", "imx6q", "imx6sx", "imx6ul"})
  void loadsWithEveryCostAndTheBindingsCompatibles(String soc) {
    SocProfile p = SocProfile.load(soc);
    assertThat(p.mac()).isEqualTo("fec");
    assertThat(p.compatible()).isEqualTo(FecBinding.compatibles(soc));
    var costs = CostTable.of(p, 1.0);
    for (CostOp op : KernelOps.all()) {
      assertThat(costs.require(op)).as(soc + " " + op).isPositive();
    }
    for (CostOp op : FecOps.all()) {
      assertThat(costs.require(op)).as(soc + " " + op).isPositive();
    }
    assertThat(p.param("fec_tx_fetch_ns").asLong()).isPositive();
    assertThat(p.param("peer_echo_ns").source()).startsWith("estimate");
    assertThat(p.clockHz("ahb")).isPositive();
  }

  @ParameterizedTest
  @ValueSource(strings = {"imx8qxp", "imx8mq", "imx8mp", "imx6sx", "imx6ul"})
  void coalescingSocsHaveAnAhbClockThatGivesALegalDefaultIctt(String soc) {
    SocProfile p = SocProfile.load(soc);
    long ahb = p.clockHz("ahb");
    FecRig rig = FecRig.probe(soc, ahb, "v6.17");
    assertThat(rig.fep.devInfo().has(FecQuirk.HAS_COALESCE)).isTrue();
    int ictt = rig.regs.rxic(0) & 0xffff;
    // 1000 us must fit ICTT and round to within one tick of the exact value
    assertThat(ictt).isBetween((int) (ahb / 64_000) - 1, 0xffff);
  }

  @Test
  void imx8qxpAndImx8mpClocksAreTheFactSheets() {
    assertThat(SocProfile.load("imx8qxp").clockHz("ahb")).isEqualTo(333_333_333L);
    assertThat(SocProfile.load("imx8mp").clockHz("ahb")).isBetween(266_000_000L, 267_000_000L);
    FecRig imx6q = FecRig.probe("imx6q", SocProfile.load("imx6q").clockHz("ahb"), "v6.17");
    assertThat(imx6q.fep.devInfo().has(FecQuirk.HAS_COALESCE)).isFalse();
  }
}
