package io.nicsim.core.ethtool;

import java.util.Arrays;

/**
 * {@code struct ethtool_coalesce}: every field a u32 (held in a long, 0..2^32-1), indexed by
 * {@link CoalesceParam}.
 */
public final class EthtoolCoalesce {
  private final long[] values = new long[CoalesceParam.values().length];

  public EthtoolCoalesce() {}

  public EthtoolCoalesce(EthtoolCoalesce other) {
    System.arraycopy(other.values, 0, values, 0, values.length);
  }

  public long get(CoalesceParam p) {
    return values[p.ordinal()];
  }

  public EthtoolCoalesce set(CoalesceParam p, long value) {
    if (value < 0 || value > 0xFFFF_FFFFL) {
      throw new IllegalArgumentException(p.cliName() + " must fit a u32: " + value);
    }
    values[p.ordinal()] = value;
    return this;
  }

  /** The ETHTOOL_COALESCE_* mask of the fields that are non-zero. */
  public int nonzeroParams() {
    int mask = 0;
    for (CoalesceParam p : CoalesceParam.values()) {
      if (values[p.ordinal()] != 0) {
        mask |= p.bit();
      }
    }
    return mask;
  }

  public long rxCoalesceUsecs() {
    return get(CoalesceParam.RX_USECS);
  }

  public long rxMaxCoalescedFrames() {
    return get(CoalesceParam.RX_MAX_FRAMES);
  }

  public long txCoalesceUsecs() {
    return get(CoalesceParam.TX_USECS);
  }

  public long txMaxCoalescedFrames() {
    return get(CoalesceParam.TX_MAX_FRAMES);
  }

  public EthtoolCoalesce rxCoalesceUsecs(long v) {
    return set(CoalesceParam.RX_USECS, v);
  }

  public EthtoolCoalesce rxMaxCoalescedFrames(long v) {
    return set(CoalesceParam.RX_MAX_FRAMES, v);
  }

  public EthtoolCoalesce txCoalesceUsecs(long v) {
    return set(CoalesceParam.TX_USECS, v);
  }

  public EthtoolCoalesce txMaxCoalescedFrames(long v) {
    return set(CoalesceParam.TX_MAX_FRAMES, v);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof EthtoolCoalesce other && Arrays.equals(values, other.values);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(values);
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("{");
    for (CoalesceParam p : CoalesceParam.values()) {
      long v = values[p.ordinal()];
      if (v != 0) {
        sb.append(sb.length() > 1 ? ", " : "").append(p.cliName()).append('=').append(v);
      }
    }
    return sb.append('}').toString();
  }
}
