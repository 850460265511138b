package io.nicsim.core.net;

import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.kernel.TimerList;
import io.nicsim.core.port.KernelPort;

/**
 * dev_watchdog (net/sched/sch_generic.c): every watchdog_timeo, a TX queue that has been
 * stopped since its last transmit for longer than watchdog_timeo is reported as timed out and
 * the driver's ndo_tx_timeout runs.
 */
final class DevWatchdog {
  private final Kernel kernel;
  private final NetDevice dev;
  private final TimerList timer;
  private long timeouts;

  DevWatchdog(Kernel kernel, NetDevice dev) {
    this.kernel = kernel;
    this.dev = dev;
    this.timer = new TimerList(kernel, "dev_watchdog", t -> watchdog());
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
      source = "greearb/linux-ct-6.18@259123b5db873da28cdbecf7a2b5fb5723c23ec9",
      notes = "round_jiffies on the re-arm is not modelled")
  private void watchdog() {
    if (!dev.isUp()) {
      return;
    }
    long jiffies = kernel.cpu().jiffies();
    long timeo = timeoJiffies();
    for (int i = 0; i < dev.numTxQueues(); i++) {
      NetdevQueue txq = dev.queue(i);
      if (txq.xmitStopped() && jiffies > txq.transStart + timeo) {
        timeouts++;
        kernel.printk("NETDEV WATCHDOG: " + dev.name() + " (" + dev.driverName()
            + "): transmit queue " + i + " timed out " + (jiffies - txq.transStart)
            * kernel.cpu().tickNs() / 1_000_000 + " ms");
        dev.ops().txTimeout(i);
        break;
      }
    }
    timer.modTimer(jiffies + timeo);
  }

  long timeouts() {
    return timeouts;
  }
}
