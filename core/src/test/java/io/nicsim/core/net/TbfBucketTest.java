package io.nicsim.core.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** sch_tbf's token arithmetic: a full bucket passes a burst at once, then the rate rules. */
class TbfBucketTest {
  private static final long GBIT = 1_000_000_000L;

  @Test
  void aFullBucketPassesItsBurstAtOnceThenFramesWaitForTheirTokens() {
    TbfBucket b = new TbfBucket(GBIT, 256 * 1024);
    long t = 0;
    // 173 frames of 1514 B fit in 262144 B; each costs 12112 ns at 1 Gbit/s
    for (int i = 0; i < 173; i++) {
      assertThat(b.leave(t, 1514)).isEqualTo(t);
    }
    // 262144 - 173 * 1514 = 222 B of tokens left (1776 ns): the next waits 12112 - 1776
    assertThat(b.leave(t, 1514)).isEqualTo(12_112 - 1_776);
    // and the one after a whole frame's time more (tokens were spent to zero at the leave)
    assertThat(b.leave(10_336, 1514)).isEqualTo(10_336 + 12_112);
  }

  @Test
  void tokensRefillAtTheRateUpToTheBucket() {
    TbfBucket b = new TbfBucket(GBIT, 3028); // two frames
    assertThat(b.leave(0, 1514)).isZero();
    assertThat(b.leave(0, 1514)).isZero();
    // an idle millisecond refills far more than the bucket: two frames pass again, not more
    assertThat(b.leave(1_000_000, 1514)).isEqualTo(1_000_000);
    assertThat(b.leave(1_000_000, 1514)).isEqualTo(1_000_000);
    assertThat(b.leave(1_000_000, 1514)).isEqualTo(1_000_000 + 12_112);
  }

  @Test
  void theAverageRateIsTheRate() {
    TbfBucket b = new TbfBucket(100_000_000L, 64 * 1024);
    long t = 0;
    for (int i = 0; i < 10_000; i++) {
      t = b.leave(t, 1000);
    }
    // the last of 10,000 frames of 8000 bits at 100 Mbit/s leaves when their 800 ms of tokens
    // less the bucket's 64 KB (5.24288 ms) have come
    assertThat(t).isEqualTo(10_000L * 80_000 - 64L * 1024 * 8 * 10);
  }

  @Test
  void aFrameLongerThanTheBucketIsRefused() {
    assertThatThrownBy(() -> new TbfBucket(GBIT, 1000).leave(0, 1514))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
