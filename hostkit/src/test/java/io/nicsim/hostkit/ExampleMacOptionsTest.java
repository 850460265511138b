package io.nicsim.hostkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.host.Host;
import io.nicsim.core.host.HostConfig;
import java.util.SortedMap;
import org.junit.jupiter.api.Test;

/**
 * The example MAC's profile options: without them one NAPI, a TX interrupt per frame and no
 * TSO; with them (profile {@code example-options}) a TX and an RX NAPI, TSO, and no TX
 * interrupt at all, the TX ring cleaned by a timer once a millisecond.
 */
class ExampleMacOptionsTest {
  private static final long MS = 1_000_000L;

  /** A 20 ms UDP flood, then 5 ms of quiet for the last clean. */
  private static Host flood(String soc) {
    Host h = MacHosts.of(new ExampleMac()).host(HostConfig.of("example", soc));
    MacHosts.udpFlood(h, 1000, 0, 20 * MS);
    h.run(25 * MS);
    return h;
  }

  @Test
  void withoutOptionsOneNapiAndATxInterruptPerFrame() {
    Host h = flood("testsoc");
    SortedMap<String, Long> c = h.driver().counters();
    assertThat(c).containsKey("napi_poll").doesNotContainKey("napi_poll_tx");
    assertThat(c.get("tx_irq")).isEqualTo(c.get("tx_clean_desc")).isGreaterThan(1000);
    assertThat(h.dev().tso()).isFalse();
    assertThat(h.skbs().live()).isZero();
  }

  @Test
  void withOptionsTwoNapisTsoAndAPeriodicCleanInsteadOfTxInterrupts() {
    Host h = flood("example-options");
    SortedMap<String, Long> c = h.driver().counters();
    assertThat(c).containsKeys("napi_poll_tx", "napi_poll_rx").doesNotContainKey("napi_poll");
    assertThat(c.get("tx_irq")).isZero();
    assertThat(c.get("tx_clean_desc")).isGreaterThan(1000);
    // one TX poll per millisecond of the flood and its tail, not one per frame
    assertThat(c.get("napi_poll_tx")).isBetween(20L, 30L);
    assertThat(h.dev().tso()).isTrue();
    assertThat(h.skbs().live()).isZero();
  }
}
