package io.nicsim.core.net;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** tbf_dequeue's cost of a length is psched_l2t_ns: len * mult >> shift, not len * 8e9 / rate. */
class TbfDequeuePortTest {

  @Test
  void theRatesMultAndShiftAreThoseOfPschedRatecfgPrecompute() {
    // 2.5 Gbit/s is 312,500,000 bytes/s: 2^30 * 1e9 / 312.5e6 = 3435973836 (bit 31 set) at 30
    assertThat(TbfBucket.precompute(312_500_000L)).containsExactly(3_435_973_836L, 30L);
    // 1 Gbit/s: 8 ns a byte, exactly 2^31 at shift 28
    assertThat(TbfBucket.precompute(125_000_000L)).containsExactly(1L << 31, 28L);
    // no rate: mult 1, shift 0
    assertThat(TbfBucket.precompute(0)).containsExactly(1L, 0L);
  }

  @Test
  void aShortFrameCostsWhatTheKernelsRoundingGives() {
    // 60 bytes at 2.5 Gbit/s: 60 * 3435973836 >> 30 = 191 ns (60 * 8e9 / 2.5e9 would be 192);
    // the bucket holds 60 bytes (192 ns), so after one frame 1 ns of tokens is left and the
    // second leaves 190 ns later
    TbfBucket b = new TbfBucket(2_500_000_000L, 60);
    assertThat(b.leave(0, 60)).isZero();
    assertThat(b.leave(0, 60)).isEqualTo(190);
  }

  @Test
  void aRefusedDequeueArmsTheWatchdogForTheMissingTokens() {
    TbfBucket b = new TbfBucket(1_000_000_000L, 1514); // 12,112 ns, one frame
    assertThat(b.tbfDequeue(0, 1514)).isTrue();
    assertThat(b.tbfDequeue(100, 1514)).isFalse();
    assertThat(b.watchdogNs).isEqualTo(12_112);
    assertThat(b.tbfDequeue(12_112, 1514)).isTrue();
  }
}
