package io.nicsim.portcheck;

/**
 * Where one function's {@code --execute} spent its time ({@code --timings}): reading the C and
 * its comparisons, compiling (or finding the binary in the cache), generating the inputs,
 * running the C program, running the Java port, shrinking a difference. The C program and the
 * Java port run at the same time, so their sum exceeds the wall time.
 */
public record ExecTiming(long readNs, long compileNs, boolean cached, long generateNs,
    long cRunNs, long javaNs, long shrinkNs) {

  static final ExecTiming NONE = new ExecTiming(0, 0, false, 0, 0, 0, 0);

  public long totalNs() {
    return readNs + compileNs + generateNs + Math.max(cRunNs, javaNs) + shrinkNs;
  }
}
