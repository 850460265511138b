package io.nicsim.core.port.exec;

import java.util.Arrays;
import java.util.Objects;

/**
 * One value of an input record: a C argument, a struct field's state before the call, or a stub's
 * answer. Values travel as Java {@code long}s (the C driver reads them as {@code long long} and
 * converts to the field's C type). The domain is {@code min..max}, compared as unsigned numbers
 * when {@link #unsigned()} (so {@code u64} is {@code 0..-1}).
 *
 * <p>Generated values include the domain's edges (its ends and their neighbours, 0, 1, -1, the
 * powers of two around the 8/16/32/64-bit wrap points inside it) and the harness's own
 * {@link #edges()}, then random values of every magnitude.
 *
 * @param name the name reports use ({@code rx_coalesce_usecs}, {@code dim.tune_state})
 * @param min smallest value
 * @param max largest value
 * @param unsigned whether {@code min}/{@code max} and the values compare as unsigned
 * @param edges further values worth trying (boundaries the function tests), inside the domain
 */
public record InputField(String name, long min, long max, boolean unsigned, long[] edges) {

  public InputField {
    Objects.requireNonNull(name, "name");
    if (unsigned ? Long.compareUnsigned(min, max) > 0 : min > max) {
      throw new IllegalArgumentException(name + ": empty domain");
    }
    edges = edges.clone();
  }

  /** A signed domain {@code min..max}. */
  public static InputField range(String name, long min, long max) {
    return new InputField(name, min, max, false, new long[0]);
  }

  /** An unsigned domain {@code min..max} (values compared as unsigned). */
  public static InputField urange(String name, long min, long max) {
    return new InputField(name, min, max, true, new long[0]);
  }

  public static InputField bool(String name) {
    return range(name, 0, 1);
  }

  public static InputField u8(String name) {
    return urange(name, 0, 0xFF);
  }

  public static InputField u16(String name) {
    return urange(name, 0, 0xFFFF);
  }

  public static InputField u32(String name) {
    return urange(name, 0, 0xFFFF_FFFFL);
  }

  public static InputField u64(String name) {
    return urange(name, 0, -1L);
  }

  public static InputField s32(String name) {
    return range(name, Integer.MIN_VALUE, Integer.MAX_VALUE);
  }

  public static InputField s64(String name) {
    return range(name, Long.MIN_VALUE, Long.MAX_VALUE);
  }

  /** The same field with more edge values (those outside the domain are dropped). */
  public InputField withEdges(long... more) {
    long[] all = Arrays.copyOf(edges, edges.length + more.length);
    System.arraycopy(more, 0, all, edges.length, more.length);
    return new InputField(name, min, max, unsigned, all);
  }

  /** Whether {@code v} lies in the domain. */
  public boolean contains(long v) {
    return unsigned
        ? Long.compareUnsigned(v, min) >= 0 && Long.compareUnsigned(v, max) <= 0
        : v >= min && v <= max;
  }

  /** The value shrinking moves toward: 0 when in the domain, else the end nearest to it. */
  public long simplest() {
    if (contains(0)) {
      return 0;
    }
    return unsigned || min > 0 ? min : max;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof InputField f && f.name.equals(name) && f.min == min && f.max == max
        && f.unsigned == unsigned && Arrays.equals(f.edges, edges);
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, min, max, unsigned, Arrays.hashCode(edges));
  }

  @Override
  public String toString() {
    return name + " " + (unsigned ? Long.toUnsignedString(min) + ".." + Long.toUnsignedString(max)
        : min + ".." + max);
  }
}
