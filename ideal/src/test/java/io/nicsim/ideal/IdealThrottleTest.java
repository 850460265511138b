package io.nicsim.ideal;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.apps.UdpDatagram;
import io.nicsim.core.apps.UdpFlood;
import io.nicsim.core.apps.UdpPeerSource;
import io.nicsim.core.apps.UdpServer;
import io.nicsim.core.apps.UdpSink;
import io.nicsim.core.ethtool.Ethtool;
import io.nicsim.core.ethtool.EthtoolCoalesce;
import io.nicsim.core.host.Host;
import org.junit.jupiter.api.Test;

/**
 * {@code rx-usecs N} on the ideal MAC: core's interrupt throttle on its one line (TX and RX
 * causes), and the line's accounting when one assertion carries both causes.
 */
class IdealThrottleTest {
  static final long MS = 1_000_000L;
  static final long SEC = 1_000 * MS;

  /** 10 000 datagrams/s out and, when {@code rxGapNs > 0}, datagrams in every rxGapNs. */
  static Host traffic(String coalesce, long rxGapNs) {
    Host h = IdealTxCompletionTest.host(coalesce);
    UdpSink sink = new UdpSink(h.sim());
    h.peer().register(UdpDatagram.class, sink);
    UdpFlood.on(h).length(1000).rateBps(80_000_000L).durationNs(SEC).build()
        .start(h.appCore());
    if (rxGapNs > 0) {
      UdpServer server = new UdpServer(UdpServer.RMEM_DEFAULT);
      h.appCore().attach(server);
      h.stack().register(UdpDatagram.class, server);
      new UdpPeerSource(h.sim(), h.link(), new UdpDatagram(1), 1000, rxGapNs, 0, SEC);
    }
    h.run(SEC + 20 * MS);
    return h;
  }

  @Test
  void rxUsecsIsAMinimumIntervalBetweenAssertionsOfTheLine() {
    Host free = traffic(null, 0);
    assertThat(free.metrics().nicIrqs()).isEqualTo(10_000);
    Host h = traffic("rx-usecs 500", 0);
    long irqs = h.metrics().nicIrqs();
    // at most one assertion per 500 us over the second of traffic (+1 for the tail)
    assertThat(irqs).isBetween(1_900L, 2_001L);
    assertThat(h.driver().counters()).containsEntry("tx_clean_desc", 10_000L);
    assertThat(h.driver().counters().get("itr_held")).isGreaterThan(1_000L);
  }

  @Test
  void rxUsecsIsShownAndCheckedAsEthtoolDoes() throws Exception {
    Host h = IdealTxCompletionTest.host("rx-usecs 100");
    EthtoolCoalesce c = Ethtool.getCoalesce(h.driver().ethtool());
    assertThat(c.rxCoalesceUsecs()).isEqualTo(100);
    EthtoolCoalesce tooLong = Ethtool.getCoalesce(h.driver().ethtool())
        .rxCoalesceUsecs(IdealDriver.MAX_USECS + 1);
    org.assertj.core.api.Assertions.assertThatThrownBy(
        () -> Ethtool.setCoalesce(h.driver().ethtool(), tooLong))
        .hasMessageContaining("EINVAL");
  }

  @Test
  void anAssertionCarryingTxAndRxCountsOnceForTheNic() {
    // TX every 100 us and RX every 130 us on one line, throttled to one assertion per 200 us:
    // most assertions find both causes pending
    Host h = traffic("rx-usecs 200", 130_000);
    long line = h.metrics().nicIrqs();
    long tx = h.driver().counters().get("tx_irq");
    long rx = h.driver().counters().get("rx_irq");
    assertThat(h.metrics().irqsByLine()).containsOnlyKeys("eth0").containsEntry("eth0", line);
    assertThat(h.metrics().irqCauses()).containsEntry("tx", tx).containsEntry("rx", rx);
    assertThat(line).isLessThanOrEqualTo(5_001L);
    assertThat(tx + rx).as("causes add up to more than the line's assertions")
        .isGreaterThan(line + line / 2);
    assertThat(Math.max(tx, rx)).isLessThanOrEqualTo(line);
  }
}
