package io.nicsim.fec;

import static io.nicsim.hostkit.MacHosts.MS;
import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.apps.UdpDatagram;
import io.nicsim.core.apps.UdpFlood;
import io.nicsim.core.apps.UdpSink;
import io.nicsim.core.apps.UdpSocket;
import io.nicsim.core.host.Host;
import io.nicsim.core.host.HostConfig;
import io.nicsim.core.kernel.KernelConfig;
import io.nicsim.core.net.NetdevQueue;
import io.nicsim.hostkit.MacHosts;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The TX path under a UDP flood from a fast CPU: ring, stop/wake, per-frame interrupts. */
class FecXmitTest {
  private static final MacHosts HOSTS = MacHosts.classPath();

  @ParameterizedTest(name = "{0}")
  @CsvSource({"v6.4, 512", "v6.17, 1024"})
  void floodFillsTheRingStopsAndWakesAndFreesEverySkb(String kernel, int ring) {
    Host h = HOSTS.host(HostConfig.of("fec", "imx8qxp").withKernel(kernel)
        .withCpuScale(0.001)
        .withKernelConfig(KernelConfig.defaults().withTick(false)));
    UdpSink sink = new UdpSink(h.sim());
    h.peer().register(UdpDatagram.class, sink);
    UdpSocket sock = new UdpSocket(4 * UdpSocket.WMEM_DEFAULT);
    UdpFlood flood = UdpFlood.on(h)
        .socket(sock).length(18).rateBps(0).truesize(768).startNs(MS).durationNs(20 * MS).build();
    flood.start(h.appCore());
    h.run(40 * MS);

    FecDriver d = (FecDriver) h.driver();
    FecTxq txq = d.fep().txQueue(0);
    assertThat(txq.bd().size()).isEqualTo(ring);
    NetdevQueue nq = h.dev().queue(0);
    assertThat(nq.stopCount()).isPositive();
    assertThat(nq.wakeCount()).isEqualTo(nq.stopCount());
    // every stop but the one around the link-up restart came from fec_enet_start_xmit
    assertThat(d.counters().get("queue_stop")).isEqualTo(nq.stopCount() - 1);
    // all sent, all reaped, every skb freed once, the ring empty again
    assertThat(sink.frames()).isEqualTo(flood.sent());
    assertThat(d.counters().get("tx_packets")).isEqualTo(flood.sent());
    assertThat(h.skbs().live()).isZero();
    assertThat(FecXmit.getFreeTxdescNum(txq)).isEqualTo(ring - 2);
    // every frame asked for an interrupt: the TX coalescer counted them all
    long txf = d.enet().txCoalescer(0).raised();
    assertThat(txf).isBetween(flood.sent() / 200, flood.sent() / 200 + 50);
  }
}
