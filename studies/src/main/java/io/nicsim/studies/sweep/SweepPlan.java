package io.nicsim.studies.sweep;

import io.nicsim.core.config.BadInputException;
import io.nicsim.runs.RunRequest;
import io.nicsim.studies.plan.Seeds;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * The cross product of the {@code --vary} knobs over a base request. The first knob varies
 * slowest. Each point gets its own seed derived from the base seed and the point's knob
 * values (unless {@code seed} is itself varied), so a point gives the same numbers whatever
 * else the sweep holds and whichever thread runs it; {@code nicsim run --seed S} with the
 * point's settings reproduces it.
 */
public final class SweepPlan {
  /** Sweeps larger than this are refused (a typo in a value list, not a plan). */
  public static final int MAX_POINTS = 10_000;

  /** One point: its knob values in --vary order, and its request. */
  public record Point(int index, LinkedHashMap<String, String> knobs, RunRequest request) {}

  private final List<Vary> varies;
  private final List<Point> points = new ArrayList<>();

  public SweepPlan(RunRequest base, List<Vary> varies) {
    this.varies = List.copyOf(varies);
    List<String> keys = new ArrayList<>();
    long n = 1;
    for (Vary v : varies) {
      if (keys.contains(v.key())) {
        throw BadInputException.field("--vary", v.key() + " varied twice", "each key once");
      }
      keys.add(v.key());
      n *= v.values().size();
      if (n > MAX_POINTS) {
        throw BadInputException.field("--vary", "more than " + MAX_POINTS + " points",
            "at most " + MAX_POINTS + " combinations");
      }
    }
    if (varies.isEmpty()) {
      throw BadInputException.field("--vary", "nothing to vary", "--vary KEY=V1,V2,…");
    }
    expand(base, 0, new LinkedHashMap<>());
  }

  private void expand(RunRequest req, int depth, LinkedHashMap<String, String> knobs) {
    if (depth == varies.size()) {
      RunRequest r = req;
      if (!knobs.containsKey("seed")) {
        r = r.withSeed(Seeds.derive(req.seed(), key(knobs)));
      }
      points.add(new Point(points.size(), new LinkedHashMap<>(knobs), r));
      return;
    }
    Vary v = varies.get(depth);
    for (String value : v.values()) {
      knobs.put(v.key(), value);
      expand(v.apply(req, value), depth + 1, knobs);
      knobs.remove(v.key());
    }
  }

  private static String key(LinkedHashMap<String, String> knobs) {
    StringBuilder sb = new StringBuilder();
    knobs.forEach((k, v) -> sb.append(k).append('=').append(v).append(';'));
    return sb.toString();
  }

  public List<Vary> varies() {
    return varies;
  }

  public List<Point> points() {
    return points;
  }

  public List<RunRequest> requests() {
    List<RunRequest> out = new ArrayList<>();
    for (Point p : points) {
      out.add(p.request());
    }
    return out;
  }
}
