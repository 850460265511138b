package io.nicsim.core.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.cpu.CostTable;
import io.nicsim.core.testkit.KernelKit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TimerListTest {

  @Test
  void modTimerOf1000usRoundsUpToTenMillisecondsAtHz100() {
    KernelKit k = new KernelKit("testsoc", 1.0, KernelConfig.defaults()); // testsoc: HZ=100
    List<Long> fired = new ArrayList<>();
    TimerList t = new TimerList(k.kernel, "tx_timer", x -> fired.add(k.cpu.jiffies()));
    long[] armedAt = new long[1];
    // arm exactly at a tick boundary: jiffies 100 (t = 1 s)
    k.inTask(1_000_000_000L, 0, () -> {
      armedAt[0] = k.cpu.jiffies();
      assertThat(k.cpu.usecsToJiffies(1000)).isEqualTo(1);
      t.modTimer(k.cpu.jiffies() + k.cpu.usecsToJiffies(1000));
    });
    k.runUntil(1_100_000_000L);
    assertThat(fired).containsExactly(armedAt[0] + 1);
    // it fired in TIMER softirq after the tick at jiffy 101: 10 ms after being armed
    assertThat(k.cpu.jiffyStart(fired.get(0)) - 1_000_000_000L).isEqualTo(10_000_000L);
  }

  @ParameterizedTest
  @CsvSource({"100, 1000, 1", "250, 1000, 1", "1000, 1000, 1", "100, 10001, 2", "1000, 1500, 2",
      "250, 40000, 10"})
  void usecsToJiffiesRoundsUp(int hz, long us, long jiffies) {
    var cpu = new io.nicsim.core.cpu.Cpu(new io.nicsim.core.sim.Simulator(1),
        io.nicsim.core.cpu.CostTable.of(io.nicsim.core.soc.SocProfile.load("testsoc"), 1),
        1, hz, 1, null);
    assertThat(cpu.usecsToJiffies(us)).isEqualTo(jiffies);
  }

  @Test
  void modTimerOnAPendingTimerMovesItAndReturnsOne() {
    KernelKit k = new KernelKit("testsoc", 1.0, KernelConfig.defaults());
    List<Long> fired = new ArrayList<>();
    TimerList t = new TimerList(k.kernel, "t", x -> fired.add(k.cpu.jiffies()));
    int[] r = new int[2];
    k.inTask(0, 0, () -> {
      r[0] = t.modTimer(5);
      r[1] = t.modTimer(8);
    });
    k.runUntil(200_000_000L);
    assertThat(r).containsExactly(0, 1);
    assertThat(fired).containsExactly(8L);
  }
}
