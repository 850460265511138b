package io.nicsim.core.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.testkit.KernelKit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * napi_complete_done's deferral as net/core/dev.c has it: a poll with work reloads
 * defer_hard_irqs_count; each completion counts it down and, while it was above zero with a
 * gro_flush_timeout, arms the watchdog and returns false; napi_watchdog schedules the idle NAPI.
 */
class NapiDeferTest {
  private static final long US = 1_000;

  /** A driver that re-enables its interrupt only when napi_complete_done returns true. */
  static final class Driver {
    final KernelKit k;
    final Napi napi;
    int pending;
    boolean irqOn = true;
    final List<Boolean> returns = new ArrayList<>();
    final List<Long> pollTimes = new ArrayList<>();
    final List<Integer> pollWork = new ArrayList<>();

    Driver(KernelKit k, KernelVersion v) {
      this.k = k;
      k.kernel.setNetCore(NetCorePatches.forKernel(v));
      napi = new Napi(k.kernel, "rx", "eth0", (n, budget) -> poll(budget), 64);
      napi.enable();
    }

    int poll(int budget) {
      pollTimes.add(k.cpu.now());
      int work = Math.min(budget, pending);
      pending -= work;
      pollWork.add(work);
      if (work < budget) {
        boolean r = napi.completeDone(work);
        returns.add(r);
        if (r) {
          irqOn = true;
        }
      }
      return work;
    }

    /** A frame arrives at {@code at}: the device raises its interrupt if it is on. */
    void frameAt(long at) {
      k.inHardirq(at, 0, () -> {
        pending++;
        if (irqOn && napi.schedulePrep()) {
          irqOn = false;
          napi.schedule();
        }
      });
    }
  }

  @Test
  void withoutSettingsEveryCompletionReturnsTrueAndNoTimerIsArmed() {
    Driver d = new Driver(KernelKit.plain(), KernelVersion.of(6, 12));
    d.frameAt(0);
    d.frameAt(100 * US);
    d.k.runUntil(1_000 * US);
    assertThat(d.returns).containsExactly(true, true);
    assertThat(d.napi.timer().startCount()).isZero();
    assertThat(d.napi.deferredCount()).isZero();
  }

  @Test
  void deferTwoKeepsTheIrqOffForTwoEmptyWatchdogPollsAfterThePollWithWork() {
    Driver d = new Driver(KernelKit.plain(), KernelVersion.of(6, 12));
    d.napi.setConfig(2L, 50 * US, null);
    d.frameAt(0);
    d.k.runUntil(1_000 * US);
    // the poll with the frame: count 2 -> 1, defer; watchdog poll (empty): 1 -> 0, defer;
    // second watchdog poll (empty): count 0, no timeout: the interrupt comes back on
    assertThat(d.pollWork).containsExactly(1, 0, 0);
    assertThat(d.returns).containsExactly(false, false, true);
    assertThat(d.napi.watchdogPollCount()).isEqualTo(2);
    assertThat(d.pollTimes.get(1) - d.pollTimes.get(0)).isBetween(50 * US, 55 * US);
    assertThat(d.pollTimes.get(2) - d.pollTimes.get(1)).isBetween(50 * US, 55 * US);
    assertThat(d.irqOn).isTrue();
  }

  @Test
  void aFrameWhileDeferredWaitsForTheWatchdogAndReloadsTheCount() {
    Driver d = new Driver(KernelKit.plain(), KernelVersion.of(6, 12));
    d.napi.setConfig(1L, 200 * US, null);
    d.frameAt(0);
    d.frameAt(30 * US); // the interrupt is off: no IRQ, picked up by the watchdog at ~200 us
    d.k.runUntil(2_000 * US);
    assertThat(d.pollWork).containsExactly(1, 1, 0);
    assertThat(d.returns).containsExactly(false, false, true);
    assertThat(d.pollTimes.get(1)).isBetween(200 * US, 210 * US);
  }

