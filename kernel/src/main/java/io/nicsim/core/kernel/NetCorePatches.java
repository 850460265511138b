package io.nicsim.core.kernel;

import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.era.Patch;
import io.nicsim.core.era.Patch.Status;
import io.nicsim.core.era.PatchCatalog;
import io.nicsim.core.era.PatchSet;
import java.util.List;

/**
 * The net/core changes to NAPI that decide when a device interrupt is re-enabled, as data: a
 * kernel version selects them (a host's kernel is its driver's), and core's NAPI code branches
 * on them exactly where they changed net/core/dev.c, net-sysfs.c, netdev-genl.c, gro.c or
 * fs/eventpoll.c. Users do not edit this catalog ({@code --patch} names driver patches); a
 * kernel before a change simply lacks it.
 */
public final class NetCorePatches {
  private NetCorePatches() {}

  /**
   * gro_normal_batch (323ebb61e32b for napi_gro_frags, v5.4; this commit for
   * napi_gro_receive, the path nicsim's drivers use): GRO_NORMAL skbs are queued on napi->rx_list and handed to the stack in
   * batches (gro_normal_one, gro_normal_list), not one by one.
   */
  public static final Patch GRO_NORMAL_BATCH = new Patch("gro-normal-batch", "6570bc79c0df",
      "net: core: use listified Rx for GRO_NORMAL in napi_gro_receive()",
      KernelVersion.of(5, 5),
      Status.MAINLINE, "napi_gro_receive queues non-merged skbs on napi->rx_list; delivered at"
          + " gro_normal_batch (8) or when the poll completes");

  /**
   * napi_defer_hard_irqs: napi_complete_done keeps the device interrupt off for that many
   * polls, re-polling from the gro_flush_timeout hrtimer (napi_watchdog), and says so by
   * returning false.
   */
  public static final Patch DEFER_HARD_IRQS = new Patch("napi-defer-hard-irqs", "6f8b12d661d0",
      "net: napi: add hard irqs deferral feature", KernelVersion.of(5, 10), Status.MAINLINE,
      "sysfs napi_defer_hard_irqs; napi_complete_done counts it down, arms the watchdog and"
          + " returns false while deferring");

  /** SO_PREFER_BUSY_POLL: a busy-polling socket keeps the NAPI in busy-poll mode. */
  public static final Patch PREFER_BUSY_POLL = new Patch("prefer-busy-poll", "7fd3253a7de6",
      "net: Introduce preferred busy-polling", KernelVersion.of(5, 11), Status.MAINLINE,
      "NAPI_STATE_PREFER_BUSY_POLL; __napi_poll completes a full-budget poll; busy_poll_stop"
          + " arms the watchdog instead of rescheduling");

  /**
   * softnet_data.in_net_rx_action (with c59647c0dc67): ____napi_schedule does not raise NET_RX
   * while net_rx_action runs on this CPU, and net_rx_action, its lists empty, takes the NAPIs
   * scheduled meanwhile in the same run (goto start) instead of raising NET_RX again.
   */
  public static final Patch IN_NET_RX_ACTION = new Patch("in-net-rx-action", "8b43fd3d1d7d",
      "net: optimize ____napi_schedule() to avoid extra NET_RX_SOFTIRQ", KernelVersion.of(6, 4),
      Status.MAINLINE, "a NAPI scheduled while net_rx_action runs is polled in the same run;"
          + " NET_RX is not raised for it");

  /**
   * ____napi_schedule sets SCHED_THREADED whenever it wakes a threaded NAPI's kthread. Before,
   * a kthread asleep in napi_thread_wait (TASK_INTERRUPTIBLE) was woken without it and polled
   * because it had been woken.
   */
  public static final Patch THREADED_SCHED_ALWAYS = new Patch("threaded-sched-always",
      "56364c910691", "net: Remove conditional threaded-NAPI wakeup based on task state.",
      KernelVersion.of(6, 9), Status.MAINLINE, "SCHED_THREADED set on every kthread wake-up;"
          + " napi_thread_wait polls only on it");

