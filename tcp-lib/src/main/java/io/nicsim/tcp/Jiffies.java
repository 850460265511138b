package io.nicsim.tcp;

import io.nicsim.core.port.KernelPort;

/**
 * The kernel's microsecond/jiffy conversions for one CONFIG_HZ, as include/linux/jiffies.h and
 * kernel/time/time.c compute them on a 64-bit kernel: {@code unsigned long} jiffies (a Java
 * {@code long}), {@code unsigned int} microseconds (a u32 in an {@code int}), and the clamp of
 * anything past {@code jiffies_to_usecs(MAX_JIFFY_OFFSET)} to {@code MAX_JIFFY_OFFSET}.
 *
 * <p>HZ 100, 250 and 1000 divide USEC_PER_SEC and take the kernel's division branches; HZ 300
 * takes the multiply-and-shift branches with the constants kernel/time/timeconst.bc generates
 * into include/generated/timeconst.h ({@link #timeconst}).
 */
public final class Jiffies {
  private static final String SRC = "Kingxukai/linux@0291023e7330da28f2f7453c87c2ab7082d8360f";
  static final long USEC_PER_SEC = 1_000_000L;
  /** MAX_JIFFY_OFFSET = (LONG_MAX >> 1) - 1. */
  public static final long MAX_JIFFY_OFFSET = (Long.MAX_VALUE >> 1) - 1;

  private final int hz;
  /** USEC_TO_HZ_MUL32, USEC_TO_HZ_ADJ32, USEC_TO_HZ_SHR32 (used when HZ does not divide 10^6). */
  private final long usecToHzMul32;
  private final long usecToHzAdj32;
  private final int usecToHzShr32;
  /** HZ_TO_USEC_NUM, HZ_TO_USEC_DEN. */
  private final long hzToUsecNum;
  private final long hzToUsecDen;

  /** @param hz CONFIG_HZ: 100, 250, 300 or 1000 */
  public Jiffies(int hz) {
    if (hz != 100 && hz != 250 && hz != 300 && hz != 1000) {
      throw new IllegalArgumentException("HZ: " + hz + " (accepted: 100, 250, 300, 1000)");
    }
    this.hz = hz;
    long[] c = timeconst(hz);
    usecToHzMul32 = c[0];
    usecToHzAdj32 = c[1];
    usecToHzShr32 = (int) c[2];
    hzToUsecNum = c[3];
    hzToUsecDen = c[4];
  }

  public int hz() {
    return hz;
  }

  /**
   * timeconst.bc's USEC_TO_HZ_MUL32/ADJ32/SHR32 and HZ_TO_USEC_NUM/DEN for {@code hz}: the
   * shift s is the first whose ceil(2^s * hz / 10^6) reaches 2^31, the multiplier that ceiling,
   * the adjustment 2^s * (d - 1) / d with d = 10^6 / gcd(hz, 10^6).
   */
  static long[] timeconst(int hz) {
    int s = 0;
    while (ceilDiv((1L << s) * hz, USEC_PER_SEC) < (1L << 31)) {
      s++;
    }
    long mul = ceilDiv((1L << s) * hz, USEC_PER_SEC);
    long g = gcd(hz, USEC_PER_SEC);
    long d = USEC_PER_SEC / g;
    // 2^s * (d - 1) stays below 2^63 for every HZ modelled (s <= 45, d <= 10^4)
    long adj = ((1L << s) * (d - 1)) / d;
    return new long[] {mul, adj, s, USEC_PER_SEC / g, hz / g};
  }

  private static long ceilDiv(long n, long d) {
    return (n + d - 1) / d;
  }

  private static long gcd(long a, long b) {
    while (b != 0) {
      long t = b;
      b = a % b;
      a = t;
    }
    return a;
  }

  /**
   * {@code jiffies_to_usecs(j)}: an {@code unsigned int} (the product wraps in unsigned long,
   * then truncates).
   */
  @KernelPort(file = "kernel/time/time.c", function = "jiffies_to_usecs",
      versions = "v4.2..v6.18", source = SRC,
      notes = "also in time.c before v4.2 (not checked there: the range starts with the"
          + " usecs_to_jiffies rework it is ported with); the 64-bit branches: (USEC_PER_SEC / HZ)"
          + " * j when HZ divides 10^6, else j * HZ_TO_USEC_NUM / HZ_TO_USEC_DEN")
  public int jiffiesToUsecs(long j) {
    if (USEC_PER_SEC % hz == 0) {
      return (int) ((USEC_PER_SEC / hz) * j);
    }
    return (int) Long.divideUnsigned(j * hzToUsecNum, hzToUsecDen);
  }

  /**
   * {@code _usecs_to_jiffies(u)}, both of jiffies.h's HZ variants (rounding up): a division
   * when HZ divides 10^6, else timeconst's multiply-add-shift in u64. Not annotated: the name
   * has two definitions in the file (one per HZ branch), which port-check cannot tell apart; it
   * runs as the tree's C inside {@code __usecs_to_jiffies}'s harness.
   */
  long usecsToJiffiesUnclamped(int u) {
    long uu = Integer.toUnsignedLong(u);
    if (USEC_PER_SEC % hz == 0) {
      return (uu + (USEC_PER_SEC / hz) - 1) / (USEC_PER_SEC / hz);
    }
    return (usecToHzMul32 * uu + usecToHzAdj32) >>> usecToHzShr32;
  }

  /** {@code __usecs_to_jiffies(u)}: MAX_JIFFY_OFFSET past the largest convertible value. */
  @KernelPort(file = "kernel/time/time.c", function = "__usecs_to_jiffies",
      versions = "v4.2..v6.18", commits = {"ae60d6a0ab7a"}, source = SRC,
      notes = "release of ae60d6a0ab7a inferred from its date (May 2015)")
  public long usecsToJiffiesRuntime(int u) {
    if (Integer.compareUnsigned(u, jiffiesToUsecs(MAX_JIFFY_OFFSET)) > 0) {
      return MAX_JIFFY_OFFSET;
    }
    return usecsToJiffiesUnclamped(u);
  }

  /**
   * {@code usecs_to_jiffies(u)} for a value the compiler cannot fold (every caller in nicsim):
   * the {@code __usecs_to_jiffies} branch. The folded branch makes the same decision.
   */
  @KernelPort(file = "include/linux/jiffies.h", function = "usecs_to_jiffies",
      versions = "v4.2..v6.18", commits = {"ae60d6a0ab7a"}, source = SRC,
      notes = "the __builtin_constant_p branch decides as __usecs_to_jiffies does; release of"
          + " ae60d6a0ab7a inferred from its date (May 2015)")
  public long usecsToJiffies(int u) {
    return usecsToJiffiesRuntime(u);
  }
}
