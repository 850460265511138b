package io.nicsim.boardtrace.figures;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.formats.output.Outputs;
import io.nicsim.formats.plot.Chart;
import io.nicsim.formats.plot.Plots;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * compare --plot: distributions of different units and ranges (packets per poll, latencies up
 * to hundreds of microseconds) each get a panel with its own x axis, labelled with its own
 * name and unit. That each axis spans only its own data is formats' {@code PlotsStepsTest}.
 */
class ComparePlotTest {
  @TempDir Path dir;

  static Distribution dist(String name, String unit, boolean log, double... xs) {
    TreeMap<Double, Long> h = new TreeMap<>();
    for (double x : xs) {
      h.merge(x, 1L, Long::sum);
    }
    return new Distribution(name, unit, h, log);
  }

  @Test
  void eachPanelHasItsOwnLabelledAxis() throws Exception {
    Distribution work = dist("NAPI work per poll eth0", "packets", false, 1, 2, 2, 3, 64);
    Distribution lat = dist("TX completion latency", "us", true, 12, 40, 320_000);
    FigureSet board = new FigureSet(List.of(), List.of(work, lat), 0, 1,
        XmitBatchMethod.values()[0]);
    FigureSet model = new FigureSet(List.of(), List.of(dist(work.name(), "packets", false, 1,
        2), dist(lat.name(), "us", true, 10, 30)), 0, 1, XmitBatchMethod.values()[0]);
    List<Chart> panels = ComparePlot.panels(Comparison.of(board, model));
    assertThat(panels).hasSize(2);
    Path svg = dir.resolve("c.svg");
    try (Outputs outs = Outputs.begin(new ByteArrayOutputStream())) {
      Plots.writeColumn(outs, "board beside the model", panels, svg, "--plot");
      outs.commit();
    }
    String text = Files.readString(svg, StandardCharsets.UTF_8);
    assertThat(text).contains("NAPI work per poll eth0 (packets)")
        .contains("TX completion latency (us)").contains("board beside the model");
    assertThat(panels).extracting(Chart::title)
        .containsExactly("NAPI work per poll eth0", "TX completion latency");
  }
}
