package io.nicsim.studies.plan;

import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a point gave: named columns in a fixed order, or the one-line error that stopped it
 * (a config refused late, an invariant violation). A failed point is a row, never a failed job.
 */
public record PointResult(int index, LinkedHashMap<String, String> columns, String error)
    implements Serializable {
  private static final long serialVersionUID = 1L;

  public PointResult {
    columns = columns == null ? new LinkedHashMap<>() : new LinkedHashMap<>(columns);
  }

  public static PointResult ok(int index, Map<String, String> columns) {
    return new PointResult(index, new LinkedHashMap<>(columns), null);
  }

  public static PointResult failed(int index, String error) {
    return new PointResult(index, new LinkedHashMap<>(), error);
  }

  public boolean failed() {
    return error != null;
  }
}
