package io.nicsim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.nicsim.cli.env.CliEnv;
import io.nicsim.cli.testkit.Cli;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An output that cannot be written is refused before the first simulated nanosecond, even
 * where the permission bits say yes (root and /proc): each configuration below would run the
 * model for a long while before writing.
 */
class UnwritableOutputsTest {
  @TempDir Path dir;

  static final String[] SLOW = {"--mac", "stmmac", "--soc", "cyclone5", "--traffic",
      "iperf3 -u -b 0 -l 64 -t 60"};

  Path trace() throws Exception {
    Path f = dir.resolve("ping.txt");
    try (InputStream in = UnwritableOutputsTest.class.getResourceAsStream(
        "/fixtures/ping-veth.trace.txt")) {
      Files.copy(in, f);
    }
    return f;
  }

  void refusedAtOnce(String flag, String... args) {
    long t0 = System.nanoTime();
    Cli.Result r = Cli.run(CliEnv.standard(), args);
    double s = (System.nanoTime() - t0) / 1e9;
    assertThat(r.exit()).as(r.err()).isEqualTo(2);
    assertThat(r.err().lines()).hasSize(1);
    assertThat(r.err()).contains(flag + ": cannot write /proc/");
    assertThat(s).as("seconds before the refusal").isLessThan(5);
  }

  static String[] concat(String[] a, String... b) {
    String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  @Test
  void procPathsAreRefusedBeforeAnyWork() throws Exception {
    assumeTrue(Files.isDirectory(Path.of("/proc/self")), "a /proc");
    String t = trace().toString();
    refusedAtOnce("--out", concat(new String[] {"trace", "calibrate", "--trace", t, "--out",
        "/proc/nicsim-x.yaml"}, SLOW));
    refusedAtOnce("--plot", concat(new String[] {"trace", "compare", "--trace", t, "--plot",
        "/proc/nicsim-x.png"}, SLOW));
    refusedAtOnce("--csv", "reproduce", "--csv", "/proc/nicsim-x");
    refusedAtOnce("--trace", concat(new String[] {"run", "--trace", "/proc/nicsim-x.txt"},
        SLOW));
  }
}
