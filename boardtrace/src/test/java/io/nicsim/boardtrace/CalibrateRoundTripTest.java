package io.nicsim.boardtrace;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nicsim.core.soc.Quantity;
import io.nicsim.core.soc.SocProfile;
import io.nicsim.formats.trace.TraceFormat;
import io.nicsim.core.soc.UncertaintyClass;
import io.nicsim.runs.RunResult;
import io.nicsim.runs.RunText;
import io.nicsim.runs.options.RunArgs;
import io.nicsim.studies.plan.LocalEngine;
import io.nicsim.studies.plan.Point;
import io.nicsim.studies.plan.PointEngine;
import io.nicsim.studies.plan.PointResult;
import io.nicsim.studies.plan.Progress;
import io.nicsim.studies.uncertainty.Band;
import io.nicsim.studies.uncertainty.RunBands;
import io.nicsim.studies.uncertainty.RunSampleTask;
import java.util.ArrayList;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code nicsim trace calibrate} on a trace of cyclone5 whose costs were scaled by known
 * factors recovers each of them within ±10%, writes a profile of measured numbers that loads
 * and runs every traffic kind, and says which costs the trace could not see. The factors are
 * per group of costs that share one span and one work count (one fitted coefficient), the
 * resolution a trace gives: the trace times a driver's ndo_start_xmit as a whole, not its
 * descriptor writes apart from its doorbell. The profile's measured numbers narrow
 * {@code reproduce --uncertainty}'s bands, each drawn over its own range.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CalibrateRoundTripTest {
  /** Groups of cyclone5's costs, the factor each was scaled by. */
  static final Map<Double, List<String>> GROUPS = new LinkedHashMap<>();

  static {
    // the application's write(2) down to the qdisc (the span's own time)
    GROUPS.put(1.20, List.of("udp_sendmsg", "dev_queue_xmit", "qdisc_enqueue",
        "dev_hard_start_xmit"));
    // stmmac_xmit between net_dev_start_xmit and net_dev_xmit
    GROUPS.put(0.80, List.of("stmmac_xmit", "stmmac_xmit_desc", "stmmac_doorbell", "bql_sent",
        "hrtimer_start", "hrtimer_reprogram", "hrtimer_cancel", "hrtimer_active"));
    // the TX interrupt's handler
    GROUPS.put(1.50, List.of("stmmac_dma_isr", "napi_schedule"));
    // NET_RX per call: the poll's fixed part, the interrupt re-enable
    GROUPS.put(0.70, List.of("napi_poll", "napi_complete", "bql_completed", "stmmac_irq_mask"));
    // NET_RX per freed skb: the TX clean
    GROUPS.put(1.30, List.of("stmmac_tx_clean_desc", "skb_free", "try_to_wake_up"));
    // the tick's callback
    GROUPS.put(1.40, List.of("sched_tick"));
    // hrtimer_interrupt around its callbacks
    GROUPS.put(0.90, List.of("hrtimer_expire"));
  }

  static final List<String> CONFIG = List.of("--mac", "stmmac", "--kernel", "v6.7",
      "--patch", "+hrtimer-active", "--traffic", "iperf3 -u -b 8M -l 64 -t 1");

  @TempDir static Path dir;
  Map<String, Double> perturbed = new TreeMap<>();
  JsonNode result;
  Path profile;

  /**
   * cyclone5 with each of {@link #GROUPS}' costs scaled by its group's factor, written to
   * {@code dir}/perturbed.yaml; each scaled cost goes into {@code perturbed}.
   */
  static Path perturbedProfile(Path dir, Map<String, Double> perturbed) throws Exception {
    SocProfile base = SocProfile.load("cyclone5");
    StringBuilder y = new StringBuilder("name: perturbed\ninherits: cyclone5\ncosts:\n");
    GROUPS.forEach((f, ops) -> {
      for (String op : ops) {
        double v = Math.rint(base.costs().get(op).value() * f);
        perturbed.put(op, v);
        y.append(String.format(Locale.ROOT, "  %s: {value: %d, source: \"cyclone5 x%.2f"
            + " (round trip)\", class: exact}%n", op, (long) v, f));
      }
    });
    Path p = dir.resolve("perturbed.yaml");
    Files.writeString(p, y);
    return p;
  }

  @BeforeAll
  void calibrate() throws Exception {
    Path p = perturbedProfile(dir, perturbed);
    Path trace = dir.resolve("board.txt");
    Traces.model(trace, TraceFormat.FTRACE_NS, Traces.concat(List.of("--soc-file",
        p.toString()), CONFIG));
    profile = dir.resolve("myboard.yaml");
    Traces.Result c = Traces.trace(Traces.concat(List.of("calibrate", "--trace",
        trace.toString(), "--soc", "cyclone5", "--out", profile.toString(), "--json"), CONFIG));
    assertThat(c.err()).isEmpty();
    result = new ObjectMapper().readTree(c.out());
  }

  @Test
  void recoversEveryScaledCostWithinTenPercent() {
    Map<String, Long> measured = new TreeMap<>();
    for (JsonNode m : result.get("measured")) {
      measured.put(m.get("op").asText(), m.get("value_ns").asLong());
    }
    assertThat(measured.keySet()).containsAll(perturbed.keySet());
    perturbed.forEach((op, want) -> assertThat((double) measured.get(op)).as(op)
        .isBetween(0.9 * want, 1.1 * want));
  }

  @Test
  void everyFittedCoefficientOfTheCalibratedModelMatchesTheBoards() {
    int n = 0;
    for (JsonNode c : result.get("coefficients")) {
      if (c.get("relative_se").isNull() || c.get("relative_se").asDouble() > 0.15) {
        continue; // not pinned down by the trace: moves no cost
      }
      assertThat(c.get("ratio").asDouble()).as(c.get("fit").asText() + " "
          + c.get("per").asText()).isBetween(0.95, 1.05);
      n++;
    }
    assertThat(n).isGreaterThanOrEqualTo(7);
  }

  @Test
  void theProfileIsMeasuredInheritsBaseAndSaysWhatItCouldNotSee() throws Exception {
    SocProfile p = SocProfile.loadFile(profile);
    for (String op : perturbed.keySet()) {
      Quantity q = p.costs().get(op);
      assertThat(q.uncertainty()).as(op).isEqualTo(UncertaintyClass.MEASURED);
      assertThat(q.source()).as(op).startsWith("measured: trace board.txt sha256:")
          .contains("Huber IRLS").contains("range: ");
      assertThat(q.range()).as(op).isBetween(0.01, 0.5);
    }
    // what the trace cannot time keeps cyclone5's number, inherited, and is listed
    Quantity irqEntry = p.costs().get("irq_entry");
    assertThat(irqEntry.value()).isEqualTo(SocProfile.load("cyclone5").costs().get("irq_entry")
        .value());
    assertThat(irqEntry.uncertainty()).isEqualTo(UncertaintyClass.ESTIMATE);
    String yaml = Files.readString(profile);
    assertThat(yaml).contains("inherits: cyclone5").containsPattern("#   irq_entry = 1800 ns: ");
    assertThat(result.get("kept").toString()).contains("\"op\":\"irq_entry\"");
  }

  @Test
  void theProfileRunsEveryTrafficKind() {
    for (String t : List.of("iperf3 -u -b 0 -l 64 -t 0.2", "ping -c 3 -i 0.05",
        "iperf3 -t 0.2", "iperf3 -R -t 0.2", "iperf3 -u -R -b 100M -t 0.2")) {
      // UDP into the host takes no --path (the peer's datagrams go straight onto the link)
      List<String> path = t.startsWith("iperf3 -u -R") ? List.of()
          : List.of("--path", "rtt=2ms,rate=1gbit");
      RunResult r = Traces.ENV.engine().run(RunArgs.request(Traces.concat(List.of("--mac",
          "stmmac", "--soc-file", profile.toString(), "--traffic", t), path)));
      assertThat(RunText.format(r)).as(t).containsPattern(t.startsWith("ping")
          ? "3 packets transmitted, 3 received" : "receiver");
    }
  }

  /**
   * The CPU-bound flood's pps on {@code soc} (its run arguments: {@code --soc cyclone5} or
   * {@code --soc-file PROFILE}) under 16 samples of studies' Latin hypercube, as {@code nicsim
   * run --uncertainty 16} draws them: {simulated, low, high}.
   */
  static double[] floodBand(List<String> soc) {
    List<String> args = Traces.concat(List.of("--mac", "stmmac", "--kernel", "v6.7",
        "--traffic", "iperf3 -u -b 0 -l 64 -t 0.2"), soc);
    double simulated = Traces.ENV.engine().run(RunArgs.request(args)).summary().get("pps");
    List<Point> points = new ArrayList<>();
    for (int i = 0; i < 16; i++) {
      points.add(RunSampleTask.point(i, args));
    }
    List<PointResult> res;
    try (PointEngine pe = new LocalEngine(2)) {
      res = pe.runAll(points, new RunSampleTask(Traces.ENV, 1, 16, RunArgs::request),
          Progress.NONE);
    }
    Band b = RunBands.of(res).get("pps");
    assertThat(b.samples()).isEqualTo(16);
    return new double[] {simulated, b.low(), b.high()};
  }

  /** The band's width over the point value. */
  static double relativeWidth(double[] band) {
    return (band[2] - band[1]) / band[0];
  }

  @Test
  void theMeasuredProfileNarrowsTheBandAndItsRangesAreDrawnAsTheyStand() throws Exception {
    double[] baseBand = floodBand(List.of("--soc", "cyclone5"));
    double[] boardBand = floodBand(List.of("--soc-file", profile.toString()));
    double base = relativeWidth(baseBand);
    double board = relativeWidth(boardBand);
    // cyclone5's flood rests on +-30% estimates sharing one speed draw; the calibrated
    // profile's costs on the trace's few per cent (the rest of its costs are still estimates)
    assertThat(base).isGreaterThan(0.05);
    assertThat(board).isPositive().isLessThan(base / 3);

    // the same profile with every measured range at 10%: drawn as stated, not at the class's
    // default (5%), so its band is several times wider, and still a measured band
    String yaml = Files.readString(profile);
    String wide = yaml.replaceAll("class: measured, range: [0-9.]+%", "class: measured,"
        + " range: 10%");
    assertThat(wide).isNotEqualTo(yaml);
    for (String r : yaml.split("class: measured, range: ")) {
      if (Character.isDigit(r.charAt(0))) {
        assertThat(Double.parseDouble(r.substring(0, r.indexOf('%')))).isLessThan(5);
      }
    }
    Path wideProfile = dir.resolve("wide.yaml");
    Files.writeString(wideProfile, wide.replace("name: myboard", "name: wide"));
    double[] wideBand = floodBand(List.of("--soc-file", wideProfile.toString()));
    assertThat(floodBand(List.of("--soc", "cyclone5"))).isEqualTo(baseBand); // drawn the same
    assertThat(relativeWidth(wideBand)).isGreaterThan(3 * board);
    assertThat(wideBand[0]).isEqualTo(boardBand[0]);
  }
}
