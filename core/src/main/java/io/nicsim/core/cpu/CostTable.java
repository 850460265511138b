package io.nicsim.core.cpu;

import io.nicsim.core.config.BadInputException;
import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/** Per-operation costs in ns for one simulation, from a SoC profile (optionally scaled). */
public final class CostTable {
  private final String profile;
  private final Map<String, Long> byName;
  private long[] ns = new long[0];

  /**
   * @param profile the SoC profile name, for messages
   * @param costsNs op name → cost in ns
   * @param scale multiplier applied to every cost (1.0 = as measured; a "fast CPU" override
   *     uses a small value)
   */
  public CostTable(String profile, Map<String, Long> costsNs, double scale) {
    if (!(scale > 0) || Double.isInfinite(scale)) {
      throw BadInputException.field("cpu scale", "must be a positive number", "> 0");
    }
    this.profile = profile;
    TreeMap<String, Long> scaled = new TreeMap<>();
    costsNs.forEach((k, v) -> scaled.put(k, Math.round(v * scale)));
    this.byName = Collections.unmodifiableMap(scaled);
    resolve();
  }

  private void resolve() {
    byName.keySet().forEach(CostOp::named);
    long[] table = new long[Math.max(CostOp.idLimit(), 1)];
    Arrays.fill(table, -1);
    byName.forEach((name, v) -> table[CostOp.named(name).id()] = v);
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
}
