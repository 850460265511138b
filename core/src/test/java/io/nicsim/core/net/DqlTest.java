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

  /**
   * dql_completed's hold-time test is time_after(jiffies, slack_start_time + slack_hold_time):
   * a signed difference, true across the counter's wrap (found by port-check --execute on
   * 6.1.192/6.12.117; the port compared the raw values).
   */
  @Test
  void theHoldTimeTestIsTimeAfterAcrossTheJiffiesWrap() {
    // a busy queue with slack: limit 10000, 2000 in flight before and after this completion
    dql.limit = 10_000;
    dql.numQueued = 6000;
    dql.numCompleted = 2000;
    dql.prevNumQueued = 5000;
    dql.lowestSlack = 4000;
    dql.slackHoldTime = 100;
    dql.slackStartTime = Long.MAX_VALUE - 110; // the hold time ends just before the wrap
    jiffies = Long.MIN_VALUE + 5;              // 16 jiffies after it, the counter wrapped
    dql.completed(2000);
    assertThat(dql.limit()).as("the slack shrinks the limit once the hold time has passed")
        .isEqualTo(10_000 - 4000);
    assertThat(dql.slackStartTime).isEqualTo(jiffies);

    dql.limit = 10_000;
    dql.numQueued += 4000;
    dql.prevNumQueued = dql.numQueued - 1000;
    dql.lowestSlack = 4000;
    dql.slackStartTime = Long.MAX_VALUE - 50;  // the hold time ends past the wrap
    jiffies = Long.MAX_VALUE - 10;             // 40 jiffies later: 60 before it ends
    dql.completed(2000);
    assertThat(dql.limit()).as("no shrinking within the hold time").isEqualTo(10_000);
  }

  /**
   * time_after(a, b) is (long)((b) - (a)) < 0: with jiffies exactly 2^63 past the end of the
   * hold time both orders of subtraction give LONG_MIN, and only the kernel's order says
   * "after" (port-check --execute --seed 777 found 15 such records; the port wrote
   * now - end > 0, which says "not after" there).
   */
  @Test
  void theHoldTimeTestTakesTheKernelsOrderOfSubtraction() {
    dql.limit = 10_000;
    dql.numQueued = 6000;
    dql.numCompleted = 2000;
    dql.prevNumQueued = 5000;
    dql.lowestSlack = 4000;
    dql.slackHoldTime = 2;
    dql.slackStartTime = Long.MIN_VALUE + 1; // end of the hold time: 2^63 + 3
    jiffies = 3;                             // 2^63 jiffies from it
    dql.completed(2000);
    assertThat(dql.limit()).isEqualTo(10_000 - 4000);
    assertThat(dql.slackStartTime).isEqualTo(3);
  }

  @Test
  void limitMinRaisesTheLimitAtTheNextCompletionAsTheSysfsStoreDoes() {
    // echo N > byte_queue_limits/limit_min stores min_limit; dql_completed clamps the limit up
    dql.setMinLimit(200_000);
    assertThat(dql.limit()).isZero(); // nothing completed yet: the store alone moves nothing
    dql.queued(65_000);
    assertThat(dql.avail()).isNegative();
    dql.completed(65_000);
    assertThat(dql.limit()).isEqualTo(200_000);
    dql.queued(65_000);
    dql.queued(65_000);
    dql.queued(65_000);
    assertThat(dql.avail()).isPositive(); // three 64 KB skbs on the ring, as on a veth (no BQL)
    dql.setMinLimit(Dql.maxLimitAccepted());
    dql.completed(65_000);
    assertThat(dql.limit()).isEqualTo(Dql.maxLimitAccepted());
    org.assertj.core.api.Assertions.assertThatThrownBy(
        () -> dql.setMinLimit(Dql.maxLimitAccepted() + 1))
        .hasMessageContaining("limit_min");
  }
}
