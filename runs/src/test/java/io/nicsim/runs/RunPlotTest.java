package io.nicsim.runs;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.formats.output.Outputs;
import io.nicsim.formats.plot.Plots;
import io.nicsim.runs.options.RunArgs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run's timeline drawn by formats' run plot (what {@code nicsim run --plot} writes). */
class RunPlotTest {
  /** The run of {@code traffic} on the example MAC, its whole timeline plotted to {@code file}. */
  private static void plot(String traffic, Path file) {
    RunResult r = Runs.ENGINE.run(RunArgs.request(List.of("--mac", "example", "--soc",
        "testsoc", "--traffic", traffic)).withTimeline(RunRequest.WHOLE_RUN));
    try (Outputs outs = Outputs.begin()) {
      Plots.runPlot(outs, r.timeline(), r.title(), file, "--plot");
      outs.commit();
    }
  }

  /**
   * A ping run's plot: one mark per event on a row per kind against time in ms (a rate per
   * 1 ms bin would be spikes of 0.05 events/ms); a flood's: events per ms.
   */
  @Test
  void aSparseRunIsOneMarkPerEventABusyOneARate(@TempDir Path dir) throws Exception {
    Path ping = dir.resolve("ping.svg");
    plot("ping -c 5 -i 0.2", ping);
    String p = Files.readString(ping);
    // a row per kind (singular names on the value axis), no legend of rates
    for (String text : List.of(">time (ms)<", ">frame on wire<", ">NIC IRQ<", ">timer start<")) {
      assertThat(p.contains(text)).as(text).isTrue();
    }
    assertThat(p.contains(">frames on the wire<")).isFalse();
    Path flood = dir.resolve("flood.svg");
    plot("iperf3 -u -b 0 -l 64 -t 0.02", flood);
    String f = Files.readString(flood);
    // a line per kind in events per ms, named in the legend
    for (String text : List.of(">time (ms)<", ">frames on the wire<", ">NIC IRQs<")) {
      assertThat(f.contains(text)).as(text).isTrue();
    }
    assertThat(f.contains(">frame on wire<")).isFalse();
  }
}
