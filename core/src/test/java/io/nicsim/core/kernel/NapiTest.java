package io.nicsim.core.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.testkit.KernelKit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class NapiTest {
  private final KernelKit k = KernelKit.plain();

  @Test
  void schedulePrepOnAScheduledNapiReturnsFalseAndMarksMissed() {
    Napi n = new Napi(k.kernel, "rx", "eth0", (napi, budget) -> 0, 64);
    assertThat(n.isScheduled()).as("SCHED until napi_enable").isTrue();
    n.enable();
    boolean[] r = new boolean[2];
    k.inHardirq(0, 0, () -> {
      r[0] = n.schedulePrep();
      r[1] = n.schedulePrep();
    });
    k.runUntil(1_000);
    assertThat(r).containsExactly(true, false);
    assertThat(n.missedCount()).isEqualTo(1);
  }

  @Test
  void aPollThatUsesItsWholeBudgetIsPolledAgainWithoutCompleting() {
    List<Integer> budgets = new ArrayList<>();
    int[] remaining = {64 * 3 + 10};
    boolean[] completed = {false};
    Napi[] self = new Napi[1];
    self[0] = new Napi(k.kernel, "rx", "eth0", (napi, budget) -> {
      budgets.add(budget);
      int work = Math.min(budget, remaining[0]);
      remaining[0] -= work;
      if (work < budget) {
        completed[0] = napi.completeDone(work);
      }
      return work;
    }, 64);
    self[0].enable();
    k.inHardirq(0, 0, () -> self[0].napiSchedule());
    k.runUntil(10_000_000);
    assertThat(budgets).containsExactly(64, 64, 64, 64);
    assertThat(self[0].completeCount()).isEqualTo(1);
    assertThat(completed[0]).isTrue();
    assertThat(self[0].isScheduled()).isFalse();
  }

  @Test
  void fullBudgetPollsDoNotCallCompleteDone() {
    int[] polls = {0};
    Napi n = new Napi(k.kernel, "busy", "eth0", (napi, budget) -> {
      polls[0]++;
      return budget; // always more work: never completes
    }, 64);
    n.enable();
    k.inHardirq(0, 0, n::napiSchedule);
    k.runUntil(1_000_000);
    assertThat(polls[0]).isGreaterThan(5);
    assertThat(n.completeCount()).isZero();
    assertThat(n.isScheduled()).isTrue();
  }

  @Test
  void netRxActionStopsAtTheBudgetOf300AndHandsOverToKsoftirqd() {
    Napi n = new Napi(k.kernel, "busy", "eth0", (napi, budget) -> budget, 64);
    n.enable();
    k.inHardirq(0, 0, n::napiSchedule);
    k.runUntil(50_000_000);
    // 300 / 64 -> 5 polls per net_rx_action; restarts are bounded, then ksoftirqd runs it
    assertThat(k.kernel.timeSqueeze()).isPositive();
    assertThat(k.core(0).ksoftirqdWakeups()).isPositive();
  }

  @Test
  void completeDoneAfterAMissedScheduleReschedulesInsteadOfCompleting() {
    boolean[] result = new boolean[1];
    int[] polls = {0};
    Napi[] n = new Napi[1];
    n[0] = new Napi(k.kernel, "rx", "eth0", (napi, budget) -> {
      polls[0]++;
      if (polls[0] == 1) {
        napi.schedulePrep(); // an interrupt arrived while polling: MISSED
        result[0] = napi.completeDone(0);
      } else {
        napi.completeDone(0);
      }
      return 0;
    }, 64);
    n[0].enable();
    k.inHardirq(0, 0, n[0]::napiSchedule);
    k.runUntil(1_000_000);
    assertThat(result[0]).isFalse();
    assertThat(polls[0]).isEqualTo(2);
  }

  /**
   * A poll on CPU 0 completes 10 us into its work; a task on CPU 1 that started before reads
   * SCHED at its start and again 20 us of work later. Perturbed (exploration), the second read
   * is at its cursor and sees the completion; unperturbed, both read at the work's start.
   */
  static boolean[] readsAcrossACompletion(boolean perturbed) {
    boolean[] reads = new boolean[2];
    readAcrossACompletion(perturbed, reads);
    return reads;
  }

  /** {@link #readsAcrossACompletion}'s run; the NAPI it read. */
  static Napi readAcrossACompletion(boolean perturbed, boolean[] reads) {
    KernelKit k = KernelKit.plain();
    if (perturbed) {
      k.cpu.perturb(new io.nicsim.core.cpu.Perturbation(1, 0, 0)); // no jitter: only the read
    }
    io.nicsim.core.cpu.CostOp work = io.nicsim.core.cpu.CostOp.named("test_work");
    Napi n = new Napi(k.kernel, "tx", "eth0", (napi, budget) -> {
      k.cpu.requireCurrent().chargeNs(work, 10_000);
      napi.completeDone(0);
      return 0;
    }, 64);
    n.enable();
    k.inHardirq(0, 0, n::napiSchedule);
    k.inTask(5_000, 1, () -> {
      reads[0] = n.isScheduled();
      k.cpu.requireCurrent().chargeNs(work, 20_000);
      reads[1] = n.isScheduled();
    });
    k.runUntil(1_000_000);
    return n;
  }

  @Test
  void aReaderOnAnotherCpuSeesTheCompletionAtItsCursorPerturbedOrNot() {
    assertThat(readsAcrossACompletion(true)).containsExactly(true, false);
    assertThat(readsAcrossACompletion(false)).containsExactly(true, false);
  }

  @Test
  void readsThatSeeSchedOnlyBecauseTheCompletionIsInFlightAreCounted() {
    // the first read (5 us) is inside the completion's flight, the second (25 us) is past it
    assertThat(readAcrossACompletion(true, new boolean[2]).inFlightReadCount()).isEqualTo(1);
    assertThat(readAcrossACompletion(false, new boolean[2]).inFlightReadCount()).isEqualTo(1);
  }

  @Test
  void theCompletingCpusOwnReadsAreNotCounted() {
    KernelKit k = KernelKit.plain();
    boolean[] seen = new boolean[1];
    Napi n = new Napi(k.kernel, "tx", "eth0", (napi, budget) -> {
      napi.completeDone(0);
      seen[0] = napi.isScheduled();
      return 0;
    }, 64);
    n.enable();
    k.inHardirq(0, 0, n::napiSchedule);
    k.runUntil(1_000_000);
    assertThat(seen[0]).isFalse();
    assertThat(n.inFlightReadCount()).isZero();
  }

  /**
   * 8b43fd3d1d7d (v6.4): a NAPI scheduled while net_rx_action runs on this CPU raises no NET_RX;
   * net_rx_action takes it in the same run once its list is empty (goto start). 6.1 raises it.
   */
  @Test
  void aNapiScheduledInsideNetRxActionRaisesNoNetRxFromV64() {
    for (io.nicsim.core.era.KernelVersion v : List.of(io.nicsim.core.era.KernelVersion.of(6, 1),
        io.nicsim.core.era.KernelVersion.of(6, 12))) {
      KernelKit kit = KernelKit.plain();
      kit.kernel.setNetCore(NetCorePatches.forKernel(v));
      List<String> polled = new ArrayList<>();
      boolean[] pendingAfter = new boolean[1];
      Napi b = new Napi(kit.kernel, "b", "eth0", (napi, budget) -> {
        polled.add("b");
        napi.completeDone(0);
        return 0;
      }, 64);
      Napi a = new Napi(kit.kernel, "a", "eth0", (napi, budget) -> {
        polled.add("a");
        b.napiSchedule();
        pendingAfter[0] = kit.core(0).softirqPending(io.nicsim.core.cpu.Softirq.NET_RX);
        napi.completeDone(0);
        return 0;
      }, 64);
      a.enable();
      b.enable();
      kit.inHardirq(0, 0, a::napiSchedule);
      kit.runUntil(1_000_000);
      assertThat(polled).as("%s", v).containsExactly("a", "b");
      assertThat(pendingAfter[0]).as("%s: NET_RX pending after b's schedule", v)
          .isEqualTo(v.minor() == 1);
    }
  }
}
