package io.nicsim.core.cpu;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.testkit.KernelKit;
import org.junit.jupiter.api.Test;

/**
 * A task's time splits as mpstat's %sys and %usr do: inside a system call (traceSysEnter to
 * traceSysExit) it is kernel time, between its calls user time; an interrupt taken in either
 * is %irq, and the scheduler's switch is kernel time whatever the task was doing.
 */
class UserTimeTest {
  /** An application: 3 µs in user space, then a 2 µs system call split over two steps. */
  static final class App extends Task {
    int step;
    int calls;

    App() {
      super("app");
    }

    @Override
    protected boolean run(Core core) {
      switch (step++ % 3) {
        case 0 -> core.chargeNs(KernelOps.PREEMPTED, 3_000); // user space before the call
        case 1 -> {
          core.traceSysEnter("write", 5, 64);
          core.chargeNs(KernelOps.PREEMPTED, 1_000);
        }
        default -> {
          core.chargeNs(KernelOps.PREEMPTED, 1_000);
          core.traceSysExit("write", 64);
          calls++;
        }
      }
      return calls < 100;
    }
  }

  @Test
  void timeInsideSystemCallsIsKernelTimeAndTheRestUserTime() {
    KernelKit kit = KernelKit.plain();
    Core core = kit.cpu.core(0);
    App app = new App();
    core.attach(app);
    app.wake();
    kit.runUntil(10_000_000L);
    assertThat(app.calls).isEqualTo(100);
    long task = core.nsIn(CpuContext.TASK);
    // the first step ran before the first call: the task starts in the kernel (its first
    // system call already running), so 99 of the 100 user stretches count as user time
    assertThat(core.nsInUser()).isEqualTo(99 * 3_000L);
    assertThat(task - core.nsInUser()).isEqualTo(100 * 2_000L + 3_000L);
  }

  @Test
  void anInterruptInUserSpaceIsIrqTimeAndTheTaskStaysInUserSpace() {
    KernelKit kit = KernelKit.plain();
    Core core = kit.cpu.core(0);
    App app = new App();
    core.attach(app);
    app.wake();
    long[] inHandler = new long[1];
    kit.inHardirq(100_000L, 0, () -> {
      core.chargeNs(KernelOps.PREEMPTED, 4_000);
      inHandler[0]++;
    });
    kit.runUntil(10_000_000L);
    assertThat(inHandler[0]).isEqualTo(1);
    long entry = kit.cpu.costs().require(KernelOps.IRQ_ENTRY);
    assertThat(core.nsIn(CpuContext.HARDIRQ)).isEqualTo(4_000L + entry);
    assertThat(core.nsInUser()).isEqualTo(99 * 3_000L);
    assertThat(core.nsIn(CpuContext.TASK) - core.nsInUser()).isEqualTo(100 * 2_000L + 3_000L);
  }

  @Test
  void otherTasksLoadIsUserTime() {
    KernelKit kit = KernelKit.plain();
    Core core = kit.cpu.core(0);
    OtherLoad.attach(core, 0.25);
    kit.runUntil(100_000_000L);
    assertThat(core.nsInUser()).isEqualTo(core.nsCharged(KernelOps.OTHER_TASKS));
    assertThat(core.nsInUser()).isPositive();
  }
}
