package io.nicsim.fec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The coalescer state machine on its own, driven by a hand-stepped clock. */
class EnetCoalescerTest {
  static final long AHB = 333_333_333L;

  long armedAt = -1;
  final List<Long> events = new ArrayList<>();
  long now;
  EnetCoalescer c;

  @BeforeEach
  void setUp() {
    c = new EnetCoalescer(
        new EnetCoalescer.Timer() {
          @Override
          public void arm(long atNs) {
            armedAt = atNs;
          }

          @Override
          public void cancel() {
            armedAt = -1;
          }
        },
        () -> events.add(now),
        AHB,
        125_000_000L);
  }

  /** Steps the clock to {@code t}, firing the timer on the way if it is due. */
  void advance(long t) {
    if (armedAt >= 0 && armedAt <= t) {
      now = armedAt;
      armedAt = -1;
      c.timerExpired();
    }
    now = t;
  }

  @Test
  void oneFrameWaitsExactlyIctt() {
    c.write(0xCC801458); // 200 frames, 5208 ticks
    long ictt = EnetCoalescer.ticksToNs(5208, AHB);
    assertThat(ictt).isEqualTo(999_936L); // 5208 * 64 / 333.33 MHz
    now = 10_000;
    c.frameDone(now);
    advance(10_000 + ictt - 1);
    assertThat(events).isEmpty();
    advance(10_000 + ictt);
    assertThat(events).containsExactly(10_000 + ictt);
  }

  @Test
  void twoHundredBackToBackFramesInterruptAtTheTwoHundredth() {
    c.write(0xCC801458);
    long gap = 672; // 64-byte frames at 1 Gbit/s incl. preamble and IFG
    for (int i = 1; i <= 400; i++) {
      advance(i * gap);
      c.frameDone(now);
    }
    assertThat(events).containsExactly(200 * gap, 400 * gap);
    assertThat(armedAt).isEqualTo(-1); // the count, not the timer, fired both
  }

  @Test
  void timerRunsFromTheFirstUncountedFrameNotTheLast() {
    c.write(0xCC800208); // 520 ticks = 99.84 us
    long ictt = EnetCoalescer.ticksToNs(520, AHB);
    now = 0;
    c.frameDone(0);
    advance(50_000);
    c.frameDone(now); // second frame does not restart the timer
    advance(ictt);
    assertThat(events).containsExactly(ictt);
    advance(ictt + 10);
    c.frameDone(now); // a new first frame restarts it
    advance(2 * ictt + 10);
    assertThat(events).containsExactly(ictt, 2 * ictt + 10);
  }

  @Test
  void disabledRaisesEveryFrame() {
    c.write(0);
    for (int i = 0; i < 3; i++) {
      now = i;
      c.frameDone(now);
    }
    assertThat(events).hasSize(3);
    assertThat(armedAt).isEqualTo(-1);
  }

  @Test
  void clockSelectPicksTheTxClockWhenClear() {
    c.write(0x8C800064); // EN, ICCS = 0, 200 frames, 100 ticks
    assertThat(c.icttNs()).isEqualTo(100 * 64 * 8); // 125 MHz: 8 ns per clock
  }

  @Test
  void rewritingFlushesHeldFrames() {
    c.write(0xCC801458);
    now = 5;
    c.frameDone(5);
    c.write(0xCC800208);
    assertThat(events).containsExactly(5L);
    assertThat(c.pending()).isZero();
    assertThat(armedAt).isEqualTo(-1);
  }

  @Test
  void zeroTicksWhileEnabledFiresOnTheFrame() {
    c.write(0xCC800000);
    now = 7;
    c.frameDone(7);
    assertThat(events).containsExactly(7L);
  }
}
