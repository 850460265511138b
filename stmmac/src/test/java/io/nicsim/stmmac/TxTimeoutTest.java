package io.nicsim.stmmac;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.apps.UdpDatagram;
import io.nicsim.core.apps.UdpFlood;
import io.nicsim.core.apps.UdpSink;
import io.nicsim.core.apps.UdpSocket;
import io.nicsim.core.host.Host;
import io.nicsim.core.host.HostConfig;
import io.nicsim.core.sim.Event;
import io.nicsim.hostkit.MacHosts;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A TX DMA that hangs mid-flood: the ring fills, the queue stops, dev_watchdog reports it after
 * the 5 s watchdog_timeo and stmmac_tx_timeout resets the adapter from its service work; the
 * flood then flows again, and no skb is lost on the way (the audit runs throughout).
 */
class TxTimeoutTest {
  static final long MS = 1_000_000L;
  static final long SEC = 1_000_000_000L;

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({"cyclone5, v6.7", "cyclone5, v4.19", "rk3588-yt6801, v6.7"})
  void aHungDmaIsReportedAfterFiveSecondsAndTheResetRestartsTransmission(String soc,
      String kernel) {
    Host h = MacHosts.classPath().host(HostConfig.of("stmmac", soc).withKernel(kernel)
        .withCoalesce(io.nicsim.core.ethtool.CoalesceArgs.parse("tx-usecs 100")));
    StmmacDriver drv = (StmmacDriver) h.driver();
    UdpSink sink = new UdpSink(h.sim());
    h.peer().register(UdpDatagram.class, sink);
    // a send buffer larger than ring and qdisc together (the default one blocks the sender
    // after ~90 datagrams: the queue would never stop and dev_watchdog never look)
    UdpSocket sock = new UdpSocket(4 << 20);
    UdpFlood flood = UdpFlood.on(h)
        .socket(sock).length(1400).rateBps(200_000_000L).truesize(2304).durationNs(12 * SEC)
        .build();
    flood.start(h.appCore());
    long hangAt = 100 * MS;
    h.sim().schedule(Event.of(() -> drv.priv().hw().hangTxDma(0)), hangAt);

    h.run(hangAt + 150 * MS);
    long framesAtStall = h.link().framesToPeer();
    // BQL stops the queue first (bytes sent, none completed), with the qdisc full behind it
    assertThat(h.dev().queue(0).xmitStopped()).as("the queue stopped").isTrue();
    assertThat(h.dev().queue(0).qdisc().qlen()).isEqualTo(1000);
    assertThat(drv.skbsHeld()).isPositive();

    // dev_watchdog looks every watchdog_timeo (from dev_open at 0): at 5 s the queue has been
    // stopped for less than 5 s, at 10 s for more
    h.run(9 * SEC);
    assertThat(h.link().framesToPeer()).as("nothing leaves while hung").isEqualTo(framesAtStall);
    assertThat(h.kernel().dmesg()).isEmpty();

    h.run(1 * SEC);
    List<String> log = h.kernel().dmesg();
    assertThat(log).hasSize(2);
    assertThat(log.get(0)).matches("\\[ +(\\d+)\\.(\\d{6})\\] NETDEV WATCHDOG: eth0 \\(stmmac\\):"
        + " transmit queue 0 timed out \\d+ ms");
    long reportedAt = stamp(log.get(0));
    assertThat(reportedAt).isBetween(10 * SEC, 10 * SEC + 20 * MS);
    assertThat(log.get(1)).endsWith("] stmmac eth0: Reset adapter.");
    assertThat(stamp(log.get(1)) - reportedAt).as("the service work runs at once")
        .isBetween(0L, 1 * MS);
    assertThat(drv.counters()).containsEntry("tx_timeout", 1L).containsEntry("adapter_reset", 1L);
    assertThat(drv.priv().hw().txDmaHung(0)).isFalse();
    // the reset restored the driver's coalescing defaults (ethtool -C does not survive it)
    assertThat(drv.priv().txCoalTimer(0)).isEqualTo(drv.priv().defaults().coalTxTimerUs());

    long before = h.link().framesToPeer();
    h.run(100 * MS);
    assertThat(h.link().framesToPeer() - before).as("the flood flows again").isGreaterThan(1500);
    h.run(3 * SEC);
    assertThat(h.kernel().dmesg()).as("no second timeout").hasSize(2);
    assertThat(h.skbs().live()).as("all freed after the flood").isZero();
    assertThat(sock.wmemAlloc()).isZero();
  }

  /** dmesg's [seconds.micros] as ns. */
  private static long stamp(String line) {
    String t = line.substring(1, line.indexOf(']')).trim();
    String[] p = t.split("\\.");
    return Long.parseLong(p[0]) * SEC + Long.parseLong(p[1]) * 1000;
  }
}
