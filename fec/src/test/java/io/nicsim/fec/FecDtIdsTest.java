package io.nicsim.fec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nicsim.core.config.BadInputException;
import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.era.PatchSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** The devinfo table and the compatible-list lookup. */
class FecDtIdsTest {

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({
    "imx25, fec_imx25_info",
    "imx27, fec_imx27_info",
    "imx28, fec_imx28_info",
    "imx6q, fec_imx6q_info",
    "mvf600, fec_mvf600_info",
    "s32v234, fec_s32v234_info",
    "imx53, fec_imx25_info",
    "imx6sl, fec_imx25_info",
    "imx35, fec_imx27_info",
    "imx51, fec_imx27_info",
    "imx6sx, fec_imx6sx_info",
    "imx6ul, fec_imx6ul_info",
    "imx7d, fec_imx6sx_info",
    "imx8mq, fec_imx8mq_info",
    "imx8mm, fec_imx8mq_info",
    "imx8mn, fec_imx8mq_info",
    "imx8mp, fec_imx8mq_info",
    "imx93, fec_imx8mq_info",
    "imx8qm, fec_imx8qm_info",
    "imx8qxp, fec_imx8qm_info",
    "imx8dxl, fec_imx8qm_info",
    "imx8ulp, fec_imx6ul_info",
  })
  void everyBindingListMatchesItsEntry(String soc, String info) {
    assertThat(FecDtIds.match(FecBinding.compatibles(soc)).name()).isEqualTo(info);
  }

  @Test
  void everySocOfTheBindingIsCovered() {
    assertThat(FecBinding.socs()).hasSize(22);
  }

  @Test
  void firstKnownCompatibleWinsNotTheTableOrder() {
    // imx6sx precedes imx8mq in fec_dt_ids, but the node's order decides
    assertThat(FecDtIds.match(List.of("fsl,imx8mq-fec", "fsl,imx6sx-fec")))
        .isSameAs(FecDevinfo.IMX8MQ);
    assertThat(FecDtIds.match(List.of("fsl,imx6sx-fec", "fsl,imx8mq-fec")))
        .isSameAs(FecDevinfo.IMX6SX);
    assertThat(FecDtIds.match(List.of("acme,unknown-fec", "fsl,imx6q-fec")))
        .isSameAs(FecDevinfo.IMX6Q);
  }

  @Test
  void unknownListIsRefusedNamingTheField() {
    assertThatThrownBy(() -> FecDtIds.match(List.of("fsl,imx95-fec")))
        .isInstanceOf(BadInputException.class)
        .hasMessageStartingWith("compatible: [fsl,imx95-fec] has no fec_dt_ids entry");
    assertThatThrownBy(() -> FecBinding.compatibles("imx95"))
        .isInstanceOf(BadInputException.class)
        .hasMessageStartingWith("soc:");
  }

