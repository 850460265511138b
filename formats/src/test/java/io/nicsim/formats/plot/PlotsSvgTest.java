package io.nicsim.formats.plot;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.formats.output.Outputs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlotsSvgTest {
  @TempDir Path dir;

  private static Chart chart() {
    return Plots.lines("t", "x", "y", Map.of("a", new double[][] {{0, 3}, {1, 1}, {2, 4}}));
  }

  private byte[] svg(String name) throws Exception {
    Path f = dir.resolve(name);
    try (Outputs outs = Outputs.begin()) {
      Plots.write(outs, chart(), f, "--plot");
      outs.commit();
    }
    return Files.readAllBytes(f);
  }

  @Test
  void theSameChartGivesTheSameSvgBytes() throws Exception {
    byte[] a = svg("a.svg");
    byte[] b = svg("b.svg");
    assertThat(new String(a, java.nio.charset.StandardCharsets.UTF_8)).contains("clip-");
    assertThat(b).isEqualTo(a);
  }
}
