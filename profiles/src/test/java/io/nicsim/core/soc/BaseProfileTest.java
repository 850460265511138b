package io.nicsim.core.soc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The architecture base profiles and what a SoC inherits from them. */
class BaseProfileTest {
  static final List<String> BASES =
      List.of("cortex-a7", "cortex-a9", "cortex-a35", "cortex-a53", "cortex-a55", "cortex-a72",
          "krait");
  static final List<String> TCP = List.of("tcp_sendmsg", "tcp_copy_kb", "tcp_transmit_skb",
      "tcp_ack", "tcp_wfree", "tcp_tsq_handler");

  @Test
  void everyBaseHoldsTheKernelTrafficAndTcpCostsWithProvenance() {
    for (String b : BASES) {
      SocProfile p = SocProfile.load(b);
      assertThat(p.mac()).as(b).isNull();
      assertThat(p.costs()).as(b).containsKeys(TCP.toArray(String[]::new))
          .containsKeys("irq_entry", "napi_poll", "udp_sendmsg", "ping_sendmsg", "icmp_rcv");
      p.costs().forEach((k, q) -> assertThat(q.source()).as(b + " " + k)
          .startsWith("estimate: ").contains("DMIPS/MHz").contains("https://"));
    }
    assertThat(SocCatalog.names()).as("bases are for inherits only").doesNotContainAnyElementsOf(
        BASES);
  }

  @Test
  void aFasterCoreCostsFewerNanosecondsPerOperation() {
    long a7 = SocProfile.load("cortex-a7").costs().get("tcp_ack").asLong() * 1000; // @ 1 GHz
    long a72 = SocProfile.load("cortex-a72").costs().get("tcp_ack").asLong() * 1500; // @ 1.5
    assertThat(a72).isLessThan(a7); // cycles: the A72 does more per clock than the A7
  }

  @Test
  void inheritedCostsAreScaledToTheChildsClockOwnCostsAreNot() {
    SocProfile base = SocProfile.load("cortex-a53");
    SocProfile half = SocProfile.parse("board", "name: board\ninherits: cortex-a53\n"
        + "cpu:\n  hz: {value: 750000000, source: s, class: datasheet}\n"
        + "costs:\n  irq_entry: {value: 123, source: mine, class: estimate}\n");
    double base1 = base.costs().get("tcp_ack").value();
    assertThat(half.costs().get("tcp_ack").value()).isEqualTo(Math.rint(base1 * 2));
    assertThat(half.costs().get("tcp_ack").source()).contains("scaled x2.000 from cortex-a53's"
        + " 1500 MHz to 750 MHz");
    assertThat(half.costs().get("irq_entry").value()).isEqualTo(123);
    SocProfile same = SocProfile.parse("b2", "name: b2\ninherits: cortex-a53\n");
    assertThat(same.costs()).isEqualTo(base.costs());
  }
}
