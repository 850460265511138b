package io.nicsim.ravb;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.host.Host;
import io.nicsim.core.kernel.NapiDevice;
import io.nicsim.hostkit.MacHosts;
import org.junit.jupiter.api.Test;

/**
 * ravb_probe's defaults: software IRQ coalescing on GbEth from 7b39c1814ce3 and threaded NAPI
 * when one CPU is present from 65c482bc226a (both v6.11), nothing on R-Car or before v6.11.
 */
class RavbProbeTest {
  private static NapiDevice napiDevice(String soc, String kernel, String... patches) {
    Host h = MacHosts.classPath().host("ravb", soc, null, kernel, patches);
    return h.dev().napiDevice();
  }

  @Test
  void singleCoreGbethFromV611DefersAndThreads() {
    NapiDevice d = napiDevice("rzg2ul", "v6.11");
    assertThat(d.groFlushTimeout()).isEqualTo(20000);
    assertThat(d.napiDeferHardIrqs()).isEqualTo(1);
    assertThat(d.threaded()).isEqualTo(1);
    assertThat(d.napis()).hasSize(1).allSatisfy(n -> assertThat(n.threadedMode()).isEqualTo(1));
  }

  @Test
  void dualCoreGbethDefersWithoutThreads() {
    NapiDevice d = napiDevice("rzg2l", "v6.18");
    assertThat(d.groFlushTimeout()).isEqualTo(20000);
    assertThat(d.napiDeferHardIrqs()).isEqualTo(1);
    assertThat(d.threaded()).isZero();
  }

  @Test
  void beforeV611NothingIsTurnedOn() {
    NapiDevice d = napiDevice("rzg2ul", "v6.10");
    assertThat(d.groFlushTimeout()).isZero();
    assertThat(d.napiDeferHardIrqs()).isZero();
    assertThat(d.threaded()).isZero();
  }

  @Test
  void rcarHasNoCoalesceIrqsAndTwoNapis() {
    NapiDevice d = napiDevice("r8a77990", "v6.18");
    assertThat(d.groFlushTimeout()).isZero();
    assertThat(d.napiDeferHardIrqs()).isZero();
    assertThat(d.napis()).hasSize(2); // BE and NC (nc_queues)
  }

  @Test
  void theThreadedPatchAloneFollowsItsCondition() {
    // -sw-irq-coalesce-default: the threaded call sits inside the coalesce_irqs branch
    NapiDevice d = napiDevice("rzg2ul", "v6.18", "-sw-irq-coalesce-default");
    assertThat(d.groFlushTimeout()).isZero();
    assertThat(d.threaded()).isZero();
  }
}
