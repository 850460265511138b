package io.nicsim.stmmac;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.apps.EchoPeer;
import io.nicsim.core.apps.IcmpEcho;
import io.nicsim.core.apps.Ping;
import io.nicsim.core.ethtool.CoalesceArgs;
import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.ethtool.Ethtool;
import io.nicsim.core.host.Host;
import io.nicsim.core.host.HostConfig;
import io.nicsim.core.kernel.KernelConfig;
import io.nicsim.hostkit.MacHosts;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The RX side: RX IC disabled while RIWT is in use, so a lone frame waits for the RX watchdog
 * (RIWT units of 256 stmmac clock cycles); rx-usecs moves that wait by exactly the converted
 * units; rx-frames does not count frames; what a close/open does to the user's values.
 */
class RxWatchdogTest {
  static final long US = 1_000L;
  static final long MS = 1_000_000L;
  /** One RIWT unit at the 250 MHz stmmac clock of cyclone5 and rk3588-yt6801 profiles. */
  static final long RIWT_UNIT_NS = 256 * 4;

  static Host host(String soc, String kernel, String coalesce, String... patches) {
    // no periodic tick, so that RTTs differ only by what the test changes; the jiffies-era
    // timer_list needs it
    boolean tick = KernelVersion.parse(kernel).before(KernelVersion.parse("v5.11"));
    HostConfig cfg = HostConfig.of("stmmac", soc).withKernel(kernel).withPatches(List.of(patches))
        .withKernelConfig(KernelConfig.defaults().withTick(tick));
    if (coalesce != null) {
      cfg = cfg.withCoalesce(CoalesceArgs.parse(coalesce));
    }
    Host h = MacHosts.classPath().host(cfg);
    h.peer().register(IcmpEcho.class, new EchoPeer(h.sim(), h.link(), 20 * US));
    return h;
  }

  /**
   * {@code ping -c count -i 10ms} starting now; returns the RTTs. The interval exceeds the TX
   * coalesce timer: BQL's limit starts at 0, so until the request's completion every later
   * request would wait in the qdisc (STACK_XOFF).
   */
  static List<Long> ping(Host h, int count) {
    long start = h.sim().now() + 1 * MS;
    Ping p = Ping.on(h).count(count).intervalNs(10 * MS).startNs(start).build();
    h.stack().register(IcmpEcho.class, p);
    p.start(h.appCore());
    h.run(start + (count + 2) * 10 * MS - h.sim().now());
    assertThat(p.received()).isEqualTo(count);
    return p.rtts();
  }

  static long min(List<Long> v) {
    return v.stream().mapToLong(Long::longValue).min().orElseThrow();
  }

  @Test
  void aLoneReplyWaitsForTheDefaultWatchdogOnDwmac1000() {
    Host h = host("cyclone5", "v6.18", null);
    StmmacPriv priv = ((StmmacDriver) h.driver()).priv();
    assertThat(priv.rxRiwt(0)).isEqualTo(StmmacDefaults.DEF_DMA_RIWT);
    List<Long> rtt = ping(h, 5);
    assertThat(min(rtt)).isGreaterThan(0xa0 * RIWT_UNIT_NS); // 163.84 us
    assertThat(h.driver().counters().get("hw_ri_raised")).isEqualTo(5);
    assertThat(h.driver().counters().get("rx_ic_desc")).isZero();
  }

  @Test
  void rxUsecsMovesTheRttByExactlyTheConvertedUnits() {
    List<Long> def = ping(host("cyclone5", "v6.18", null), 5);
    // 20 us * 250 MHz / 256 = 19.53: truncated to 19 units in v6.18
    List<Long> low = ping(host("cyclone5", "v6.18", "rx-usecs 20"), 5);
    assertThat(min(def) - min(low)).isEqualTo((0xa0 - 19) * RIWT_UNIT_NS);
    // the rounding patch makes it 20 units
    List<Long> rounded = ping(host("cyclone5", "v6.18", "rx-usecs 20", "+riwt-rounding"), 5);
    assertThat(min(rounded) - min(low)).isEqualTo(RIWT_UNIT_NS);
  }

  @Test
  void gmac4WithRxFramesSetsIcOnRefilledDescriptorsOnlyFromTheSecondPassOfTheRing() {
    // rx-frames > 0: rx_count_frames += 1 + rx_coal_frames always exceeds rx_coal_frames and
    // resets, so every refilled descriptor gets IC; the descriptors open() initialised keep
    // RX IC disabled (use_riwt) until the ring has gone round once.
    Host h = host("rk3588-yt6801", "v6.18", "rx-frames 8");
    int ring = ((StmmacDriver) h.driver()).priv().rxQueue(0).ring.size();
    List<Long> rtt = ping(h, ring + 5);
    long firstPass = min(rtt.subList(0, ring - 8));
    long secondPass = min(rtt.subList(ring + 1, ring + 5));
    assertThat(firstPass).isGreaterThan(0xa0 * RIWT_UNIT_NS);
    assertThat(secondPass).isLessThan(firstPass - 0x90 * RIWT_UNIT_NS);
    assertThat(h.driver().counters().get("rx_ic_desc")).isPositive();
  }

  @Test
  void dwmac1000IgnoresTheRefillIcFlag() {
    Host h = host("cyclone5", "v6.18", "rx-frames 8");
    int ring = ((StmmacDriver) h.driver()).priv().rxQueue(0).ring.size();
    List<Long> rtt = ping(h, ring + 5);
    assertThat(min(rtt.subList(ring + 1, ring + 5))).isGreaterThan(0xa0 * RIWT_UNIT_NS);
  }

  @Test
  void closeOpenKeepsTheUsersRxUsecsFromV5_5ButNotTxUsecs() throws Exception {
    Host h = host("cyclone5", "v6.18", "rx-usecs 20 tx-usecs 300 tx-frames 7");
    StmmacPriv priv = ((StmmacDriver) h.driver()).priv();
    long before = min(ping(h, 3));
    h.dev().close();
    h.dev().open();
    assertThat(priv.rxRiwt(0)).isEqualTo(19);
    assertThat(priv.txCoalTimer(0)).isEqualTo(5000);
    assertThat(priv.txCoalFrames(0)).isEqualTo(25);
    assertThat(Ethtool.getCoalesce(h.driver().ethtool()).rxCoalesceUsecs()).isEqualTo(19);
    assertThat(min(ping(h, 3))).isEqualTo(before);
  }

  @Test
  void closeOpenOnV4_19PutsTheWatchdogBackToMax() {
    Host h = host("cyclone5", "v4.19", "rx-usecs 100");
    StmmacPriv priv = ((StmmacDriver) h.driver()).priv();
    assertThat(priv.rxRiwt(0)).isEqualTo(97); // 100 * 250 / 256 = 97.6
    long before = min(ping(h, 3));
    h.dev().close();
    h.dev().open();
    assertThat(priv.rxRiwt(0)).isEqualTo(StmmacDefaults.MAX_DMA_RIWT);
    // the periodic tick may land inside one of the RTTs; the minimum avoids it
    assertThat(min(ping(h, 3)) - before).isEqualTo((0xff - 97) * RIWT_UNIT_NS);
  }
}