  /** The table written out by quirk name, as the 6.17-rc source lists them. */
  @Test
  void quirksMatchTheSourceTable() {
    Map<String, String> expected = new TreeMap<>();
    expected.put("fec_imx25_info", "USE_GASKET MIB_CLEAR HAS_FRREG HAS_MDIO_C45");
    expected.put("fec_imx27_info", "MIB_CLEAR HAS_FRREG HAS_MDIO_C45");
    expected.put(
        "fec_imx28_info",
        "ENET_MAC SWAP_FRAME SINGLE_MDIO HAS_RACC HAS_FRREG CLEAR_SETUP_MII NO_HARD_RESET"
            + " HAS_MDIO_C45");
    expected.put(
        "fec_imx6q_info",
        "ENET_MAC HAS_GBIT HAS_BUFDESC_EX HAS_CSUM HAS_VLAN ERR006358 HAS_RACC CLEAR_SETUP_MII"
            + " HAS_PMQOS HAS_MDIO_C45");
    expected.put("fec_mvf600_info", "ENET_MAC HAS_RACC HAS_MDIO_C45");
    expected.put(
        "fec_imx6sx_info",
        "ENET_MAC HAS_GBIT HAS_BUFDESC_EX HAS_CSUM HAS_VLAN HAS_AVB ERR007885 BUG_CAPTURE"
            + " HAS_RACC HAS_COALESCE CLEAR_SETUP_MII HAS_MULTI_QUEUES HAS_MDIO_C45");
    expected.put(
        "fec_imx6ul_info",
        "ENET_MAC HAS_GBIT HAS_BUFDESC_EX HAS_CSUM HAS_VLAN ERR007885 BUG_CAPTURE HAS_RACC"
            + " HAS_COALESCE CLEAR_SETUP_MII HAS_MDIO_C45");
    expected.put(
        "fec_imx8mq_info",
        "ENET_MAC HAS_GBIT HAS_BUFDESC_EX HAS_CSUM HAS_VLAN HAS_AVB ERR007885 BUG_CAPTURE"
            + " HAS_RACC HAS_COALESCE CLEAR_SETUP_MII HAS_MULTI_QUEUES HAS_EEE WAKEUP_FROM_INT2"
            + " HAS_MDIO_C45");
    expected.put(
        "fec_imx8qm_info",
        "ENET_MAC HAS_GBIT HAS_BUFDESC_EX HAS_CSUM HAS_VLAN HAS_AVB ERR007885 BUG_CAPTURE"
            + " HAS_RACC HAS_COALESCE CLEAR_SETUP_MII HAS_MULTI_QUEUES DELAYED_CLKS_SUPPORT"
            + " HAS_MDIO_C45");
    expected.put(
        "fec_s32v234_info",
        "ENET_MAC HAS_GBIT HAS_BUFDESC_EX HAS_CSUM HAS_VLAN HAS_AVB ERR007885 BUG_CAPTURE"
            + " HAS_MDIO_C45");
    Map<String, String> actual = new TreeMap<>();
    for (FecDevinfo d : FecDevinfo.ALL) {
      actual.put(d.name(), String.join(" ", FecQuirk.names(d.quirks())));
    }
    assertThat(actual).isEqualTo(expected);
  }

  /** v6.18's table: the jumbo-frame series sets FEC_QUIRK_JUMBO_FRAME on fec_imx8qm_info only. */
  @Test
  void theJumboSeriesMarksTheImx8qmEntry() {
    PatchSet v618 = FecPatches.select(KernelVersion.of(6, 18), List.of());
    PatchSet v617 = FecPatches.select(KernelVersion.of(6, 17), List.of());
    for (FecDevinfo d : FecDevinfo.ALL) {
      assertThat(d.quirks(v617)).as(d.name()).isEqualTo(d.quirks());
      assertThat(d.quirks(v618)).as(d.name()).isEqualTo(d == FecDevinfo.IMX8QM
          ? d.quirks() | FecQuirk.JUMBO_FRAME : d.quirks());
    }
  }

  @Test
  void quirkBitValuesAreTheHeaders() {
    assertThat(FecQuirk.HAS_COALESCE).isEqualTo(0x2000);
    assertThat(FecQuirk.HAS_MULTI_QUEUES).isEqualTo(0x80000);
    assertThat(FecQuirk.HAS_PMQOS).isEqualTo(0x800000);
    assertThat(FecQuirk.HAS_MDIO_C45).isEqualTo(0x1000000);
    assertThat(FecQuirk.bit("HAS_AVB")).isEqualTo(1 << 8);
  }

  @Test
  void onlyTheFourImxEntriesCoalesceAndOnlyTheI8EntriesCarryTheProposedDefault() {
    assertThat(FecDevinfo.ALL.stream().filter(d -> d.has(FecQuirk.HAS_COALESCE)))
        .containsExactly(
            FecDevinfo.IMX6SX, FecDevinfo.IMX6UL, FecDevinfo.IMX8MQ, FecDevinfo.IMX8QM);
    assertThat(FecDevinfo.ALL.stream().filter(d -> d.rxTimeItr() != 0))
        .containsExactly(FecDevinfo.IMX8MQ, FecDevinfo.IMX8QM);
    assertThat(FecDevinfo.IMX8QM.rxTimeItr()).isEqualTo(100);
  }
}
