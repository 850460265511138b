package io.nicsim.bench.portsc;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nicsim.bench.env.BenchEnv;
import io.nicsim.bench.testkit.Cli;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A seed's patch from its mail's text alone: seed 000 (the stmmac TX timer's hrtimer_active
 * check, as the list's web view shows the mail: blanks lost, addresses with a bullet, the patch
 * twice, a blank context line dropped) applied to Debian's 6.12 tree runs as the patched C, and
 * gives exactly the figures of the Java what-if nicsim's authors ported ({@code +hrtimer-active})
 * on the same release: every summary metric of the after side, on Cyclone V and on Agilex5; the
 * before side is the release's own Java run.
 */
class SeedPatchesTest {
  private static final BenchEnv ENV = BenchEnv.standard();
  private static final String FLOOD = "iperf3 -u -b 0 -l 64 -t 1";

  private static JsonNode json(String... args) throws Exception {
    Cli.Result r = Cli.run(ENV, args);
    assertThat(r.exit()).as(r.err()).isZero();
    return new ObjectMapper().readTree(r.out());
  }

  @ParameterizedTest
  @ValueSource(strings = {"cyclone5", "agilex5"})
  void seed000OnA612TreeIsTheHrtimerActiveWhatIf(String soc) throws Exception {
    Path tree = SeedFiles.tarball("6.12");
    Path seed = SeedFiles.seed("000_e259f3fef5275bf2.txt");
    JsonNode patch = json("patch", seed.toString(), "--kernel-tree", tree.toString(), "--mac",
        "stmmac", "--soc", soc, "--traffic", FLOOD, "--json");
    String release = patch.at("/patch/release").asText();
    assertThat(patch.at("/patch/touched/0/function").asText()).isEqualTo("stmmac_tx_timer_arm");
    assertThat(patch.at("/patch/touched/0/runs_as_c").asBoolean()).isTrue();
    JsonNode after = patch.at("/points/0/after/metrics");
    JsonNode before = patch.at("/points/0/before/metrics");
    assertThat(after.get("c.stmmac_tx_timer_arm").asLong()).isPositive();
    JsonNode whatIf = json("run", "--mac", "stmmac", "--soc", soc, "--kernel", "v" + release,
        "--patch", "+hrtimer-active", "--traffic", FLOOD, "--json").get("summary");
    JsonNode plain = json("run", "--mac", "stmmac", "--soc", soc, "--kernel", "v" + release,
        "--traffic", FLOOD, "--json").get("summary");
    for (Iterator<Map.Entry<String, JsonNode>> it = whatIf.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      assertThat(after.get(e.getKey()).asDouble()).as("after " + e.getKey())
          .isEqualTo(e.getValue().asDouble());
      assertThat(before.get(e.getKey()).asDouble()).as("before " + e.getKey())
          .isEqualTo(plain.get(e.getKey()).asDouble());
    }
    // what the thread reported: hrtimer_start no longer once per packet, more packets
    assertThat(after.get("hrtimer_start_per_s").asDouble())
        .isLessThan(before.get("hrtimer_start_per_s").asDouble() / 100);
    assertThat(after.get("pps").asDouble()).isGreaterThan(before.get("pps").asDouble() * 1.05);
  }
}
