package io.nicsim.core.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.CpuContext;
import io.nicsim.core.cpu.Task;
import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.sim.Event;
import io.nicsim.core.testkit.KernelKit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Threaded NAPI (napi_threaded_poll) and busy polling (napi_busy_loop, busy_poll_stop). */
class ThreadedBusyPollTest {
  private static final long US = 1_000;

  private final KernelKit k = KernelKit.plain();
  private final List<CpuContext> contexts = new ArrayList<>();
  private final List<Boolean> returns = new ArrayList<>();
  private int pending;
  private boolean irqOn = true;
  private Napi napi;

  private void setUp(KernelVersion v, int threaded) {
    k.kernel.setNetCore(NetCorePatches.forKernel(v));
    k.kernel.napiDevice("eth0").setThreaded(threaded);
    napi = new Napi(k.kernel, "rx", "eth0", (n, budget) -> {
      contexts.add(k.cpu.requireCurrent().context());
      int work = Math.min(budget, pending);
      pending -= work;
      if (work < budget) {
        boolean r = n.completeDone(work);
        returns.add(r);
        if (r) {
          irqOn = true;
        }
      }
      return work;
    }, 64);
    napi.enable();
  }

  private void frameAt(long at) {
    k.inHardirq(at, 0, () -> {
      pending++;
      if (irqOn && napi.schedulePrep()) {
        irqOn = false;
        napi.schedule();
      }
    });
  }

  @Test
  void aThreadedNapiIsPolledByItsKthreadInProcessContext() {
    setUp(KernelVersion.of(6, 12), 1);
    frameAt(0);
    frameAt(100 * US);
    k.runUntil(1_000 * US);
    assertThat(contexts).containsExactly(CpuContext.TASK, CpuContext.TASK);
    assertThat(napi.threadedPollCount()).isEqualTo(2);
    assertThat(napi.thread().name()).isEqualTo("napi/eth0-" + napi.napiId());
    assertThat(napi.thread().core()).isSameAs(k.core(0));
    assertThat(k.core(0).softirqSessions()).isZero();
    assertThat(returns).containsExactly(true, true);
  }

  /**
   * Before 56364c910691 (v6.9) ____napi_schedule woke a kthread asleep in napi_thread_wait
   * without SCHED_THREADED (6.1.192's dev.c); the kthread polled because it had been woken.
   */
  @Test
  void beforeV69ASleepingKthreadIsWokenWithoutSchedThreadedAndPollsAnyway() {
    setUp(KernelVersion.of(6, 1, 192), 1);
    int[] stateAtWake = new int[1];
    k.inHardirq(0, 0, () -> {
      pending++;
      irqOn = false;
      assertThat(napi.schedulePrep()).isTrue();
      napi.schedule();
      stateAtWake[0] = napi.state;
    });
    k.runUntil(1_000 * US);
    assertThat(stateAtWake[0] & Napi.SCHED_THREADED).isZero();
    assertThat(napi.threadedPollCount()).isEqualTo(1);
    assertThat(returns).containsExactly(true);
  }

  @Test
  void fromV69TheWokenKthreadOwnsThePollThroughSchedThreaded() {
    setUp(KernelVersion.of(6, 12), 1);
    int[] stateAtWake = new int[1];
    k.inHardirq(0, 0, () -> {
      pending++;
      irqOn = false;
      assertThat(napi.schedulePrep()).isTrue();
      napi.schedule();
      stateAtWake[0] = napi.state;
    });
    k.runUntil(1_000 * US);
    assertThat(stateAtWake[0] & Napi.SCHED_THREADED).isNotZero();
    assertThat(napi.threadedPollCount()).isEqualTo(1);
  }

  @Test
  void withoutThreadedModeTheSoftirqPolls() {
    setUp(KernelVersion.of(6, 12), 0);
    frameAt(0);
    k.runUntil(1_000 * US);
    assertThat(contexts).containsExactly(CpuContext.SOFTIRQ);
  }

  /** A task on core 1 that busy polls for {@code usecs} until {@code want} frames arrived. */
  private final class Poller extends Task {
    final BusyPoll bp = new BusyPoll(k.kernel);
    final long usecs;
    final boolean prefer;
    int seen;

    Poller(long usecs, boolean prefer) {
      super("poller");
      this.usecs = usecs;
      this.prefer = prefer;
    }

    @Override
    protected boolean run(Core core) {
      if (!bp.active()) {
        bp.start(core, napi.napiId(), prefer, BusyPoll.BUSY_POLL_BUDGET);
      }
      int before = pending;
      boolean more = bp.step(core, start -> BusyPoll.timedOut(start, usecs, core.cursor()));
      seen += before - pending;
      return more;
    }
  }

  @Test
  void aBusyPollerTakesTheFramesWhileTheIrqStaysOffThenBusyPollStopReenablesIt() {
    setUp(KernelVersion.of(6, 12), 0);
    irqOn = false; // the first frames come while the poller owns the NAPI
    Poller p = new Poller(50, false);
    k.core(1).attach(p);
    k.sim.schedule(Event.of(p::wake), 0);
    k.inHardirq(10 * US, 0, () -> pending++);
    k.inHardirq(20 * US, 0, () -> pending++);
    k.runUntil(1_000 * US);
    assertThat(p.seen).isEqualTo(2);
    // inside the loop napi_complete_done returned false (IN_BUSY_POLL); busy_poll_stop's poll
    // is an ordinary one and returns true
    assertThat(returns).contains(false);
    assertThat(returns.get(returns.size() - 1)).isTrue();
    assertThat(irqOn).isTrue();
    assertThat(contexts).containsOnly(CpuContext.TASK);
    assertThat(napi.busyPollPackets()).isEqualTo(2);
    // 50 "usecs" of 1024 ns: the loop ends a little past 51.2 us after it started
    assertThat(p.bp.loops()).isPositive();
  }

  @Test
  void preferBusyPollWithDeferralArmsTheWatchdogInsteadOfReenabling() {
    setUp(KernelVersion.of(6, 12), 0);
    napi.setConfig(2L, 200 * US, null);
    irqOn = false;
    Poller p = new Poller(20, true);
    k.core(1).attach(p);
    k.sim.schedule(Event.of(p::wake), 0);
    k.runUntil(30 * US);
    assertThat(napi.timer().isQueued()).as("busy_poll_stop armed gro_flush_timeout").isTrue();
    assertThat(returns.get(returns.size() - 1)).as("the stop poll defers").isFalse();
  }
}
