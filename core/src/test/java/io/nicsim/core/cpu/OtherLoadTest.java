package io.nicsim.core.cpu;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.testkit.KernelKit;
import org.junit.jupiter.api.Test;

/**
 * Other tasks on a core take their share of it from a CPU-bound task (round-robin), and only
 * their share of an idle core; interrupts are not held behind them for more than a step.
 */
class OtherLoadTest {
  static final long RUN = 200_000_000L;

  /** A task that is always runnable, charging 1 µs per step. */
  static final class Spinner extends Task {
    long steps;

    Spinner() {
      super("spin");
    }

    @Override
    protected boolean run(Core core) {
      core.chargeNs(KernelOps.PREEMPTED, 1_000);
      steps++;
      return true;
    }
  }

  @Test
  void aCpuBoundTaskGetsTheRestOfTheCore() {
    KernelKit kit = KernelKit.plain();
    Core core = kit.cpu.core(0);
    OtherLoad.attach(core, 0.7);
    Spinner s = new Spinner();
    core.attach(s);
    s.wake();
    kit.runUntil(RUN);
    double other = (double) core.nsCharged(KernelOps.OTHER_TASKS) / RUN;
    double spin = s.steps * 1_000.0 / RUN;
    assertThat(other).isBetween(0.68, 0.72);
    assertThat(spin).isBetween(0.28, 0.32);
  }

  @Test
  void onAnIdleCoreItTakesOnlyItsShare() {
    KernelKit kit = KernelKit.plain();
    Core core = kit.cpu.core(0);
    OtherLoad.attach(core, 0.25);
    kit.runUntil(RUN);
    assertThat((double) core.nsCharged(KernelOps.OTHER_TASKS) / RUN).isBetween(0.24, 0.26);
  }

  @Test
  void anInterruptWaitsAtMostOneStepAndASwitch() {
    KernelKit kit = KernelKit.plain();
    Core core = kit.cpu.core(0);
    OtherLoad.attach(core, 0.9);
    long[] started = new long[1];
    long at = 3_000_123L;
    kit.inHardirq(at, 0, () -> started[0] = core.cursor());
    kit.runUntil(10_000_000L);
    long entry = kit.cpu.costs().require(KernelOps.IRQ_ENTRY);
    // a step, and the switch from one of the load's tasks to another just before it
    long cs = kit.cpu.costs().require(KernelOps.CONTEXT_SWITCH);
    assertThat(started[0] - entry - at).isBetween(0L, OtherLoad.STEP_NS + cs);
  }

  @Test
  void aShareOutsideZeroToOneIsRefused() {
    KernelKit kit = KernelKit.plain();
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> OtherLoad.attach(kit.cpu.core(0),
        1.0)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0 < share < 1");
  }
}
