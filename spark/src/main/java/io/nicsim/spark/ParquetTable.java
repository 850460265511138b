package io.nicsim.spark;

import io.nicsim.studies.plan.ResultTable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/** A plan's rows as a Dataset, written as one Parquet file in point order. */
final class ParquetTable {
  private ParquetTable() {}

  static StructType schema(ResultTable t) {
    List<StructField> fields = new ArrayList<>();
    for (ResultTable.Column c : t.columns()) {
      DataType type = switch (c.type()) {
        case TEXT -> DataTypes.StringType;
        case LONG -> DataTypes.LongType;
        case DOUBLE -> DataTypes.DoubleType;
      };
      fields.add(DataTypes.createStructField(c.name(), type, true));
    }
    return DataTypes.createStructType(fields);
  }

  static List<Row> rows(ResultTable t) {
    List<Row> out = new ArrayList<>();
    for (List<String> r : t.rows()) {
      Object[] cells = new Object[r.size()];
      for (int i = 0; i < cells.length; i++) {
        String s = r.get(i);
        cells[i] = switch (t.columns().get(i).type()) {
          case TEXT -> s.isEmpty() ? null : s;
          case LONG -> s.isEmpty() ? null : Long.valueOf(s);
          case DOUBLE -> s.isEmpty() ? null : Double.valueOf(s);
        };
      }
      out.add(RowFactory.create(cells));
    }
    return out;
  }

  static void write(SparkSession spark, ResultTable t, Path dir) {
    spark.createDataFrame(rows(t), schema(t)).coalesce(1).write().mode(SaveMode.Overwrite)
        .parquet(dir.toAbsolutePath().toString());
  }
}
