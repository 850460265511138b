package io.nicsim.core.cpu;

import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

/**
 * A named CPU operation whose cost (ns) a SoC profile gives, e.g. {@code hrtimer_start}.
 * Names are interned: one object per name for the whole JVM, with a small integer id used to
 * index cost and accounting arrays.
 */
public final class CostOp {
  private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]*");
  private static final ConcurrentHashMap<String, CostOp> BY_NAME = new ConcurrentHashMap<>();
  private static final AtomicInteger NEXT_ID = new AtomicInteger();
  /** Names some code charges (declared through {@link #named}), as opposed to profile keys. */
  private static final Set<String> DECLARED = ConcurrentHashMap.newKeySet();

  private final String name;
  private final int id;

  private CostOp(String name, int id) {
    this.name = name;
    this.id = id;
  }

  /**
   * The op called {@code name} (lower_snake_case), created on first use: what code that charges
   * the op calls, so the name becomes one a SoC profile may give a cost for
   * ({@link #declared()}).
   */
  public static CostOp named(String name) {
    CostOp op = interned(name);
    DECLARED.add(name);
    return op;
  }

  /**
   * The op called {@code name} without declaring it: for a cost table or a report indexing by
   * a profile's own keys, which must not make a key that no code charges look known.
   */
  public static CostOp interned(String name) {
    CostOp op = BY_NAME.get(name);
    if (op != null) {
      return op;
    }
    if (!NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("cost op names are lower_snake_case: " + name);
    }
    return BY_NAME.computeIfAbsent(name, n -> new CostOp(n, NEXT_ID.getAndIncrement()));
  }

  /** The names code has declared so far (classes not yet initialised have declared none). */
  public static SortedSet<String> declared() {
    return new TreeSet<>(DECLARED);
  }

  /** Looks a name up without creating it. */
  public static CostOp existing(String name) {
    return BY_NAME.get(name);
  }

  /** Upper bound (exclusive) of the ids handed out so far. */
  public static int idLimit() {
    return NEXT_ID.get();
  }

  public String name() {
    return name;
  }

  public int id() {
    return id;
  }

  @Override
  public String toString() {
    return name;
  }
}
