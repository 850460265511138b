package io.nicsim.tcp;

/**
 * The "shape" field of a congestion module's harness record, spread into independent bits: which
 * fields the harness's admit ties to others (a timestamp just before or after the one it is
 * compared with, a count next to its threshold) and by how much. The generator draws the shape
 * like any field, so the ties come from the seed and a shrunk record keeps its own. Only admit
 * reads it; the C driver skips it.
 */
final class RecordShape {
  private long state;

  RecordShape(long shape) {
    this.state = shape;
  }

  /** SplitMix64: every bit of the result depends on every bit of the shape. */
  private long next() {
    long z = (state += 0x9E37_79B9_7F4A_7C15L);
    z = (z ^ (z >>> 30)) * 0xBF58_476D_1CE4_E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D0_49BB_1331_11EBL;
    return z ^ (z >>> 31);
  }

  /** True one time in {@code n}. */
  boolean oneIn(int n) {
    return Long.remainderUnsigned(next(), n) == 0;
  }

  /** Even odds. */
  boolean coin() {
    return (next() & 1) == 0;
  }

  /** An offset in {@code -spread..spread}, each equally likely. */
  long offset(int spread) {
    return Long.remainderUnsigned(next(), 2L * spread + 1) - spread;
  }

  /** A value in {@code 0..bound-1}. */
  long below(long bound) {
    return Long.remainderUnsigned(next(), bound);
  }

  /** A value of {@code 1..bits} random low bits, so small and large magnitudes both come up. */
  long bits(int bits) {
    int n = 1 + (int) below(bits);
    return next() & (n == 64 ? -1L : (1L << n) - 1);
  }

  static long u32(long v) {
    return v & 0xFFFF_FFFFL;
  }
}
