package io.nicsim.validate;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CpuPressureTest {
  @Test
  void readsTheSomeLinesTotal() {
    String text = "some avg10=98.93 avg60=98.84 avg300=99.06 total=25574362023\n"
        + "full avg10=0.00 avg60=0.00 avg300=0.00 total=0\n";
    assertThat(CpuPressure.someTotalUs(text)).isEqualTo(25_574_362_023L);
    assertThat(CpuPressure.someTotalUs("full avg10=0.00 total=7\n")).isEqualTo(-1);
  }

  @Test
  void theShareIsTheWaitOverTheWindow() {
    assertThat(CpuPressure.share(1_000_000, 1_500_000, 1_000_000_000L)).isEqualTo(0.5);
    assertThat(CpuPressure.share(0, 5_000_000, 1_000_000_000L)).isEqualTo(1);
    assertThat(CpuPressure.share(-1, 5, 1_000_000_000L)).isNaN();
    assertThat(CpuPressure.share(9, 5, 1_000_000_000L)).isNaN();
  }
}
