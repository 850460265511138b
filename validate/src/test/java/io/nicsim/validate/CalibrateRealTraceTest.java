package io.nicsim.validate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nicsim.boardtrace.cli.TraceCalibrateCommand;
import io.nicsim.runs.RunEnv;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * A calibrated profile reproduces its own real trace's packet and NAPI poll rates within
 * ±10%: a CPU-bound UDP flood (iperf3 -u -b 0 -l 64's, flood.c unpaced) recorded on this
 * machine's kernel over a veth pair between two namespaces the testbed creates and removes,
 * through the board guide's tracefs-instance route, then {@code nicsim trace calibrate} as a
 * board's user runs it (the veth found without --map, its backlog's polls as its NAPI, the other
 * tasks the trace saw carried as other load; {@code --map flood=iperf3}: the board's own sender
 * program is the model's application). Runs as root with tracefs and trace-cmd, skipped
 * otherwise, saying what is missing, and skipped, saying so, where other tasks took half a CPU
 * or more while the trace was recorded.
 */
class CalibrateRealTraceTest {
  @TempDir Path dir;

  @Test
  void theCalibratedProfileRunsAtItsOwnTracesRates() throws Exception {
    List<String> missing = new ArrayList<>(Preflight.missing());
    missing.addAll(CpuTestbed.missing());
    assumeTrue(missing.isEmpty(), "the real side cannot run here: " + missing);
    CpuTestbed.Measured m;
    try (CpuTestbed bed = CpuTestbed.open(dir)) {
      m = bed.run(CpuCase.udp("udp64-unpaced", 64, 0, false, false, 0), 1.5);
    }
    assertThat(m.sent()).as(m.senderOutput()).isPositive();
    Path out = dir.resolve("veth.yaml");
    StringWriter text = new StringWriter();
    CommandLine cl = new CommandLine(new TraceCalibrateCommand(RunEnv.standard()));
    cl.setOut(new PrintWriter(text));
    int rc = cl.execute("--trace", m.trace().toString(), "--mac", "ideal", "--soc",
        "host-veth", "--kernel", "v6.18", "--traffic", "iperf3 -u -b 0 -l 64 -t 1", "--out",
        out.toString(), "--map", "flood=iperf3", "--json");
    assertThat(rc).as(text.toString()).isZero();
    assertThat(Files.readString(out)).contains("inherits: host-veth", "class: measured");
    JsonNode result = new ObjectMapper().readTree(text.toString());
    // the other tasks' share is carried as one round-robin task per CPU (core's OtherLoad): an
    // approximation whose error grows with the share, so the rates are held where other tasks
    // took less than half of every CPU (at 75-95% the calibrated model ran 0.95 and 1.16 of
    // the board's rate in two runs of this test)
    double busiest = 0;
    for (JsonNode l : result.get("other_load")) {
      busiest = Math.max(busiest, l.get("pct").asDouble());
    }
    assumeTrue(busiest < CpuMisses.BUSY_OTHER_PCT, "other tasks took " + busiest + "% of a CPU"
        + " while the trace was recorded: the rates are held on a machine less busy than "
        + CpuMisses.BUSY_OTHER_PCT + "%");
    Map<String, Double> ratio = new HashMap<>();
    for (JsonNode f : result.get("own_figures")) {
      ratio.put(f.get("figure").asText(), f.get("ratio").asDouble());
    }
    for (String f : List.of("packets/s TX eth0", "NAPI polls/s eth0")) {
      assertThat(ratio).as(text.toString()).containsKey(f);
      assertThat(ratio.get(f)).as(f + " calibrated / board").isBetween(0.90, 1.10);
    }
  }
}
