package io.nicsim.core.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nicsim.core.apps.EchoPeer;
import io.nicsim.core.apps.IcmpEcho;
import io.nicsim.core.apps.Ping;
import io.nicsim.core.apps.UdpDatagram;
import io.nicsim.core.apps.UdpFlood;
import io.nicsim.core.apps.UdpSink;
import io.nicsim.core.apps.UdpSocket;
import io.nicsim.core.host.Host;
import io.nicsim.core.host.HostConfig;
import io.nicsim.core.sim.InvariantViolation;
import io.nicsim.hostkit.ExampleMac;
import io.nicsim.hostkit.MacHosts;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The periodic audit on a host whose driver has one chosen bug: each bug is caught with the
 * simulated time, the component and the state; the same driver without the bug passes.
 */
class HostAuditTest {
  private static final long MS = 1_000_000L;

  private static final MacHosts FAULTY = MacHosts.of(ExampleMac.faulty());

  /** Not yet audited: each test decides. */
  private static Host host(String... bugs) {
    return FAULTY.create(HostConfig.of("faulty", "faultysoc").withPatches(List.of(bugs))).host();
  }

  /** A UDP flood of 1400-byte datagrams: the wire is the bottleneck, the ring never empties. */
  private static void flood(Host h) {
    h.peer().register(UdpDatagram.class, new UdpSink(h.sim()));
    UdpFlood f = UdpFlood.on(h)
        .length(1400).rateBps(0).truesize(2048).durationNs(1_000 * MS).build();
    f.start(h.appCore());
  }

  /** Pings every 10 ms: the ring is empty between them. */
  private static void ping(Host h) {
    h.peer().register(IcmpEcho.class, new EchoPeer(h.sim(), h.link(), 20_000));
    Ping p = Ping.on(h).count(10).intervalNs(10 * MS).build();
    p.start(h.appCore());
  }

  @Test
  void theDriverWithoutABugPassesEveryAudit() {
    Host h = host();
    HostAudit a = HostAudit.attach(h);
    flood(h);
    ping(h);
    h.run(50 * MS);
    assertThat(a.audits()).isEqualTo(50);
    assertThat(h.skbs().live()).as("the flood keeps the ring busy").isPositive();
  }

  @Test
  void aLeakedSkbIsCaughtWithTimeComponentAndCounts() {
    Host h = host("leak");
    HostAudit.attach(h);
    flood(h);
    assertThatThrownBy(() -> h.run(50 * MS)).isInstanceOf(InvariantViolation.class)
        .hasMessageMatching("invariant violated at 0\\.001000000 s in skb: \\d+ skbs allocated"
            + " and not freed; the driver holds \\d+, the qdiscs \\d+: \\d+ leaked.*");
  }

  @Test
  void anSkbCountedTwiceIsCaught() {
    Host h = host("overcount");
    HostAudit.attach(h);
    flood(h);
    assertThatThrownBy(() -> h.run(50 * MS)).isInstanceOf(InvariantViolation.class)
        .hasMessageContaining("in skb: ").hasMessageContaining("1 more held than alive");
  }

  @Test
  void anSkbFreedWhileStillMappedIsCaught() {
    Host h = host("free-on-xmit");
    HostAudit.attach(h);
    flood(h);
    assertThatThrownBy(() -> h.run(50 * MS)).isInstanceOf(InvariantViolation.class)
        .hasMessageContaining("in ring tx: descriptor").hasMessageContaining("already freed");
  }

  @Test
  void ownSetOnACleanedDescriptorIsCaught() {
    Host h = host("own-after-clean");
    HostAudit.attach(h);
    ping(h);
    assertThatThrownBy(() -> h.run(50 * MS)).isInstanceOf(InvariantViolation.class)
        .hasMessageContaining("invariant violated at 0.001000000 s in ring tx: descriptor 0 is"
            + " owned by the DMA but was cleaned");
  }

  @Test
  void aNapiNeverPutOnAPollListIsCaught() {
    Host h = host("napi-lost");
    HostAudit.attach(h);
    ping(h);
    assertThatThrownBy(() -> h.run(50 * MS)).isInstanceOf(InvariantViolation.class)
        .hasMessageContaining("in napi faulty: scheduled but on no poll list");
  }

  @Test
  void bqlCompletingMoreThanQueuedIsRefusedInline() {
    Host h = host("bql-over");
    ping(h);
    assertThatThrownBy(() -> h.run(50 * MS)).isInstanceOf(InvariantViolation.class)
        .hasMessageContaining("in bql: dql_completed of 99 bytes with only 98 in flight");
  }

  @Test
  void withoutTheAuditTheSameBugsGoUnnoticed() {
    for (String bug : new String[] {"leak", "overcount", "free-on-xmit", "napi-lost"}) {
      Host h = host(bug);
      flood(h);
      h.run(20 * MS);
    }
  }

  @Test
  void theAuditDoesNotChangeTheRun() {
    long[] frames = new long[2];
    long[] events = new long[2];
    for (int i = 0; i < 2; i++) {
      Host h = host();
      HostAudit a = i == 1 ? HostAudit.attach(h) : null;
      flood(h);
      ping(h);
      h.run(30 * MS);
      frames[i] = h.link().framesToPeer();
      // every piece of work, dispatched as an event or continued in place (an audit due in
      // between makes a piece that would have continued an event of its own), less the audits
      events[i] = h.sim().eventsDispatched() + h.sim().continuations()
          - (a == null ? 0 : a.audits());
    }
    assertThat(frames[1]).isEqualTo(frames[0]);
    assertThat(events[1]).isEqualTo(events[0]);
  }
}
