package io.nicsim.boardtrace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nicsim.boardtrace.parse.TraceReader;
import io.nicsim.core.config.BadInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code nicsim trace import} (and compare and calibrate) on the real-kernel fixtures and on
 * broken files: a broken file is refused naming the file and its line, before anything is
 * written. (The nicsim command's one line and exit status 2 for them: cli's
 * {@code TraceCommandTest}.)
 */
class ImportCommandTest {
  @TempDir Path dir;

  /** A fixture of this module's test resources, copied out to a file. */
  Path fixture(String name) throws java.io.IOException {
    Path f = dir.resolve("fixtures").resolve(name);
    if (!Files.exists(f)) {
      Files.createDirectories(f.getParent());
      try (java.io.InputStream in = ImportCommandTest.class.getResourceAsStream("/fixtures/"
          + name)) {
        Files.copy(in, f);
      }
    }
    return f;
  }

  @Test
  void importsAFixtureAndWritesItsKeptEventsBack() throws Exception {
    Path out = dir.resolve("kept/ping.txt");
    Traces.Result r = Traces.trace(List.of("import", "--trace",
        fixture("ping-veth.trace.txt").toString(), "--json", "--out", out.toString()));
    JsonNode j = new ObjectMapper().readTree(r.out());
    assertThat(j.get("layout").asText()).isEqualTo("tracefs (irq-info)");
    assertThat(j.get("kept").asLong()).isEqualTo(j.get("events").asLong());
    // the file written is a trace of the kept events alone: every one of them kept again
    Traces.Result again = Traces.trace(List.of("import", "--trace", out.toString(),
        "--json"));
    JsonNode k = new ObjectMapper().readTree(again.out());
    assertThat(k.get("kept_by_event")).isEqualTo(j.get("kept_by_event"));
    assertThat(k.get("skipped").asLong()).isZero();
    assertThat(k.get("first_s")).isEqualTo(j.get("first_s"));
  }

  /** Every committed real-kernel fixture (the text ones, and trace.dat when trace-cmd reads it). */
  static List<String> fixtures() {
    List<String> f = new java.util.ArrayList<>(List.of("ping-veth.trace.txt",
        "ping-veth.noirqinfo.trace.txt", "ping-veth.tgid.trace.txt",
        "ping-veth.x86-tsc.trace.txt", "udp-veth.report.txt", "udp-veth.report-ns.txt",
        "udp-veth.lost.trace.txt", "udp-veth.lost.pipe.txt", "udp-veth.dropped.report.txt"));
    if (TraceReader.traceCmdInstalled()) {
      f.add("udp-veth.dat");
    }
    return f;
  }

  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.MethodSource("fixtures")
  void importAndCompareReadEveryFixtureAccountingForEveryLine(String name) throws Exception {
    Path f = fixture(name);
    List<String> clock = name.contains("x86-tsc") ? List.of("--clock-hz", "2596148000")
        : List.of();
    Traces.Result r = Traces.trace(Traces.concat(List.of("import",
        "--trace", f.toString(), "--json"), clock));
    JsonNode j = new ObjectMapper().readTree(r.out());
    long kept = 0;
    for (JsonNode n : j.get("kept_by_event")) {
      kept += n.asLong();
    }
    long skipped = 0;
    for (JsonNode n : j.get("skipped_by_event")) {
      skipped += n.asLong();
    }
    assertThat(j.get("kept").asLong()).isEqualTo(kept).isPositive();
    assertThat(j.get("skipped").asLong()).isEqualTo(skipped);
    assertThat(kept + skipped).isEqualTo(j.get("events").asLong());
    if (!name.endsWith(".dat")) {
      assertThat(j.get("lines").asLong()).isEqualTo(Files.readAllLines(f).size());
    }
    // compare reads the same file and puts its figures beside a model run's
    Traces.Result c = Traces.trace(Traces.concat(List.of("compare",
        "--trace", f.toString(), "--map", "nsb-va=eth0", "--mac", "stmmac", "--soc",
        "cyclone5", "--traffic", "iperf3 -u -b 2M -l 256 -t 0.1", "--json"), clock));
    assertThat(c.err()).isEmpty();
    int boardFigures = 0;
    for (JsonNode row : new ObjectMapper().readTree(c.out()).get("rows")) {
      if (row.get("board").isNumber()) {
        boardFigures++;
      }
    }
    assertThat(boardFigures).isPositive();
  }

  @Test
  void aTruncatedTraceNamesItsLastLineAndNothingIsWritten() throws Exception {
    String text = Files.readString(fixture("udp-veth.report.txt"));
    Path cut = dir.resolve("cut.txt");
    Files.writeString(cut, text.substring(0, text.length() / 2));
    long lines = text.substring(0, text.length() / 2).chars().filter(c -> c == '\n').count();
    Path out = dir.resolve("out/kept.txt");
    assertThatThrownBy(() -> Traces.trace(List.of("import", "--trace", cut.toString(),
        "--out", out.toString()))).isInstanceOf(BadInputException.class)
        .hasMessage("trace " + cut + " line " + (lines + 1)
            + ": the file ends inside this line (truncated)");
    assertThat(out).doesNotExist();
    assertThat(out.getParent()).doesNotExist();
  }

