package io.nicsim.fec;

import static io.nicsim.hostkit.MacHosts.MS;
import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.host.Host;
import io.nicsim.hostkit.MacHosts;
import io.nicsim.hostkit.PeerStream;
import org.junit.jupiter.api.Test;

/** The coalescer inside a running host: timing of RX events against the frames on the wire. */
class FecCoalescerModelTest {
  private static final MacHosts HOSTS = MacHosts.classPath();

  @Test
  void oneFrameWaitsExactlyIctt() {
    Host h = HOSTS.host("fec", "imx8qxp", null, null);
    MacHosts.udpReceiver(h);
    new PeerStream(h, 18, 0, 10 * MS, 10 * MS + 1);
    h.run(20 * MS);
    FecDriver d = (FecDriver) h.driver();
    EnetCoalescer rx = d.enet().rxCoalescer(0);
    long arrival = rx.windowStartNs();
    // the frame's last bit reached the MAC after serialisation and propagation
    assertThat(arrival).isEqualTo(10 * MS + h.link().wireTimeNs(60) + h.link().propagationNs());
    assertThat(d.enet().lastRaisedNs(FecRegisters.FEC_ENET_RXF_0))
        .isEqualTo(arrival + EnetCoalescer.ticksToNs(5208, 333_333_333L));
    assertThat(d.counters()).containsEntry("rx_irq", 1L).containsEntry("rx_packets", 1L);
  }

  @Test
  void twoHundredBackToBackFramesInterruptAtTheTwoHundredth() {
    Host h = HOSTS.host("fec", "imx8qxp", null, null);
    MacHosts.udpReceiver(h);
    long wire = h.link().wireTimeNs(60);
    // exactly 200 frames: the stream stops before the 201st would start
    new PeerStream(h, 18, 0, 10 * MS, 10 * MS + 199 * wire + 1);
    h.run(20 * MS);
    FecDriver d = (FecDriver) h.driver();
    long first = d.enet().rxCoalescer(0).windowStartNs();
    assertThat(d.enet().lastRaisedNs(FecRegisters.FEC_ENET_RXF_0)).isEqualTo(first + 199 * wire);
    assertThat(d.counters())
        .containsEntry("rxf_events", 1L)
        .containsEntry("rx_irq", 1L)
        .containsEntry("rx_packets", 200L)
        .containsEntry("rx_missed", 0L);
  }

  @Test
  void twoHundredAndOneFramesLeaveOneForTheTimer() {
    Host h = HOSTS.host("fec", "imx8qxp", null, null);
    MacHosts.udpReceiver(h);
    long wire = h.link().wireTimeNs(60);
    new PeerStream(h, 18, 0, 10 * MS, 10 * MS + 200 * wire + 1);
    h.run(20 * MS);
    FecDriver d = (FecDriver) h.driver();
    EnetCoalescer rx = d.enet().rxCoalescer(0);
    assertThat(rx.raised()).isEqualTo(2);
    assertThat(d.enet().lastRaisedNs(FecRegisters.FEC_ENET_RXF_0))
        .isEqualTo(rx.windowStartNs() + EnetCoalescer.ticksToNs(5208, 333_333_333L));
    assertThat(d.counters()).containsEntry("rx_packets", 201L);
  }

  @Test
  void withoutHasCoalesceEveryFrameInterrupts() {
    Host h = HOSTS.host("fec", "imx6q", null, null);
    MacHosts.udpReceiver(h);
    new PeerStream(h, 18, 100_000, 10 * MS, 10 * MS + 1_000_000);
    h.run(20 * MS);
    assertThat(((FecDriver) h.driver()).counters())
        .containsEntry("rx_packets", 10L)
        .containsEntry("rx_irq", 10L);
    assertThat(((FecDriver) h.driver()).regs().rxic(0)).isZero();
  }
}
