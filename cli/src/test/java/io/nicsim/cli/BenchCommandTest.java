package io.nicsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.cli.testkit.Cli;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Argument handling only: the measurements themselves are benchmarks, not tests. */
class BenchCommandTest {

  @Test
  void unknownFigureIsRefusedWithTheAcceptedNames() {
    Cli.Result r = Cli.run("bench", "latency");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err().lines()).hasSize(1);
    assertThat(r.err()).contains("FIGURE").contains("'latency'")
        .contains("engine, flood, bbr, reproduce, memory, sweep, trace, startup, tcp, scaling");
  }

  @Test
  void runsOutOfRangeIsRefused() {
    Cli.Result r = Cli.run("bench", "engine", "--runs", "0");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("--runs").contains("1..100");
  }

  @Test
  void compareWithoutABuiltCheckoutIsRefused(@TempDir Path dir) {
    Cli.Result r = Cli.run("bench", "flood", "--compare", dir.toString());
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err().lines()).hasSize(1);
    assertThat(r.err()).contains("--compare").contains("has no executable nicsim");
  }

  @Test
  void helpListsTheFigures() {
    Cli.Result r = Cli.run("bench", "--help");
    assertThat(r.exit()).isZero();
    assertThat(r.out()).contains("--json").contains("--jmh").contains("scaling").contains("--compare");
  }
}
