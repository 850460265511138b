package io.nicsim.core.soc;

import java.util.Locale;

/**
 * How sure nicsim is of an input number: the one table of default ranges (relative half-widths)
 * that every profile, path and scenario number falls back to. A number may override its class's
 * range ({@code range: 12%}) and then says why in its {@code source}. An uncertainty study draws
 * each number uniformly between its low and high end (see scenarios/FIDELITY.md).
 *
 * <table>
 * <caption>classes and default ranges</caption>
 * <tr><th>class</th><th>default range</th><th>for</th></tr>
 * <tr><td>exact</td><td>0</td><td>register values, kernel constants, counts, configuration
 *     (a scenario's knobs, a CONFIG_ choice, a ring size)</td></tr>
 * <tr><td>datasheet</td><td>±2%</td><td>rated clocks and rates a board may run slightly off</td></tr>
 * <tr><td>measured</td><td>±5%</td><td>a figure measured on hardware (one run, "~")</td></tr>
 * <tr><td>calibrated</td><td>±5%</td><td>fitted to a seed's "before" figure: that figure's own
 *     spread (a single "~" measurement) carried into the fit; a fit error given as a range
 *     overrides it</td></tr>
 * <tr><td>estimate</td><td>±30%</td><td>a cycle or latency estimate (instructions at an
 *     assumed IPC, an MMIO round trip)</td></tr>
 * <tr><td>assumption</td><td>±50%</td><td>a number the seed does not give and no document
 *     fixes (a path's buffer, a peer's turn-around)</td></tr>
 * <tr><td>timing</td><td>±2%</td><td>run-to-run timing noise of a kernel path that no setting
 *     fixes: how long a held TX completion really takes. The range is the spread nicsim
 *     validate measures on the host (the NFQUEUE holder's mean hold runs 0.6 % over a 5 ms
 *     nominal and 1.2 % over 2 ms under SCHED_FIFO; rounded up to 2 % for the runs between).
 *     The kernel tips between TSQ states on microseconds, so a band drawing this class shows
 *     both states where the model reaches both</td></tr>
 * </table>
 *
 * <p>Numbers made by one method share that method's error, so a study does not draw them
 * independently ({@link #sharedShare()}): the estimates of one profile all rest on one
 * assumed speed (a cycle count at an assumed IPC, scaled between cores by one DMIPS/MHz
 * ratio), so two thirds of an estimate's range is a draw shared by every estimate the same
 * profile states and one third is its own; the numbers fitted to one published figure are one
 * fit (one factor), so they share their whole draw. Every number still stays within its range.
 */
public enum UncertaintyClass {
  EXACT(0.0, 0),
  DATASHEET(0.02, 0),
  MEASURED(0.05, 0),
  CALIBRATED(0.05, 1),
  ESTIMATE(0.30, 2.0 / 3),
  ASSUMPTION(0.50, 0),
  TIMING(0.02, 0);

  private final double defaultRange;
  private final double sharedShare;

  UncertaintyClass(double defaultRange, double sharedShare) {
    this.defaultRange = defaultRange;
    this.sharedShare = sharedShare;
  }

  /**
   * The part of a number's range (0..1) drawn once for its whole group: the estimates of one
   * profile, or the numbers fitted to one figure; the rest is drawn for the number alone.
   */
  public double sharedShare() {
    return sharedShare;
  }

  /** Relative half-width: the number may lie anywhere in value × (1 ± this). */
  public double defaultRange() {
    return defaultRange;
  }

  /** The spelling in profiles and reports. */
  public String spelling() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The class spelled {@code s}, or null. */
  public static UncertaintyClass of(String s) {
    for (UncertaintyClass c : values()) {
      if (c.spelling().equals(s)) {
        return c;
      }
    }
    return null;
  }

  /** "exact, datasheet, …" for messages. */
  public static String accepted() {
    StringBuilder sb = new StringBuilder();
    for (UncertaintyClass c : values()) {
      sb.append(sb.length() > 0 ? ", " : "").append(c.spelling());
    }
    return sb.toString();
  }
}
