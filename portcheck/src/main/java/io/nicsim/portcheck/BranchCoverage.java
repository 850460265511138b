package io.nicsim.portcheck;

import java.util.List;
import java.util.regex.Pattern;

/**
 * gcc's branch coverage of one executed function's own lines (its definition in the tree), over
 * the inputs the run gave it. A condition is a pair of arcs gcov reports for one conditional
 * jump; it is covered when both arcs were taken. {@code uncovered} names each line with an arc
 * never taken, with its text, so a harness's author sees which branches the inputs never reach.
 *
 * @param file the tree file the function is in
 * @param conditions conditional jumps in the function's lines
 * @param bothWays of those, taken both ways
 * @param arcs branch arcs
 * @param arcsTaken of those, taken at least once
 * @param uncovered lines with an arc never taken, in line order
 * @param unavailable why there is no measurement (no gcov, the coverage build failed), else empty
 */
public record BranchCoverage(String file, int conditions, int bothWays, int arcs, int arcsTaken,
    List<Line> uncovered, String unavailable) {

  /**
   * One line with an arc never taken.
   *
   * @param line the line in the tree file
   * @param text its text
   * @param arcs branch arcs on it
   * @param taken of those, taken at least once
   */
  public record Line(int line, String text, int arcs, int taken) {
    /** BUG_ON and the WARN family, alone or inside an {@code if}/{@code unlikely}. */
    private static final Pattern ASSERTION = Pattern.compile(
        "\\b(BUG_ON|WARN_ON_ONCE|WARN_ON|WARN_ONCE|WARN|DEBUG_NET_WARN_ON_ONCE"
            + "|DEBUG_NET_WARN_ON|NET_WARN_ON_ONCE)\\s*\\(");

    /**
     * The line is one of the kernel's assertions. Its arc that fires is the contract's breach: a
     * harness keeps its inputs inside the contract (the Java port assumes it too), so that arc is
     * unreachable by design, not a hole in the inputs.
     */
    public boolean assertion() {
      return ASSERTION.matcher(text).find();
    }
  }

  static BranchCoverage unavailable(String file, String why) {
    return new BranchCoverage(file, 0, 0, 0, 0, List.of(), why);
  }

  /** Conditions taken both ways, as a percentage (100 for a function with no conditions). */
  public int percent() {
    return conditions == 0 ? 100 : (int) Math.floor(100.0 * bothWays / conditions);
  }
}
