package io.nicsim.formats.trace;

import java.util.Arrays;

/**
 * Times (ns) of the events a timeline plot shows, by kind, in the order they happened:
 * timer starts and expiries (hrtimer and timer_list), device interrupts, and frames put on
 * the wire toward the peer.
 */
public final class Timeline {
  /** The kinds, in plot order. */
  public enum Kind {
    TIMER_START("timer start", "timer starts"),
    TIMER_EXPIRE("timer expiry", "timer expiries"),
    IRQ("NIC IRQ", "NIC IRQs"),
    WIRE("frame on wire", "frames on the wire");

    private final String label;
    private final String plural;

    Kind(String label, String plural) {
      this.label = label;
      this.plural = plural;
    }

    public String label() {
      return label;
    }

    public String plural() {
      return plural;
    }
  }

  private final long[][] times = new long[Kind.values().length][];
  private final int[] counts = new int[Kind.values().length];
  private final long toNs;
  private final int cap;

  public Timeline(long toNs, int capPerKind) {
    this.toNs = toNs;
    this.cap = capPerKind;
    for (int i = 0; i < times.length; i++) {
      times[i] = new long[64];
    }
  }

  /** The recorded span ends here, ns. */
  public long toNs() {
    return toNs;
  }

  void add(Kind kind, long t) {
    int k = kind.ordinal();
    if (t > toNs || counts[k] >= cap) {
      return;
    }
    if (counts[k] == times[k].length) {
      times[k] = Arrays.copyOf(times[k], times[k].length * 2);
    }
    times[k][counts[k]++] = t;
  }

  /** The recorded times of one kind, sorted. */
  public long[] times(Kind kind) {
    long[] out = Arrays.copyOf(times[kind.ordinal()], counts[kind.ordinal()]);
    Arrays.sort(out);
    return out;
  }

  public int count(Kind kind) {
    return counts[kind.ordinal()];
  }
}
