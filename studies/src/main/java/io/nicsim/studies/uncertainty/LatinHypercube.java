package io.nicsim.studies.uncertainty;

import io.nicsim.core.soc.InputSample;
import io.nicsim.core.soc.Quantity;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * Sample {@code index} of an {@code n}-point Latin hypercube over every uncertain input. Each
 * input's range is cut into {@code n} equal strata; a permutation seeded by (study seed, input
 * id) gives each sample its stratum, and a uniform draw seeded by (study seed, input id, sample)
 * places the value inside it. An input's column depends only on its own id, so the design needs
 * no list of inputs in advance, and the same input (an inherited cost, a shared path) takes the
 * same value in every host of the sample. Pure function of (seed, n, index): any engine, thread
 * or worker draws the same sample. A number that shares part of its range with a group
 * ({@link InputDesign}) takes that part from the group's column.
 */
public final class LatinHypercube implements InputSample {
  private final long seed;
  private final int n;
  private final int index;
  private final Map<String, Double> drawn = new HashMap<>();

  public LatinHypercube(long seed, int n, int index) {
    if (n < 1 || index < 0 || index >= n) {
      throw new IllegalArgumentException("sample " + index + " of " + n);
    }
    this.seed = seed;
    this.n = n;
    this.index = index;
  }

  @Override
  public double value(String id, Quantity q) {
    return InputDesign.value(id, q, d -> drawn.computeIfAbsent(d, this::unit));
  }

  /** Which sample of the design this is, 0..size-1. */
  public int index() {
    return index;
  }

  /** The design's number of samples. */
  public int size() {
    return n;
  }

  /** The study's seed. */
  public long seed() {
    return seed;
  }

  /** The input's position in its range, 0..1, for this sample. */
  public double unit(String id) {
    long key = seed * 0x9E3779B97F4A7C15L ^ fnv(id);
    int[] perm = new int[n];
    for (int i = 0; i < n; i++) {
      perm[i] = i;
    }
    SplittableRandom r = new SplittableRandom(key);
    for (int i = n - 1; i > 0; i--) {
      int j = r.nextInt(i + 1);
      int t = perm[i];
      perm[i] = perm[j];
      perm[j] = t;
    }
    double jitter = new SplittableRandom(key + 0x632BE59BD9B4E019L * (index + 1)).nextDouble();
    return (perm[index] + jitter) / n;
  }

  /** The draws this sample has made (inputs and the groups they share), sorted. */
  public TreeSet<String> inputs() {
    return new TreeSet<>(drawn.keySet());
  }

  static long fnv(String s) {
    long h = 0xcbf29ce484222325L;
    for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
      h ^= b & 0xff;
      h *= 0x100000001b3L;
    }
    return h;
  }
}
