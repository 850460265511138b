package io.nicsim.fec;

import static io.nicsim.hostkit.MacHosts.MS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nicsim.core.apps.UdpDatagram;
import io.nicsim.core.apps.UdpFlood;
import io.nicsim.core.apps.UdpSink;
import io.nicsim.core.apps.UdpSocket;
import io.nicsim.core.host.Host;
import io.nicsim.core.nic.DescRing;
import io.nicsim.core.sim.InvariantViolation;
import io.nicsim.hostkit.MacHosts;
import org.junit.jupiter.api.Test;

/** fec's TX BD rings under the periodic audit (every kit host runs with it). */
class FecAuditTest {
  private static final MacHosts HOSTS = MacHosts.classPath();

  private static UdpFlood flood(Host h) {
    h.peer().register(UdpDatagram.class, new UdpSink(h.sim()));
    UdpFlood f = UdpFlood.on(h)
        .length(1400).rateBps(0).truesize(2048).startNs(MS).durationNs(20 * MS).build();
    f.start(h.appCore());
    return f;
  }

  @Test
  void theRingsBetweenDirtyTxAndCurHoldEveryLiveSkb() {
    Host h = HOSTS.host("fec", "imx8qxp", null, null);
    flood(h);
    h.run(10 * MS);
    FecDriver d = (FecDriver) h.driver();
    assertThat(d.skbsHeld()).isPositive().isEqualTo(h.skbs().live());
    h.run(30 * MS);
    assertThat(d.skbsHeld()).isZero();
    assertThat(h.skbs().live()).isZero();
  }

  @Test
  void aReapedBdHandedBackToTheDmaIsCaught() {
    Host h = HOSTS.host("fec", "imx8qxp", null, null);
    flood(h);
    h.run(10 * MS);
    FecTxq txq = ((FecDriver) h.driver()).fep().txQueue(0);
    DescRing bd = txq.bd();
    int reaped = txq.dirtyTx(); // dirty_tx is the last BD reaped
    bd.setOwn(reaped);
    assertThatThrownBy(() -> h.run(2 * MS)).isInstanceOf(InvariantViolation.class)
        .hasMessageContaining("in ring ")
        .hasMessageContaining("descriptor " + reaped + " is owned by the DMA but was cleaned");
  }
}
