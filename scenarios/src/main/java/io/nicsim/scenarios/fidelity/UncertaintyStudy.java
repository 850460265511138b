package io.nicsim.scenarios.fidelity;

import io.nicsim.runs.RunFailure;
import io.nicsim.scenarios.ReproReport;
import io.nicsim.scenarios.Role;
import io.nicsim.scenarios.Row;
import io.nicsim.scenarios.ScenarioEnv;
import io.nicsim.studies.plan.Point;
import io.nicsim.studies.plan.PointEngine;
import io.nicsim.studies.plan.PointResult;
import io.nicsim.studies.plan.Progress;
import io.nicsim.studies.uncertainty.Band;
import io.nicsim.studies.uncertainty.LatinHypercube;
import io.nicsim.studies.uncertainty.RankCorrelation;
import io.nicsim.studies.uncertainty.RunBands;
import io.nicsim.studies.uncertainty.Tornado;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * {@code reproduce --uncertainty N [--sensitivity]}: every scenario run once per sample of an
 * N-point Latin hypercube over its uncertain inputs (the ranges of the profiles and paths it
 * resolves, nothing else), all through one {@link PointEngine}; each row's samples become a
 * {@link Band}. With sensitivity, the inputs whose samples rank-correlate most with a
 * calibration or prediction row are then run one at a time at both ends of their range; the
 * five that move the row most form its tornado list.
 */
public final class UncertaintyStudy {
  /** Inputs screened per row by rank correlation before the one-at-a-time runs. */
  static final int SCREENED = 5;
  /** Bars per tornado list. */
  public static final int TOP = 5;

  private final ScenarioEnv env;
  private final long seed;
  private final int samples;
  private final boolean check;

  public UncertaintyStudy(ScenarioEnv env, long seed, int samples, boolean check) {
    if (samples < 2) {
      throw new IllegalArgumentException("samples " + samples);
    }
    this.env = env;
    this.seed = seed;
    this.samples = samples;
    this.check = check;
  }

  /**
   * Bands (and tornado lists when {@code sensitivity}) for the outcomes' rows, in place of the
   * outcomes' own; {@code files} maps a file scenario's name to its file.
   */
  public List<ReproReport.Outcome> run(List<ReproReport.Outcome> nominal, Map<String, String> files,
      boolean sensitivity, PointEngine engine, Progress progress) {
    // samples skip the end-of-run checks: a draw may reach a state the audit refuses (a
    // stranded TX ring), which is an outcome to count, not a broken run
    ScenarioSampleTask task = new ScenarioSampleTask(env, seed, samples, false);
    List<Point> points = new ArrayList<>();
    for (ReproReport.Outcome o : nominal) {
      String name = o.scenario().name();
      for (int i = 0; i < samples; i++) {
        points.add(ScenarioSampleTask.lhs(points.size(), name, i, files.getOrDefault(name, "")));
      }
    }
    List<PointResult> res = engine.runAll(points, task, progress);
    List<ReproReport.Outcome> out = new ArrayList<>();
    List<Point> oat = new ArrayList<>();
    List<List<String>> screenedPer = new ArrayList<>();
    for (int s = 0; s < nominal.size(); s++) {
      ReproReport.Outcome o = nominal.get(s);
      List<PointResult> mine = res.subList(s * samples, (s + 1) * samples);
      int failed = RunBands.firstFailed(mine);
      if (failed >= 0) {
        // one line naming the scenario and the sample, as a failed run is reported
        throw new RunFailure(o.scenario().name() + ": uncertainty sample "
            + failed + " of " + samples + " (--seed " + seed + ") failed: "
            + mine.get(failed).error());
      }
      double[][] values = values(o, mine);
      List<Band> bands = new ArrayList<>();
      for (double[] v : values) {
        bands.add(Band.of(v));
      }
      out.add(o.withBands(bands));
      if (sensitivity) {
        List<String> screened = screen(o, mine, values);
        screenedPer.add(screened);
        String name = o.scenario().name();
        for (String id : screened) {
          for (boolean high : new boolean[] {false, true}) {
            oat.add(ScenarioSampleTask.oat(oat.size(), name, id, high,
                files.getOrDefault(name, "")));
          }
        }
      }
    }
    if (!sensitivity) {
      return out;
    }
    List<PointResult> oatRes = engine.runAll(oat, task, progress);
    int at = 0;
    for (int s = 0; s < out.size(); s++) {
      ReproReport.Outcome o = out.get(s);
      List<String> screened = screenedPer.get(s);
      List<PointResult> mine = oatRes.subList(at, at + 2 * screened.size());
      at += 2 * screened.size();
      List<List<Tornado>> lists = new ArrayList<>();
      for (int r = 0; r < o.rows().size(); r++) {
        Row row = o.rows().get(r);
        if (row.role() == Role.EXTRA) {
          lists.add(List.of());
          continue;
        }
        List<Tornado> bars = new ArrayList<>();
        for (int k = 0; k < screened.size(); k++) {
          double lo = value(mine.get(2 * k), r, row);
          double hi = value(mine.get(2 * k + 1), r, row);
          bars.add(new Tornado(screened.get(k), lo, hi));
        }
        bars.sort(Comparator.comparingDouble(Tornado::swing).reversed()
            .thenComparing(Tornado::input));
        List<Tornado> top = new ArrayList<>();
        for (Tornado t : bars) {
          if (top.size() < TOP && t.swing() > 0) {
            top.add(t);
          }
        }
        lists.add(top);
      }
      out.set(s, o.withTornados(lists));
    }
    return out;
  }

