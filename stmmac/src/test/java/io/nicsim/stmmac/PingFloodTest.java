package io.nicsim.stmmac;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.formats.text.ToolFormat;
import io.nicsim.runs.RunEngine;
import io.nicsim.runs.RunText;
import io.nicsim.runs.TrafficRunners;
import io.nicsim.runs.host.NicsimHost;
import io.nicsim.runs.options.RunArgs;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A valid ping flood used to fail the model's own check ("echo replies never arrived on a
 * lossless path"): the requests the qdisc dropped were counted as sent, and the replies the
 * NIC dropped with its RX ring full were unaccounted for. Now ping resends a request sendto()
 * refused with ENOBUFS, as iputils does, and the replies the ring dropped are the loss ping
 * reports, said where they went. On cyclone5, whose RX ring a 10 us flood overruns.
 */
class PingFloodTest {
  @Test
  void aFloodRunsAndItsLossIsOnlyTheRepliesTheRingDropped() {
    String out = RunText.format(new RunEngine(NicsimHost.FACTORY, TrafficRunners.standard())
        .run(RunArgs.request(List.of("--mac", "stmmac", "--soc", "cyclone5", "--traffic",
            "ping -c 100000 -i 10us"))));
    Matcher stats = Pattern.compile("(\\d+) packets transmitted, (\\d+) received, ([0-9.e-]+)%"
        + " packet loss").matcher(out);
    assertThat(stats.find()).as(out).isTrue();
    long tx = Long.parseLong(stats.group(1));
    long rx = Long.parseLong(stats.group(2));
    assertThat(tx).isEqualTo(100000);
    Matcher missed = Pattern.compile("\\(nicsim: (\\d+) echo repl(y|ies) dropped by the NIC,"
        + " its RX ring full: rx_missed\\)").matcher(out);
    // every lost reply is one the ring dropped (said so when there is one), none on the path
    assertThat(tx - rx).isEqualTo(missed.find() ? Long.parseLong(missed.group(1)) : 0);
    assertThat(stats.group(3)).isEqualTo(ToolFormat.pingLossPct(tx, rx));
    assertThat(out).containsPattern("\\(nicsim: sendto\\(\\) failed with ENOBUFS \\d+"
        + " times, the qdisc full; ping sent each request again after 10.0 ms, as iputils"
        + " does\\)");
  }
}
