package io.nicsim.core.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.testkit.KernelKit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class HrTimerTest {
  private final KernelKit k = KernelKit.plain();
  private final List<Long> fired = new ArrayList<>();

  private HrTimer timer() {
    return new HrTimer(k.kernel, "test_timer", t -> {
      fired.add(k.cpu.now());
      return HrTimer.Restart.NORESTART;
    });
  }

  /** Time the callback runs: expiry + irq entry + the expire bookkeeping. */
  private long callbackDelay() {
    return k.cpu.costs().require(KernelOps.IRQ_ENTRY) + k.cpu.costs().require(KernelOps.HRTIMER_EXPIRE);
  }

  @Test
  void startingAnActiveTimerMovesItsExpiry() {
    HrTimer t = timer();
    long startCost = k.cpu.costs().require(KernelOps.HRTIMER_START);
    k.inHardirq(0, 0, () -> t.start(5_000));
    k.inHardirq(3_000, 0, () -> {
      assertThat(t.active()).isTrue();
      t.start(5_000);
    });
    k.runUntil(20_000);
    // the second start read the clock at 3000 + irq entry + its own cost
    long secondStart = 3_000 + k.cpu.costs().require(KernelOps.IRQ_ENTRY) + startCost;
    assertThat(t.expires()).isEqualTo(secondStart + 5_000);
    assertThat(fired).containsExactly(secondStart + 5_000 + callbackDelay());
    assertThat(t.startCount()).isEqualTo(2);
    assertThat(t.active()).isFalse();
  }

  @Test
  void tryToCancelFromInsideTheCallbackReturnsMinusOne() {
    int[] ret = {99};
    HrTimer[] self = new HrTimer[1];
    self[0] = new HrTimer(k.kernel, "self", t -> {
      ret[0] = t.tryToCancel();
      assertThat(t.active()).isTrue();
      assertThat(t.callbackRunning()).isTrue();
      return HrTimer.Restart.NORESTART;
    });
    k.inHardirq(0, 0, () -> self[0].start(1_000));
    k.runUntil(10_000);
    assertThat(ret[0]).isEqualTo(-1);
    assertThatThrownBy(() -> {
      HrTimer d = new HrTimer(k.kernel, "deadlock", t -> {
        t.cancel();
        return HrTimer.Restart.NORESTART;
      });
      k.inHardirq(20_000, 0, () -> d.start(100));
      k.runUntil(40_000);
    }).isInstanceOf(io.nicsim.core.sim.InvariantViolation.class).hasMessageContaining("deadlock")
        .hasMessageContaining("at 0.000021600 s in hrtimer deadlock");
  }

  @Test
  void tryToCancelOfAQueuedTimerReturnsOneAndOfAnIdleOneZero() {
    HrTimer t = timer();
    int[] r = new int[2];
    k.inHardirq(0, 0, () -> {
      t.start(10_000);
      r[0] = t.tryToCancel();
      r[1] = t.tryToCancel();
    });
    k.runUntil(50_000);
    assertThat(r).containsExactly(1, 0);
    assertThat(fired).isEmpty();
  }

  @Test
  void restartReturnedFromTheCallbackRequeuesAtTheForwardedExpiry() {
    List<Long> at = new ArrayList<>();
    HrTimer t = new HrTimer(k.kernel, "periodic", x -> {
      at.add(x.expires());
      x.forwardNow(10_000);
      return at.size() < 3 ? HrTimer.Restart.RESTART : HrTimer.Restart.NORESTART;
    });
    k.inHardirq(0, 0, () -> t.start(10_000));
    k.runUntil(100_000);
    long first = k.cpu.costs().require(KernelOps.IRQ_ENTRY)
        + k.cpu.costs().require(KernelOps.HRTIMER_START) + 10_000;
    assertThat(at).containsExactly(first, first + 10_000, first + 20_000);
  }

  @Test
  void aTimerFiresOnTheCpuThatStartedIt() {
    int[] cpu = {-1};
    HrTimer t = new HrTimer(k.kernel, "where", x -> {
      cpu[0] = k.cpu.requireCurrent().id();
      return HrTimer.Restart.NORESTART;
    });
    k.inTask(0, 1, () -> t.start(1_000));
    k.runUntil(100_000);
    assertThat(cpu[0]).isEqualTo(1);
  }
}
