package io.nicsim.scenarios;

import io.nicsim.runs.RunResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
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
 * @param cpu CPU by context of the run the figure came from (mpstat's {@code all} row); null
 *     where the figure comes from no single run (a probe, a difference of two runs' figures
 *     keeps the run it names)
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
    Verdict verdict,
    Cpu cpu) {

  /**
   * CPU by context over all CPUs as mpstat's {@code all} row prints it, per cent of the CPUs'
   * time: the run's {@code cpu_irq_pct}, {@code cpu_soft_pct}, {@code cpu_sys_pct} and
   * {@code cpu_usr_pct}.
   */
  public record Cpu(double irq, double soft, double sys, double usr) {
    /** The run's CPU by context, or null when it reports none. */
    public static Cpu of(RunResult r) {
      if (r == null) {
        return null;
      }
      double irq = r.metric("cpu_irq_pct");
      double soft = r.metric("cpu_soft_pct");
      double sys = r.metric("cpu_sys_pct");
      double usr = r.metric("cpu_usr_pct");
      if (Double.isNaN(irq) || Double.isNaN(soft) || Double.isNaN(sys) || Double.isNaN(usr)) {
        return null;
      }
      return new Cpu(irq, soft, sys, usr);
    }
  }

  /** What the model says of a seed's qualitative statement. */
  public enum Verdict {
    SUPPORTED, REFUTED, NOT_TESTABLE;

    public String json() {
      return name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }
  }

  public Row(String caseName, String soc, String kernel, List<String> patches,
      Map<String, Long> coalesce, String metric, String unit, Double published, double simulated,
      Role role) {
    this(caseName, soc, kernel, patches, coalesce, metric, unit, published, simulated, role, null,
        null, null);
  }

  public Row(String caseName, String soc, String kernel, List<String> patches,
      Map<String, Long> coalesce, String metric, String unit, Double published, double simulated,
      Role role, String statement, Verdict verdict) {
    this(caseName, soc, kernel, patches, coalesce, metric, unit, published, simulated, role,
        statement, verdict, null);
  }

  /** This row with the CPU by context of the run its figure came from. */
  public Row withCpu(RunResult r) {
    return new Row(caseName, soc, kernel, patches, coalesce, metric, unit, published, simulated,
        role, statement, verdict, Cpu.of(r));
  }

  /** A claim row: the statement, the model's verdict, and the figure that decides it. */
  public static Row claim(Row evidence, String statement, Verdict verdict) {
    return new Row(evidence.caseName(), evidence.soc(), evidence.kernel(), evidence.patches(),
        evidence.coalesce(), evidence.metric(), evidence.unit(), null, evidence.simulated(),
        Role.CLAIM, statement, verdict, evidence.cpu());
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
