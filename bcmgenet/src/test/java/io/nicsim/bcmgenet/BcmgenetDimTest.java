package io.nicsim.bcmgenet;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.apps.Ping;
import io.nicsim.core.host.Host;
import io.nicsim.hostkit.MacHosts;
import io.nicsim.hostkit.PeerStream;
import java.util.SortedMap;
import org.junit.jupiter.api.Test;

/**
 * adaptive-rx on the Pi 4. On GENET the two lowest EQE profiles (1 µs and 8 µs) program the same
 * RDMA timeout, one 8.192 µs tick, which decides what DIM can learn under steady traffic.
 */
class BcmgenetDimTest {
  private static final MacHosts HOSTS = MacHosts.classPath();
  static final long MS = MacHosts.MS;
  static final long SEC = MacHosts.SEC;

  private static long rtt(String coalesce, String... patches) {
    Host h = HOSTS.host("bcmgenet", "bcm2711", coalesce, null, patches);
    Ping p = MacHosts.ping(h, 200, 10 * MS, 10 * MS); // a ping every 10 ms
    h.run(2100 * MS);
    assertThat(p.received()).isEqualTo(200);
    assertThat(p.rtts()).containsOnly(p.rtts().get(0));
    return p.rtts().get(0);
  }

  private static SortedMap<String, Long> bulk(int payload, String coalesce, String... patches) {
    Host b = HOSTS.host("bcmgenet", "bcm2711", coalesce, null, patches);
    MacHosts.udpReceiver(b);
    new PeerStream(b, payload, 0, 0, SEC);
    b.run(SEC);
    SortedMap<String, Long> c = b.driver().counters();
    c.put("timeout", b.driver().coalesceRegisters().get("RDMA_RING0_TIMEOUT"));
    return c;
  }

  @Test
  void aPingEvery10MsSeesTheLowestModerationProfile() {
    long lowest = rtt("rx-usecs 1 rx-frames 256"); // profile 0 by hand
    long adaptive = rtt("adaptive-rx on");
    long off = rtt(null); // rx-frames 1: an interrupt per frame, no timer
    assertThat(adaptive).isEqualTo(lowest);
    // the reply waits one RDMA timeout tick for its interrupt
    assertThat(adaptive - off).isEqualTo(GenetHw.TIMEOUT_TICK_NS);
    assertThat(rtt("adaptive-rx on", "+dim-running-counters")).isEqualTo(lowest);
  }

  @Test
  void bulkRxStaysOnTheLowProfilesBecauseStepping0To1ChangesNothingItMeasures() {
    // 1500-byte frames at line rate: 81 kframes/s, 12.3 us apart
    SortedMap<String, Long> kernel = bulk(1472, "adaptive-rx on");
    SortedMap<String, Long> hand = bulk(1472, "rx-usecs 262 rx-frames 256"); // profile 4
    // bcmgenet hands net_dim per-poll counts: one frame per poll -> zero deltas -> SAME
    // forever, parked where it started
    assertThat(kernel.get("dim_iterations")).isGreaterThan(1000);
    assertThat(kernel.get("dim_profile_changes")).isZero();
    assertThat(kernel.get("timeout")).isEqualTo(1);
    assertThat(kernel.get("rx_irq")).isEqualTo(kernel.get("rx_packets")); // one per frame
    // profile 4 by hand would take a twentieth of the interrupts
    assertThat(hand.get("rx_irq") * 20).isLessThan(kernel.get("rx_irq"));

    // with running totals DIM walks, but 0 -> 1 leaves the register (one tick) and therefore
    // bytes, packets and interrupts per ms unchanged: it turns back, and back, and tires
    SortedMap<String, Long> running = bulk(1472, "adaptive-rx on", "+dim-running-counters");
    assertThat(running.get("dim_profile_changes")).isGreaterThan(100);
    assertThat(running.get("dim_profile_ix")).isLessThanOrEqualTo(1);
    assertThat(running.get("timeout")).isEqualTo(1);
    assertThat(running.get("rx_irq")).isEqualTo(running.get("rx_packets"));
  }

  @Test
  void afterAPingPhaseBulkRxStillRunsAtOneTick() {
    Host h = HOSTS.host("bcmgenet", "bcm2711", "adaptive-rx on", null);
    Ping p = MacHosts.ping(h, 100, 10 * MS, 10 * MS);
    MacHosts.udpReceiver(h);
    new PeerStream(h, 1472, 0, 1100 * MS, 2200 * MS);
    h.run(1150 * MS);
    assertThat(p.received()).isEqualTo(100);
    SortedMap<String, Long> c0 = h.driver().counters();
    h.run(SEC);
    SortedMap<String, Long> c = h.driver().counters();
    // profiles 0 and 1 are one register value: whatever DIM does between them, the RDMA
    // timeout stays one tick and every frame (12.3 us apart) gets its own interrupt
    assertThat(c.get("dim_profile_ix")).isLessThanOrEqualTo(1);
    assertThat(h.driver().coalesceRegisters().get("RDMA_RING0_TIMEOUT")).isEqualTo(1);
    // (one interrupt may straddle the window's edge)
    assertThat(c.get("rx_irq") - c0.get("rx_irq")).isCloseTo(
        c.get("rx_packets") - c0.get("rx_packets"), org.assertj.core.api.Assertions.within(1L));
  }
}