  private double[][] values(ReproReport.Outcome o, List<PointResult> mine) {
    double[][] v = new double[o.rows().size()][samples];
    for (int i = 0; i < samples; i++) {
      for (int r = 0; r < o.rows().size(); r++) {
        v[r][i] = value(mine.get(i), r, o.rows().get(r));
      }
    }
    return v;
  }

  private static double value(PointResult p, int r, Row row) {
    if (p.failed()) {
      throw new RunFailure("an uncertainty sample failed: " + p.error());
    }
    String key = p.columns().get("key" + r);
    if (!(row.caseName() + "|" + row.metric()).equals(key)) {
      throw new IllegalStateException("sample rows do not line up with the scenario's: row " + r
          + " is " + key);
    }
    return Double.parseDouble(p.columns().get("row" + r));
  }

  /** The union over calibration and prediction rows of the inputs ranking highest (|ρ|). */
  private List<String> screen(ReproReport.Outcome o, List<PointResult> mine, double[][] values) {
    TreeSet<String> ids = new TreeSet<>();
    for (PointResult p : mine) {
      ids.addAll(Arrays.asList(p.columns().get("inputs").split(" ")));
    }
    ids.remove("");
    List<String> all = new ArrayList<>(ids);
    double[][] units = new double[all.size()][samples];
    for (int i = 0; i < samples; i++) {
      LatinHypercube lhs = new LatinHypercube(seed, samples, i);
      for (int k = 0; k < all.size(); k++) {
        units[k][i] = lhs.unit(all.get(k));
      }
    }
    TreeSet<String> chosen = new TreeSet<>();
    for (int r = 0; r < o.rows().size(); r++) {
      if (o.rows().get(r).role() == Role.EXTRA) {
        continue;
      }
      double[] ranksOut = RankCorrelation.ranks(values[r]);
      Integer[] order = new Integer[all.size()];
      double[] rho = new double[all.size()];
      for (int k = 0; k < all.size(); k++) {
        order[k] = k;
        rho[k] = Math.abs(RankCorrelation.correlation(RankCorrelation.ranks(units[k]), ranksOut));
      }
      Arrays.sort(order, Comparator.comparingDouble((Integer k) -> -rho[k])
          .thenComparing(k -> all.get(k)));
      for (int j = 0; j < Math.min(SCREENED, order.length); j++) {
        chosen.add(all.get(order[j]));
      }
    }
    return new ArrayList<>(chosen);
  }
}
