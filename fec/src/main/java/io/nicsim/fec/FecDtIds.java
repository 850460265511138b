package io.nicsim.fec;

import io.nicsim.core.config.BadInputException;
import java.util.List;

/**
 * {@code fec_dt_ids[]}: the device-tree compatible strings the driver matches, each pointing at
 * its {@link FecDevinfo}. A board node lists several compatibles, most specific first (see
 * {@link FecBinding}); the OF core scores a match by the position of the compatible in the node,
 * so the first compatible of the node that has a table entry wins.
 */
public final class FecDtIds {
  private FecDtIds() {}

  /** One {@code of_device_id}: compatible string and match data. */
  public record Entry(String compatible, FecDevinfo data) {}

  /** The table in source order (6.17-rc; the same strings since the imx8qm/s32v234 additions). */
  public static final List<Entry> TABLE =
      List.of(
          new Entry("fsl,imx25-fec", FecDevinfo.IMX25),
          new Entry("fsl,imx27-fec", FecDevinfo.IMX27),
          new Entry("fsl,imx28-fec", FecDevinfo.IMX28),
          new Entry("fsl,imx6q-fec", FecDevinfo.IMX6Q),
          new Entry("fsl,mvf600-fec", FecDevinfo.MVF600),
          new Entry("fsl,imx6sx-fec", FecDevinfo.IMX6SX),
          new Entry("fsl,imx6ul-fec", FecDevinfo.IMX6UL),
          new Entry("fsl,imx8mq-fec", FecDevinfo.IMX8MQ),
          new Entry("fsl,imx8qm-fec", FecDevinfo.IMX8QM),
          new Entry("fsl,s32v234-fec", FecDevinfo.S32V234));

  /** The table entry for exactly this compatible, or null. */
  public static FecDevinfo lookup(String compatible) {
    for (Entry e : TABLE) {
      if (e.compatible().equals(compatible)) {
        return e.data();
      }
    }
    return null;
  }

  /**
   * What {@code device_get_match_data} yields for a node with these compatibles: the entry of
   * the first compatible (node order) that the table knows. A list with no known compatible is
   * refused: the driver would not bind.
   */
  public static FecDevinfo match(List<String> compatibles) {
    for (String c : compatibles) {
      FecDevinfo d = lookup(c);
      if (d != null) {
        return d;
      }
    }
    throw BadInputException.field(
        "compatible",
        compatibles + " has no fec_dt_ids entry",
        "a list containing one of " + TABLE.stream().map(Entry::compatible).toList());
  }
}
