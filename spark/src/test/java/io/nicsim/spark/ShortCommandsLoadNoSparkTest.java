package io.nicsim.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * run, ethtool and list start as fast as they did before Spark existed, even with Spark and this
 * module on the class path (a consumer's class path, spark-submit's): a child JVM on this
 * module's test class path runs each command and logs every class it loads; none is Spark's or
 * Scala's. (The launcher does not even put Spark on the class path for them; the bench rows
 * bbr-fresh and flood-rss keep the fresh run's wall time and peak RSS.)
 */
class ShortCommandsLoadNoSparkTest {

  @Test
  void runEthtoolAndListLoadNoSparkClass(@TempDir Path dir) throws Exception {
    String[][] commands = {
      {"run", "--mac", "stmmac", "--soc", "cyclone5", "--traffic", "ping -c 3 -i 0.01"},
      {"ethtool", "--mac", "fec", "--soc", "imx8qxp", "-c"},
      {"list", "macs"},
    };
    for (String[] c : commands) {
      Path log = dir.resolve(c[0] + ".classes");
      List<String> cmd = new ArrayList<>(List.of(
          Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "-Xlog:class+load=info:file=" + log, "-cp", System.getProperty("java.class.path"),
          "io.nicsim.cli.Nicsim"));
      cmd.addAll(List.of(c));
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
          .redirectOutput(dir.resolve(c[0] + ".out").toFile()).start();
      int exit = p.waitFor();
      assertThat(exit).as(c[0] + ": " + read(dir.resolve(c[0] + ".out"))).isZero();
      List<String> loaded = Files.readAllLines(log, StandardCharsets.UTF_8);
      assertThat(loaded.stream().filter(l -> l.contains(" io.nicsim.cli.Nicsim ")))
          .as("the log names nicsim's classes").isNotEmpty();
      assertThat(loaded.stream().filter(l -> l.contains(" org.apache.spark.")
          || l.contains(" scala.") || l.contains(" io.nicsim.spark."))).as(c[0]).isEmpty();
    }
  }

  private static String read(Path p) throws IOException {
    return Files.readString(p, StandardCharsets.UTF_8);
  }
}
