package io.nicsim.cli.testkit;

import io.nicsim.runs.RunRequest;
import io.nicsim.runs.RunResult;
import io.nicsim.runs.traffic.TrafficParser;
import io.nicsim.scenarios.ReproContext;
import io.nicsim.scenarios.Role;
import io.nicsim.scenarios.Row;
import io.nicsim.scenarios.Scenario;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A scenario on the example MAC for the framework's tests: a 64-byte UDP flood at two payload
 * sizes and a ping. Its "published" figures are made up for the test (one calibration, one
 * prediction); the rest are extras.
 */
public final class DemoScenario implements Scenario {
  public static final double PUBLISHED_PPS = 100_000;
  public static final double PUBLISHED_RTT_MS = 0.05;

  @Override
  public String name() {
    return "demo-example";
  }

  @Override
  public String title() {
    return "UDP flood and ping on core's example MAC (test fixture, figures made up)";
  }

  @Override
  public List<String> seeds() {
    return List.of("demo_0000000000000000.txt");
  }

  @Override
  public LinkedHashMap<String, String> assumptions() {
    LinkedHashMap<String, String> a = new LinkedHashMap<>();
    a.put("soc", "testsoc: core's test profile, numbers arbitrary");
    a.put("published", "made up for the test");
    return a;
  }

  @Override
  public List<Row> run(ReproContext ctx) {
    List<RunRequest> reqs = new ArrayList<>();
    int[] lens = {64, 256};
    for (int len : lens) {
      reqs.add(RunRequest.of("example", "testsoc",
          TrafficParser.parse("iperf3 -u -b 0 -l " + len + " -t 0.02")).withSeed(ctx.seed())
          .withTimeline(len == 64 ? 2_000_000 : 0));
    }
    reqs.add(RunRequest.of("example", "testsoc", TrafficParser.parse("ping -c 5 -i 0.002"))
        .withSeed(ctx.seed()));
    List<RunResult> res = ctx.runAll(reqs);
    List<Row> rows = new ArrayList<>();
    rows.add(new Row("testsoc 64B", "testsoc", "v6.18", List.of(), Map.of(), "pps", "pkt/s",
        PUBLISHED_PPS, res.get(0).metric("pps"), Role.CALIBRATION));
    rows.add(new Row("testsoc 64B", "testsoc", "v6.18", List.of(), Map.of(), "cpu_pct", "%",
        null, res.get(0).metric("cpu_pct"), Role.EXTRA));
    rows.add(new Row("testsoc 256B", "testsoc", "v6.18", List.of(), Map.of(), "pps", "pkt/s",
        null, res.get(1).metric("pps"), Role.EXTRA));
    rows.add(new Row("testsoc ping", "testsoc", "v6.18", List.of(), Map.of(), "ping_rtt_ms",
        "ms", PUBLISHED_RTT_MS, res.get(2).metric("ping_rtt_ms"), Role.PREDICTION));
    Map<String, double[][]> series = new LinkedHashMap<>();
    series.put("udp", new double[][] {{64, res.get(0).metric("pps")},
        {256, res.get(1).metric("pps")}});
    ctx.plotKnob("pps vs payload", "payload (bytes)", "pps", series);
    ctx.plotTimeline("first 0.2 ms of the flood", res.get(0).timeline(), 0, 200_000);
    return rows;
  }
}
