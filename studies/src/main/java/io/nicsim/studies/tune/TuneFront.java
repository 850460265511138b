package io.nicsim.studies.tune;

import io.nicsim.core.config.BadInputException;
import io.nicsim.studies.plan.PointResult;
import io.nicsim.studies.sweep.RunPointTask;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A tune's verdict as a model, with no rendering: each setting's figures under the objectives,
 * which settings meet the limits, the Pareto front of those over every objective (a limit's
 * metric in its own direction), and the recommendation: the front's best setting in the first
 * goal (ties: the next goals, then the limits' metrics in the order given, then the grid
 * order). {@link TuneText} writes it as text and CSV, {@link TunePlot} as a figure.
 */
public final class TuneFront {
  /** The column prefix under which a run reports the coalescing ethtool -c shows. */
  public static final String ETHTOOL = RunPointTask.ETHTOOL;
  /** The column prefix under which a run reports the /sys/class/net/eth0/ files it reads. */
  public static final String SYSFS = RunPointTask.SYSFS;

  private final TunePlan plan;
  private final List<Objective> objectives;
  private final List<PointResult> results;
  private final List<String> labels = new ArrayList<>();
  private final double[] limit;
  private final boolean[] feasible;
  private final boolean[] front;
  private final int recommended;

  public TuneFront(TunePlan plan, List<Objective> objectives, List<PointResult> results) {
    if (results.size() != plan.points()) {
      throw new IllegalArgumentException(results.size() + " results for " + plan.points());
    }
    this.plan = plan;
    this.objectives = List.copyOf(objectives);
    this.results = results;
    Set<String> seen = new LinkedHashSet<>();
    for (Objective o : objectives) {
      seen.add(o.label());
    }
    labels.addAll(seen);
    checkMetricsExist();
    int n = plan.settings().size();
    limit = new double[objectives.size()];
    for (int k = 0; k < objectives.size(); k++) {
      limit[k] = resolve(objectives.get(k));
    }
    feasible = new boolean[n];
    for (int s = 1; s < n; s++) {
      feasible[s] = error(s) == null && meetsLimits(s);
    }
    front = new boolean[n];
    int best = -1;
    for (int s = 1; s < n; s++) {
      if (!feasible[s]) {
        continue;
      }
      boolean dominated = false;
      for (int o = 1; o < n && !dominated; o++) {
        dominated = o != s && feasible[o] && dominates(o, s);
      }
      front[s] = !dominated;
      if (front[s] && (best < 0 || better(s, best))) {
        best = s;
      }
    }
    recommended = best;
  }

  private void checkMetricsExist() {
    for (Objective o : objectives) {
      boolean any = false;
      boolean ran = false;
      Set<String> names = new LinkedHashSet<>();
      for (PointResult r : results) {
        if (r.failed()) {
          continue;
        }
        ran = true;
        int cell = r.index() / (plan.samples() + 1);
        if (o.traffic() == 0 || cell % plan.traffics().size() == o.traffic() - 1) {
          any |= r.columns().containsKey(o.metric());
        }
        for (String c : r.columns().keySet()) {
          if (!c.startsWith(ETHTOOL)) {
            names.add(c);
          }
        }
      }
      if (ran && !any) {
        throw BadInputException.field("--objective", "no run reports '" + o.label() + "'",
            String.join(", ", names));
      }
    }
  }

  /**
   * A metric of setting {@code s} as an objective reads it, or NaN: with uncertainty samples,
   * the worst among the nominal run and the samples (the largest for a metric to keep small,
   * the smallest for one to keep large).
   */
  public double value(int s, Objective o) {
    if (o.traffic() > 0) {
      return column(s, o.traffic() - 1, o.metric(), o.smallerIsBetter());
    }
    double v = Double.NaN;
    for (int t = 0; t < plan.traffics().size(); t++) {
      double x = column(s, t, o.metric(), o.smallerIsBetter());
      if (!Double.isNaN(x) && (Double.isNaN(v) || x > v)) {
        v = x;
      }
    }
    return v;
  }

