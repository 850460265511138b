package io.nicsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * usecs_to_jiffies and jiffies_to_usecs as a 64-bit kernel computes them per CONFIG_HZ. The
 * constants are what kernel/time/timeconst.bc prints for each HZ (checked with bc against the
 * 6.12 tree's script); the executed harnesses run the tree's C at HZ 250 only.
 */
class JiffiesTest {

  /** USEC_TO_HZ_MUL32, USEC_TO_HZ_ADJ32, USEC_TO_HZ_SHR32, HZ_TO_USEC_NUM, HZ_TO_USEC_DEN. */
  @ParameterizedTest
  @CsvSource({
    "100, 0xD1B71759, 0x1FFF2E48E8A7, 45, 10000, 1",
    "250, 0x83126E98, 0x7FF7CED9168, 43, 4000, 1",
    "300, 0x9D495183, 0x7FFCB923A29, 43, 10000, 3",
    "1000, 0x83126E98, 0x1FF7CED9168, 41, 1000, 1"})
  void timeconstIsWhatTheKernelsBcScriptGenerates(int hz, String mul, String adj, int shr,
      long num, long den) {
    long[] c = Jiffies.timeconst(hz);
    assertThat(c).containsExactly(Long.decode(mul), Long.decode(adj), shr, num, den);
  }

  /**
   * Past jiffies_to_usecs(MAX_JIFFY_OFFSET), the u32 the 64-bit product truncates to, every value
   * is MAX_JIFFY_OFFSET; the old conversion (a plain rounded-up division) gave about 1.07 M
   * jiffies for the largest delays at HZ 250 (and at HZ 300 clamps from 1431 s on).
   */
  @ParameterizedTest
  @CsvSource({"100, 4294947296", "250, 4294959296", "300, 1431649098", "1000, 4294965296"})
  void valuesPastTheLargestConvertibleAreMaxJiffyOffset(int hz, long limit) {
    Jiffies j = new Jiffies(hz);
    assertThat(Integer.toUnsignedLong(j.jiffiesToUsecs(Jiffies.MAX_JIFFY_OFFSET)))
        .isEqualTo(limit);
    assertThat(j.usecsToJiffies((int) limit)).isEqualTo((limit * hz + 999_999) / 1_000_000);
    assertThat(j.usecsToJiffies((int) (limit + 1))).isEqualTo(Jiffies.MAX_JIFFY_OFFSET)
        .isEqualTo(0x3FFF_FFFF_FFFF_FFFEL);
    assertThat(j.usecsToJiffies(-2)).isEqualTo(Jiffies.MAX_JIFFY_OFFSET); // 4294967294 us
  }

  /**
   * The multiply-and-shift of HZ 300 rounds up as the division would, up to its clamp (its
   * jiffies_to_usecs(MAX_JIFFY_OFFSET) divides the wrapped 64-bit product by 3: 1431649098 us).
   */
  @ParameterizedTest
  @ValueSource(longs = {0, 1, 3333, 3334, 3335, 6666, 6667, 1_000_000, 123_456_789,
      1_431_649_098L})
  void hz300RoundsUp(long us) {
    Jiffies j = new Jiffies(300);
    assertThat(j.usecsToJiffies((int) us)).isEqualTo((us * 300 + 999_999) / 1_000_000);
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 24, 200, 1024})
  void onlyTheKconfigChoicesAreAccepted(int hz) {
    assertThatThrownBy(() -> new Jiffies(hz)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("100, 250, 300, 1000");
  }
}
