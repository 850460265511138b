package io.nicsim.formats.layeringfixture;

import io.nicsim.runs.RunResult;

/** LayeringTest's fixture: a formats-layer class that reaches up into runs (forbidden). */
public final class ReachesIntoRuns {
  private ReachesIntoRuns() {}

  public static String title(RunResult r) {
    return r.title();
  }
}
