package io.nicsim.core.kernel;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.port.KernelPort;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;

/**
 * How a reading process waits for a socket's data, step by step in its task: a plain blocking
 * recvmsg (sleep until sk_data_ready), recvmsg with SO_BUSY_POLL (sk_busy_loop on the socket's
 * NAPI, then sleep), or epoll_wait with per-epoll busy-poll parameters (EPIOCSPARAMS,
 * v6.9) and, from v6.13, IRQ suspension for SO_PREFER_BUSY_POLL users (napi_suspend_irqs when
 * events were delivered, napi_resume_irqs when a busy loop found none). The socket side calls
 * {@link #dataReady(int)} when data arrives (sk_data_ready, ep_poll_callback).
 */
public final class SockWait {
  /** How the application waits. */
  public enum Mode {
    /** recvmsg on a blocking socket. */
    BLOCKING,
    /** recvmsg with SO_BUSY_POLL set. */
    BUSY_POLL,
    /** epoll_wait on the socket, busy polling as the epoll instance's parameters say. */
    EPOLL
  }

  private final Kernel kernel;
  private final Mode mode;
  private final long busyPollUsecs;
  private final boolean prefer;
  private final int budget;
  private final BusyPoll bp;
  /** sk->sk_napi_id (skb->napi_id of the last skb queued). */
  private int skNapiId;
  /** ep->napi_id (epoll). */
  private int epNapiId;
  private long busyLoops;
  private long suspends;
  private long resumes;

  /**
   * @param busyPollUsecs SO_BUSY_POLL / busy_poll_usecs (0: none)
   * @param prefer SO_PREFER_BUSY_POLL / prefer_busy_poll
   * @param budget SO_BUSY_POLL_BUDGET / busy_poll_budget (0: BUSY_POLL_BUDGET, 8)
   */
  public SockWait(Kernel kernel, Mode mode, long busyPollUsecs, boolean prefer, int budget) {
    this.kernel = kernel;
    this.mode = mode;
    this.busyPollUsecs = busyPollUsecs;
    this.prefer = prefer;
    this.budget = budget == 0 ? BusyPoll.BUSY_POLL_BUDGET : budget;
    this.bp = new BusyPoll(kernel);
  }

  /** A plain blocking reader. */
  public static SockWait blocking(Kernel kernel) {
    return new SockWait(kernel, Mode.BLOCKING, 0, false, 0);
  }

  public Mode mode() {
    return mode;
  }

  /**
   * The socket queued data from NAPI {@code napiId} (sk_mark_napi_id; for epoll,
   * ep_poll_callback's ep_set_busy_poll_napi_id).
   */
  public void dataReady(int napiId) {
    if (napiId >= Kernel.MIN_NAPI_ID) {
      skNapiId = napiId;
      if (mode == Mode.EPOLL && epBusyLoopOn()) {
        epNapiId = napiId;
      }
    }
  }

  /**
   * One step of waiting while the socket has no data: true while the task busy polls (it stays
   * runnable), false when it sleeps until {@link #dataReady}. {@code dataAvailable} is the
   * loop's end test (the receive queue, or epoll's ready list).
   */
  public boolean waitStep(Core core, BooleanSupplier dataAvailable) {
    switch (mode) {
      case BUSY_POLL:
        return skBusyLoop(core, dataAvailable);
      case EPOLL:
        return epBusyLoop(core, dataAvailable);
      default:
        return false;
    }
  }

  /** Whether the task is inside a busy loop (its next step continues it). */
  public boolean busyLooping() {
    return bp.active();
  }

  /**
   * The reader got data: for epoll, ep_poll delivered events (ep_send_events returned more than
   * 0), so ep_try_send_events suspends a prefer_busy_poll user's NAPI IRQs (v6.13).
   */
  public void gotData() {
    if (mode == Mode.EPOLL) { // only an epoll_wait delivers events (ep_poll)
      trySendEvents(() -> 1);
    }
  }

