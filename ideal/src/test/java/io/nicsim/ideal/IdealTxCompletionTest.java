package io.nicsim.ideal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nicsim.core.apps.EchoPeer;
import io.nicsim.core.apps.IcmpEcho;
import io.nicsim.core.apps.Ping;
import io.nicsim.core.apps.UdpDatagram;
import io.nicsim.core.apps.UdpFlood;
import io.nicsim.core.apps.UdpSink;
import io.nicsim.core.config.BadInputException;
import io.nicsim.core.ethtool.CoalesceArgs;
import io.nicsim.core.host.Host;
import io.nicsim.core.host.HostConfig;
import io.nicsim.core.host.MacDiscovery;
import io.nicsim.hostkit.MacHosts;
import org.junit.jupiter.api.Test;

/** The ideal MAC's TX completion policies, each seen in what the driver does per second. */
class IdealTxCompletionTest {
  static final long MS = 1_000_000L;
  static final long SEC = 1_000 * MS;

  static Host host(String coalesce) {
    HostConfig c = HostConfig.of("ideal", "ideal");
    if (coalesce != null) {
      c = c.withCoalesce(CoalesceArgs.parse(coalesce));
    }
    return MacHosts.of(new IdealMacProvider().macModel()).host(c);
  }

  /** 10 000 datagrams/s for 1 s; returns the driver's TX interrupts and cleaned skbs. */
  static long[] flood(Host h) {
    UdpSink sink = new UdpSink(h.sim());
    h.peer().register(UdpDatagram.class, sink);
    UdpFlood.on(h).length(1000).rateBps(80_000_000L).durationNs(SEC).build()
        .start(h.appCore());
    h.run(SEC + 20 * MS);
    return new long[] {h.driver().counters().get("tx_irq"),
        h.driver().counters().get("tx_clean_desc"), sink.frames()};
  }

  @Test
  void perPacketIsTheDefault() {
    long[] r = flood(host(null));
    assertThat(r[2]).isEqualTo(10_000);
    assertThat(r[1]).isEqualTo(10_000);
    assertThat(r[0]).isEqualTo(10_000);
  }

  @Test
  void everyNthFrameOrAfterTheFirstUnsignalledOne() {
    long[] r = flood(host("tx-usecs 50000 tx-frames 8"));
    assertThat(r[1]).isEqualTo(10_000); // the last partial batch too, 50 ms later
    // mostly by count; the timer completes a batch when BQL held the 8th skb back
    assertThat(r[0]).isBetween(10_000L / 8, 10_000L / 8 + 40);
    long[] lone = flood(host("tx-usecs 50 tx-frames 8")); // 100 us apart: the timer wins
    assertThat(lone[1]).isEqualTo(10_000);
    assertThat(lone[0]).isEqualTo(10_000);
  }

  @Test
  void batchesOnAFixedPeriod() {
    long[] r = flood(host("tx-usecs 2000 tx-frames 0"));
    assertThat(r[1]).isEqualTo(10_000);
    assertThat(r[0]).isBetween(499L, 501L); // one completion every 2 ms over 1 s
  }

  @Test
  void aFixedDelayPerSkbHoldsEverySkbThatLong() {
    Host h = host("tx-usecs 5000 tx-frames 1");
    // one datagram at t = 0: it leaves in ~10 us, then stays on the ring 5 ms
    UdpFlood.on(h).length(1000).rateBps(800_000L).durationNs(MS).build().start(h.appCore());
    h.run(4_900_000L);
    assertThat(h.driver().skbsHeld()).isEqualTo(1);
    assertThat(h.driver().counters().get("tx_irq")).isZero();
    h.run(400_000L);
    assertThat(h.driver().skbsHeld()).isZero();
    assertThat(h.driver().counters().get("tx_irq")).isEqualTo(1);
  }

  @Test
  void pingRunsAndTheRxPathIsPerFrame() {
    Host h = host(null);
    h.peer().register(IcmpEcho.class, new EchoPeer(h.sim(), h.link(), 50_000));
    Ping p = Ping.on(h).count(5).intervalNs(10 * MS).build();
    h.stack().register(IcmpEcho.class, p);
    p.start(h.appCore());
    h.run(100 * MS);
    assertThat(p.received()).isEqualTo(5);
    assertThat(h.driver().counters().get("rx_irq")).isEqualTo(5);
  }

  @Test
  void refusesWhatItCannotDo() {
    assertThatThrownBy(() -> host("tx-usecs 0 tx-frames 8"))
        .isInstanceOf(BadInputException.class).hasMessageContaining("EINVAL")
        .hasMessageContaining("tx-usecs 0..1000000, tx-frames 0..512, rx-usecs 0..1000000;"
            + " tx-usecs 0 only with tx-frames 1");
    assertThatThrownBy(() -> host("rx-usecs 1000001")).isInstanceOf(BadInputException.class)
        .hasMessageContaining("EINVAL");
    assertThatThrownBy(() -> host("rx-frames 10")).isInstanceOf(BadInputException.class)
        .hasMessageContaining("EOPNOTSUPP");
  }

  @Test
  void theProviderMakesItDiscoverable() {
    assertThat(MacDiscovery.classPath().get("ideal")).isInstanceOf(IdealMac.class);
    assertThat(new IdealMacProvider().macModel().defaultSoc()).isEqualTo("ideal");
  }
}
