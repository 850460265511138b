package io.nicsim.boardtrace;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nicsim.core.config.BadInputException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code --map BOARD=MODEL} is read the same way by every trace command: a word without '=',
 * an empty board or model name, and one board name mapped to two model names are refused,
 * naming --map and what it accepts. (The nicsim command's one line and exit status 2 for them:
 * cli's {@code TraceCommandTest}.)
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
    List<String> args = new java.util.ArrayList<>(List.of(command, "--trace",
        trace().toString(), "--map", m1));
    if (m2 != null) {
      args.addAll(List.of("--map", m2));
    }
    if (command.equals("compare")) {
      args.addAll(List.of("--mac", "stmmac", "--soc", "cyclone5", "--traffic", "ping -c 2"));
    }
    assertThatThrownBy(() -> Traces.trace(args)).isInstanceOf(BadInputException.class)
        .hasMessageStartingWith("--map: ").hasMessageContaining(m2 == null
            ? "is not BOARD=MODEL" : "'a' is mapped to both 'b' and 'c'");
  }
}
