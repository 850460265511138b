package io.nicsim.portcheck;

import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.PortHarness;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Input records for one harness, from a seed, in three parts:
 *
 * <ol>
 *   <li>every field through each of its edges (the domain's ends and their neighbours, 0, 1,
 *       -1, the powers of two around the 8/16/32/64-bit wrap points inside the domain, the
 *       harness's own edges and the values that put one of the C's comparisons of that field
 *       alone on its edge), once with every other field at its simplest value and once with
 *       the others at random edges or values;
 *   <li>every {@link EdgeTargets target} the C's comparisons give (a comparison of two fields
 *       made equal or off by one, a {@code time_after} at its wrap point, ...) applied to a
 *       sparse record (most fields at their simplest) and to a dense one;
 *   <li>random records: dense ones (every field an edge, a constant the C compares with, a
 *       small value or a value of random bit length), sparse ones (one to four fields set),
 *       each half the time with one to three targets applied.
 * </ol>
 *
 * Records the harness's {@code admit} refuses are skipped; repeats are skipped while new records
 * keep coming. The same seed gives the same records.
 */
final class InputGenerator {
  private final PortHarness harness;
  private final List<InputField> fields;
  private final long[][] edges;
  private final long[][] dictionary;
  private final EdgeTargets targets;
  private final int[] relevant;
  private final SplittableRandom random;
  /** Each field's simplest value (the record most fields of a sparse record keep). */
  private final long[] simplest;
  private final RecordSet seen = new RecordSet();
  private boolean allowRepeats;

  InputGenerator(PortHarness harness, long seed) {
    this(harness, seed, EdgeTargets.none(harness.inputs()));
  }

  InputGenerator(PortHarness harness, long seed, EdgeTargets targets) {
    this.harness = harness;
    this.fields = harness.inputs();
    this.targets = targets;
    this.relevant = targets.relevant();
    this.edges = new long[fields.size()][];
    this.dictionary = new long[fields.size()][];
    for (int i = 0; i < fields.size(); i++) {
      InputField f = fields.get(i);
      Set<Long> e = new LinkedHashSet<>();
      for (long v : edges(f)) {
        e.add(v);
      }
      for (long v : targets.edges(i)) {
        e.add(v);
      }
      edges[i] = e.stream().mapToLong(Long::longValue).toArray();
      dictionary[i] = Arrays.stream(targets.dictionary()).filter(f::contains).distinct()
          .toArray();
    }
    this.simplest = fields.stream().mapToLong(InputField::simplest).toArray();
    this.random = new SplittableRandom(seed ^ (harness.file() + " " + harness.function()).hashCode());
  }

  /** Up to {@code count} admitted records (fewer only if admit refuses nearly everything). */
  List<long[]> records(int count) {
    Supply s = supply(count);
    List<long[]> out = new ArrayList<>(count);
    for (List<long[]> part = s.next(count); !part.isEmpty(); part = s.next(count)) {
      out.addAll(part);
    }
    return out;
  }

  /**
   * The same records as {@link #records}, made a part at a time (a run of 100,000 inputs holds
   * one part, not all of them).
   */
  Supply supply(int count) {
    return new Supply(count);
  }

  /**
   * The three parts of the records in order, resumable: each {@link #next} continues where the
   * last stopped, so the records and the random numbers drawn are those of one pass.
   */
  final class Supply {
    private final int count;
    private final int edgeBudget;
    private final List<EdgeTargets.Target> all = targets.targets();
    private int produced;
    private int phase;
    // 1. edges: the field and its edge
    private int f;
    private int e;
    // 2. targets: the pass, the target, whether a pass started, its budget and start
    private int pass;
    private int t;
    private boolean passStarted;
    private int targetBudget;
    private int passFrom;
    // 3. random: attempts since the last new record policy
    private int attempts;

    private Supply(int count) {
      this.count = count;
      this.edgeBudget = count * 3 / 10;
    }

    /** Records made so far. */
    int produced() {
      return produced;
    }

    /** About {@code max} more records (one more at most), or none when all were made. */
    List<long[]> next(int max) {
      List<long[]> out = new ArrayList<>(Math.min(max, 1 << 14) + 1);
      while (out.size() < max && phase < 3) {
        int before = out.size();
        step(out);
        produced += out.size() - before;
      }
      return out;
    }

    private void step(List<long[]> out) {
      switch (phase) {
        case 0 -> edgeStep(out);
        case 1 -> targetStep(out);
        default -> randomStep(out);
      }
    }

    /* 1. every field through each of its edges */
    private void edgeStep(List<long[]> out) {
      int n = fields.size();
      if (f >= n || produced >= edgeBudget) {
        phase = 1;
        targetBudget = Math.min(count, produced + count * 3 / 10);
        return;
      }
      if (e >= edges[f].length) {
        f++;
        e = 0;
        return;
      }
      long v = edges[f][e++];
      long[] sparse = simplest();
      sparse[f] = v;
      add(sparse, out);
      long[] dense = new long[n];
      for (int g = 0; g < n; g++) {
        dense[g] = g == f ? v : (random.nextInt(3) == 0 ? value(g) : edge(g));
      }
      add(dense, out);
    }

