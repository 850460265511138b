package io.nicsim.boardtrace;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.cli.testkit.Cli;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code --map BOARD=MODEL} is read the same way by every trace command: a word without '=',
 * an empty board or model name, and one board name mapped to two model names are refused in one
 * line naming --map, exit 2 (import used to accept them and exit 0).
 */
class MapOptionTest {
  @TempDir Path dir;

  Path trace() throws Exception {
    Path f = dir.resolve("ping.txt");
    try (InputStream in = MapOptionTest.class.getResourceAsStream(
        "/fixtures/ping-veth.trace.txt")) {
      Files.copy(in, f);
    }
    return f;
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {"import|noequals|", "import|=x|", "import|x=|",
      "import|a=b|a=c", "compare|a=b|a=c", "compare|noequals|"})
  void aMalformedOrConflictingMapIsRefused(String command, String m1, String m2)
      throws Exception {
    List<String> args = new java.util.ArrayList<>(List.of("trace", command, "--trace",
        trace().toString(), "--map", m1));
    if (m2 != null) {
      args.addAll(List.of("--map", m2));
    }
    if (command.equals("compare")) {
      args.addAll(List.of("--mac", "stmmac", "--soc", "cyclone5", "--traffic", "ping -c 2"));
    }
    Cli.Result r = BoardTraceCli.run(args);
    assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err().lines()).hasSize(1);
    assertThat(r.err()).contains("--map").contains(m2 == null ? "is not BOARD=MODEL"
        : "'a' is mapped to both 'b' and 'c'");
  }
}
