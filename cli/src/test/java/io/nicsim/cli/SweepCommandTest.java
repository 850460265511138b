package io.nicsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nicsim.cli.testkit.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweepCommandTest {
  static final String[] BASE = {"sweep", "--mac", "knob", "--soc", "knobsoc", "--traffic",
      "iperf3 -u -b 0 -l 64 -t 0.005", "--vary", "tx-usecs=100,1000,5000", "--vary",
      "len=64,256"};

  static String[] with(String... more) {
    return RunCommandTest.with(BASE, more);
  }

  /** --csv and --plot into directories that do not exist yet: made as mkdir -p would. */
  @Test
  void csvAndPlotGoIntoNewDirectories(@TempDir Path dir) throws Exception {
    Path csv = dir.resolve("out/csv/s.csv");
    Path png = dir.resolve("out/plots/s.png");
    Cli.Result r = Cli.run(with("--csv", csv.toString(), "--plot", png.toString()));
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(Files.readAllLines(csv)).hasSize(7);
    assertThat(Files.readAllBytes(png)).startsWith(new byte[] {(byte) 0x89, 'P', 'N', 'G'});
  }

  /** A --csv that cannot be written is refused before any point runs. */
  @Test
  void anUnwritableCsvIsRefusedBeforeThePointsRun(@TempDir Path dir) throws Exception {
    Path f = Files.writeString(dir.resolve("f"), "x");
    Cli.Result r = Cli.run(with("--csv", f.resolve("s.csv").toString()));
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).isEqualTo("nicsim sweep: --csv: cannot write " + f.resolve("s.csv")
        + ": " + f + " is not a directory (accepted: a file whose parent is a directory or can"
        + " be created)\n");
    assertThat(r.out()).isEmpty();
  }

  @Test
  void theCrossProductComesInPointOrderWithItsCsv(@TempDir Path dir) throws Exception {
    Path csv = dir.resolve("s.csv");
    Cli.Result r = Cli.run(with("--csv", csv.toString(), "--threads", "2"));
    assertThat(r.exit()).as(r.err()).isZero();
    List<String> lines = Files.readAllLines(csv);
    assertThat(lines.get(0)).startsWith("tx-usecs,len,seed,pps,udp_mbps,cpu_pct,");
    assertThat(lines).hasSize(7);
    String[] order = {"100,64,", "100,256,", "1000,64,", "1000,256,", "5000,64,", "5000,256,"};
    for (int i = 0; i < order.length; i++) {
      assertThat(lines.get(i + 1)).startsWith(order[i]);
    }
    List<String> text = r.out().lines().toList();
    assertThat(text.get(0)).matches("tx-usecs  len +seed +pps .*");
    assertThat(text).hasSize(7);
  }

  @Test
  void varyTakesKeyAndValuesAsTwoWordsToo(@TempDir Path dir) throws Exception {
    Path a = dir.resolve("a.csv");
    Path b = dir.resolve("b.csv");
    assertThat(Cli.run(with("--csv", a.toString())).exit()).isZero();
    Cli.Result r = Cli.run("sweep", "--mac", "knob", "--soc", "knobsoc", "--traffic",
        "iperf3 -u -b 0 -l 64 -t 0.005", "--vary", "tx-usecs", "100,1000,5000", "--vary", "len",
        "64,256", "--csv", b.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(Files.readString(b)).isEqualTo(Files.readString(a));
  }

  @Test
  void resultsDoNotDependOnTheThreadCount(@TempDir Path dir) throws Exception {
    Path a = dir.resolve("a.csv");
    Path b = dir.resolve("b.csv");
    Cli.Result one = Cli.run(with("--threads", "1", "--csv", a.toString()));
    Cli.Result three = Cli.run(with("--threads", "3", "--csv", b.toString()));
    assertThat(one.exit()).isZero();
    assertThat(three.out()).isEqualTo(one.out());
    assertThat(Files.readAllBytes(b)).isEqualTo(Files.readAllBytes(a));
  }

  @Test
  void aPointIsReproducedByRunWithItsSeed(@TempDir Path dir) throws Exception {
    Path csv = dir.resolve("s.csv");
    assertThat(Cli.run(with("--csv", csv.toString())).exit()).isZero();
    String[] head = Files.readAllLines(csv).get(0).split(",");
    String[] row = Files.readAllLines(csv).get(4).split(","); // tx-usecs 1000, len 256
    long seed = Long.parseLong(row[2]);
    JsonNode s = new ObjectMapper().readTree(Cli.run("run", "--mac", "knob", "--soc", "knobsoc",
        "--traffic", "iperf3 -u -b 0 -l 256 -t 0.005", "-C", "tx-usecs 1000", "--seed",
        Long.toString(seed), "--json").out()).get("summary");
    for (int c = 3; c < head.length; c++) {
      assertThat(io.nicsim.formats.text.Num.plain(s.get(head[c]).asDouble()))
          .as(head[c]).isEqualTo(row[c]);
    }
  }

  @Test
  void eachPointHasItsOwnSeedUnlessTheSeedIsVaried(@TempDir Path dir) throws Exception {
    Path csv = dir.resolve("s.csv");
    assertThat(Cli.run(with("--csv", csv.toString())).exit()).isZero();
    List<String> seeds = Files.readAllLines(csv).stream().skip(1)
        .map(l -> l.split(",")[2]).distinct().toList();
    assertThat(seeds).hasSize(6);
    Cli.Result varied = Cli.run("sweep", "--mac", "example", "--soc", "testsoc", "--traffic",
        "ping -c 2 -i 0.001", "--vary", "seed=5,6");
    assertThat(varied.out().lines().findFirst().orElseThrow()).startsWith("seed ");
  }

  @Test
  void plotsAreWritten(@TempDir Path dir) throws Exception {
    Path png = dir.resolve("s.png");
    assertThat(Cli.run(with("--plot", png.toString(), "--metric", "pps")).exit()).isZero();
    assertThat(Files.size(png)).isGreaterThan(1000);
    Path svg = dir.resolve("k.svg");
    Cli.Result r = Cli.run("sweep", "--mac", "example", "--soc", "testsoc", "--traffic",
        "ping -c 2 -i 0.001", "--vary", "kernel=v6.6,v6.7", "--plot", svg.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(Files.readString(svg)).contains("<svg");
  }

  @Test
  void uncertaintyGivesEveryMetricABandInCsvTableAndPlot(@TempDir Path dir) throws Exception {
    Path csv = dir.resolve("u.csv");
    Path csv3 = dir.resolve("u3.csv");
    Path png = dir.resolve("u.png");
    Path plain = dir.resolve("p.csv");
    assertThat(Cli.run(with("--csv", plain.toString())).exit()).isZero();
    Cli.Result r = Cli.run(with("--uncertainty", "4", "--csv", csv.toString(), "--threads", "1",
        "--plot", png.toString(), "--metric", "pps"));
    assertThat(r.exit()).as(r.err()).isZero();
    List<String> lines = Files.readAllLines(csv);
    List<String> head = List.of(lines.get(0).split(","));
    int v = head.indexOf("pps");
    assertThat(head.get(v + 1)).isEqualTo("pps_low");
    assertThat(head.get(v + 2)).isEqualTo("pps_high");
    List<String> plainLines = Files.readAllLines(plain);
    List<String> plainHead = List.of(plainLines.get(0).split(","));
    boolean someWidth = false;
    for (int i = 1; i < lines.size(); i++) {
      String[] row = lines.get(i).split(",");
      for (int c = 0; c < head.size(); c++) {
        if (head.get(c).endsWith("_low")) {
          double lo = Double.parseDouble(row[c]);
          double hi = Double.parseDouble(row[c + 1]);
          assertThat(head.get(c + 1)).isEqualTo(head.get(c).replace("_low", "_high"));
          assertThat(lo).as(head.get(c)).isLessThanOrEqualTo(hi);
          someWidth |= hi > lo;
        }
      }
      // the point value is the plain sweep's: samples only add columns
      assertThat(row[v]).isEqualTo(plainLines.get(i).split(",")[plainHead.indexOf("pps")]);
    }
    // testsoc's irq_entry is an estimate, so some band has a width
    assertThat(someWidth).isTrue();
    assertThat(r.out()).containsPattern("\\[[0-9.]+[kM]?\\.\\.[0-9.]+[kM]?\\]")
        .contains("5th..95th percentile over 4 samples");
    assertThat(Files.size(png)).isGreaterThan(1000);
    Cli.Result three = Cli.run(with("--uncertainty", "4", "--csv", csv3.toString(), "--threads",
        "3"));
    assertThat(three.out()).isEqualTo(Cli.run(with("--uncertainty", "4", "--threads", "1"))
        .out());
    assertThat(Files.readAllBytes(csv3)).isEqualTo(Files.readAllBytes(csv));
    assertThat(Cli.run(with("--uncertainty", "1")).err())
        .contains("--uncertainty: 1 is out of range");
  }

  @Test
  void aPlotStacksThroughputCpuAndIrqRateUnlessMetricsAreNamed(@TempDir Path dir)
      throws Exception {
    Path all = dir.resolve("all.png");
    Cli.Result r = Cli.run(with("--plot", all.toString()));
    assertThat(r.exit()).as(r.err()).isZero();
    // a panel each for udp_mbps, cpu_pct and irq_per_s
    assertThat(javax.imageio.ImageIO.read(all.toFile()).getHeight()).isEqualTo(3 * 280);
    Path two = dir.resolve("two.svg");
    r = Cli.run(with("--plot", two.toString(), "--metric", "pps,cpu_pct"));
    assertThat(r.exit()).as(r.err()).isZero();
    String svg = Files.readString(two);
    assertThat(svg).contains("pps, cpu_pct vs tx-usecs").contains("height='560.0'");
    Path one = dir.resolve("one.png");
    r = Cli.run(with("--plot", one.toString(), "--metric", "pps"));
    assertThat(javax.imageio.ImageIO.read(one.toFile()).getHeight()).isEqualTo(540);
    r = Cli.run(with("--plot", dir.resolve("x.png").toString(), "--metric", "pps",
        "--metric", "nonsense"));
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("--metric").contains("'nonsense'").contains("cpu_pct");
    assertThat(dir.resolve("x.png")).doesNotExist();
  }

  @Test
  void badVaryValuesAreRefusedBeforeAnythingRuns() {
    String[][] bad = {
      {"--vary", "tx-usecs=1,x"},
      {"--vary", "bogus=1"},
      {"--vary", "tx-usecs="},
      {"--vary", "kernel=six"},
      {"--vary", "patch=foo"},
      {"--vary", "tx-usecs=1,1"},
      {"--vary", "len=64", "--vary", "len=128"},
      {"--threads", "0"},
      {"--plot", "x.pdf"},
    };
    for (String[] b : bad) {
      Cli.Result r = Cli.run(RunCommandTest.with(new String[] {"sweep", "--mac", "example",
          "--soc", "testsoc", "--traffic", "ping -c 1", "--vary", "rx-usecs=1"}, b));
      assertThat(r.exit()).as(String.join(" ", b)).isEqualTo(2);
      assertThat(r.err().lines()).as(r.err()).hasSize(1);
      assertThat(r.err()).doesNotContain("Exception");
    }
  }
}
