package io.nicsim.core.net;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DqlTest {
  private long jiffies;
  private final Dql dql = new Dql(100, () -> jiffies);

  @Test
  void startsWithNoRoomAndGrowsAfterAStarvedCompletion() {
    assertThat(dql.limit()).isZero();
    dql.queued(1500);
    assertThat(dql.avail()).isNegative();
    // everything completes while over the limit: starved, limit += completed bytes
    dql.completed(1500);
    assertThat(dql.limit()).isEqualTo(1500);
    assertThat(dql.avail()).isEqualTo(1500);
    dql.queued(1500);
    dql.queued(1500);
    dql.queued(1500);
    dql.completed(4500);
    assertThat(dql.limit()).isGreaterThan(1500);
  }

  @Test
  void shrinksWhenBusyWithSlackAfterTheHoldTime() {
    for (int i = 0; i < 10; i++) {
      dql.queued(10_000);
      dql.completed(10_000);
    }
    long grown = dql.limit();
    assertThat(grown).isPositive();
    // keep the queue busy, completing a little each time, with the hold time passing
    dql.queued(grown == 0 ? 1 : (int) grown);
    for (int i = 0; i < 20; i++) {
      dql.queued(500);
      jiffies += 200;
      dql.completed(500);
    }
    assertThat(dql.limit()).isLessThan(grown);
  }
}
