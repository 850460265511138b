package io.nicsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.cli.env.CliEnv;
import io.nicsim.cli.testkit.Cli;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A valid ping flood used to fail the model's own check ("echo replies never arrived on a
 * lossless path"): the requests the qdisc dropped were counted as sent, and the replies the
 * NIC dropped with its RX ring full were unaccounted for. Now ping resends a request sendto()
 * refused with ENOBUFS, as iputils does, and the replies the ring dropped are the loss ping
 * reports, said where they went.
 */
class PingFloodTest {
  static final CliEnv STANDARD = CliEnv.standard();

  @Test
  void aFloodRunsAndItsLossIsOnlyTheRepliesTheRingDropped() {
    Cli.Result r = Cli.run(STANDARD, "run", "--mac", "stmmac", "--soc", "cyclone5",
        "--traffic", "ping -c 100000 -i 10us");
    assertThat(r.exit()).as(r.err()).isZero();
    Matcher stats = Pattern.compile("(\\d+) packets transmitted, (\\d+) received, ([0-9.e-]+)%"
        + " packet loss").matcher(r.out());
    assertThat(stats.find()).as(r.out()).isTrue();
    long tx = Long.parseLong(stats.group(1));
    long rx = Long.parseLong(stats.group(2));
    assertThat(tx).isEqualTo(100000);
    Matcher missed = Pattern.compile("\\(nicsim: (\\d+) echo repl(y|ies) dropped by the NIC,"
        + " its RX ring full: rx_missed\\)").matcher(r.out());
    // every lost reply is one the ring dropped (said so when there is one), none on the path
    assertThat(tx - rx).isEqualTo(missed.find() ? Long.parseLong(missed.group(1)) : 0);
    assertThat(stats.group(3)).isEqualTo(io.nicsim.formats.text.ToolFormat.pingLossPct(tx, rx));
    assertThat(r.out()).containsPattern("\\(nicsim: sendto\\(\\) failed with ENOBUFS \\d+"
        + " times, the qdisc full; ping sent each request again after 10.0 ms, as iputils"
        + " does\\)");
  }
}
