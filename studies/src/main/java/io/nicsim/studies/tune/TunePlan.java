package io.nicsim.studies.tune;

import io.nicsim.core.config.BadInputException;
import io.nicsim.studies.plan.Seeds;
import io.nicsim.studies.sweep.Vary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * What {@code nicsim tune} runs: every setting of the {@code --vary} knobs (their cross
 * product, the first knob varying slowest) plus today's default (no {@code ethtool -C}, setting
 * 0), each under every traffic of the mix. All settings of one traffic share that traffic's
 * seed (common random numbers: a difference between settings is the knobs', not the dice's),
 * so {@code nicsim run … --seed S} reproduces any cell.
 */
public final class TunePlan {
  /** Settings beyond this are refused (a typo in a value list, not a search). */
  public static final int MAX_SETTINGS = 5_000;

  private final List<Vary> varies;
  private final List<String> traffics;
  private final List<Long> seeds = new ArrayList<>();
  private final List<LinkedHashMap<String, String>> settings = new ArrayList<>();
  private final int samples;

  public TunePlan(List<Vary> varies, List<String> traffics, long baseSeed) {
    this(varies, traffics, baseSeed, 0);
  }

  /**
   * With {@code samples} > 0, every (setting, traffic) cell also runs that many joint samples
   * of the inputs' uncertainty ranges (a Latin hypercube seeded by the base seed), and the
   * report judges each setting by its worst figure among them and the nominal run.
   */
  public TunePlan(List<Vary> varies, List<String> traffics, long baseSeed, int samples) {
    this.samples = samples;
    if (varies.isEmpty()) {
      throw BadInputException.field("--vary", "nothing to vary", "--vary KNOB=V1,V2,…");
    }
    if (traffics.isEmpty()) {
      throw BadInputException.field("--traffic", "missing", "one or more --traffic");
    }
    List<String> keys = new ArrayList<>();
    long n = 1;
    for (Vary v : varies) {
      if (keys.contains(v.key())) {
        throw BadInputException.field("--vary", v.key() + " varied twice", "each key once");
      }
      if (v.key().equals("seed")) {
        throw BadInputException.field("--vary", "seed is not a knob to tune",
            "ethtool -C names, kernel, patch, …; --seed sets the base seed");
      }
      keys.add(v.key());
      n *= v.values().size();
      if (n > MAX_SETTINGS) {
        throw BadInputException.field("--vary", "more than " + MAX_SETTINGS + " settings",
            "at most " + MAX_SETTINGS + " combinations");
      }
    }
    this.varies = List.copyOf(varies);
    this.traffics = List.copyOf(traffics);
    for (String t : traffics) {
      seeds.add(Seeds.derive(baseSeed, "traffic=" + t));
    }
    settings.add(new LinkedHashMap<>()); // today's default
    expand(0, new LinkedHashMap<>());
  }

  private void expand(int depth, LinkedHashMap<String, String> knobs) {
    if (depth == varies.size()) {
      settings.add(new LinkedHashMap<>(knobs));
      return;
    }
    Vary v = varies.get(depth);
    for (String value : v.values()) {
      knobs.put(v.key(), value);
      expand(depth + 1, knobs);
      knobs.remove(v.key());
    }
  }

  public List<Vary> varies() {
    return varies;
  }

  public List<String> knobs() {
    return varies.stream().map(Vary::key).toList();
  }

  public List<String> traffics() {
    return traffics;
  }

  public long seed(int traffic) {
    return seeds.get(traffic);
  }

  /** Setting 0 is today's default (no knobs); 1.. are the grid. */
  public List<LinkedHashMap<String, String>> settings() {
    return settings;
  }

  /** The point index of setting {@code s} under traffic {@code t}, nominal inputs. */
  public int point(int s, int t) {
    return point(s, t, 0);
  }

  /** The point index of setting {@code s} under traffic {@code t}: k 0 nominal, k ≥ 1 sample k-1. */
  public int point(int s, int t, int k) {
    return (s * traffics.size() + t) * (samples + 1) + k;
  }

  /** Uncertainty samples per cell (0: nominal runs only). */
  public int samples() {
    return samples;
  }

  public int points() {
    return settings.size() * traffics.size() * (samples + 1);
  }
}
