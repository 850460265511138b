package io.nicsim.fec;

import static io.nicsim.hostkit.MacHosts.MS;
import static io.nicsim.hostkit.MacHosts.SEC;
import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.host.Host;
import io.nicsim.hostkit.MacHosts;
import io.nicsim.hostkit.PeerStream;
import java.util.SortedMap;
import org.junit.jupiter.api.Test;

/**
 * RX interrupt rates on i.MX8QXP for the two loads of the review thread: a UDP stream of one
 * packet every 0.5 ms ("twice as many IRQs") and a line-rate bulk stream ("NAPI keeps
 * polling"). One simulated second after a 100 ms warm-up.
 */
class FecRxRateTest {
  private static final MacHosts HOSTS = MacHosts.classPath();
  static final long WARMUP = 100 * MS;

  /** rx_irq, rx_packets, irq and the IRQ core's busy ns over the measured second. */
  record Rate(long rxIrq, long rxPackets, long irqs, long busyNs, long missed) {}

  static Rate measure(String rxUsecs, int payloadLen, long gapNs) {
    Host h = HOSTS.host("fec", "imx8qxp", "rx-usecs " + rxUsecs, null);
    MacHosts.udpReceiver(h);
    new PeerStream(h, payloadLen, gapNs, 10 * MS, WARMUP + SEC + 10 * MS);
    h.run(WARMUP);
    SortedMap<String, Long> c0 = h.driver().counters();
    long busy0 = h.cpu().core(0).busyNs();
    h.run(SEC);
    SortedMap<String, Long> c1 = h.driver().counters();
    return new Rate(c1.get("rx_irq") - c0.get("rx_irq"),
        c1.get("rx_packets") - c0.get("rx_packets"), c1.get("irq") - c0.get("irq"),
        h.cpu().core(0).busyNs() - busy0, c1.get("rx_missed"));
  }

  @Test
  void halfMillisecondStreamGetsTwiceTheInterruptsAt100us() {
    Rate slow = measure("1000", 64, 500_000);
    Rate fast = measure("100", 64, 500_000);
    assertThat(slow.rxPackets()).isEqualTo(2000);
    assertThat(fast.rxPackets()).isEqualTo(2000);
    // a 1 ms window holds the packet that opens it and the next one; 100 us holds one
    assertThat(slow.rxIrq()).isEqualTo(1000);
    assertThat(fast.rxIrq()).isEqualTo(2000);
  }

  @Test
  void bulkStreamInterruptsAtMostOncePerWindow() {
    Rate slow = measure("1000", 1472, 0);
    Rate fast = measure("100", 1472, 0);
    long fps = slow.rxPackets();
    assertThat(fps).isBetween(81_000L, 81_300L); // 1538 wire bytes at 1 Gbit/s
    assertThat(fast.rxPackets()).isCloseTo(fps, org.assertj.core.data.Offset.offset(2L));
    assertThat(slow.missed()).isZero();
    assertThat(fast.missed()).isZero();
    // never more than one RX event per ICTT window, never fewer than one per 200 frames
    long maxSlow = SEC / EnetCoalescer.ticksToNs(5208, 333_333_333L) + 1;
    long maxFast = SEC / EnetCoalescer.ticksToNs(520, 333_333_333L) + 1;
    assertThat(slow.rxIrq()).isBetween(fps / 200, maxSlow);
    assertThat(fast.rxIrq()).isBetween(fps / 200, maxFast);
  }
}
