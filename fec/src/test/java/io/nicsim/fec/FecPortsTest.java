package io.nicsim.fec;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.port.KernelPort;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** Every port carries a well-formed annotation, and the issue's functions are all ported. */
class FecPortsTest {
  static final Class<?>[] PORT_CLASSES = {
    FecCoalesce.class, FecSetup.class, FecNapi.class, FecXmit.class
  };

  static List<KernelPort> ports() {
    List<KernelPort> out = new ArrayList<>();
    for (Class<?> c : PORT_CLASSES) {
      for (Method m : c.getDeclaredMethods()) {
        for (KernelPort p : m.getAnnotationsByType(KernelPort.class)) {
          out.add(p);
        }
      }
    }
    return out;
  }

  @Test
  void annotationsAreWellFormed() {
    for (KernelPort p : ports()) {
      assertThat(p.source()).as(p.function()).matches("[\\w.-]+/[\\w.-]+@[0-9a-f]{40}");
      // one range, or several comma-separated (a stable line's backport, then mainline)
      String range = "v\\d+\\.\\d+(\\.\\d+)?(\\.\\.v\\d+\\.\\d+(\\.\\d+)?)?";
      assertThat(p.versions()).as(p.function()).matches(range + "(, " + range + ")*");
      assertThat(p.file()).as(p.function()).isEqualTo(FecSources.MAIN_C);
      for (String c : p.commits()) {
        assertThat(c).as(p.function()).matches("[0-9a-f]{12}");
      }
    }
  }

  @Test
  void theIssuesFunctionsArePorted() {
    TreeSet<String> names = new TreeSet<>();
    ports().forEach(p -> names.add(p.function()));
    assertThat(names).contains(
        "fec_enet_us_to_itr_clock", "fec_enet_itr_coal_set", "fec_enet_itr_coal_init",
        "fec_enet_get_coalesce", "fec_enet_set_coalesce", "fec_enet_init", "fec_probe",
        "fec_enet_interrupt", "fec_enet_collect_events", "fec_enet_rx_napi", "fec_enet_rx",
        "fec_enet_rx_queue", "fec_enet_tx", "fec_enet_tx_queue", "fec_enet_start_xmit",
        "fec_enet_txq_submit_skb", "fec_enet_get_free_txdesc_num", "fec_restart",
        "fec_enet_alloc_queue", "fec_enet_bd_init");
  }
}
