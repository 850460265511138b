package io.nicsim.core.soc;

import java.util.Locale;

/**
 * How sure nicsim is of an input number: the one table of default ranges (relative half-widths)
 * that every profile, path and scenario number falls back to. A number may override its class's
 * range ({@code range: 12%}) and then says why in its {@code source}. An uncertainty study draws
 * each number uniformly between its low and high end (see bench/FIDELITY.md).
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
 * </table>
 */
public enum UncertaintyClass {
  EXACT(0.0),
  DATASHEET(0.02),
  MEASURED(0.05),
  CALIBRATED(0.05),
  ESTIMATE(0.30),
  ASSUMPTION(0.50);

  private final double defaultRange;

  UncertaintyClass(double defaultRange) {
    this.defaultRange = defaultRange;
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
