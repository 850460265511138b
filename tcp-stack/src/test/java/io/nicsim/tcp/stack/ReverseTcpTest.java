package io.nicsim.tcp.stack;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.check.HostAudit;
import io.nicsim.core.host.Host;
import io.nicsim.core.host.HostConfig;
import io.nicsim.tcp.Cubic;
import org.junit.jupiter.api.Test;

/** TCP into the host: the peer's sender, the host's GRO, receiver, ACKs and reader. */
class ReverseTcpTest {
  private static final long SEC = 1_000_000_000L;
  private static final long MS = 1_000_000L;

  @Test
  void aCubicDownloadFillsTheLinkWithAnAckPerTwoSegments() {
    Host h = Scenario.HOSTS.create(HostConfig.of("example", "tcptestsoc")
        .withKernel("v6.12").withLink(1_000_000_000L, 100)).host();
    ReverseTcpStack stack = new ReverseTcpStack(h, 2 * MS);
    PathConfig cfg = PathConfig.of(4 * MS, 0, 0);
    HostTcpReceiver r = stack.connect(new Cubic(), cfg, 128 * 1024, 0, SEC, SEC / 2);
    HostAudit.attach(h).addHolder("tcp receive queue", r::skbsQueued);
    h.run(SEC / 2);
    long at = r.bytesRead();
    h.run(SEC / 2);
    double mbps = (r.bytesRead() - at) * 8 / 0.5 / 1e6;
    // 1 Gbit/s of frames carries 1448 of every 1538 wire bytes: 941 Mbit/s of TCP data
    assertThat(mbps).isBetween(900.0, 942.0);
    // the test NIC interrupts per frame and this host polls each at once: GRO finds nothing to
    // merge, and the receiver ACKs every second full segment
    assertThat(r.dataSkbs()).isGreaterThan(r.peer().framesSent() * 9 / 10);
    assertThat((double) r.acksSent() / r.dataSkbs()).isBetween(0.45, 0.6);
    assertThat(r.peer().sock().totalRetrans).isZero();
    h.run(SEC);
    assertThat(r.bytesRead()).isEqualTo(r.peer().written());
    assertThat(h.skbs().live()).isZero();
  }
}
