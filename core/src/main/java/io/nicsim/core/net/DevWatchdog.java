package io.nicsim.core.net;

import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.kernel.TimerList;
import io.nicsim.core.port.KernelPort;

/**
 * dev_watchdog (net/sched/sch_generic.c): every watchdog_timeo, a TX queue that has been
 * stopped (by the driver or by BQL) since its last transmit for longer than watchdog_timeo is
 * reported as timed out and the driver's ndo_tx_timeout runs. From 33fb988b6705 the next check
 * is due watchdog_timeo after the oldest stopped queue's last transmit, not watchdog_timeo after
 * this check, so a stopped queue times out about watchdog_timeo after its last transmit rather
 * than up to twice that.
 */
final class DevWatchdog {
  /** 33fb988b6705 "net/sched: adjust device watchdog timer to detect stopped queue at right time". */
  static final KernelVersion OLDEST_START_MAINLINE = KernelVersion.of(6, 10);

  private final Kernel kernel;
  private final NetDevice dev;
  private final TimerList timer;
  private boolean rearmAtOldestStart;
  private long timeouts;

  DevWatchdog(Kernel kernel, NetDevice dev) {
    this.kernel = kernel;
    this.dev = dev;
    this.timer = new TimerList(kernel, "dev_watchdog", t -> watchdog());
  }

  /**
   * Whether kernel {@code v} re-arms at the oldest stopped queue's trans_start (33fb988b6705):
   * mainline from v6.10; 6.1.y as read in Debian's 6.1.192 (the first 6.1.y release that took it
   * is not recorded, so earlier 6.1.y releases are modelled without it); 6.12.y has it from v6.12.
   */
  static boolean rearmsAtOldestStart(KernelVersion v) {
    if (!v.mainline().before(OLDEST_START_MAINLINE)) {
      return true;
    }
    return v.sameLine(KernelVersion.of(6, 1, 192)) && !v.before(KernelVersion.of(6, 1, 192));
  }

  void setRearmAtOldestStart(boolean on) {
    this.rearmAtOldestStart = on;
  }

  /** __netdev_watchdog_up. */
  void up() {
    if (kernel.config().tick() && dev.watchdogTimeoNs() > 0) {
      timer.modTimer(kernel.cpu().jiffies() + timeoJiffies());
    }
  }

  void down() {
    timer.delTimer();
  }

  private long timeoJiffies() {
    return Math.max(1, dev.watchdogTimeoNs() / kernel.cpu().tickNs());
  }

  @KernelPort(
      file = "net/sched/sch_generic.c",
      function = "dev_watchdog",
      versions = "v4.19..v6.18",
      commits = {"33fb988b6705"},
      source = "debian:linux-source-6.12@6.12.117",
      notes = "round_jiffies on the re-arm is not modelled; qdisc_tx_is_noop, device-present"
          + " and carrier tests are always true here; netif_freeze_queues around ndo_tx_timeout"
          + " is not modelled (the model's handler runs atomically). Before 33fb988b6705"
          + " (v6.10; 6.6.59 as <20241028062310.225149432@linuxfoundation.org>): the re-arm is"
          + " jiffies + watchdog_timeo")
  private void watchdog() {
    if (!dev.isUp()) {
      return;
    }
    long jiffies = kernel.cpu().jiffies();
    long timeo = timeoJiffies();
    long timedoutMs = 0;
    long oldestStart = jiffies;
    int i;
    for (i = 0; i < dev.numTxQueues(); i++) {
      NetdevQueue txq = dev.queue(i);
      if (!txq.xmitStopped()) {
        continue;
      }
      long transStart = txq.transStart;
      if (jiffies > transStart + timeo) {
        timedoutMs = (jiffies - transStart) * kernel.cpu().tickNs() / 1_000_000;
        break;
      }
      if (oldestStart > transStart) {
        oldestStart = transStart;
      }
    }
    if (timedoutMs != 0) {
      timeouts++;
      kernel.printk("NETDEV WATCHDOG: " + dev.name() + " (" + dev.driverName()
          + "): transmit queue " + i + " timed out " + timedoutMs + " ms");
      dev.ops().txTimeout(i);
    }
    timer.modTimer((rearmAtOldestStart ? oldestStart : jiffies) + timeo);
  }

  long timeouts() {
    return timeouts;
  }
}