  @Test
  void aGarbledTraceNamesItsLine() throws Exception {
    List<String> lines = Files.readAllLines(fixture("ping-veth.trace.txt"));
    lines.set(99, "\u0000\u0000\u0000 garbage " + lines.get(99).substring(20));
    Path bad = dir.resolve("bad.txt");
    Files.write(bad, lines);
    assertThatThrownBy(() -> Traces.trace(List.of("compare", "--trace", bad.toString(),
        "--mac", "stmmac", "--soc", "cyclone5", "--traffic", "ping -c 2")))
        .isInstanceOf(BadInputException.class)
        .hasMessageStartingWith("trace " + bad + " line 100: ")
        .hasMessageNotContaining("\n");
  }

  @Test
  void aGarbledOrTruncatedTraceWritesNothingForAnyCommand() throws Exception {
    List<String> lines = Files.readAllLines(fixture("ping-veth.trace.txt"));
    List<String> garbled = new java.util.ArrayList<>(lines);
    garbled.set(99, "\u0000\u0000\u0000 garbage " + garbled.get(99).substring(20));
    Path bad = dir.resolve("bad.txt");
    Files.write(bad, garbled);
    String whole = String.join("\n", lines) + "\n";
    int at = 0;
    for (int i = 0; i < 199; i++) {
      at = whole.indexOf('\n', at) + 1;
    }
    Path cut = dir.resolve("cut.txt");
    Files.writeString(cut, whole.substring(0, at + 40)); // ends inside line 200
    List<String> run = List.of("--mac", "stmmac", "--soc", "cyclone5", "--traffic", "ping -c 2");
    for (Path trace : List.of(bad, cut)) {
      String line = trace == bad ? " line 100: " : " line 200: the file ends inside this line"
          + " (truncated)";
      Path out = dir.resolve("out-" + trace.getFileName());
      List<List<String>> commands = List.of(
          List.of("import", "--trace", trace.toString(), "--out",
              out.resolve("kept.txt").toString()),
          Traces.concat(List.of("compare", "--trace", trace.toString(),
              "--plot", out.resolve("cmp.png").toString()), run),
          Traces.concat(List.of("calibrate", "--trace", trace.toString(),
              "--out", out.resolve("board.yaml").toString()), run));
      for (List<String> c : commands) {
        String name = "trace " + c.get(0);
        assertThatThrownBy(() -> Traces.trace(c)).as(name).isInstanceOf(BadInputException.class)
            .hasMessageStartingWith("trace " + trace + line);
        assertThat(out).as(name + ": nothing written, not even the directory").doesNotExist();
      }
    }
  }

  @Test
  void traceDatGoesThroughTraceCmdAndSaysSo() throws Exception {
    assumeTrue(TraceReader.traceCmdInstalled(), "trace-cmd is not installed");
    Traces.Result r = Traces.trace(List.of("import", "--trace",
        fixture("udp-veth.dat").toString()));
    assertThat(r.out().lines().findFirst().orElseThrow())
        .startsWith("trace " + fixture("udp-veth.dat") + ": trace-cmd's trace.dat, read through"
            + " trace-cmd report -t");
    assertThat(r.out()).contains("kernel      6.18.44-fc-v1098 (x86_64)");
  }

  @Test
  void compareReadsARealKernelTraceWithNamesMapped() throws Exception {
    Path f = fixture("udp-veth.report-ns.txt");
    // the board's TX rate read off the file by hand: nsb-va's successful transmits over the
    // time from the first event to the last (the window compare uses)
    List<String> lines = Files.readAllLines(f);
    long xmits = lines.stream().filter(l -> l.contains(" net_dev_xmit: ")
        && l.contains("dev=nsb-va ") && l.endsWith(" rc=0")).count();
    java.util.function.ToDoubleFunction<String> ts = l -> Double.parseDouble(
        l.substring(l.indexOf("] ") + 2, l.indexOf(": ", l.indexOf("] "))).trim());
    double span = ts.applyAsDouble(lines.get(lines.size() - 1)) - ts.applyAsDouble(lines.get(1));
    Traces.Result r = Traces.trace(List.of("compare", "--trace",
        f.toString(), "--map", "nsb-va=eth0", "--mac", "stmmac",
        "--soc", "cyclone5", "--traffic", "iperf3 -u -b 2M -l 256 -t 0.1", "--json"));
    JsonNode rows = new ObjectMapper().readTree(r.out()).get("rows");
    JsonNode tx = null;
    for (JsonNode row : rows) {
      if (row.get("figure").asText().equals("packets/s TX eth0")) {
        tx = row;
      }
    }
    assertThat(xmits).isGreaterThanOrEqualTo(100); // iperf3 sent 100 datagrams
    assertThat(tx).isNotNull();
    assertThat(tx.get("board").asDouble()).isCloseTo(xmits / span,
        org.assertj.core.api.Assertions.within(0.01 * xmits / span));
  }
}
