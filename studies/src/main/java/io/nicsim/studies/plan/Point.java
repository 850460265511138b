package io.nicsim.studies.plan;

import java.io.Serializable;
import java.util.List;

/**
 * One independent run of a plan (a sweep point, an uncertainty sample of a scenario case, an
 * exploration seed). A point is a pure function of its fields: whichever engine, thread, worker
 * or partition runs it, the result is the same.
 *
 * @param index position in the plan; results come back in this order
 * @param key a stable text naming the point (for seeds derived from it and for progress)
 * @param args what the plan's {@link PointTask} interprets (e.g. {@code nicsim run} arguments)
 */
public record Point(int index, String key, List<String> args) implements Serializable {
  private static final long serialVersionUID = 1L;

  public Point {
    args = List.copyOf(args);
  }
}
