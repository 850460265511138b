package io.nicsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nicsim.cli.env.CliEnv;
import io.nicsim.cli.testkit.Cli;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Figures the READMEs quote in their prose, checked against what this build prints (once
 * the READMEs quoted "511 of 659" and "291 vs 207" long after the model had moved on). Each
 * claim is the sentence fragment as the README must read it, formatted from the build's own
 * {@code nicsim reproduce --json} rows with the README's rounding; when the model changes,
 * the failure says what the README should now say. (ReadmeCommandsTest checks that the
 * READMEs' commands run; this checks what they say those commands print.)
 */
class ReadmeFiguresTest {
  static final Path SCENARIOS_README = Path.of("..", "scenarios", "README.md");

  /** Simulated figures by "scenario/case/metric". */
  static final Map<String, Double> SIM = new HashMap<>();

  @BeforeAll
  static void reproduce() throws Exception {
    Cli.Result r = Cli.run(CliEnv.standard(), "reproduce", "stmmac-napi-arm",
        "stmmac-xmit-more", "dim-what-if", "--json");
    assertThat(r.exit()).as(r.err()).isZero();
    for (JsonNode s : new ObjectMapper().readTree(r.out()).get("scenarios")) {
      for (JsonNode row : s.get("rows")) {
        if (row.get("simulated").isNumber()) {
          SIM.put(s.get("name").asText() + "/" + row.get("case").asText() + "/"
              + row.get("metric").asText(), row.get("simulated").asDouble());
        }
      }
    }
  }

  static double sim(String key) {
    Double v = SIM.get(key);
    assertThat(v).as("no row " + key + " in " + SIM.keySet()).isNotNull();
    return v;
  }

  /** An integer as the READMEs spell it: a thin space every three digits (2 758). */
  static String n(double v) {
    return String.format(Locale.ROOT, "%,d", Math.round(v)).replace(',', ' ');
  }

  static String pct(double v) {
    return Long.toString(Math.round(v));
  }

  static String signed(double v) {
    long r = Math.round(v);
    return (r >= 0 ? "+" : "−") + Math.abs(r);
  }

  static String f(String format, double v) {
    return String.format(Locale.ROOT, format, v);
  }

  static void readmeSays(Path readme, List<String> fragments) throws Exception {
    String text = Files.readString(readme, StandardCharsets.UTF_8).replaceAll("\\s*\\n\\s*", " ");
    for (String f : fragments) {
      assertThat(text).as(readme + " should say, from this build's output").contains(f);
    }
  }

  /** scenarios/README.md on stmmac-napi-arm (seed 001): the ipq806x regression and v6.7. */
  @Test
  void napiArmFigures() throws Exception {
    String s = "stmmac-napi-arm/";
    double lost = sim(s + "40 ms -> 1 ms/tcp_mbps_lost");
    double regained = sim(s + "1 ms -> v6.7/tcp_mbps_regained");
    readmeSays(SCENARIOS_README, List.of(
        "(hrtimer work " + pct(sim(s + "1 ms v6.6 hrtimer/hrtimer_cpu_pct")) + "% of both cores)",
        "about " + pct(10 * Math.round(10 * regained / lost)) + "% of the loss (" + n(regained)
            + " of " + n(lost) + " Mbit/s)",
        "(hrtimer work still " + pct(sim(s + "v6.7 series/hrtimer_cpu_pct")) + "%)"));
  }

  /** scenarios/README.md on stmmac-xmit-more (seed 003): misses and the reviewers' question. */
  @Test
  void xmitMoreFigures() throws Exception {
    String s = "stmmac-xmit-more/";
    double bbrBefore = sim(s + "BBR before/tcp_mbps");
    double cubicBefore = sim(s + "CUBIC before/tcp_mbps");
    double nicIrq = sim(s + "BBR after/nic_irq_per_s");
    double txIrq = sim(s + "BBR after/tx_irq_per_s");
    readmeSays(SCENARIOS_README, List.of(
        "*BBR before* " + signed(100 * (bbrBefore / 5.24 - 1)) + "% (" + f("%.1f", bbrBefore)
            + " vs 5.24) and its estimate " + signed(100 * (sim(s + "BBR before/bbr_bw_mbps")
            / 6.0 - 1)) + "%",
        "*CUBIC before* " + signed(100 * (cubicBefore / 207 - 1)) + "% (" + n(cubicBefore)
            + " vs 207)",
        "*NIC IRQs* " + signed(100 * (nicIrq / 3300 - 1)) + "% / *packets per IRQ* "
            + signed(100 * (sim(s + "BBR after/pkts_per_nic_irq") / 12 - 1)) + "%: "
            + n(nicIrq - txIrq) + " of the " + n(nicIrq) + " are RX interrupts",
        n(txIrq) + " TX IRQs/s with the patch against " + n(sim(s + "BBR tx-frames 1/tx_irq_per_s"))
            + " with tx-frames 1 (CPU " + f("%.2f", sim(s + "BBR after/cpu_pct")) + "% vs "
            + f("%.2f", sim(s + "BBR tx-frames 1/cpu_pct")) + "%)",
        "CUBIC gains too (" + n(cubicBefore) + " → " + n(sim(s + "CUBIC after/tcp_mbps")) + ")"));
  }

  /** scenarios/README.md on dim-what-if: what the model answers. */
  @Test
  void dimWhatIfFigures() throws Exception {
    String s = "dim-what-if/";
    readmeSays(SCENARIOS_README, List.of(
        "fec's ping falls from " + f("%.2f", sim(s + "fec static/ping_rtt_ms")) + " ms to "
            + f("%.2f", sim(s + "fec DIM/ping_rtt_ms")) + " ms",
        "(" + Math.round(sim(s + "fec DIM/rx_irq_per_s")) + " RX IRQ/s, against "
            + Math.round(sim(s + "fec static/rx_irq_per_s")) + " with the static 1000 µs)",
        n(1000 * Math.round(sim(s + "genet DIM/rx_irq_per_s") / 1000)) + " IRQ/s as without it",
        "BBR " + f("%.1f", sim(s + "BBR static/tcp_mbps")) + " → " + n(sim(s
            + "BBR DIM-tx/tcp_mbps")) + " Mbit/s (seed 003's starvation avoided), CUBIC "
            + n(sim(s + "CUBIC static/tcp_mbps")) + " → " + n(sim(s + "CUBIC DIM-tx/tcp_mbps"))
            + " Mbit/s, at ~" + 100 * Math.round(sim(s + "CUBIC DIM-tx/nic_irq_per_s") / 100)
            + " NIC IRQ/s"));
  }
}
