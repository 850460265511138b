package io.nicsim.studies.plan;

import java.io.Serializable;
import java.util.List;

/**
 * A plan's gathered rows as a typed table (what {@code --out DIR} writes as Parquet): the
 * same columns and cells as the command's CSV, integers as longs, other numbers as doubles ("" = no value), plus the
 * {@code error} column of failed points.
 */
public record ResultTable(List<Column> columns, List<List<String>> rows) implements Serializable {
  private static final long serialVersionUID = 1L;

  /** What a column's cells hold. */
  public enum Type { TEXT, LONG, DOUBLE }

  /** A column: its name and what its cells hold. */
  public record Column(String name, Type type) implements Serializable {
    private static final long serialVersionUID = 1L;
  }

  public ResultTable {
    columns = List.copyOf(columns);
    rows = rows.stream().map(List::copyOf).toList();
    for (List<String> r : rows) {
      if (r.size() != columns.size()) {
        throw new IllegalArgumentException("row of " + r.size() + " cells for "
            + columns.size() + " columns");
      }
    }
  }
}
