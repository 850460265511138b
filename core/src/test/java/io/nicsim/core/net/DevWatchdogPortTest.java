package io.nicsim.core.net;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.kernel.HarnessKernel;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** dev_watchdog as the kernel has it: round_jiffies on the re-arm, a u32 of milliseconds. */
class DevWatchdogPortTest {
  private final HarnessKernel hk = HarnessKernel.forRelease("6.12.118", 250, null);
  private final NetDevice dev = new NetDevice(hk.kernel, "eth0", 1, new SkbLedger());
  private final List<Long> rearms = new ArrayList<>();
  private final List<Integer> timeouts = new ArrayList<>();

  DevWatchdogPortTest() {
    dev.setKernelVersion(KernelVersion.parse("6.12.118"));
    dev.setOps(new NetDeviceOps() {
      @Override
      public void open() {}

      @Override
      public void stop() {}

      @Override
      public int startXmit(Skb skb, NetdevQueue txq) {
        return NetdevTx.NETDEV_TX_OK;
      }

      @Override
      public void txTimeout(int queue) {
        timeouts.add(queue);
      }
    });
    hk.inTask(dev::open);
    dev.watchdog().modTimer = rearms::add;
    dev.setWatchdogTimeoNs(5_000_000_000L); // 5 * HZ
  }

  @Test
  void theReArmIsRoundedToAWholeSecond() {
    // jiffies 1001 + 1250 = 2251 is a quarter second past 2250: rounded down
    hk.inTask(() -> dev.watchdog().devWatchdog(1001, 0));
    // on CPU 1 the skew of 3 jiffies makes it 2254, rounded down to 2250 - 3
    hk.inTask(() -> dev.watchdog().devWatchdog(1001, 1));
    // 1100 + 1250 = 2350 is past the quarter: rounded up to 2500
    hk.inTask(() -> dev.watchdog().devWatchdog(1100, 0));
    assertThat(rearms).containsExactly(2250L, 2247L, 2500L);
  }

  @Test
  void aStopOfExactly2To32MillisecondsReportsNoTimeout() {
    // jiffies_to_msecs gives an unsigned int: 2^30 jiffies at HZ 250 are 2^32 ms, which is 0
    NetdevQueue txq = dev.queue(0);
    txq.state = NetdevQueue.DRV_XOFF;
    long now = 1L << 31;
    txq.transStart = now - (1L << 30);
    hk.inTask(() -> dev.watchdog().devWatchdog(now, 0));
    assertThat(timeouts).isEmpty();
    assertThat(txq.transTimeout).isEqualTo(1);
    txq.transStart = now - (1L << 30) - 1;
    hk.inTask(() -> dev.watchdog().devWatchdog(now, 0));
    assertThat(timeouts).containsExactly(0);
  }
}
