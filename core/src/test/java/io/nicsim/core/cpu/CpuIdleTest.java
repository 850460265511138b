package io.nicsim.core.cpu;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.testkit.KernelKit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CpuIdleTest {
  static final long EXIT = 300_000;
  static final long RESIDENCY = 2_700_000;

  /** Runs an empty hard interrupt on core 0 at each time; returns when each one started. */
  static List<Long> wakes(KernelKit kit, long... at) {
    List<Long> started = new ArrayList<>();
    for (long t : at) {
      kit.inHardirq(t, 0, () -> started.add(kit.cpu.core(0).cursor()));
    }
    kit.runUntil(at[at.length - 1] + 10_000_000);
    return started;
  }

  @Test
  void withoutAnIdleStateWakingIsFree() {
    KernelKit kit = KernelKit.plain();
    long entry = kit.cpu.costs().require(KernelOps.IRQ_ENTRY);
    assertThat(wakes(kit, 10_000_000)).containsExactly(10_000_000 + entry);
    assertThat(kit.cpu.core(0).nsCharged(KernelOps.CPUIDLE_EXIT)).isZero();
  }

  @Test
  void aLongIdleIsLeftWithTheExitLatencyAsIdleNotBusyTime() {
    KernelKit kit = KernelKit.plain();
    kit.cpu.setIdleState(EXIT, RESIDENCY);
    long entry = kit.cpu.costs().require(KernelOps.IRQ_ENTRY);
    assertThat(wakes(kit, 10_000_000)).containsExactly(10_000_000 + EXIT + entry);
    assertThat(kit.cpu.core(0).nsCharged(KernelOps.CPUIDLE_EXIT)).isEqualTo(EXIT);
    assertThat(kit.cpu.core(0).busyNs()).isEqualTo(entry);
  }

  @Test
  void idlePeriodsShorterThanTheResidencyStayShallow() {
    KernelKit kit = KernelKit.plain();
    kit.cpu.setIdleState(EXIT, RESIDENCY);
    long[] at = new long[20];
    for (int i = 0; i < at.length; i++) {
      at[i] = 10_000_000 + i * 500_000L; // every 0.5 ms after a long idle
    }
    wakes(kit, at);
    assertThat(kit.cpu.core(0).timesCharged(KernelOps.CPUIDLE_EXIT)).isEqualTo(1);
    assertThat(kit.cpu.core(0).idleState().deepExits()).isEqualTo(1);
  }

  @Test
  void theThresholdIsTheIdleLengthNotTheGapBetweenWakes() {
    KernelKit kit = KernelKit.plain();
    kit.cpu.setIdleState(EXIT, RESIDENCY);
    long entry = kit.cpu.costs().require(KernelOps.IRQ_ENTRY);
    // the second wake comes exactly RESIDENCY after the first one's work ended: deep
    long first = 10_000_000;
    long firstEnd = first + EXIT + entry;
    List<Long> started = wakes(kit, first, firstEnd + RESIDENCY, firstEnd + RESIDENCY
        + entry + EXIT + RESIDENCY - 1);
    assertThat(started.get(1)).isEqualTo(firstEnd + RESIDENCY + EXIT + entry);
    assertThat(kit.cpu.core(0).timesCharged(KernelOps.CPUIDLE_EXIT)).isEqualTo(2);
  }
}
