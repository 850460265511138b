package io.nicsim.boardtrace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nicsim.core.config.BadInputException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code calibrate --board-kernel} names the board's release in the profile it writes: an
 * empty or non-release value is refused before any fit, naming the option and what it accepts,
 * and no profile is written. (The nicsim command's one line and exit status 2 for it: cli's
 * {@code TraceCommandTest}.)
 */
class BoardKernelTest {
  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"", " ", "banana", "v", "6"})
  void aValueThatIsNoReleaseIsRefused(String value) throws Exception {
    Path trace = dir.resolve("board.txt");
    try (InputStream in = BoardKernelTest.class.getResourceAsStream(
        "/fixtures/udp-veth.report-ns.txt")) {
      Files.copy(in, trace);
    }
    Path out = dir.resolve("p.yaml");
    assertThatThrownBy(() -> Traces.trace(List.of("calibrate", "--trace", trace.toString(),
        "--mac", "stmmac", "--soc", "cyclone5", "--traffic", "iperf3 -u -b 0 -l 64 -t 0.05",
        "--board-kernel", value, "--out", out.toString())))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("--board-kernel: '" + value + "' is not a kernel release"
            + " (accepted: the board's uname -r, e.g. 6.1.55-yocto)");
    assertThat(out).doesNotExist();
  }
}
