package io.nicsim.stmmac;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.runs.ExploreRequest;
import io.nicsim.runs.ExploreResult;
import io.nicsim.runs.Exploration;
import io.nicsim.runs.RunEngine;
import io.nicsim.runs.RunEnv;
import io.nicsim.runs.RunText;
import io.nicsim.runs.options.RunArgs;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code --jitter} and {@code --preempt} as an explored run reads them, on rk3588-yt6801's UDP
 * flood: bare {@code --jitter} is {@code ranges} (each cost within its own documented range), a
 * percent is one flat bound; the spelling a reproducer line prints gives the same run again,
 * a flat bound is not the per-cost one, injected delays move the run and a delay of 0 is none.
 * (What {@code nicsim run} prints for them and its refusals: cli's {@code JitterOptionTest}.)
 */
class ExplorationReplayTest {
  private static final RunEngine ENGINE = RunEnv.standard().engine();
  static final String UDP = "iperf3 -u -b 400M -l 1400 -t 1";

  /** The reproducer's spelling of an explored run, and everything the run gave. */
  record Explored(String spelling, String run) {}

  static Explored explore(String... exploration) {
    List<String> a = new ArrayList<>(List.of("--mac", "stmmac", "--soc", "rk3588-yt6801",
        "--kernel", "v6.18", "--traffic", UDP, "--duration", "50ms", "--seed", "4"));
    a.addAll(List.of(exploration));
    ExploreRequest req = RunArgs.parse(a).exploreRequest();
    ExploreResult r = ENGINE.explore(req);
    Exploration x = req.exploration();
    assertThat(r.failure()).as(String.join(" ", exploration)).isNull();
    return new Explored("--jitter " + x.spelling()
        + (x.preempts() ? " --preempt " + x.preemptSpelling() : ""),
        RunText.json(r.result()) + r.episodes() + " packets " + r.packets() + " end "
            + r.endNs() + " in-flight reads " + r.inFlightReads());
  }

  @Test
  void bareJitterIsRangesAndEachSpellingReplaysItsRun() {
    Explored bare = explore("--jitter");
    Explored ranges = explore("--jitter", "ranges");
    assertThat(bare.spelling()).isEqualTo("--jitter ranges");
    assertThat(bare).isEqualTo(ranges);
    Explored flat = explore("--jitter", "20.0");
    assertThat(flat.spelling()).isEqualTo("--jitter 20");
    assertThat(flat).isEqualTo(explore("--jitter", "20"));
    // the profile's costs are estimates (±30%): the per-op run is not the flat 20% one
    assertThat(flat.run()).isNotEqualTo(ranges.run());
    assertThat(explore("--jitter", "12.5").spelling()).isEqualTo("--jitter 12.5");
  }

  @Test
  void preemptSpellingsReplayTheirRunAndChangeIt() {
    Explored none = explore("--jitter");
    Explored kcsan = explore("--jitter", "--preempt", "kcsan");
    assertThat(kcsan.spelling()).isEqualTo("--jitter ranges --preempt kcsan");
    assertThat(kcsan).isEqualTo(explore("--jitter", "ranges", "--preempt", "kcsan"));
    // injected delays move the perturbed run (the delayed CPUs finish their work later)
    assertThat(kcsan.run()).isNotEqualTo(none.run());
    Explored flat = explore("--jitter", "--preempt", "20us");
    assertThat(flat.spelling()).isEqualTo("--jitter ranges --preempt 20000ns");
    assertThat(flat).isEqualTo(explore("--jitter", "--preempt", "20000ns"));
    // 0 is no injection: the run without --preempt
    assertThat(explore("--jitter", "--preempt", "0")).isEqualTo(none);
  }
}
