package io.nicsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.cli.testkit.Cli;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code nicsim soak}: ten simulated minutes of a UDP flood and of a BBR flow in a JVM with a
 * 64 MiB heap must neither run out of memory nor grow the live heap (about 20 s of wall time
 * on 2 cores; the timeout only guards against a hang, no speed is asserted).
 */
class SoakCommandTest {

  @Test
  @org.junit.jupiter.api.Timeout(value = 10, unit = java.util.concurrent.TimeUnit.MINUTES)
  void tenSimulatedMinutesOfEachFlowFitA64MiBHeapWithoutGrowing() throws Exception {
    List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx64m", "-cp", System.getProperty("java.class.path"), "io.nicsim.cli.Nicsim",
        "soak", "--minutes", "10", "--sample", "60");
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor()).as(out).isZero();
    assertThat(out).contains("udp: 10 simulated minutes, live heap ")
        .contains("bbr: 10 simulated minutes, live heap ").doesNotContain("GREW");
    assertThat(out.lines().filter(l -> l.matches("(udp|bbr) +\\d+ s: heap .*"))).hasSize(20);
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
