package io.nicsim.tcp;

/** 32-bit sequence-space comparisons ({@code before()/after()} in include/net/tcp.h). */
public final class Seq {
  private Seq() {}

  /** {@code before(seq1, seq2)}: seq1 is earlier than seq2 modulo 2^32. */
  public static boolean before(int seq1, int seq2) {
    return seq1 - seq2 < 0;
  }

  /** {@code after(seq2, seq1)} = before(seq1, seq2). */
  public static boolean after(int seq2, int seq1) {
    return before(seq1, seq2);
  }

  /** {@code between(seq1, seq2, seq3)}: seq2 &lt;= seq1 &lt;= seq3 in u32 distance from seq2. */
  public static boolean between(int seq1, int seq2, int seq3) {
    return Integer.compareUnsigned(seq3 - seq2, seq1 - seq2) >= 0;
  }

  /** Unsigned max of two u32 values held in ints. */
  public static int umax(int a, int b) {
    return Integer.compareUnsigned(a, b) >= 0 ? a : b;
  }

  /** Unsigned min of two u32 values held in ints. */
  public static int umin(int a, int b) {
    return Integer.compareUnsigned(a, b) <= 0 ? a : b;
  }

  /** u32 value as a non-negative long. */
  public static long u32(int v) {
    return v & 0xFFFF_FFFFL;
  }
}
