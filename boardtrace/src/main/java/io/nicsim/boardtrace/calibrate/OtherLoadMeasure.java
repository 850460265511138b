package io.nicsim.boardtrace.calibrate;

import io.nicsim.boardtrace.figures.ContextTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * The time each CPU of a board spent on tasks other than the traffic's (another process, the
 * peer's receiver on the same CPU, a hypervisor's other guests show up as longer spans, not
 * here), measured from the trace's sched_switch events: what the calibrated profile's
 * {@code params.other_load_pct_cpuN} carries, so that the model's application shares its CPU
 * as the board's did. A CPU whose other tasks took under 1% gets none.
 */
public final class OtherLoadMeasure {
  /** Below this share a CPU's other tasks are left out (noise of the tick, kworkers). */
  static final double MIN_PCT = 1.0;
  /** A core cannot be given all of its time away. */
  static final double MAX_PCT = 95.0;

  private OtherLoadMeasure() {}

  /**
   * @param t the board's CPU time by task over the window
   * @param app the traffic's application (the model's comm); its busiest task on a CPU is the
   *     traffic's
   * @param rename the board's names as the model's ({@code --map flood=iperf3})
   * @param cores the base profile's CPUs (a board CPU beyond them is not the model's)
   */
  public static List<Calibrator.OtherLoadParam> of(ContextTime t, String app,
      UnaryOperator<String> rename, int cores) {
    Predicate<String> own = comm -> app != null && app.equals(rename.apply(comm));
    List<Calibrator.OtherLoadParam> out = new ArrayList<>();
    for (int c = 0; c < Math.min(t.cpus(), cores); c++) {
      double[] off = t.offApp(c, own);
      if (off[0] < MIN_PCT) {
        continue;
      }
      StringBuilder who = new StringBuilder();
      int n = 0;
      boolean ownSkipped = false;
      for (Map.Entry<String, Double> e : t.tasks(c).entrySet()) {
        if (!ownSkipped && own.test(e.getKey().substring(0, e.getKey().lastIndexOf(':')))
            && off[1] > 0) {
          ownSkipped = true;
          continue;
        }
        if (n++ == 4) {
          who.append(", ...");
          break;
        }
        who.append(n == 1 ? "" : ", ").append(e.getKey())
            .append(String.format(Locale.ROOT, " %.1f%%", e.getValue()));
      }
      out.add(new Calibrator.OtherLoadParam(c, Math.min(MAX_PCT, off[0]), String.format(
          Locale.ROOT, "CPU %d ran tasks other than the traffic's %s for %.1f%% of the window"
              + " (%s; the traffic's own task %.1f%%, idle %.1f%%, irq %.1f%%, softirq %.1f%%)",
          c, app, off[0], who, off[1], t.percent(c, "idle"), t.percent(c, "irq"),
          t.percent(c, "soft"))));
    }
    return out;
  }
}
