package io.nicsim.core.net;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.kernel.KernelConfig;
import io.nicsim.core.testkit.KernelKit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DevWatchdogTest {

  @Test
  void aQueueStoppedLongerThanTheTimeoutIsReportedAndTheDriverHandlerRuns() {
    KernelKit k = new KernelKit("testsoc", 1.0, KernelConfig.defaults());
    NetDevice dev = new NetDevice(k.kernel, "eth0", 1, new SkbLedger());
    dev.setDriverName("example");
    List<Long> timeouts = new ArrayList<>();
    dev.setOps(new NetDeviceOps() {
      @Override
      public void open() {}

      @Override
      public void stop() {}

      @Override
      public int startXmit(Skb skb, NetdevQueue txq) {
        txq.stop(); // take it and never complete: the queue stays stopped
        return NetdevTx.NETDEV_TX_OK;
      }

      @Override
      public void txTimeout(int queue) {
        timeouts.add(k.sim.now());
        dev.queue(queue).start();
      }
    });
    dev.open();
    k.inTask(1_000_000_000L, 0, () -> dev.queueXmit(dev.skbs().alloc(100, 700)));
    k.runUntil(12_000_000_000L);
    assertThat(timeouts).hasSize(1);
    assertThat(timeouts.get(0)).isBetween(6_000_000_000L, 11_000_000_000L);
    assertThat(k.kernel.dmesg()).singleElement().asString()
        .contains("NETDEV WATCHDOG: eth0 (example): transmit queue 0 timed out");
    assertThat(dev.txTimeouts()).isEqualTo(1);
  }

  /** A queue stopped by its last transmit at 1 s: when does dev_watchdog call the driver? */
  static long timeoutAfterAStopAtOneSecond(KernelVersion v) {
    KernelKit k = new KernelKit("testsoc", 1.0, KernelConfig.defaults());
    NetDevice dev = new NetDevice(k.kernel, "eth0", 1, new SkbLedger());
    dev.setKernelVersion(v);
    List<Long> timeouts = new ArrayList<>();
    dev.setOps(new NetDeviceOps() {
      @Override
      public void open() {}

      @Override
      public void stop() {}

      @Override
      public int startXmit(Skb skb, NetdevQueue txq) {
        txq.stop();
        return NetdevTx.NETDEV_TX_OK;
      }

      @Override
      public void txTimeout(int queue) {
        timeouts.add(k.sim.now());
        dev.queue(queue).start();
      }
    });
    dev.open();
    k.inTask(1_000_000_000L, 0, () -> dev.queueXmit(dev.skbs().alloc(100, 700)));
    k.runUntil(12_000_000_000L);
    assertThat(timeouts).hasSize(1);
    return timeouts.get(0);
  }

  @Test
  void from33fb988b6705TheNextCheckIsDueATimeoutAfterTheOldestStoppedQueuesLastTransmit() {
    // the check at 5 s finds the queue stopped since 1 s: the next one is due 5 s after that
    // transmit's jiffy, within a jiffy of 6 s (time_after is strict; the tick's own cost)
    long tick = new KernelKit("testsoc", 1.0, KernelConfig.defaults()).kernel.cpu().tickNs();
    for (String v : List.of("v6.10", "v6.18", "v6.12.117", "v6.1.192")) {
      assertThat(timeoutAfterAStopAtOneSecond(KernelVersion.parse(v))).as(v)
          .isBetween(6_000_000_000L - tick, 6_000_000_000L + 2 * tick);
    }
    // before it, the check after 5 s is 5 s later, at 10 s
    for (String v : List.of("v6.9", "v6.6", "v6.1.191")) {
      assertThat(timeoutAfterAStopAtOneSecond(KernelVersion.parse(v))).as(v)
          .isBetween(10_000_000_000L - tick, 10_000_000_000L + 2 * tick);
    }
  }

  @Test
  void aStoppedQueueThatKeepsTransmittingIsNotATimeout() {
    KernelKit k = new KernelKit("testsoc", 1.0, KernelConfig.defaults());
    NetDevice dev = new NetDevice(k.kernel, "eth0", 1, new SkbLedger());
    dev.setOps(new NetDeviceOps() {
      @Override
      public void open() {}

      @Override
      public void stop() {}

      @Override
      public int startXmit(Skb skb, NetdevQueue txq) {
        skb.free();
        return NetdevTx.NETDEV_TX_OK;
      }
    });
    dev.open();
    for (long t = 0; t < 12_000_000_000L; t += 1_000_000_000L) {
      k.inTask(t, 0, () -> dev.queueXmit(dev.skbs().alloc(100, 700)));
    }
    k.runUntil(12_000_000_000L);
    assertThat(dev.txTimeouts()).isZero();
  }
}
