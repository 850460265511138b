package io.nicsim.validate;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * A real run that left its first slow start early: a loss (retransmits in the measured window)
 * or an exit (ss's ssthresh) below half the path's bandwidth-delay product, which a CUBIC flow
 * then climbs back from for seconds. On a shared machine that is the testbed's doing (a stall
 * of the receiver or the ACK path read as a delay rise by HyStart, a drop at a full tbf), not
 * the kernel behaviour a case checks: such a run is reported, not judged, when it is also the
 * slower one (below the tolerance of the best run) and another run is left to judge. The
 * model's path has no bottleneck queue to overflow, so a drop at the testbed's is not a state
 * the model can reach.
 */
final class SlowStartExit {
  private SlowStartExit() {}

  /** The congestion controls with a slow start that a loss or HyStart ends. */
  static final List<String> LOSS_BASED = List.of("cubic", "reno");

  /** TCP's payload per full frame on the testbed (1500 MTU, timestamps on). */
  static final double MSS = 1448;

  /** The path's bandwidth-delay product in segments: the rate over the RTT plus the hold. */
  static double bdpSegments(ValidateCase c) {
    double rttS = (c.rttUs() + c.delayUs()) / 1e6;
    return c.rateMbit() * 1e6 / 8 * rttS / MSS;
  }

  /**
   * Why each run is the testbed's (its index's entry), or null for a run that is judged: every
   * run is judged when none, or all, left slow start early.
   */
  static List<String> testbedRuns(ValidateCase c, List<RealRunner.Run> rs, double tolerance) {
    if (!LOSS_BASED.contains(c.cc())) {
      // BBR does not leave slow start on a loss or a delay rise: its startup is what it checks
      return Collections.nCopies(rs.size(), null);
    }
    double best = 0;
    for (RealRunner.Run r : rs) {
      best = Math.max(best, r.mbps());
    }
    double bdp = bdpSegments(c);
    List<String> out = new ArrayList<>();
    int flagged = 0;
    for (RealRunner.Run r : rs) {
      String why = null;
      if (r.mbps() < best * (1 - tolerance)) {
        if (r.retrans() > 0) {
          why = String.format(Locale.ROOT, "%d retransmits", r.retrans());
        } else if (r.ssthresh() < bdp / 2) {
          why = String.format(Locale.ROOT, "ssthresh %.0f segments, under half the path's"
              + " BDP of %.0f", r.ssthresh(), bdp);
        }
      }
      if (why != null) {
        flagged++;
      }
      out.add(why == null ? null : "left slow start early (" + why + ")");
    }
    if (flagged == 0 || flagged == rs.size()) {
      return Collections.nCopies(rs.size(), null);
    }
    return out;
  }
}
