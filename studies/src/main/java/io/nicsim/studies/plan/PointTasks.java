package io.nicsim.studies.plan;

import io.nicsim.core.config.BadInputException;
import io.nicsim.core.sim.InvariantViolation;
import io.nicsim.runs.RunFailure;

/** Helpers shared by every engine. */
public final class PointTasks {
  private PointTasks() {}

  /**
   * Runs the task on the point and turns a failure into an error row: a refused config, an
   * invariant violation and a failed run keep their one-line message (as the command would
   * print it); anything else is named by its class.
   */
  public static PointResult guarded(PointTask task, Point p) {
    try {
      PointResult r = task.run(p);
      if (r.index() != p.index()) {
        throw new IllegalStateException("task answered point " + r.index() + " for " + p.index());
      }
      return r;
    } catch (BadInputException | InvariantViolation | RunFailure e) {
      return PointResult.failed(p.index(), oneLine(e.getMessage()));
    } catch (RuntimeException e) {
      return PointResult.failed(p.index(), e.getClass().getSimpleName() + ": "
          + oneLine(String.valueOf(e.getMessage())));
    }
  }

  private static String oneLine(String s) {
    return s == null ? "" : s.replace('\n', ' ').replace('\r', ' ');
  }
}