  private double column(int s, int t, String name, boolean smallerIsBetter) {
    double w = Double.NaN;
    for (int k = 0; k <= plan.samples(); k++) {
      String v = results.get(plan.point(s, t, k)).columns().get(name);
      if (v == null) {
        continue;
      }
      double x = Double.parseDouble(v);
      if (Double.isNaN(w) || (smallerIsBetter ? x > w : x < w)) {
        w = x;
      }
    }
    return w;
  }

  /** The first error among setting {@code s}'s runs, or null. */
  public String error(int s) {
    for (int t = 0; t < plan.traffics().size(); t++) {
      for (int k = 0; k <= plan.samples(); k++) {
        PointResult r = results.get(plan.point(s, t, k));
        if (r.failed()) {
          return "traffic " + (t + 1) + (k > 0 ? " sample " + (k - 1) : "") + ": " + r.error();
        }
      }
    }
    return null;
  }

  private double resolve(Objective o) {
    if (o.goal()) {
      return Double.NaN;
    }
    return switch (o.ref()) {
      case NUMBER -> o.factor();
      case DEFAULT -> o.factor() * value(0, o);
      case BEST -> {
        double b = Double.NaN;
        for (int s = 1; s < plan.settings().size(); s++) {
          double v = error(s) == null ? value(s, o) : Double.NaN;
          if (!Double.isNaN(v) && (Double.isNaN(b) || (o.smallerIsBetter() ? v < b : v > b))) {
            b = v;
          }
        }
        yield o.factor() * b;
      }
    };
  }

  private boolean meetsLimits(int s) {
    for (int k = 0; k < objectives.size(); k++) {
      Objective o = objectives.get(k);
      if (o.goal()) {
        continue;
      }
      double v = value(s, o);
      if (Double.isNaN(v) || Double.isNaN(limit[k])) {
        return false;
      }
      if (o.kind() == Objective.Kind.AT_MOST ? v > limit[k] : v < limit[k]) {
        return false;
      }
    }
    return true;
  }

  /**
   * a is at least as good as b in every objective and better in one. A limit's metric counts in
   * its own direction (smaller for {@code <=}, larger for {@code >=}): among the settings that
   * meet it, one with the same goals and a lower RTT under {@code ping_rtt_ms<=0.6} is better.
   */
  private boolean dominates(int a, int b) {
    boolean strictly = false;
    for (Objective o : objectives) {
      int c = compare(a, b, o);
      if (c > 0) {
        return false;
      }
      strictly |= c < 0;
    }
    return strictly;
  }

  /** Negative when a is better than b in objective o. */
  private int compare(int a, int b, Objective o) {
    int c = Double.compare(value(a, o), value(b, o));
    return o.smallerIsBetter() ? c : -c;
  }

  /** The recommendation's order: the goals in turn, then the limits' metrics, then the grid. */
  private boolean better(int a, int b) {
    for (boolean goals : new boolean[] {true, false}) {
      for (Objective o : objectives) {
        if (o.goal() == goals) {
          int c = compare(a, b, o);
          if (c != 0) {
            return c < 0;
          }
        }
      }
    }
    return a < b;
  }

  /** The recommended setting's index (1..), or -1 when no setting meets the limits. */
  public int recommended() {
    return recommended;
  }

  /** The plan the results answer. */
  public TunePlan plan() {
    return plan;
  }

  /** The objectives, as given. */
  public List<Objective> objectives() {
    return objectives;
  }

  /** The objectives' metric labels, each once, in the order given. */
  public List<String> labels() {
    return List.copyOf(labels);
  }

  /** Point {@code p}'s result (the plan's index). */
  PointResult result(int p) {
    return results.get(p);
  }

  /** Objective {@code k}'s limit resolved to a number (NaN for a goal or when unknown). */
  double limit(int k) {
    return limit[k];
  }

  /** Whether setting {@code s} ran without error and meets every limit. */
  public boolean feasible(int s) {
    return feasible[s];
  }

  /** Whether setting {@code s} is on the Pareto front of the feasible settings. */
  public boolean onFront(int s) {
    return front[s];
  }

  /** The objective of this label. */
  Objective byLabel(String l) {
    for (Objective o : objectives) {
      if (o.label().equals(l)) {
        return o;
      }
    }
    throw new IllegalStateException(l);
  }

}
