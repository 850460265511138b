package com.example.mymac;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nicsim.core.apps.UdpDatagram;
import io.nicsim.core.apps.UdpFlood;
import io.nicsim.core.apps.UdpSink;
import io.nicsim.core.ethtool.CoalesceArgs;
import io.nicsim.core.ethtool.Ethtool;
import io.nicsim.core.host.Host;
import io.nicsim.core.host.HostConfig;
import io.nicsim.core.port.KernelPort;
import io.nicsim.hostkit.MacHosts;
import org.junit.jupiter.api.Test;

/**
 * mymac's own figures through nicsim's kernel model: what its interrupt throttle does to a UDP
 * flood (what every MAC must do is {@link MyMacConformanceTest}).
 */
class MyMacTest {
  static final long MS = 1_000_000L;
  static final long SEC = 1_000 * MS;
  static final MacHosts HOSTS = MacHosts.of(new MyMacProvider().macModel());

  static Host host() {
    return host(null);
  }

  /** A host with {@code ethtool -C} applied ({@code "rx-usecs 100"}), as nicsim's -C does. */
  static Host host(String coalesce) {
    HostConfig config = HostConfig.of("mymac", "mymac-board");
    if (coalesce != null) {
      config = config.withCoalesce(CoalesceArgs.parse(coalesce));
    }
    return HOSTS.host(config); // skb, ring and BQL invariants checked every simulated ms
  }

  /** 10 000 datagrams of 1000 bytes a second for one second; returns the host after it. */
  static Host flood10k(String coalesce) {
    Host h = host(coalesce);
    UdpSink sink = new UdpSink(h.sim());
    h.peer().register(UdpDatagram.class, sink);
    UdpFlood.on(h).length(1000).rateBps(80_000_000L).durationNs(SEC).build()
        .start(h.appCore());
    h.run(SEC + 20 * MS);
    assertEquals(10_000, sink.frames());
    return h;
  }

  @Test
  void rxUsecsThrottlesTheLineAsTheItrRegisterHoldsIt() throws Exception {
    assertEquals(10_000, flood10k(null).metrics().nicIrqs()); // one interrupt per frame
    Host h = flood10k("rx-usecs 500");
    // ITR = 10^9 / (2000/s x 256 ns) = 1953 units = 499.968 us between assertions
    assertEquals(1953L, h.driver().coalesceRegisters().get("ITR"));
    long irqs = h.metrics().nicIrqs();
    assertTrue(irqs >= 1_900 && irqs <= 2_001, "assertions " + irqs);
    assertEquals(500, Ethtool.getCoalesce(h.driver().ethtool()).rxCoalesceUsecs());
  }

  @Test
  void udpFloodIsBoundByTheWireOrTheCpu() {
    Host h = host();
    UdpSink sink = new UdpSink(h.sim());
    h.peer().register(UdpDatagram.class, sink);
    UdpFlood.on(h).length(1472).rateBps(0).durationNs(SEC).build().start(h.appCore());
    h.run(SEC / 10);
    sink.mark();
    h.run(SEC / 2);
    long pps = sink.framesSinceMark() * 2;
    // 1472 B of payload make a 1538-byte slot on the wire: 81 274 frames/s at 1 Gbit/s
    assertTrue(pps > 10_000 && pps <= 81_275, "frames/s " + pps);
  }

  @Test
  void thePortedMethodCarriesItsAnnotation() throws Exception {
    KernelPort p = MyMac.Driver.class.getDeclaredMethod("txFree")
        .getAnnotation(KernelPort.class);
    assertEquals("fec_enet_get_free_txdesc_num", p.function());
  }
}
