package io.nicsim.validate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The kernel's CPU pressure stall information ({@code /proc/pressure/cpu}, PSI): how long, in
 * total, at least one runnable task waited for a CPU. Over a window it tells how much the real
 * runs competed with other work on the machine (a shared 2-core machine under seven builds: 99%;
 * idle: a few per cent).
 */
final class CpuPressure {
  static final Path FILE = Path.of("/proc/pressure/cpu");
  private static final Pattern SOME = Pattern.compile("(?m)^some .*\\btotal=(\\d+)");

  private CpuPressure() {}

  /** The "some" line's total (µs) in {@code text}, or -1 when it has none. */
  static long someTotalUs(String text) {
    Matcher m = SOME.matcher(text);
    return m.find() ? Long.parseLong(m.group(1)) : -1;
  }

  /** The "some" total now (µs), or -1 where the kernel has no PSI. */
  static long someTotalUs() {
    try {
      return someTotalUs(Files.readString(FILE));
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  /**
   * The share of {@code wallNs} in which some task waited for a CPU, from two readings of
   * {@link #someTotalUs()}; NaN when either is missing or the window is empty.
   */
  static double share(long fromUs, long toUs, long wallNs) {
    if (fromUs < 0 || toUs < fromUs || wallNs <= 0) {
      return Double.NaN;
    }
    return Math.min(1, (toUs - fromUs) * 1000.0 / wallNs);
  }
}
