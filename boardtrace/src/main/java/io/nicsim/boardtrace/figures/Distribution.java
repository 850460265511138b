package io.nicsim.boardtrace.figures;

import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A distribution a compare plot draws: counts per value (NAPI work per poll, xmit batch
 * sizes) or per log-spaced bucket of a duration.
 *
 * @param name what it is ("NAPI work per poll eth0")
 * @param unit the value's unit
 * @param counts value (bucket's lower edge) to count
 * @param logBuckets whether the values are bucketed on a log scale (durations)
 */
public record Distribution(String name, String unit, SortedMap<Double, Long> counts,
    boolean logBuckets) {

  public Distribution {
    counts = new TreeMap<>(counts);
  }

  public long total() {
    long n = 0;
    for (long c : counts.values()) {
      n += c;
    }
    return n;
  }
}
