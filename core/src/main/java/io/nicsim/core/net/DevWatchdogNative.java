package io.nicsim.core.net;

import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.function.BiConsumer;

/**
 * net/sched/sch_generic.c's dev_watchdog (the TX watchdog's timer) as the tree's C on the live
 * device ({@code --ports c}): the inverse of its harness ({@code WatchdogHarnesses}: jiffies,
 * watchdog_timeo, this CPU, the queue count and, per queue, its state bits and jiffies since
 * its last transmit). The C's calls are applied in order through the model's watchdog: the
 * NETDEV WATCHDOG line ({@code netdev_crit}, with the queue and the milliseconds the C
 * computed), the queues frozen, the driver's ndo_tx_timeout (the model's driver, or its own
 * bridge), the queues thawed and the timer re-armed at the C's expiry; then each queue's
 * trans_timeout. The C takes no answer from the model, so one run of it is the call; it is
 * compiled at the host's CONFIG_HZ (the harness's {@code #define HZ}, as every HZ-fixing
 * harness in the loop). A device of more queues than the harness's four runs the Java port,
 * counted in the run's header. The bridge that installs it is
 * {@code host.WatchdogBridges}.
 */
public final class DevWatchdogNative {
  static final String LABEL = "net/sched/sch_generic.c dev_watchdog";
  private static final long NETDEV_CRIT = NativeOut.id("netdev_crit");
  private static final long FREEZE = NativeOut.id("netif_freeze_queues");
  private static final long TX_TIMEOUT = NativeOut.id("ndo_tx_timeout");
  private static final long UNFREEZE = NativeOut.id("netif_unfreeze_queues");
  private static final long MOD_TIMER = NativeOut.id("mod_timer");
  private static final long TRANS_TIMEOUT = NativeOut.id("trans_timeout");
  /** WatchdogHarnesses.QUEUES. */
  static final int QUEUES = 4;

  private final NativePort c;
  private final long[] in;
  private final BiConsumer<String, String> asJava;

  /** {@code asJava} counts a call run as the Java port: (label, reason). */
  public DevWatchdogNative(NativePort c, BiConsumer<String, String> asJava) {
    this.c = c;
    this.in = new long[c.inputs()];
    this.asJava = asJava;
  }

  /** Whether the C can take {@code dev}; if not, counts the Java run. */
  boolean takes(NetDevice dev) {
    if (dev.numTxQueues() > QUEUES) {
      asJava.accept(LABEL, "more than " + QUEUES + " TX queues (the record holds " + QUEUES
          + ")");
      return false;
    }
    return true;
  }

  /** dev_watchdog at {@code jiffies} on CPU {@code cpu} as the C, applied through {@code w}. */
  void run(DevWatchdog w, NetDevice dev, Kernel kernel, long jiffies, int cpu) {
    int n = dev.numTxQueues();
    in[0] = jiffies;
    in[1] = Math.max(1, dev.watchdogTimeoNs() / kernel.cpu().tickNs());
    in[2] = cpu;
    in[3] = n;
    for (int i = 0; i < QUEUES; i++) {
      NetdevQueue txq = i < n ? dev.queue(i) : null;
      in[4 + 2 * i] = txq == null ? 0 : txq.state;
      in[5 + 2 * i] = txq == null ? 0 : jiffies - txq.transStart;
    }
    NativeOut o = c.call(in);
    int queue = -1;
    int field = 0;
    while (o.next()) {
      if (o.isCall(NETDEV_CRIT) && queue < 0) {
        queue = (int) o.arg(0);
        if (queue < 0 || queue >= n) {
          throw NativeFailure.cannotApply(c, in, o);
        }
        w.timedOut(queue, o.arg(1));
      } else if (o.isCall(FREEZE) && queue >= 0) {
        w.netifFreezeQueues();
      } else if (o.isCall(TX_TIMEOUT) && o.arg(0) == queue) {
        dev.ops().txTimeout(queue);
      } else if (o.isCall(UNFREEZE) && queue >= 0) {
        w.netifUnfreezeQueues();
      } else if (o.isCall(MOD_TIMER)) {
        w.modTimer.accept(o.arg(0));
      } else if (o.isField(TRANS_TIMEOUT) && field < n) {
        dev.queue(field++).transTimeout = o.value();
      } else {
        throw NativeFailure.cannotApply(c, in, o);
      }
    }
    if (field != n) {
      throw new NativeFailure(LABEL + ": the C left " + field + " of " + n + " queues'"
          + " trans_timeout; " + NativeFailure.record(c, in));
    }
  }
}
