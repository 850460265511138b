package io.nicsim.fec;

import static io.nicsim.hostkit.MacHosts.MS;
import static io.nicsim.hostkit.MacHosts.SEC;
import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.apps.Ping;
import io.nicsim.core.host.Host;
import io.nicsim.hostkit.MacHosts;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every shipped SoC builds a host and answers pings; coalescing SoCs wait for an ITR event. */
class FecSocPingTest {
  private static final MacHosts HOSTS = MacHosts.classPath();

  @ParameterizedTest
  @ValueSource(strings = {"imx8qxp", "imx8mq", "imx8mp", "imx6q", "imx6sx", "imx6ul"})
  void pingWaitsForTheEarlierOfTheTwoTimersOnlyWhereTheSocCoalesces(String soc) {
    Host h = HOSTS.host("fec", soc, null, null);
    Ping ping = MacHosts.ping(h, 2, MacHosts.SEC, 10 * MS);
    h.run(2 * SEC + 10 * MS);
    assertThat(ping.received()).isEqualTo(2);
    FecDriver d = (FecDriver) h.driver();
    long rtt = ping.rtts().get(1);
    long ahb = h.soc().clockHz("ahb");
    long ictt = EnetCoalescer.ticksToNs(d.coalesceRegisters().get("RXIC0").intValue() & 0xffff,
        ahb);
    if (d.fep().devInfo().has(FecQuirk.HAS_COALESCE)) {
      // the reply waits for the TX timer started when the request left (same 1000 us)
      assertThat(rtt).isGreaterThan(ictt);
      assertThat(d.enet().lastRaisedNs(FecRegisters.FEC_ENET_TXF_0))
          .isEqualTo(d.enet().txCoalescer(0).windowStartNs() + ictt);
    } else {
      assertThat(d.coalesceRegisters().get("RXIC0")).isZero();
      assertThat(rtt).isLessThan(200_000L);
    }
    assertThat(h.skbs().live()).isZero();
  }
}