  /** Threaded NAPI: a kthread per NAPI runs its poll instead of NET_RX softirq. */
  public static final Patch THREADED = new Patch("threaded-napi", "29863d41bb6e",
      "net: implement threaded-able napi poll loop support", KernelVersion.of(5, 12),
      Status.MAINLINE, "____napi_schedule wakes the NAPI's kthread; sysfs threaded (5fdd2f0e5c64)");

  /** napi_defer_hard_irqs becomes u32, capped at S32_MAX by sysfs (-ERANGE above). */
  public static final Patch DEFER_U32 = new Patch("napi-defer-u32", "08062af0a521",
      "net: napi: Prevent overflow of napi_defer_hard_irqs", KernelVersion.of(6, 12),
      Status.MAINLINE, "sysfs napi_defer_hard_irqs above S32_MAX is refused with -ERANGE (was"
          + " stored into a signed int)");

  /** Per-NAPI defer-hard-irqs and gro-flush-timeout, set over netlink (napi-set). */
  public static final Patch PER_NAPI_CONFIG = new Patch("per-napi-config", "1287c1ae0fc2",
      "netdev-genl: Support setting per-NAPI config values", KernelVersion.of(6, 13),
      Status.MAINLINE, "napi_config (86e25f40aa1e) keeps each NAPI's values; napi-set changes"
          + " one NAPI; the sysfs files write every NAPI of the device");

  /** irq_suspend_timeout and epoll's IRQ suspension for prefer_busy_poll users. */
  public static final Patch IRQ_SUSPEND = new Patch("irq-suspend", "3fcbecbdeb04",
      "net: Add control functions for irq suspension", KernelVersion.of(6, 13), Status.MAINLINE,
      "napi_suspend_irqs / napi_resume_irqs; ep_poll suspends after delivering events"
          + " (8a6de2627fd3), ep_busy_loop resumes when it finds none (ab5b28b007a7)");

  /** threaded=2: the NAPI kthread busy polls (NAPI_STATE_THREADED_BUSY_POLL). */
  public static final Patch THREADED_BUSY_POLL = new Patch("threaded-busy-poll", "c18d4b190a46",
      "net: Extend NAPI threaded polling to allow kthread based busy polling",
      KernelVersion.of(6, 18), Status.MAINLINE, "sysfs threaded accepts 2: the kthread polls in"
          + " a loop with napi_complete_done returning early");

  /**
   * try_bulk_dequeue_skb stops a bulk dequeue at the quota __qdisc_run has left (dev_tx_weight,
   * 64), not only at BQL's byte limit. Backported to 5.4, 5.15 and 6.6 (stable reviews of
   * 2025-11/12); for 6.1.y and 6.12.y the releases recorded are Debian's as read (6.1.192,
   * 6.12.117): the first release of each line that took it is not recorded, so earlier ones are
   * modelled without it.
   */
  public static final Patch BULK_DEQUEUE_BUDGET = new Patch("bulk-dequeue-budget",
      "0345552a653c", "net_sched: limit try_bulk_dequeue_skb() batches", KernelVersion.of(6, 18),
      Status.MAINLINE, "a bulk dequeue takes at most the quota __qdisc_run has left")
      .backportedTo(KernelVersion.of(6, 1, 192), null,
          "Debian linux-source-6.1 6.1.192, net/sched/sch_generic.c")
      .backportedTo(KernelVersion.of(6, 12, 117), null,
          "Debian linux-source-6.12 6.12.117 as port-lock.json records it: its"
              + " try_bulk_dequeue_skb text is 6.18.19's");

  public static final PatchCatalog CATALOG = new PatchCatalog("net/core", List.of(
      GRO_NORMAL_BATCH, DEFER_HARD_IRQS, PREFER_BUSY_POLL, THREADED, IN_NET_RX_ACTION,
      THREADED_SCHED_ALWAYS, DEFER_U32, PER_NAPI_CONFIG, IRQ_SUSPEND, THREADED_BUSY_POLL,
      BULK_DEQUEUE_BUDGET));

  /** The net/core changes a kernel has. */
  public static PatchSet forKernel(KernelVersion v) {
    return CATALOG.forKernel(v);
  }
}