  /**
   * ep_try_send_events: {@code sendEvents} is ep_send_events (the events it delivered, or a
   * negative errno); when it delivered any, ep_suspend_napi_irqs.
   */
  @KernelPort(
      file = "fs/eventpoll.c",
      function = "ep_try_send_events",
      versions = "v6.13..v6.18",
      commits = {"8a6de2627fd3"},
      source = "Kingxukai/linux@0291023e7330da28f2f7453c87c2ab7082d8360f",
      notes = "with ep_suspend_napi_irqs; ep_send_events is the caller's")
  public int trySendEvents(IntSupplier sendEvents) {
    EpollNative c = kernel.inLoop(EpollNative.class);
    if (c != null) { // --ports c: the tree's ep_try_send_events
      return c.trySendEvents(kernel, this, epNapiId, prefer, sendEvents);
    }
    int res = sendEvents.getAsInt();
    if (res > 0) {
      suspendNapiIrqs();
    }
    return res;
  }

  /** ep_try_send_events' C called napi_suspend_irqs: counted where a NAPI had the id. */
  void suspended(boolean found) {
    if (found) {
      suspends++;
    }
  }

  /** ep_suspend_napi_irqs: a valid ep->napi_id and prefer_busy_poll (an epoll waiter's). */
  private void suspendNapiIrqs() {
    if (mode == Mode.EPOLL && prefer && epNapiId >= Kernel.MIN_NAPI_ID
        && kernel.netCore().has(NetCorePatches.IRQ_SUSPEND)) {
      if (Napi.suspendIrqs(kernel, epNapiId)) {
        suspends++;
      }
    }
  }

  /** sk_busy_loop with sk_busy_loop_end: until data or sk_ll_usec (in 1024-ns units). */
  private boolean skBusyLoop(Core core, BooleanSupplier dataAvailable) {
    if (!bp.active()) {
      if (busyPollUsecs == 0 || skNapiId < Kernel.MIN_NAPI_ID) {
        return false; // sk_can_busy_loop / no NAPI id yet
      }
      if (!bp.start(core, skNapiId, prefer, budget)) {
        return false;
      }
      busyLoops++;
    }
    return bp.step(core, start -> dataAvailable.getAsBoolean()
        || BusyPoll.timedOut(start, busyPollUsecs, core.cursor()));
  }

  /** ep_busy_loop_on: busy_poll_usecs, or (v6.13) prefer_busy_poll; net.core.busy_poll is 0. */
  private boolean epBusyLoopOn() {
    return busyPollUsecs != 0
        || (prefer && kernel.netCore().has(NetCorePatches.IRQ_SUSPEND));
  }

  /**
   * ep_busy_loop: napi_busy_loop with ep_busy_loop_end while the epoll instance knows a NAPI;
   * when it ends without events the NAPI id is dropped until a socket becomes ready again and,
   * for a prefer_busy_poll user from v6.13, the IRQs are resumed. Read from
   * Kingxukai/linux@0291023e7330da28f2f7453c87c2ab7082d8360f (commit ab5b28b007a7) and
   * debian:linux-source-6.12@6.12.117 (no resume; needs busy_poll_usecs). Not a
   * {@code @KernelPort}: fs/eventpoll.c defines ep_busy_loop twice (the
   * !CONFIG_NET_RX_BUSY_POLL stub), which port-check reports as ambiguous.
   */
  private boolean epBusyLoop(Core core, BooleanSupplier dataAvailable) {
    if (!bp.active()) {
      if (epNapiId < Kernel.MIN_NAPI_ID || !epBusyLoopOn()) {
        return false;
      }
      if (!bp.start(core, epNapiId, prefer, budget)) {
        return false;
      }
      busyLoops++;
    }
    // ep_busy_loop_end: events, or busy_loop_ep_timeout
    boolean more = bp.step(core, start -> dataAvailable.getAsBoolean()
        || BusyPoll.timedOut(start, busyPollUsecs, core.cursor()));
    if (more) {
      return true;
    }
    if (dataAvailable.getAsBoolean()) {
      return false; // events: ep_poll goes on to deliver them (the caller reads)
    }
    if (prefer && kernel.netCore().has(NetCorePatches.IRQ_SUSPEND)) {
      if (Napi.resumeIrqs(kernel, epNapiId)) {
        resumes++;
      }
    }
    epNapiId = 0;
    return false;
  }

  /** Busy loops begun. */
  public long busyLoops() {
    return busyLoops;
  }

  /** napi_suspend_irqs calls (epoll, v6.13). */
  public long suspends() {
    return suspends;
  }

  /** napi_resume_irqs calls (epoll, v6.13). */
  public long resumes() {
    return resumes;
  }
}
