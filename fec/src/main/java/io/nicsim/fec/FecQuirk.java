package io.nicsim.fec;

import java.util.ArrayList;
import java.util.List;

/**
 * The {@code FEC_QUIRK_*} bits of drivers/net/ethernet/freescale/fec.h. Values as in the 6.17-rc
 * header (bits 0..24) and {@link #JUMBO_FRAME} (bit 25), which the jumbo-frame series (v6.18)
 * adds and sets on the imx8qm entry ({@link FecDevinfo#quirks(io.nicsim.core.era.PatchSet)}).
 */
public final class FecQuirk {
  private FecQuirk() {}

  public static final int ENET_MAC = 1 << 0;
  public static final int SWAP_FRAME = 1 << 1;
  public static final int USE_GASKET = 1 << 2;
  public static final int HAS_GBIT = 1 << 3;
  public static final int HAS_BUFDESC_EX = 1 << 4;
  public static final int HAS_CSUM = 1 << 5;
  public static final int HAS_VLAN = 1 << 6;
  public static final int ERR006358 = 1 << 7;
  public static final int HAS_AVB = 1 << 8;
  public static final int ERR007885 = 1 << 9;
  public static final int BUG_CAPTURE = 1 << 10;
  public static final int SINGLE_MDIO = 1 << 11;
  public static final int HAS_RACC = 1 << 12;
  public static final int HAS_COALESCE = 1 << 13;
  /** Set at run time by fec_probe on i.MX6Q/DL boards without the hardware workaround. */
  public static final int ERR006687 = 1 << 14;
  public static final int MIB_CLEAR = 1 << 15;
  public static final int HAS_FRREG = 1 << 16;
  public static final int CLEAR_SETUP_MII = 1 << 17;
  public static final int NO_HARD_RESET = 1 << 18;
  public static final int HAS_MULTI_QUEUES = 1 << 19;
  public static final int HAS_EEE = 1 << 20;
  public static final int DELAYED_CLKS_SUPPORT = 1 << 21;
  public static final int WAKEUP_FROM_INT2 = 1 << 22;
  public static final int HAS_PMQOS = 1 << 23;
  public static final int HAS_MDIO_C45 = 1 << 24;
  public static final int JUMBO_FRAME = 1 << 25;

  private static final String[] NAMES = {
    "ENET_MAC", "SWAP_FRAME", "USE_GASKET", "HAS_GBIT", "HAS_BUFDESC_EX", "HAS_CSUM", "HAS_VLAN",
    "ERR006358", "HAS_AVB", "ERR007885", "BUG_CAPTURE", "SINGLE_MDIO", "HAS_RACC", "HAS_COALESCE",
    "ERR006687", "MIB_CLEAR", "HAS_FRREG", "CLEAR_SETUP_MII", "NO_HARD_RESET", "HAS_MULTI_QUEUES",
    "HAS_EEE", "DELAYED_CLKS_SUPPORT", "WAKEUP_FROM_INT2", "HAS_PMQOS", "HAS_MDIO_C45",
    "JUMBO_FRAME"
  };

  /** The quirk names set in {@code quirks}, in bit order (for reports and test messages). */
  public static List<String> names(int quirks) {
    List<String> out = new ArrayList<>();
    for (int bit = 0; bit < NAMES.length; bit++) {
      if ((quirks & (1 << bit)) != 0) {
        out.add(NAMES[bit]);
      }
    }
    return out;
  }

  /** The bit of one quirk name (without the {@code FEC_QUIRK_} prefix). */
  public static int bit(String name) {
    for (int bit = 0; bit < NAMES.length; bit++) {
      if (NAMES[bit].equals(name)) {
        return 1 << bit;
      }
    }
    throw new IllegalArgumentException("no FEC_QUIRK_" + name);
  }
}
