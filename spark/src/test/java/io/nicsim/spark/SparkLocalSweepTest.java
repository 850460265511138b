package io.nicsim.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --engine spark --master local[2]} against {@code --engine local --threads 2}. */
class SparkLocalSweepTest {
  /** 100 short points: 10 tx-usecs × 10 tx-frames of a 5 ms line-rate flood on the stmmac. */
  static final String[] SWEEP = {"sweep", "--mac", "stmmac", "--soc", "cyclone5", "--traffic",
      "iperf3 -u -b 0 -l 64 -t 0.005", "--vary", "tx-usecs=0,10,20,50,100,200,500,1000,2000,5000",
      "--vary", "tx-frames=1,2,4,8,16,25,32,64,128,256"};

  @Test
  void aHundredPointsGiveTheSameCsvAndTableOnSparkAsOnLocalThreads(@TempDir Path dir)
      throws Exception {
    Path local = dir.resolve("local.csv");
    Path spark = dir.resolve("spark.csv");
    Path parquet = dir.resolve("parquet");
    Cli.Result l = Cli.run(Cli.concat(SWEEP, "--engine", "local", "--threads", "2", "--csv",
        local.toString()));
    // tx-usecs 0 with tx-frames > 1 strands descriptors: those points fail, the sweep writes
    // the rest and exits 1 naming them, on either engine
    assertThat(l.exit()).as(l.err()).isEqualTo(1);
    assertThat(l.err()).contains("9 of 100 points failed");
    Cli.Result s = Cli.run(Cli.concat(SWEEP, "--engine", "spark", "--master", "local[2]",
        "--csv", spark.toString(), "--out", parquet.toString()));
    assertThat(s.exit()).as(s.err()).isEqualTo(1);
    assertThat(s.err()).isEqualTo(l.err());
    List<String> rows = Files.readAllLines(local);
    assertThat(rows).hasSize(101);
    assertThat(rows.stream().skip(1).map(r -> r.substring(r.indexOf(',', r.indexOf(',',
        r.indexOf(',') + 1) + 1))).distinct().count())
        .as("the knobs change the flood's figures").isGreaterThan(30);
    assertThat(Files.readAllBytes(spark)).isEqualTo(Files.readAllBytes(local));
    assertThat(s.out()).isEqualTo(l.out());

    SparkSession session = SparkEngine.start("local[1]").session();
    try {
      Dataset<Row> t = session.read().parquet(parquet.toString());
      // tx-usecs 0 with tx-frames > 1 strands descriptors (the liveness audit's error rows)
      String[] head = rows.get(0).split(",");
      assertThat(head[head.length - 1]).isEqualTo("error");
      assertThat(t.columns()).containsExactly(head);
      List<Row> back = t.collectAsList();
      assertThat(back).hasSize(100);
      for (int i = 0; i < 100; i++) {
        String[] cells = rows.get(i + 1).split(",", -1);
        Row r = back.get(i);
        assertThat(r.getString(0)).isEqualTo(cells[0]);
        assertThat(r.getString(1)).isEqualTo(cells[1]);
        assertThat(r.getLong(2)).isEqualTo(Long.parseLong(cells[2]));
        boolean failed = !cells[cells.length - 1].isEmpty();
        assertThat(r.isNullAt(head.length - 1)).as("error of row " + i).isEqualTo(!failed);
        if (!failed) {
          assertThat(io.nicsim.formats.text.Num.plain(r.getDouble(3))).isEqualTo(cells[3]);
        }
      }
    } finally {
      session.stop();
    }
  }

  @Test
  void aPointThatFailsIsARowWithItsErrorAndTheOthersStillRun(@TempDir Path dir)
      throws Exception {
    String[] sweep = {"sweep", "--mac", "fec", "--traffic", "iperf3 -u -b 0 -l 64 -t 0.002",
        "--soc", "imx8qxp", "--vary", "soc=imx8qxp,no-such-soc,imx8mq", "--vary",
        "rx-usecs=10,100"};
    Path a = dir.resolve("a.csv");
    Path b = dir.resolve("b.csv");
    Cli.Result l = Cli.run(Cli.concat(sweep, "--threads", "2", "--csv", a.toString()));
    Cli.Result s = Cli.run(Cli.concat(sweep, "--engine", "spark", "--master", "local[2]",
        "--csv", b.toString()));
    // a failed point is a row with its error; the sweep exits 1 naming it
    assertThat(l.exit()).as(l.err()).isEqualTo(1);
    assertThat(s.exit()).as(s.err()).isEqualTo(1);
    List<String> rows = Files.readAllLines(b);
    assertThat(rows.get(0)).endsWith(",error");
    assertThat(rows).hasSize(7);
    assertThat(rows.get(3)).startsWith("no-such-soc,10,").contains("no-such-soc");
    assertThat(rows.get(1)).endsWith(",");
    assertThat(rows.get(5)).startsWith("imx8mq,10,").endsWith(",");
    assertThat(s.err()).contains("2 of 6 points failed");
    assertThat(Files.readAllBytes(b)).isEqualTo(Files.readAllBytes(a));
  }
}