    /* 2. every target of the C's comparisons, on a sparse and on a dense record */
    private void targetStep(List<long[]> out) {
      if (!passStarted) {
        if (pass >= 4 || all.isEmpty() || produced >= targetBudget) {
          phase = 2;
          return;
        }
        passStarted = true;
        passFrom = produced;
        t = 0;
      }
      if (t < all.size() && produced < targetBudget) {
        EdgeTargets.Target target = all.get(t++);
        long[] r = random.nextBoolean() ? sparse() : dense();
        if (targets.apply(target, r)) {
          add(r, out);
        }
        return;
      }
      passStarted = false;
      if (produced == passFrom) {
        phase = 2;
        return;
      }
      pass++;
    }

    /* 3. random records */
    private void randomStep(List<long[]> out) {
      if (produced >= count) {
        phase = 3;
        return;
      }
      if (attempts++ > count * 3) {
        if (allowRepeats) {
          phase = 3;
          return;
        }
        allowRepeats = true; // a small domain: repeats rather than too few records
        attempts = 0;
      }
      int kind = random.nextInt(relevant.length > 0 ? 3 : 2);
      long[] r = kind == 0 ? dense() : kind == 1 ? sparse() : focused();
      if (!all.isEmpty() && random.nextBoolean()) {
        int k = 1 + random.nextInt(4);
        for (int j = 0; j < k; j++) {
          steer(r);
        }
      }
      add(r, out);
    }
  }

  /**
   * {@code n} more random records (to replace inputs the C died on): dense ones, steered half
   * the time, so that few of them die again on a zero divisor.
   */
  List<long[]> more(int n) {
    List<long[]> out = new ArrayList<>(n);
    int attempts = 0;
    while (out.size() < n && attempts++ < n * 20 + 100) {
      long[] r = random.nextBoolean() ? dense() : focused();
      if (!targets.targets().isEmpty() && random.nextBoolean()) {
        steer(r);
      }
      add(r, out);
    }
    return out;
  }

  /**
   * One quantity of the C's decisions steered: to one of its targets, or half the time to a
   * small distance either side (a comparison of two fields taken both ways, not only at its
   * edge).
   */
  private void steer(long[] r) {
    List<EdgeTargets.Quantity> qs = targets.quantities();
    EdgeTargets.Quantity q = qs.get(random.nextInt(qs.size()));
    int f = q.fields()[random.nextInt(q.fields().length)];
    long v = random.nextBoolean() ? q.targets()[random.nextInt(q.targets().length)]
        : random.nextInt(129) - 64;
    targets.apply(q, f, v, r);
  }

  private long[] simplest() {
    return simplest.clone();
  }

  /** Most fields at their simplest, one to four set (mostly fields the C's decisions read). */
  private long[] sparse() {
    long[] r = simplest();
    int k = 1 + random.nextInt(Math.min(4, Math.max(1, r.length)));
    for (int j = 0; j < k && r.length > 0; j++) {
      int g = relevant.length > 0 && random.nextInt(4) > 0
          ? relevant[random.nextInt(relevant.length)] : random.nextInt(r.length);
      r[g] = value(g);
    }
    return r;
  }

  /** The fields the C's decisions read set, the others at their simplest. */
  private long[] focused() {
    long[] r = simplest();
    for (int g : relevant) {
      r[g] = value(g);
    }
    return r;
  }

  private long[] dense() {
    long[] r = new long[fields.size()];
    for (int g = 0; g < r.length; g++) {
      r[g] = value(g);
    }
    return r;
  }

  private void add(long[] r, List<long[]> out) {
    long[] a = harness.admit(r);
    if (a != null && a.length == fields.size()) {
      if (seen.add(a) || allowRepeats) {
        out.add(a);
      }
    }
  }

  private long edge(int g) {
    return edges[g][random.nextInt(edges[g].length)];
  }

  private long value(int g) {
    InputField f = fields.get(g);
    int pick = random.nextInt(6);
    if (pick == 0) {
      return edge(g);
    }
    if (pick == 1) {
      return dictionary[g].length > 0 ? dictionary[g][random.nextInt(dictionary[g].length)]
          : edge(g);
    }
    if (pick == 2) {
      long small = simplest[g] + random.nextInt(17);
      return f.contains(small) ? small : simplest[g];
    }
    return uniformBits(f);
  }

  /** A value of a random bit length between the domain's ends. */
  private long uniformBits(InputField f) {
    for (int tries = 0; tries < 64; tries++) {
      int bits = 1 + random.nextInt(64);
      long v = bits == 64 ? random.nextLong() : random.nextLong() & ((1L << bits) - 1);
      if (!f.unsigned() && random.nextBoolean()) {
        v = -v;
      }
      if (f.contains(v)) {
        return v;
      }
      // fold into the domain: min + v mod (span + 1)
      long span = f.max() - f.min();
      if (span != -1) {
        long folded = f.min() + Long.remainderUnsigned(v, span + 1);
        if (f.contains(folded)) {
          return folded;
        }
      }
    }
    return f.min();
  }

  /** The field's edge values inside its domain, without repeats. */
  static long[] edges(InputField f) {
    Set<Long> e = new LinkedHashSet<>();
    long[] candidates = {
      f.min(), f.min() + 1, f.max(), f.max() - 1, 0, 1, -1, 2,
    };
    for (long c : candidates) {
      e.add(c);
    }
    for (int bits : new int[] {7, 8, 15, 16, 31, 32, 63}) {
      long p = 1L << bits;
      e.add(p - 1);
      e.add(p);
      e.add(p + 1);
      e.add(-p);
      e.add(-p - 1);
    }
    for (long c : f.edges()) {
      e.add(c);
    }
    return e.stream().filter(f::contains).mapToLong(Long::longValue).toArray();
  }
}
