package io.nicsim.formats.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** ping's loss figure is C's {@code %g} of a float, not a rounded integer. */
class PingLossTest {
  @ParameterizedTest
  @CsvSource({
    "100000, 99923, 0.077",
    "3, 2, 33.3333",
    "7, 6, 14.2857",
    "3, 3, 0",
    "3, 0, 100",
    "200, 199, 0.5",
    "10000000, 9999999, 1e-05",
    "0, 0, 0",
  })
  void printedAsIputilsPrintsIt(long tx, long rx, String expected) {
    assertThat(ToolFormat.pingLossPct(tx, rx)).isEqualTo(expected);
  }
}
