package io.nicsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.cli.env.CliEnv;
import io.nicsim.cli.testkit.Cli;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code --jitter} and {@code --preempt} in the commands: the liveness line spells the
 * exploration as a reproducer takes it, a bad {@code --preempt} is refused in one line, and
 * explore's output does not depend on its thread count. That each spelling replays its run,
 * and what jitter and preemption do to it, is stmmac's {@code ExplorationReplayTest}.
 */
class JitterOptionTest {
  static final String UDP = "iperf3 -u -b 400M -l 1400 -t 1";

  static Cli.Result run(String... jitter) {
    List<String> a = new ArrayList<>(List.of("run", "--mac", "stmmac", "--soc",
        "rk3588-yt6801", "--kernel", "v6.18", "--traffic", UDP, "--duration", "50ms",
        "--seed", "4"));
    a.addAll(List.of(jitter));
    Cli.Result r = Cli.run(CliEnv.standard(), a.toArray(new String[0]));
    assertThat(r.exit()).as(r.err()).isZero();
    return r;
  }

  @Test
  void theLivenessLineSpellsTheExplorationAsAReproducerTakesIt() {
    assertThat(run("--jitter").out()).contains("liveness (--seed 4 --jitter ranges): ");
    assertThat(run("--jitter", "20.0").out()).contains("liveness (--seed 4 --jitter 20): ");
    assertThat(run("--jitter", "--preempt", "20us").out())
        .contains("liveness (--seed 4 --jitter ranges --preempt 20000ns): ");
  }

  @Test
  void exploreDefaultsToRangesAndItsOutputDoesNotDependOnTheThreadCount() {
    String[] a = {"explore", "--mac", "fec", "--soc", "imx8mq", "--patch", "+lost-irq-reenable",
        "--traffic", UDP, "--duration", "200ms", "--runs", "3", "--threads", "1"};
    Cli.Result one = Cli.run(CliEnv.standard(), a);
    a[a.length - 1] = "2";
    Cli.Result two = Cli.run(CliEnv.standard(), a);
    assertThat(one.exit()).isZero();
    assertThat(one.out())
        .contains("3 perturbed runs (seeds 1..3, --jitter ranges, --preempt kcsan)")
        .containsPattern("reproduce: nicsim run .* --seed \\d+ --jitter ranges --preempt kcsan\\n")
        .isEqualTo(two.out());
  }

  @Test
  void badPreemptValuesAreRefusedInOneLine() {
    for (String[] bad : List.of(new String[] {"--jitter", "--preempt", "fast"},
        new String[] {"--jitter", "--preempt", "11ms"},
        new String[] {"--jitter", "--preempt", "20"},
        new String[] {"--preempt", "kcsan"})) {
      List<String> a = new ArrayList<>(List.of("run", "--mac", "stmmac", "--soc",
          "rk3588-yt6801", "--traffic", UDP, "--duration", "10ms"));
      a.addAll(List.of(bad));
      Cli.Result r = Cli.run(CliEnv.standard(), a.toArray(new String[0]));
      assertThat(r.exit()).as(String.join(" ", bad)).isEqualTo(2);
      assertThat(r.out()).isEmpty();
      assertThat(r.err().lines()).as(r.err()).hasSize(1);
      assertThat(r.err()).startsWith("nicsim run: --preempt: ").doesNotContain("Exception");
    }
  }
}
