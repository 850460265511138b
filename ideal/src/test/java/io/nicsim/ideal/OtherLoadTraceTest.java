package io.nicsim.ideal;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.formats.trace.TraceFormat;
import io.nicsim.runs.RunSinks;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The other load a calibrated profile carries keeps its own task names in the run's trace,
 * on the application's CPU too: the trace switches between iperf3 and other/1-N as a board's
 * sched_switch events do, so a reading of the trace (calibrate's own figures, compare) tells
 * the application's time from the other tasks'.
 */
class OtherLoadTraceTest {
  @TempDir Path dir;

  @Test
  void otherTasksOnTheApplicationsCpuKeepTheirNames() throws Exception {
    Path soc = dir.resolve("loaded.yaml");
    Files.writeString(soc, "schema: 2\nname: loaded\ntitle: host-veth with other tasks\n"
        + "inherits: host-veth\nparams:\n"
        + "  other_load_pct_cpu1: {value: 60, source: \"test: a measured share\", class: measured}\n");
    StringWriter trace = new StringWriter();
    IdealRuns.run(new RunSinks(TraceFormat.parse(null).open(trace), null), "--mac", "ideal",
        "--soc-file", soc.toString(), "--kernel", "v6.18", "--traffic",
        "iperf3 -u -b 0 -l 64 -t 0.05");
    String text = trace.toString();
    assertThat(text).containsPattern("\\[001\\].*sched_switch: prev_comm=iperf3 .*"
        + "next_comm=other/1-0 next_pid=3\\d\\d\\d")
        .containsPattern("\\[001\\].*sched_switch: prev_comm=other/1-\\d .*next_comm=iperf3 ");
  }
}
