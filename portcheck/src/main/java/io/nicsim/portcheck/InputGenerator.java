package io.nicsim.portcheck;

import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.PortHarness;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Input records for one harness, from a seed: first each field through its edge values (the
 * domain's ends and their neighbours, 0, 1, -1, the powers of two around the 8/16/32/64-bit
 * wrap points inside the domain, the harness's own edges) with the other fields at random edges,
 * then random records whose fields are edges a fifth of the time, small a fifth, and otherwise
 * of a random bit length (so every magnitude is tried). Records the harness's {@code admit}
 * refuses are skipped. The same seed gives the same records.
 */
final class InputGenerator {
  private final PortHarness harness;
  private final List<InputField> fields;
  private final long[][] edges;
  private final SplittableRandom random;

  InputGenerator(PortHarness harness, long seed) {
    this.harness = harness;
    this.fields = harness.inputs();
    this.edges = new long[fields.size()][];
    for (int i = 0; i < fields.size(); i++) {
      edges[i] = edges(fields.get(i));
    }
    this.random = new SplittableRandom(seed ^ (harness.file() + " " + harness.function()).hashCode());
  }

  /** Up to {@code count} admitted records (fewer only if admit refuses nearly everything). */
  List<long[]> records(int count) {
    List<long[]> out = new ArrayList<>(count);
    int attempts = 0;
    // every field through each of its edges
    outer:
    for (int f = 0; f < fields.size(); f++) {
      for (long e : edges[f]) {
        if (out.size() >= count / 2) {
          break outer;
        }
        long[] r = new long[fields.size()];
        for (int g = 0; g < r.length; g++) {
          r[g] = g == f ? e : (random.nextInt(3) == 0 ? value(g) : edge(g));
        }
        admit(r, out);
      }
    }
    while (out.size() < count && attempts++ < count * 20) {
      long[] r = new long[fields.size()];
      for (int g = 0; g < r.length; g++) {
        r[g] = value(g);
      }
      admit(r, out);
    }
    return out;
  }

  private void admit(long[] r, List<long[]> out) {
    long[] a = harness.admit(r);
    if (a != null && a.length == fields.size()) {
      out.add(a);
    }
  }

  private long edge(int g) {
    return edges[g][random.nextInt(edges[g].length)];
  }

  private long value(int g) {
    InputField f = fields.get(g);
    int pick = random.nextInt(5);
    if (pick == 0) {
      return edge(g);
    }
    if (pick == 1) {
      return clampToDomain(f, f.simplest() + random.nextInt(17));
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

  private static long clampToDomain(InputField f, long v) {
    return f.contains(v) ? v : f.simplest();
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
    }
    for (long c : f.edges()) {
      e.add(c);
    }
    return e.stream().filter(f::contains).mapToLong(Long::longValue).toArray();
  }
}
