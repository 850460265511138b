package io.nicsim.stmmac;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.apps.UdpDatagram;
import io.nicsim.core.apps.UdpFlood;
import io.nicsim.core.apps.UdpSink;
import io.nicsim.core.apps.UdpSocket;
import io.nicsim.core.host.Host;
import io.nicsim.core.host.HostConfig;
import java.util.List;
import org.junit.jupiter.api.Test;

class FloodTest {
  static final long SEC = 1_000_000_000L;

  @Test
  void smoke() {
    for (String k : List.of("v4.19", "v5.4", "v6.6", "v6.7", "v6.18")) {
      Host h = StmmacTestHost.of(HostConfig.of("stmmac", "cyclone5").withKernel(k)).host();
      UdpSink sink = new UdpSink(h.sim());
      h.peer().register(UdpDatagram.class, sink);
      UdpSocket sock = new UdpSocket(UdpSocket.WMEM_DEFAULT);
      UdpFlood flood = new UdpFlood(h.sim(), h.dev(), sock, new UdpDatagram(0), 64, 0, 768, 0, 2 * SEC);
      flood.start(h.appCore());
      h.run(SEC / 10);
      sink.mark();
      h.run(SEC);
      System.out.println(k + " pps=" + sink.framesSinceMark() + " " + h.driver().counters());
      assertThat(sink.framesSinceMark()).isPositive();
    }
  }
}
