package io.nicsim.fec;

import static io.nicsim.hostkit.MacHosts.MS;
import static io.nicsim.hostkit.MacHosts.SEC;
import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.apps.EchoPeer;
import io.nicsim.core.apps.IcmpEcho;
import io.nicsim.core.apps.Ping;
import io.nicsim.core.ethtool.CoalesceArgs;
import io.nicsim.core.ethtool.CoalesceParam;
import io.nicsim.core.ethtool.Ethtool;
import io.nicsim.core.host.Host;
import io.nicsim.core.kernel.Errno;
import io.nicsim.core.kernel.KernelException;
import io.nicsim.hostkit.MacHosts;
import io.nicsim.hostkit.PeerStream;
import java.util.List;
import java.util.SortedMap;
import org.junit.jupiter.api.Test;

/**
 * The dim what-if on i.MX8QXP (seed 004's board). Predictions, nothing calibrated: the profile
 * DIM settles on follows from net_dim's comparisons, which these tests spell out.
 */
class FecDimTest {
  private static final MacHosts HOSTS = MacHosts.classPath();

  static Ping ping(Host h, int count, long interval) {
    EchoPeer peer = new EchoPeer(h.sim(), h.link(), h.soc().param("peer_echo_ns").asLong());
    h.peer().register(IcmpEcho.class, peer);
    Ping ping = new Ping(h.sim(), h.dev(), count, interval, 56, 10 * MS);
    h.stack().register(IcmpEcho.class, ping);
    ping.start(h.appCore());
    return ping;
  }

  static List<Long> rtts(String coalesce, String... patches) {
    Host h = HOSTS.host("fec", "imx8qxp", coalesce, null, patches);
    Ping p = ping(h, 300, 10 * MS); // a ping every 10 ms for 3 s
    h.run(3100 * MS);
    assertThat(p.received()).isEqualTo(300);
    return p.rtts();
  }

  static SortedMap<String, Long> bulk(String coalesce, String... patches) {
    Host b = HOSTS.host("fec", "imx8qxp", coalesce, null, patches);
    MacHosts.udpReceiver(b);
    new PeerStream(b, 1472, 0, 0, SEC); // 1500-byte frames at line rate, 1 s
    b.run(SEC);
    SortedMap<String, Long> c = b.driver().counters();
    c.put("busy_ns", b.cpu().core(0).busyNs());
    return c;
  }

  @Test
  void aPingEvery10MsSeesTheTwoLowestModerationProfiles() {
    long p0 = rtts("rx-usecs 1 rx-frames 255").get(0); // profile 0 by hand (ICFT clamped)
    long p1 = rtts("rx-usecs 8 rx-frames 255").get(0); // profile 1
    List<Long> dim = rtts("adaptive-rx on", "+dim");
    // 64 events take 640 ms: the first iteration steps right (from zeroed stats), the rest
    // compare equal rates, turn, and bounce between profiles 0 and 1
    assertThat(dim).containsOnly(p0, p1).contains(p0, p1);
    // the two differ by the ICTT difference: 8 us = 41 ticks, 1 us = 5 ticks of 64 ahb clocks
    assertThat(p1 - p0).isEqualTo(EnetCoalescer.ticksToNs(41, FecPingTest.AHB)
        - EnetCoalescer.ticksToNs(5, FecPingTest.AHB));
    // far below the static default's 1.32 ms (rx-usecs 1000)
    assertThat(dim.get(0)).isLessThan(rtts("rx-usecs 100").get(0));
  }

  @Test
  void fromColdBulkRxAtMtuSizeNeverClimbsPastProfile1() {
    SortedMap<String, Long> dim = bulk("adaptive-rx on", "+dim");
    SortedMap<String, Long> def = bulk(null); // 1000 us / 200 frames
    // 1 us and 8 us both expire before the next frame (12.3 us apart): one interrupt per frame
    // either way, so stepping 0 -> 1 changes nothing net_dim measures and it turns back
    assertThat(dim.get("rx_irq")).isEqualTo(dim.get("rx_packets"));
    assertThat(dim.get("dim_profile_changes")).isGreaterThan(100);
    assertThat(dim.get("dim_profile_ix")).isLessThanOrEqualTo(1);
    // the static default takes ~1 000 interrupts/s; DIM ~81 000 and more CPU
    assertThat(def.get("rx_irq") * 50).isLessThan(dim.get("rx_irq"));
    assertThat(dim.get("busy_ns")).isGreaterThan(def.get("busy_ns"));
  }

  /** Pings every 10 ms for 1 s, then bulk from 1.1 s: RX IRQs over 1.15..2.15 s, profile. */
  static long[] pingThenBulk(String coalesce, String... patches) {
    Host h = HOSTS.host("fec", "imx8qxp", coalesce, null, patches);
    Ping p = ping(h, 100, 10 * MS);
    MacHosts.udpReceiver(h);
    new PeerStream(h, 1472, 0, 1100 * MS, 2200 * MS);
    h.run(1150 * MS);
    assertThat(p.received()).isEqualTo(100);
    long rx0 = h.driver().counters().get("rx_irq");
    h.run(SEC);
    SortedMap<String, Long> c = h.driver().counters();
    return new long[] {c.get("rx_irq") - rx0, c.getOrDefault("dim_profile_ix", -1L)};
  }

  @Test
  void afterAPingPhaseBulkRxClimbsToTheHighestProfileAndItsInterruptRate() {
    // pings leave DIM stepping right (its first iteration compares with zeroed stats); bulk
    // then raises bytes/ms (BETTER: step to 64 us), and from 64 us on each step cuts the
    // interrupt rate by more than 10 % (BETTER again) until the right edge parks it
    long[] dim = pingThenBulk("adaptive-rx on", "+dim");
    long[] profile4 = pingThenBulk("rx-usecs 256 rx-frames 255"); // profile 4 by hand
    assertThat(dim[1]).isEqualTo(4);
    assertThat(Math.abs(dim[0] - profile4[0])).isLessThanOrEqualTo(profile4[0] / 50);
    assertThat(dim[0]).isLessThan(5_000); // 81 000 frames/s
  }

  @Test
  void adaptiveRxIsAnEthtoolKnobOnlyWithTheVariant() throws KernelException {
    Host plain = HOSTS.host("fec", "imx8qxp", null, null);
    KernelException e = org.assertj.core.api.Assertions.catchThrowableOfType(
        () -> Ethtool.applyArgs(plain.driver().ethtool(), CoalesceArgs.parse("adaptive-rx on")),
        KernelException.class);
    assertThat(e.errno()).isEqualTo(Errno.EOPNOTSUPP);

    Host h = HOSTS.host("fec", "imx8qxp", null, null, "+dim");
    FecDriver d = (FecDriver) h.driver();
    var ec = Ethtool.applyArgs(d.ethtool(), CoalesceArgs.parse("adaptive-rx on"));
    assertThat(ec.get(CoalesceParam.USE_ADAPTIVE_RX)).isEqualTo(1);
    // the static values stay stored; RXIC0 carries DIM's default profile: 8 us, 255 frames
    assertThat(ec.get(CoalesceParam.RX_USECS)).isEqualTo(1000);
    int rxic = d.regs().rxic(0);
    assertThat((rxic >>> 20) & 0xff).isEqualTo(255);
    assertThat(rxic & 0xffff).isEqualTo(((FecCoalesce) d.ethtool()).usToItrClock(8));
    // TXIC untouched by DIM
    assertThat(d.regs().txic(0) & 0xffff).isEqualTo(((FecCoalesce) d.ethtool()).usToItrClock(1000));
  }
}
