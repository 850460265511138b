package io.nicsim.core.net;

import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.kernel.TimerList;
import io.nicsim.core.port.KernelPort;
import java.math.BigInteger;
import java.util.function.IntConsumer;
import java.util.function.LongConsumer;

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
  private long freezes;
  /** A run's fault report, told of each timeout before ndo_tx_timeout; null: none. */
  IntConsumer observer;
  /** mod_timer on the watchdog timer (a harness records the call instead). */
  LongConsumer modTimer;

  DevWatchdog(Kernel kernel, NetDevice dev) {
    this.kernel = kernel;
    this.dev = dev;
    this.timer = new TimerList(kernel, "dev_watchdog", t -> watchdog());
    this.modTimer = timer::modTimer;
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

  private void watchdog() {
    long jiffies = kernel.cpu().jiffies();
    int cpu = kernel.cpu().current() != null ? kernel.cpu().current().id() : 0;
    DevWatchdogNative c = kernel.inLoop(DevWatchdogNative.class);
    if (c != null && dev.isUp() && c.takes(dev)) {
      c.run(this, dev, kernel, jiffies, cpu);
      return;
    }
    devWatchdog(jiffies, cpu);
  }

  /**
   * dev_watchdog at {@code jiffies} on CPU {@code cpu}: the first stopped queue whose last
   * transmit is more than watchdog_timeo ago times out (ndo_tx_timeout with the queues frozen);
   * the timer is re-armed, rounded to a whole second, watchdog_timeo after the oldest stopped
   * queue's last transmit (before 33fb988b6705: after now).
   */
  @KernelPort(
      file = "net/sched/sch_generic.c",
      function = "dev_watchdog",
      versions = "v4.19..v6.18",
      commits = {"33fb988b6705"},
      source = "debian:linux-source-6.12@6.12.117",
      notes = "qdisc_tx_is_noop, device-present and carrier tests are always true here, and the"
          + " timer never fires on a stopped device (dev_deactivate deletes it first), so the"
          + " netdev reference is never released here. Before 33fb988b6705"
          + " (v6.10; 6.6.59 as <20241028062310.225149432@linuxfoundation.org>): the re-arm is"
          + " jiffies + watchdog_timeo")
  void devWatchdog(long jiffies, int cpu) {
    if (!dev.isUp()) {
      return;
    }
    long timeo = timeoJiffies();
    int timedoutMs = 0;
    long oldestStart = jiffies;
    int i;
    for (i = 0; i < dev.numTxQueues(); i++) {
      NetdevQueue txq = dev.queue(i);
      if (!txq.xmitStopped()) {
        continue;
      }
      long transStart = txq.transStart;
      if (timeAfter(jiffies, transStart + timeo)) {
        timedoutMs = jiffiesToMsecs(jiffies - transStart);
        txq.transTimeout++;
        break;
      }
      if (timeAfter(oldestStart, transStart)) {
        oldestStart = transStart;
      }
    }
    if (timedoutMs != 0) {
      timedOut(i, Integer.toUnsignedLong(timedoutMs));
      netifFreezeQueues();
      dev.ops().txTimeout(i);
      netifUnfreezeQueues();
    }
    modTimer.accept(roundJiffies((rearmAtOldestStart ? oldestStart : jiffies) + timeo, cpu,
        jiffies));
  }

  /** time_after(a, b): b - a as a signed long is negative. */
  private static boolean timeAfter(long a, long b) {
    return b - a < 0;
  }

  /**
   * jiffies_to_msecs (kernel/time/time.c, 64-bit): an unsigned int, so a difference of 2^32 ms
   * or more wraps. HZ dividing 1000: (1000 / HZ) * j; a multiple of 1000: rounded up; else
   * (HZ 300) DIV_ROUND_UP(j * HZ_TO_MSEC_NUM, HZ_TO_MSEC_DEN), timeconst.h's reduced 1000 / HZ.
   */
  private int jiffiesToMsecs(long j) {
    int hz = kernel.cpu().hz();
    if (hz <= 1000 && 1000 % hz == 0) {
      return (int) ((1000 / hz) * j);
    }
    if (hz > 1000 && hz % 1000 == 0) {
      return (int) ((j + hz / 1000 - 1) / (hz / 1000));
    }
    long g = BigInteger.valueOf(1000).gcd(BigInteger.valueOf(hz))
        .longValue();
    long num = 1000 / g;
    long den = hz / g;
    return (int) Long.divideUnsigned(j * num + den - 1, den);
  }

  /**
   * round_jiffies (round_jiffies_common, force_up false): to a whole second, skewed by 3 jiffies
   * a CPU, down when within a quarter second past one; unrounded when that is not after now.
   */
  private long roundJiffies(long j, int cpu, long now) {
    long hz = kernel.cpu().hz();
    long original = j;
    j += cpu * 3L;
    int rem = (int) Long.remainderUnsigned(j, hz);
    if (rem < hz / 4) {
      j = j - rem;
    } else {
      j = j - rem + hz;
    }
    j -= cpu * 3L;
    return timeAfter(j, now) ? j : original;
  }

  /**
   * netif_freeze_queues: every queue's FROZEN bit around ndo_tx_timeout. The model's handler
   * runs atomically, so nothing sees the bit; counted.
   */
  void netifFreezeQueues() {
    freezes++;
  }

  /** netif_unfreeze_queues: each queue thawed and its qdisc scheduled if it is not stopped. */
  void netifUnfreezeQueues() {
    for (int i = 0; i < dev.numTxQueues(); i++) {
      NetdevQueue txq = dev.queue(i);
      txq.state &= ~NetdevQueue.FROZEN;
      txq.scheduleQueue();
    }
  }

  /**
   * netdev_crit's NETDEV WATCHDOG line for {@code queue}, timed out {@code ms}; the model's
   * count and the run's observer beside it.
   */
  void timedOut(int queue, long ms) {
    timeouts++;
    kernel.printk("NETDEV WATCHDOG: " + dev.name() + " (" + dev.driverName()
        + "): transmit queue " + queue + " timed out " + ms + " ms");
    if (observer != null) {
      observer.accept(queue);
    }
  }

  /** netif_freeze_queues calls so far. */
  long freezes() {
    return freezes;
  }


  long timeouts() {
    return timeouts;
  }
}
