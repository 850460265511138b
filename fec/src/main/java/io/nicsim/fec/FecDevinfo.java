package io.nicsim.fec;

import static io.nicsim.fec.FecQuirk.*;

import io.nicsim.core.era.PatchSet;
import java.util.List;

/**
 * {@code struct fec_devinfo}: one entry of the driver's per-SoC table, as in
 * fec_main.c of 6.17-rc. {@code rxTimeItr} is the field the proposed 2024 patch ("net: fec:
 * Enable SOC specific rx-usecs coalescence default setting", never merged) adds: non-zero only
 * for the imx8mq and imx8qm entries; zero means "use FEC_ITR_ICTT_DEFAULT". It is only read when
 * the {@link FecPatches#SOC_RX_USECS} patch is applied.
 *
 * @param name the C identifier of the info struct
 * @param quirks the {@link FecQuirk} bits
 * @param rxTimeItr the proposed per-SoC rx-usecs default (µs), 0 when the entry has none
 */
public record FecDevinfo(String name, int quirks, int rxTimeItr) {

  /**
   * The entry's quirks as a release's table has them: the jumbo-frame series (v6.18) adds
   * FEC_QUIRK_JUMBO_FRAME to fec_imx8qm_info.
   */
  public int quirks(PatchSet patches) {
    if (this == IMX8QM && patches.has(FecPatches.JUMBO_FRAME)) {
      return quirks | JUMBO_FRAME;
    }
    return quirks;
  }

  /** The rx_time_itr the proposed patch gives to the i.MX8 entries. */
  public static final int PROPOSED_IMX8_RX_TIME_ITR = 100;

  public static final FecDevinfo IMX25 =
      new FecDevinfo("fec_imx25_info", USE_GASKET | MIB_CLEAR | HAS_FRREG | HAS_MDIO_C45, 0);

  public static final FecDevinfo IMX27 =
      new FecDevinfo("fec_imx27_info", MIB_CLEAR | HAS_FRREG | HAS_MDIO_C45, 0);

  public static final FecDevinfo IMX28 =
      new FecDevinfo(
          "fec_imx28_info",
          ENET_MAC | SWAP_FRAME | SINGLE_MDIO | HAS_RACC | HAS_FRREG | CLEAR_SETUP_MII
              | NO_HARD_RESET | HAS_MDIO_C45,
          0);

  public static final FecDevinfo IMX6Q =
      new FecDevinfo(
          "fec_imx6q_info",
          ENET_MAC | HAS_GBIT | HAS_BUFDESC_EX | HAS_CSUM | HAS_VLAN | ERR006358 | HAS_RACC
              | CLEAR_SETUP_MII | HAS_PMQOS | HAS_MDIO_C45,
          0);

  public static final FecDevinfo MVF600 =
      new FecDevinfo("fec_mvf600_info", ENET_MAC | HAS_RACC | HAS_MDIO_C45, 0);

  /** Called fec_imx6x_info in trees up to ~6.3. */
  public static final FecDevinfo IMX6SX =
      new FecDevinfo(
          "fec_imx6sx_info",
          ENET_MAC | HAS_GBIT | HAS_BUFDESC_EX | HAS_CSUM | HAS_VLAN | HAS_AVB | ERR007885
              | BUG_CAPTURE | HAS_RACC | HAS_COALESCE | CLEAR_SETUP_MII | HAS_MULTI_QUEUES
              | HAS_MDIO_C45,
          0);

  public static final FecDevinfo IMX6UL =
      new FecDevinfo(
          "fec_imx6ul_info",
          ENET_MAC | HAS_GBIT | HAS_BUFDESC_EX | HAS_CSUM | HAS_VLAN | ERR007885 | BUG_CAPTURE
              | HAS_RACC | HAS_COALESCE | CLEAR_SETUP_MII | HAS_MDIO_C45,
          0);

  public static final FecDevinfo IMX8MQ =
      new FecDevinfo(
          "fec_imx8mq_info",
          ENET_MAC | HAS_GBIT | HAS_BUFDESC_EX | HAS_CSUM | HAS_VLAN | HAS_AVB | ERR007885
              | BUG_CAPTURE | HAS_RACC | HAS_COALESCE | CLEAR_SETUP_MII | HAS_MULTI_QUEUES
              | HAS_EEE | WAKEUP_FROM_INT2 | HAS_MDIO_C45,
          PROPOSED_IMX8_RX_TIME_ITR);

  public static final FecDevinfo IMX8QM =
      new FecDevinfo(
          "fec_imx8qm_info",
          ENET_MAC | HAS_GBIT | HAS_BUFDESC_EX | HAS_CSUM | HAS_VLAN | HAS_AVB | ERR007885
              | BUG_CAPTURE | HAS_RACC | HAS_COALESCE | CLEAR_SETUP_MII | HAS_MULTI_QUEUES
              | DELAYED_CLKS_SUPPORT | HAS_MDIO_C45,
          PROPOSED_IMX8_RX_TIME_ITR);

  public static final FecDevinfo S32V234 =
      new FecDevinfo(
          "fec_s32v234_info",
          ENET_MAC | HAS_GBIT | HAS_BUFDESC_EX | HAS_CSUM | HAS_VLAN | HAS_AVB | ERR007885
              | BUG_CAPTURE | HAS_MDIO_C45,
          0);

  /** All ten entries in source order. */
  public static final List<FecDevinfo> ALL =
      List.of(IMX25, IMX27, IMX28, IMX6Q, MVF600, IMX6SX, IMX6UL, IMX8MQ, IMX8QM, S32V234);

  public boolean has(int quirk) {
    return (quirks & quirk) != 0;
  }
}
