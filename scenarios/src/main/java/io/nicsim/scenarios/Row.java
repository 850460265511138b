package io.nicsim.scenarios;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One line of a scenario's result: a case (SoC, kernel, patches, coalescing), a metric, the
 * published figure if the seed gives one, the simulated value, and its role.
 *
 * @param caseName short label for the table ({@code cyclone5 v6.7})
 * @param patches ids of the patches added to or removed from the kernel ({@code +x}/{@code -x})
 * @param coalesce ethtool -C values set for the case, in ethtool's order
 * @param unit the metric's unit
 * @param published the seed's figure, or null when it gives none
 * @param statement a claim row's qualitative statement from the seed (with its reference);
 *     null for other rows
 * @param verdict a claim row's verdict; null for other rows
 */
public record Row(
    String caseName,
    String soc,
    String kernel,
    List<String> patches,
    Map<String, Long> coalesce,
    String metric,
    String unit,
    Double published,
    double simulated,
    Role role,
    String statement,
    Verdict verdict) {

  /** What the model says of a seed's qualitative statement. */
  public enum Verdict {
    SUPPORTED, REFUTED, NOT_TESTABLE;

    public String json() {
      return name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
    }
  }

  public Row(String caseName, String soc, String kernel, List<String> patches,
      Map<String, Long> coalesce, String metric, String unit, Double published, double simulated,
      Role role) {
    this(caseName, soc, kernel, patches, coalesce, metric, unit, published, simulated, role, null,
        null);
  }

  /** A claim row: the statement, the model's verdict, and the figure that decides it. */
  public static Row claim(Row evidence, String statement, Verdict verdict) {
    return new Row(evidence.caseName(), evidence.soc(), evidence.kernel(), evidence.patches(),
        evidence.coalesce(), evidence.metric(), evidence.unit(), null, evidence.simulated(),
        Role.CLAIM, statement, verdict);
  }

  public Row {
    if ((role == Role.CLAIM) != (statement != null && verdict != null)) {
      throw new IllegalArgumentException(caseName + " " + metric
          + ": a claim row, and only a claim row, has a statement and a verdict");
    }
    Objects.requireNonNull(caseName, "caseName");
    Objects.requireNonNull(metric, "metric");
    Objects.requireNonNull(role, "role");
    patches = patches == null ? List.of() : List.copyOf(patches);
    coalesce = coalesce == null ? new LinkedHashMap<>() : new LinkedHashMap<>(coalesce);
    unit = unit == null ? "" : unit;
    if (Double.isNaN(simulated) || Double.isInfinite(simulated)) {
      throw new IllegalArgumentException(caseName + " " + metric + ": simulated is not finite");
    }
    if (role != Role.EXTRA && role != Role.CLAIM && published == null) {
      throw new IllegalArgumentException(caseName + " " + metric + ": a " + role.json()
          + " row needs its published figure");
    }
  }
}
