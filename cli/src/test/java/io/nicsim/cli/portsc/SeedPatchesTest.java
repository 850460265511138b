package io.nicsim.cli.portsc;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nicsim.cli.env.CliEnv;
import io.nicsim.cli.testkit.Cli;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A seed's patch from its mail's text alone. Seed 000 (the stmmac TX timer's hrtimer_active
 * check, as the list's web view shows the mail: blanks lost, addresses with a bullet, the patch
 * twice, a blank context line dropped) applied to Debian's 6.12 tree runs as the patched C, and
 * gives exactly the figures of the Java what-if nicsim's authors ported ({@code +hrtimer-active})
 * on the same release: every summary metric of the after side, on Cyclone V (GMAC) and Agilex5
 * (XGMAC); the before side is the release's own Java run. Where the host never transmits (a
 * receive flood) the report says the patched C was never called. Seed 003 (the IC bit at the end of an xmit burst,
 * in stmmac_xmit and stmmac_tso_xmit) applied to the 6.18.19 tree, which lacks it, runs both
 * functions as the patched C and gives the {@code +burst-end-ic} what-if's BBR upload and
 * interrupt figures on the seed's path; 6.12.118 carries it already and is told so.
 */
class SeedPatchesTest {
  private static final CliEnv ENV = CliEnv.standard();
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
    // the patched stmmac_tx_timer_arm runs inside stmmac_xmit's C, which the flood calls
    assertThat(after.get("c.stmmac_xmit").asLong()).isPositive();
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

  @org.junit.jupiter.api.Test
  void seed000OnAReceiveFloodSaysThePatchedCWasNeverCalled() throws Exception {
    // the host only receives: stmmac_xmit (and the patched timer arm inside it) never runs, so
    // the report must say the after side's figures are not the patch's effect
    Path tree = SeedFiles.tarball("6.12");
    Path seed = SeedFiles.seed("000_e259f3fef5275bf2.txt");
    JsonNode patch = json("patch", seed.toString(), "--kernel-tree", tree.toString(), "--mac",
        "stmmac", "--soc", "cyclone5", "--traffic", "iperf3 -u -b 400M -l 1400 -R -t 1",
        "--duration", "50ms", "--json");
    assertThat(patch.at("/points/0/patched_c_not_called/0").asText())
        .isEqualTo("stmmac_tx_timer_arm");
  }

  private static final String PATH = "rtt=23ms,rate=475mbit~5%,buffer=2bdp";
  private static final String BBR = "iperf3 -C bbr -O 1 -t 2";

  @org.junit.jupiter.api.Test
  void seed003OnA618TreeIsTheBurstEndIcWhatIf() throws Exception {
    // the scenario's era (v6.18, whose 5 ms TX coalesce timer starves BBR); 6.18.19 lacks the
    // patch
    Path tree = SeedFiles.directory("/work/trees/linux-6.18.19");
    Path seed = SeedFiles.seed("003_55d7a8cd0e725948.txt");
    JsonNode patch = json("patch", seed.toString(), "--kernel-tree", tree.toString(), "--mac",
        "stmmac", "--soc", "rk3588-yt6801", "--traffic", BBR, "--path", PATH, "--json");
    String release = patch.at("/patch/release").asText();
    assertThat(patch.at("/patch/touched")).extracting(t -> t.get("function").asText()
        + " " + t.get("runs_as_c").asBoolean())
        .containsExactlyInAnyOrder("stmmac_tso_xmit true", "stmmac_xmit true");
    JsonNode after = patch.at("/points/0/after/metrics");
    JsonNode before = patch.at("/points/0/before/metrics");
    assertThat(after.get("c.stmmac_xmit").asLong()).isPositive();
    JsonNode whatIf = json("run", "--mac", "stmmac", "--soc", "rk3588-yt6801", "--kernel",
        "v" + release, "--patch", "+burst-end-ic", "--traffic", BBR, "--path", PATH, "--json")
        .get("summary");
    for (Iterator<Map.Entry<String, JsonNode>> it = whatIf.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      assertThat(after.get(e.getKey()).asDouble()).as("after " + e.getKey())
          .isEqualTo(e.getValue().asDouble());
    }
    // the thread's figures: BBR starved at a few Mbit/s before, at the path's rate after
    assertThat(before.get("tcp_mbps").asDouble()).isLessThan(20);
    assertThat(after.get("tcp_mbps").asDouble()).isGreaterThan(400);
  }

  @org.junit.jupiter.api.Test
  void seed003OnThe612TreeIsAlreadyThere() {
    Path tree = SeedFiles.tarball("6.12");
    Path seed = SeedFiles.seed("003_55d7a8cd0e725948.txt");
    Cli.Result r = Cli.run(ENV, "patch", seed.toString(), "--kernel-tree", tree.toString(),
        "--mac", "stmmac", "--soc", "rk3588-yt6801", "--traffic", BBR, "--path", PATH);
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).matches("nicsim patch: 003_55d7a8cd0e725948.txt: drivers/net/ethernet/"
        + "stmicro/stmmac/stmmac_main.c hunk 1 \\(.*\\) is already in the tree \\(its result"
        + " is there at line \\d+\\): the tree carries this change\n");
  }
}
