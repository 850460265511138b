package io.nicsim.core.kernel;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.cpu.Task;
import io.nicsim.core.port.KernelPort;

/**
 * A threaded NAPI's kthread ({@code napi/eth0-<id>}): woken by ____napi_schedule, it polls
 * while it owns the NAPI (SCHED_THREADED) with bottom halves disabled, in process context, and
 * competes with the other tasks of its CPU. The kernel does not bind it; nicsim runs it on the
 * CPU that first wakes it (the CPU taking the NIC's interrupt, where wake-affine places it) and
 * keeps it there. Each step is one round of napi_threaded_poll_loop; a repoll stays runnable
 * (cond_resched), a completed poll goes back to napi_thread_wait.
 */
final class NapiThread extends Task {
  private final Kernel kernel;
  private final Napi napi;

  /** The last step ended asleep in napi_thread_wait (kthread_run leaves it there). */
  private boolean slept = true;
  /** Inside napi_threaded_poll_loop: a repoll's next round polls without napi_thread_wait. */
  private boolean inLoop;
  /** The loop's busy-poll mode, chosen when it began (v6.18). */
  private boolean busyPoll;
  /** wake_up_process calls on this kthread (____napi_schedule's). */
  long wakeUps;

  NapiThread(Kernel kernel, Napi napi) {
    super("napi/" + napi.device() + "-" + napi.napiId());
    this.kernel = kernel;
    this.napi = napi;
  }

  /** wake_up_process(napi->thread): runnable, if it was not. */
  void wakeUpProcess() {
    wakeUps++;
    wake();
  }

  @Override
  @KernelPort(
      file = "net/core/dev.c",
      function = "napi_threaded_poll",
      versions = "v5.12..v6.18",
      commits = {"29863d41bb6e", "c18d4b190a46"},
      source = "6952350/linux-6.18.y@27d8ad92b7d891846660571740548bd1ab6ea5fa",
      notes = "with napi_thread_wait and napi_threaded_poll_loop; one loop round per task step;"
          + " RPS IPIs and skb_defer_free_flush are not modelled")
  protected boolean run(Core core) {
    if (!inLoop) {
      // napi_thread_wait: only the kthread that owns the NAPI polls it; before 56364c910691
      // also a kthread woken from its sleep there ("woken"), which ____napi_schedule may have
      // left without SCHED_THREADED
      boolean woken = slept && !napi.netCore().has(NetCorePatches.THREADED_SCHED_ALWAYS);
      slept = false;
      if (!napi.threadOwnsPoll() && !woken) {
        slept = true;
        return false;
      }
      // napi_threaded_poll (v6.18): the busy-poll mode decides IN_BUSY_POLL for this loop
      busyPoll = (napi.state & Napi.THREADED_BUSY_POLL) != 0
          && (napi.state & Napi.DISABLE) == 0;
      if (busyPoll) {
        napi.state |= Napi.IN_BUSY_POLL;
      } else {
        napi.state &= ~Napi.IN_BUSY_POLL;
      }
      inLoop = true;
    }
    // napi_threaded_poll_loop: one round per step
    core.charge(KernelOps.NAPI_THREAD_LOOP);
    napi.countThreadedPoll();
    napi.napiPoll(core);
    boolean repoll = napi.repollRequested;
    if (busyPoll) {
      // old packets are not flushed by napi_complete_done in busy poll: flush them here
      napi.gro().flushNormal(kernel.cpu().hz() >= 1000, core);
    }
    if (repoll) {
      return true; // cond_resched, and the loop's next round
    }
    inLoop = false;
    if (busyPoll) {
      return true; // cond_resched, then napi_thread_wait (SCHED_THREADED stays in busy poll)
    }
    // back to napi_thread_wait: polled again if it was scheduled meanwhile
    slept = !napi.threadOwnsPoll();
    return !slept;
  }
}
