package io.nicsim.core.cpu;

import io.nicsim.core.config.BadInputException;
import io.nicsim.core.soc.Quantity;
import io.nicsim.core.soc.SocProfile;
import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * Per-operation costs in ns for one simulation, from a SoC profile (optionally scaled), with
 * each op's documented range: the relative half-width of its profile number
 * ({@code Quantity.range()}), which timing perturbation in its per-op mode stays within.
 */
public final class CostTable {
  private final String profile;
  private final Map<String, Long> byName;
  private final Map<String, Double> rangeByName;
  private long[] ns = new long[0];
  private double[] range = new double[0];

  /**
   * {@code soc}'s cost table, every cost multiplied by {@code scale} (1.0 = the profile's), each
   * with its documented range ({@link Quantity#range()}: its class's default or the profile's
   * own override). The idle state's exit latency, charged as CPU time under {@code cpuidle_exit}
   * though it is a parameter ({@code params.cpuidle_exit_ns}), carries that parameter's range.
   */
  public static CostTable of(SocProfile soc, double scale) {
    Map<String, Long> ns = new TreeMap<>();
    Map<String, Double> ranges = new TreeMap<>();
    soc.costs().forEach((k, q) -> {
      ns.put(k, q.asLong());
      ranges.put(k, q.range());
    });
    Quantity idleExit = soc.params().get("cpuidle_exit_ns");
    if (idleExit != null && !soc.costs().containsKey(KernelOps.CPUIDLE_EXIT.name())) {
      ranges.put(KernelOps.CPUIDLE_EXIT.name(), idleExit.range());
    }
    return new CostTable(soc.name(), ns, ranges, scale);
  }

  /**
   * A table with no ranges (every op's range 0: per-op perturbation leaves it alone).
   *
   * @param profile the SoC profile name, for messages
   * @param costsNs op name → cost in ns
   * @param scale multiplier applied to every cost (1.0 = as measured; a "fast CPU" override
   *     uses a small value)
   */
  public CostTable(String profile, Map<String, Long> costsNs, double scale) {
    this(profile, costsNs, Map.of(), scale);
  }

  /**
   * @param profile the SoC profile name, for messages
   * @param costsNs op name → cost in ns
   * @param ranges op name → relative half-width of its cost, 0 ≤ r &lt; 1 (an op missing here
   *     has range 0; an op may have a range without a cost: a latency charged by name, such as
   *     an idle state's exit)
   * @param scale multiplier applied to every cost (1.0 = as measured; a "fast CPU" override
   *     uses a small value); ranges are relative and unchanged by it
   */
  public CostTable(String profile, Map<String, Long> costsNs, Map<String, Double> ranges,
      double scale) {
    if (!(scale > 0) || Double.isInfinite(scale)) {
      throw BadInputException.field("cpu scale", "must be a positive number", "> 0");
    }
    this.profile = profile;
    TreeMap<String, Long> scaled = new TreeMap<>();
    costsNs.forEach((k, v) -> scaled.put(k, Math.round(v * scale)));
    this.byName = Collections.unmodifiableMap(scaled);
    TreeMap<String, Double> r = new TreeMap<>();
    ranges.forEach((k, v) -> {
      if (!(v >= 0 && v < 1)) {
        throw new IllegalArgumentException("range of " + k + ": " + v + " (accepted: 0..<1)");
      }
      r.put(k, v);
    });
    this.rangeByName = Collections.unmodifiableMap(r);
    resolve();
  }

  private void resolve() {
    byName.keySet().forEach(CostOp::interned);
    rangeByName.keySet().forEach(CostOp::interned);
    int n = Math.max(CostOp.idLimit(), 1);
    long[] table = new long[n];
    Arrays.fill(table, -1);
    byName.forEach((name, v) -> table[CostOp.interned(name).id()] = v);
    double[] ranges = new double[n];
    rangeByName.forEach((name, v) -> ranges[CostOp.interned(name).id()] = v);
    range = ranges;
    ns = table;
  }

  public String profile() {
    return profile;
  }

  /** Costs by op name, sorted. */
  public Map<String, Long> asMap() {
    return byName;
  }

  /**
   * The cost of {@code op}; a profile that lacks it is refused with a message naming the op.
   * Components call this for every op they use when they are built, so a missing cost stops a
   * host before it runs.
   */
  public long require(CostOp op) {
    long v = lookup(op);
    if (v < 0) {
      throw new BadInputException(
          "soc profile " + profile + ": costs." + op.name() + " is missing"
              + " (accepted: {value: NS, source: \"...\", class: estimate})");
    }
    return v;
  }

  /** {@link #require} that returns the op, for field initialisers. */
  public CostOp requireOp(CostOp op) {
    require(op);
    return op;
  }

  /** Checks several ops at once. */
  public void requireAll(CostOp... ops) {
    for (CostOp op : ops) {
      require(op);
    }
  }

  /** The cost, or -1 when the profile has none. */
  long lookup(CostOp op) {
    int id = op.id();
    if (id >= ns.length) {
      resolve();
    }
    return ns[id];
  }

  /** Fast path for {@link Core#charge}: the cost of an op already required. */
  long nsOf(int id) {
    return id < ns.length ? ns[id] : -1;
  }

  /** Ranges by op name, sorted (ops with a documented range only). */
  public Map<String, Double> ranges() {
    return rangeByName;
  }

  /** The documented range of {@code op}'s cost (relative half-width); 0 when it has none. */
  public double range(CostOp op) {
    return rangeOf(op.id());
  }

  /** {@link #range} by op id, for the perturbed path of {@link Core}. */
  double rangeOf(int id) {
    if (id >= range.length) {
      resolve();
    }
    return id < range.length ? range[id] : 0;
  }
}
