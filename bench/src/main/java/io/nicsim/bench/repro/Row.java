package io.nicsim.bench.repro;

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
    Role role) {

  public Row {
    Objects.requireNonNull(caseName, "caseName");
    Objects.requireNonNull(metric, "metric");
    Objects.requireNonNull(role, "role");
    patches = patches == null ? List.of() : List.copyOf(patches);
    coalesce = coalesce == null ? new LinkedHashMap<>() : new LinkedHashMap<>(coalesce);
    unit = unit == null ? "" : unit;
    if (Double.isNaN(simulated) || Double.isInfinite(simulated)) {
      throw new IllegalArgumentException(caseName + " " + metric + ": simulated is not finite");
    }
    if (role != Role.EXTRA && published == null) {
      throw new IllegalArgumentException(caseName + " " + metric + ": a " + role.json()
          + " row needs its published figure");
    }
  }
}
