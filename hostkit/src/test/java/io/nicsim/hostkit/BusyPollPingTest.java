package io.nicsim.hostkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.apps.EchoPeer;
import io.nicsim.core.apps.IcmpEcho;
import io.nicsim.core.apps.Ping;
import io.nicsim.core.host.Host;
import io.nicsim.core.host.HostConfig;
import io.nicsim.core.host.NapiWrites;
import io.nicsim.core.kernel.KernelConfig;
import io.nicsim.core.kernel.SockWait;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Busy polling end to end on core's example MAC: SO_BUSY_POLL takes the reply in the ping
 * process's own poll, before the interrupt's softirq would; epoll with SO_PREFER_BUSY_POLL and
 * irq_suspend_timeout (v6.13) keeps the device interrupt off between replies.
 */
class BusyPollPingTest {
  private static final long SEC = 1_000_000_000L;

  private static Host host(String kernel, NapiWrites napi) {
    return MacHosts.of(new ExampleMac()).host(HostConfig.of("example", "testsoc")
        .withKernel(kernel).withNapi(napi).withKernelConfig(KernelConfig.defaults().withTick(false)));
  }

  private static Ping ping(Host h, SockWait wait, int count) {
    h.peer().register(IcmpEcho.class, new EchoPeer(h.sim(), h.link(), 20_000));
    Ping p = Ping.on(h).count(count).intervalNs(SEC / 1000).wait(wait).build();
    h.stack().register(IcmpEcho.class, p);
    p.start(h.appCore());
    h.run(SEC / 10);
    return p;
  }

  @Test
  void soBusyPollShortensTheRttByTheInterruptPath() {
    Host plain = host("v6.12", NapiWrites.none());
    Ping a = ping(plain, null, 20);
    Host busy = host("v6.12", NapiWrites.none());
    Ping b = ping(busy, new SockWait(busy.kernel(), SockWait.Mode.BUSY_POLL, 100, false, 0), 20);
    assertThat(b.received()).isEqualTo(20);
    // the first reply sets sk_napi_id; from then on the process polls the reply itself
    List<Long> ra = a.rtts().subList(2, 20);
    List<Long> rb = b.rtts().subList(2, 20);
    long irqPath = busy.cpu().costs().require(io.nicsim.core.cpu.KernelOps.IRQ_ENTRY);
    for (int i = 0; i < ra.size(); i++) {
      assertThat(rb.get(i)).isLessThan(ra.get(i) - irqPath);
    }
  }

  @Test
  void epollWithIrqSuspensionKeepsTheInterruptOffFromV613() {
    NapiWrites napi = new NapiWrites(List.of(
        new NapiWrites.Sysfs("napi_defer_hard_irqs", "100"),
        new NapiWrites.Sysfs("gro_flush_timeout", "50000")),
        List.of(new NapiWrites.NapiSet(null, null, null, 20_000_000L)));
    Host h = host("v6.13", napi);
    SockWait w = new SockWait(h.kernel(), SockWait.Mode.EPOLL, 2000, true, 0);
    Ping p = ping(h, w, 50);
    assertThat(p.received()).isEqualTo(50);
    long rxIrqs = h.driver().counters().get("rx_irq");
    assertThat(w.suspends()).isGreaterThan(40);
    assertThat(rxIrqs).as("after the first reply the busy poller takes them").isLessThan(5);

    Host old = host("v6.12", new NapiWrites(napi.sysfs(), List.of()));
    SockWait w612 = new SockWait(old.kernel(), SockWait.Mode.EPOLL, 2000, true, 0);
    ping(old, w612, 50);
    assertThat(w612.suspends()).isZero();
  }
}
