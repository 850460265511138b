package io.nicsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.cli.env.CliEnv;
import io.nicsim.cli.testkit.Cli;
import org.junit.jupiter.api.Test;

/**
 * {@code nicsim soak} as a command: a sample line per interval, one verdict line per flow, and
 * bad arguments in one line. That ten simulated minutes of each flow fit a 64 MiB heap without
 * growing is studies' {@code SoakTest}.
 */
class SoakCommandTest {

  @Test
  void aSoakPrintsItsSamplesAndOneVerdictPerFlow() {
    // the verdict's threshold is not what this checks (this JVM's heap is the tests'): 4 GiB
    Cli.Result r = Cli.run(CliEnv.standard(), "soak", "--minutes", "1", "--flow", "udp",
        "--sample", "30", "--max-growth", "4096");
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out().lines().filter(l -> l.matches("udp +\\d+ s: heap .*"))).hasSize(2);
    assertThat(r.out()).containsPattern("udp: 1 simulated minutes, live heap [+-][0-9.]+ MiB"
        + " from the first sample to the last: ok\n").doesNotContain("bbr");
  }

  @Test
  void badArgumentsAreOneLine() {
    assertThat(Cli.run("soak", "--minutes", "0").err())
        .isEqualTo("nicsim soak: --minutes: 0 is out of range (accepted: 1..1440)\n");
    assertThat(Cli.run("soak", "--flow", "tcp").err())
        .isEqualTo("nicsim soak: --flow: unknown flow 'tcp' (accepted: udp or bbr)\n");
    assertThat(Cli.run("soak", "--sample", "999").exit()).isEqualTo(2);
  }
}
