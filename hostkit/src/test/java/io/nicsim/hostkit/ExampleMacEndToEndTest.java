package io.nicsim.hostkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nicsim.core.apps.EchoPeer;
import io.nicsim.core.apps.IcmpEcho;
import io.nicsim.core.apps.Ping;
import io.nicsim.core.apps.UdpDatagram;
import io.nicsim.core.apps.UdpFlood;
import io.nicsim.core.apps.UdpSink;
import io.nicsim.core.apps.UdpSocket;
import io.nicsim.core.config.BadInputException;
import io.nicsim.core.cpu.CostOp;
import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.host.Host;
import io.nicsim.core.host.HostConfig;
import io.nicsim.core.kernel.KernelConfig;
import io.nicsim.core.net.Ethernet;
import org.junit.jupiter.api.Test;

class ExampleMacEndToEndTest {
  private static final long SEC = 1_000_000_000L;

  private static Host host(HostConfig cfg) {
    return MacHosts.of(new ExampleMac()).host(cfg);
  }

  /** Runs a UDP flood and counts frames arriving at the sink in [0.1 s, 1.1 s]. */
  private static long floodFramesPerSecond(Host h, int payloadLen) {
    UdpSink sink = new UdpSink(h.sim());
    h.peer().register(UdpDatagram.class, sink);
    UdpSocket sock = new UdpSocket(UdpSocket.WMEM_DEFAULT);
    UdpFlood flood = UdpFlood.on(h)
        .socket(sock).length(payloadLen).rateBps(0).truesize(768).durationNs(2 * SEC).build();
    flood.start(h.appCore());
    h.run(SEC / 10);
    sink.mark();
    h.run(SEC);
    return sink.framesSinceMark();
  }

  @Test
  void minimumSizeFramesReachLineRateOnAFastCpu() {
    // 18 bytes of UDP payload make a 60-byte skb, a 64-byte frame: 84 bytes on the wire
    Host h = host(HostConfig.of("example", "testsoc").withCpuScale(0.001));
    assertThat(floodFramesPerSecond(h, 18)).isBetween(1_488_094L, 1_488_096L);
  }

  @Test
  void iperfSixtyFourBytePayloadMakes110ByteFrames() {
    Host h = host(HostConfig.of("example", "testsoc").withCpuScale(0.001));
    assertThat(Ethernet.frameSize(64 + 42)).isEqualTo(110);
    assertThat(floodFramesPerSecond(h, 64)).isBetween(961_537L, 961_539L);
  }

  @Test
  void raisingThePerPacketCostMakesTheSenderCpuTheBound() {
    Host h = host(HostConfig.of("example", "testsoc"));
    // the application core pays these per datagram (bypass of an empty qdisc)
    long perPacket = 0;
    for (CostOp op : new CostOp[] {KernelOps.UDP_SENDMSG, KernelOps.DEV_QUEUE_XMIT,
        KernelOps.DEV_HARD_START_XMIT, ExampleMac.XMIT, KernelOps.BQL_SENT}) {
      perPacket += h.cpu().costs().require(op);
    }
    long bound = SEC / perPacket;
    long got = floodFramesPerSecond(h, 18);
    assertThat((double) got).isCloseTo((double) bound, org.assertj.core.data.Percentage.withPercentage(1));
    assertThat(got).isLessThan(1_488_095L / 2);
  }

  @Test
  void pingRttIsWirePlusPropagationPlusModelledCosts() {
    long prop = 1_000;
    long response = 20_000;
    Host h = host(HostConfig.of("example", "testsoc").withLink(1_000_000_000L, prop)
        .withKernelConfig(KernelConfig.defaults().withTick(false)));
    EchoPeer peer = new EchoPeer(h.sim(), h.link(), response);
    h.peer().register(IcmpEcho.class, peer);
    Ping ping = Ping.on(h).count(3).intervalNs(SEC / 100).build();
    h.stack().register(IcmpEcho.class, ping);
    ping.start(h.appCore());
    h.run(SEC / 10);
    assertThat(ping.received()).isEqualTo(3);

    var c = h.cpu().costs();
    long send = c.require(KernelOps.PING_SENDMSG) + c.require(KernelOps.DEV_QUEUE_XMIT)
        + c.require(KernelOps.DEV_HARD_START_XMIT) + c.require(ExampleMac.XMIT)
        + c.require(KernelOps.BQL_SENT);
    long fetch = h.soc().param("example_fetch_ns").asLong();
    long wire = h.link().wireTimeNs(98);
    long receive = c.require(KernelOps.IRQ_ENTRY) + c.require(KernelOps.NAPI_SCHEDULE)
        + c.require(KernelOps.SOFTIRQ_ENTRY) + c.require(KernelOps.NAPI_POLL)
        + c.require(ExampleMac.RX);
    long expected = send + fetch + wire + prop + response + wire + prop + receive;
    assertThat(ping.rtts()).containsOnly(expected);
  }

  @Test
  void everySkbIsFreedOnceAndNoneLeaksAfterTheFlood() {
    Host h = host(HostConfig.of("example", "testsoc"));
    UdpSink sink = new UdpSink(h.sim());
    h.peer().register(UdpDatagram.class, sink);
    UdpSocket sock = new UdpSocket(UdpSocket.WMEM_DEFAULT);
    UdpFlood flood = UdpFlood.on(h)
        .socket(sock).length(18).rateBps(0).truesize(768).durationNs(SEC / 100).build();
    flood.start(h.appCore());
    h.run(SEC / 10);
    assertThat(flood.sent()).isPositive();
    assertThat(h.skbs().live()).isZero();
    assertThat(sock.wmemAlloc()).isZero();
    assertThat(sink.frames()).isEqualTo(flood.sent());
  }

  @Test
  void unknownMacIsRefusedWithTheAcceptedNames() {
    assertThatThrownBy(() -> host(HostConfig.of("nosuch", "testsoc")))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("--mac")
        .hasMessageContaining("example");
  }

  @Test
  void unknownSocIsRefused() {
    assertThatThrownBy(() -> host(HostConfig.of("example", "nosuch")))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("--soc")
        .hasMessageContaining("testsoc");
  }
}
