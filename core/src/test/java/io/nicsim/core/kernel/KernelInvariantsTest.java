package io.nicsim.core.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nicsim.core.sim.InvariantViolation;
import io.nicsim.core.testkit.KernelKit;
import org.junit.jupiter.api.Test;

/**
 * The kernel's invariants, inline and audited: each test breaks one and expects the
 * violation that names it (removing the check makes the test fail).
 */
class KernelInvariantsTest {
  private final KernelKit k = KernelKit.plain();

  private Napi napi(Napi.Poll poll) {
    Napi n = new Napi(k.kernel, "rx", "eth0", poll, 64);
    n.enable();
    return n;
  }

  @Test
  void aNapiClaimedButNeverListedIsCaughtByTheAudit() {
    Napi n = napi((x, b) -> 0);
    k.inHardirq(0, 0, n::schedulePrep);
    k.runUntil(10_000);
    assertThat(n.isScheduled()).isTrue();
    assertThatThrownBy(k.kernel::checkInvariants).isInstanceOf(InvariantViolation.class)
        .hasMessageContaining("napi rx").hasMessageContaining("never be polled again");
  }

  @Test
  void aCorrectlyScheduledNapiPassesTheAuditBeforeAndAfterItsPoll() {
    Napi n = napi((x, b) -> {
      x.completeDone(0);
      return 0;
    });
    k.inHardirq(0, 0, () -> {
      n.napiSchedule();
      k.kernel.checkInvariants(); // on the poll list, SCHED set
    });
    k.runUntil(1_000_000);
    k.kernel.checkInvariants();
    assertThat(n.pollCount()).isEqualTo(1);
    assertThat(n.isScheduled()).isFalse();
  }

  @Test
  void napiScheduleWithoutPrepIsRefused() {
    Napi n = napi((x, b) -> 0);
    k.inHardirq(0, 0, n::schedule);
    assertThatThrownBy(() -> k.runUntil(10_000)).isInstanceOf(InvariantViolation.class)
        .hasMessageContaining("without winning napi_schedule_prep");
  }

  @Test
  void aNapiOnTwoCpusPollListsIsCaught() {
    Napi n = napi((x, b) -> 0);
    k.inHardirq(0, 0, () -> {
      n.napiSchedule();
      // a second listing behind the on-list mark's back (what two CPUs scheduling would do)
      k.kernel.softnet(k.core(1)).pollList.addLast(n);
      k.kernel.checkInvariants();
    });
    assertThatThrownBy(() -> k.runUntil(10_000)).isInstanceOf(InvariantViolation.class)
        .hasMessageContaining("on 2 poll lists");
  }

  @Test
  void aNapiPolledWhileNotScheduledIsRefused() {
    Napi n = napi((x, b) -> 0);
    k.inHardirq(0, 0, () -> n.runPoll(k.core(0), 64));
    assertThatThrownBy(() -> k.runUntil(10_000)).isInstanceOf(InvariantViolation.class)
        .hasMessageContaining("polled while not scheduled");
  }

  @Test
  void aNapiPolledOnTwoCpusAtOnceIsRefused() {
    Napi[] self = new Napi[1];
    self[0] = napi((x, b) -> {
      self[0].runPoll(k.core(1), b); // a second CPU enters the same poll
      return 0;
    });
    k.inHardirq(0, 0, self[0]::napiSchedule);
    assertThatThrownBy(() -> k.runUntil(1_000_000)).isInstanceOf(InvariantViolation.class)
        .hasMessageContaining("polled on cpu1 while polling on cpu0");
  }

  @Test
  void aPollReturningMoreThanItsWeightIsRefused() {
    Napi n = napi((x, b) -> b + 1);
    k.inHardirq(0, 0, n::napiSchedule);
    assertThatThrownBy(() -> k.runUntil(1_000_000)).isInstanceOf(InvariantViolation.class)
        .hasMessageContaining("poll returned 65 > weight 64");
  }

  @Test
  void hrtimerForwardOfAQueuedTimerIsRefused() {
    HrTimer t = new HrTimer(k.kernel, "fwd", x -> HrTimer.Restart.NORESTART);
    k.inHardirq(0, 0, () -> {
      t.start(1_000_000);
      t.forwardNow(1_000);
    });
    assertThatThrownBy(() -> k.runUntil(10_000)).isInstanceOf(InvariantViolation.class)
        .hasMessageContaining("hrtimer_forward of a queued timer");
  }

  @Test
  void hrtimerForwardFromItsCallbackIsFine() {
    int[] runs = {0};
    HrTimer t = new HrTimer(k.kernel, "periodic", x -> {
      runs[0]++;
      x.forwardNow(100_000);
      return runs[0] < 3 ? HrTimer.Restart.RESTART : HrTimer.Restart.NORESTART;
    });
    k.inHardirq(0, 0, () -> t.start(100_000));
    k.runUntil(1_000_000);
    assertThat(runs[0]).isEqualTo(3);
  }

  @Test
  void aQueuedTimerLongPastItsExpiryIsCaughtAsLost() {
    HrTimer t = new HrTimer(k.kernel, "lost", x -> HrTimer.Restart.NORESTART);
    k.inHardirq(0, 0, () -> t.start(1_000_000_000L));
    k.runUntil(50_000_000);
    k.kernel.checkInvariants();
    t.expires = 0; // the expiry the queue holds no longer matches: it will not fire in time
    k.runUntil(HrTimerBase.LOST_AFTER_NS + 1);
    assertThatThrownBy(k.kernel::checkInvariants).isInstanceOf(InvariantViolation.class)
        .hasMessageContaining("hrtimer lost").hasMessageContaining("still not run");
  }

  @Test
  void aTimerOnABaseMarkedInactiveIsCaught() {
    HrTimer t = new HrTimer(k.kernel, "ghost", x -> HrTimer.Restart.NORESTART);
    k.inHardirq(0, 0, () -> t.start(1_000_000));
    k.runUntil(10_000);
    k.kernel.checkInvariants();
    t.enqueued = false;
    assertThatThrownBy(k.kernel::checkInvariants).isInstanceOf(InvariantViolation.class)
        .hasMessageContaining("hrtimer ghost").hasMessageContaining("marked inactive");
  }

  @Test
  void anUnbalancedEnableIrqIsRefused() {
    IrqLine line = new IrqLine(k.kernel, "eth0", 40, k.core(0));
    line.request(l -> true);
    line.disable();
    line.enable();
    assertThatThrownBy(line::enable).isInstanceOf(InvariantViolation.class)
        .hasMessageContaining("irq 40 (eth0)").hasMessageContaining("unbalanced enable_irq");
  }
}
