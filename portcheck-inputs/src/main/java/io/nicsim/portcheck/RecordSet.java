package io.nicsim.portcheck;

/**
 * A set of input records held as 128-bit fingerprints (two independent 64-bit hashes of the
 * values) in an open-addressed table: what "have I seen this record" needs, at 16 bytes a record
 * instead of the record itself (a 100,000-input run of a harness with two hundred fields would
 * otherwise hold 160 MB per set). Two different records share a fingerprint with probability
 * about 2^-128 per pair.
 */
final class RecordSet {
  private long[] lo = new long[1 << 10];
  private long[] hi = new long[1 << 10];
  private boolean[] used = new boolean[1 << 10];
  private int size;

  /** Adds {@code record}; whether it was not there yet. */
  boolean add(long[] record) {
    // two hashes of the values, each step a multiply and a shift that carries the high bits
    // down (a multiply alone moves a difference only upwards: two values differing in bit 63
    // alone would cancel), each finalised
    long a = 0x9E3779B97F4A7C15L;
    long b = 0xC2B2AE3D27D4EB4FL;
    for (long v : record) {
      a = (a ^ v) * 0xBF58476D1CE4E5B9L;
      a ^= a >>> 31;
      b = (b + v) * 0x94D049BB133111EBL;
      b ^= b >>> 29;
    }
    a = mix(a ^ record.length);
    b = mix(b + record.length);
    if ((size + 1) * 2 > used.length) {
      grow();
    }
    return insert(a, b);
  }

  int size() {
    return size;
  }

  private boolean insert(long a, long b) {
    int mask = used.length - 1;
    for (int i = (int) (a ^ (a >>> 32)) & mask; ; i = (i + 1) & mask) {
      if (!used[i]) {
        used[i] = true;
        lo[i] = a;
        hi[i] = b;
        size++;
        return true;
      }
      if (lo[i] == a && hi[i] == b) {
        return false;
      }
    }
  }

  private void grow() {
    long[] oldLo = lo;
    long[] oldHi = hi;
    boolean[] oldUsed = used;
    lo = new long[oldUsed.length * 2];
    hi = new long[oldUsed.length * 2];
    used = new boolean[oldUsed.length * 2];
    size = 0;
    for (int i = 0; i < oldUsed.length; i++) {
      if (oldUsed[i]) {
        insert(oldLo[i], oldHi[i]);
      }
    }
  }

  /** A 64-bit finaliser (Stafford's variant 13 of MurmurHash3's). */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