  @Test
  void aTimeoutWithoutDeferralNeitherArmsNorDefersWhenGroHoldsNothing() {
    Driver d = new Driver(KernelKit.plain(), KernelVersion.of(6, 12));
    d.napi.setConfig(0L, 200 * US, null);
    d.frameAt(0);
    d.k.runUntil(1_000 * US);
    assertThat(d.returns).containsExactly(true);
    assertThat(d.napi.timer().startCount()).isZero();
  }

  @Test
  void deferralWithoutATimeoutCountsDownButReturnsTrue() {
    Driver d = new Driver(KernelKit.plain(), KernelVersion.of(6, 12));
    d.napi.setConfig(3L, 0L, null);
    d.frameAt(0);
    d.k.runUntil(1_000 * US);
    assertThat(d.returns).containsExactly(true);
    assertThat(d.napi.deferHardIrqsCount).isEqualTo(2);
  }

  @Test
  void beforeV510ThereIsNoDeferral() {
    Driver d = new Driver(KernelKit.plain(), KernelVersion.of(5, 4));
    d.napi.setConfig(2L, 50 * US, null);
    d.frameAt(0);
    d.k.runUntil(1_000 * US);
    assertThat(d.returns).containsExactly(true);
    assertThat(d.napi.timer().startCount()).isZero();
  }

  @Test
  void aDriverThatIgnoresTheReturnReenablesAndTheWatchdogAddsPolls() {
    KernelKit k = KernelKit.plain();
    k.kernel.setNetCore(NetCorePatches.forKernel(KernelVersion.of(6, 12)));
    int[] pending = {0};
    boolean[] irqOn = {true};
    int[] polls = {0};
    Napi[] n = new Napi[1];
    n[0] = new Napi(k.kernel, "rx", "eth0", (napi, budget) -> {
      polls[0]++;
      int work = Math.min(budget, pending[0]);
      pending[0] -= work;
      if (work < budget) {
        napi.completeDone(work); // like fec_enet_rx_napi: the return is ignored
        irqOn[0] = true;
      }
      return work;
    }, 64);
    n[0].enable();
    n[0].setConfig(1L, 100 * US, null);
    for (int i = 0; i < 5; i++) {
      k.inHardirq(i * 20 * US, 0, () -> {
        pending[0]++;
        if (irqOn[0] && n[0].schedulePrep()) {
          irqOn[0] = false;
          n[0].schedule();
        }
      });
    }
    k.runUntil(2_000 * US);
    // each frame is polled on its own interrupt (the IRQ came back on), and the armed watchdog
    // adds a poll when it finds the NAPI idle
    assertThat(polls[0]).isGreaterThan(5);
    assertThat(n[0].watchdogPollCount()).isPositive();
  }

  /**
   * __napi_poll: a full-weight poll of a NAPI being disabled completes it with napi_complete,
   * which is napi_complete_done(n, 0): no work, so defer_hard_irqs_count is not reloaded and no
   * deferral arms the watchdog (the port passed the poll's work, which reloaded the count).
   */
  @Test
  void aFullPollOfANapiBeingDisabledCompletesWithNoWork() {
    KernelKit k = KernelKit.plain();
    k.kernel.setNetCore(NetCorePatches.forKernel(KernelVersion.of(6, 12)));
    Napi napi = new Napi(k.kernel, "rx", "eth0", (n, budget) -> budget, 64);
    napi.enable();
    napi.setConfig(2L, 50 * US, null);
    boolean[] repoll = {true};
    k.inTask(0, 0, () -> {
      assertThat(napi.schedulePrep()).isTrue();
      napi.state |= Napi.DISABLE; // napi_disable is waiting for the poll to end
      assertThat(napi.napiPoll(k.core(0))).isEqualTo(64);
      repoll[0] = napi.repollRequested;
    });
    k.runUntil(1_000 * US);
    assertThat(repoll[0]).isFalse();
    assertThat(napi.deferHardIrqsCount).isZero();
    assertThat(napi.timer().startCount()).isZero();
    assertThat(napi.isScheduled()).isFalse();
  }
}
