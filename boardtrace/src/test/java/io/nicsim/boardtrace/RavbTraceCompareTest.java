package io.nicsim.boardtrace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A ravb trace out of nicsim itself, read back by trace compare: the GbEth line, the NAPI
 * watchdog hrtimer software coalescing arms (v6.18) and the polls are all found, and the model
 * run again from the same options agrees with its own trace figure for figure.
 */
class RavbTraceCompareTest {
  private static final List<String> CONFIG = List.of("--mac", "ravb", "--soc", "rzg2l",
      "--kernel", "v6.18", "--traffic", "iperf3 -u -b 0 -l 1400 -R -t 0.05");

  @Test
  void compareOfItsOwnTraceFindsTheLineTheWatchdogAndThePollsAtRatioOne(@TempDir Path dir)
      throws Exception {
    Path trace = dir.resolve("ravb.txt");
    Traces.model(trace, CONFIG);
    assertThat(Files.size(trace)).isPositive();

    Traces.Result cmp = Traces.trace(Traces.concat(List.of("compare", "--trace",
        trace.toString()), CONFIG));
    List<String> rows = cmp.out().lines()
        .filter(l -> l.startsWith("IRQ/s eth0") || l.startsWith("hrtimer_start/s napi_watchdog")
            || l.startsWith("NAPI polls/s eth0"))
        .toList();
    assertThat(rows).hasSize(3).allSatisfy(l -> assertThat(l).endsWith("1.00"));
  }
}
