package io.nicsim.scenarios.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nicsim.runs.RunEnv;
import io.nicsim.runs.RunRequest;
import io.nicsim.runs.RunResult;
import io.nicsim.runs.options.RunArgs;
import io.nicsim.studies.plan.Point;
import io.nicsim.studies.plan.PointEngine;
import io.nicsim.studies.plan.PointEngines;
import io.nicsim.studies.plan.PointResult;
import io.nicsim.studies.plan.Progress;
import io.nicsim.studies.uncertainty.RunBands;
import io.nicsim.studies.uncertainty.RunSampleTask;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The CUBIC knife-edge: CUBIC over rk3588-yt6801 with a 5 ms timer-only TX completion and a
 * 23 ms path. Whether slow start leaves TSQ room for a third skb below TCP depends on a few
 * bytes of pacing rate, so RTT within its measured ±5% gives about 200 or about 300 Mbit/s. A
 * point estimate cannot show that; the band says bistable and gives each state's share. The
 * study is {@code nicsim run … --uncertainty 12}'s: twelve Latin-hypercube samples of the run,
 * banded by studies' RunBands.
 */
class CubicKnifeEdgeTest {

  @Test
  void theRttRangeSplitsTheGoodputIntoTwoStates() throws Exception {
    List<String> args = List.of("--mac", "stmmac", "--soc", "rk3588-yt6801", "--kernel",
        "v6.18", "--patch", "+hrtimer-active", "-C", "tx-usecs 5000 tx-frames 0", "--traffic",
        "iperf3 -C cubic -t 3", "--path", "rtt=23ms,rate=1gbit");
    int samples = 12;
    RunEnv env = RunEnv.standard();
    RunRequest req = RunArgs.request(args);
    RunResult r = env.engine().run(req);
    List<Point> points = new ArrayList<>();
    for (int i = 0; i < samples; i++) {
      points.add(RunSampleTask.point(i, args));
    }
    List<PointResult> res;
    try (PointEngine pe = PointEngines.open(null, null, env.threads())) {
      res = pe.runAll(points, new RunSampleTask(env, req.seed(), samples, RunArgs::request),
          Progress.NONE);
    }
    assertThat(RunBands.firstFailed(res)).as("a failed sample").isNegative();
    JsonNode u = new ObjectMapper().readTree(RunBands.json(r, RunBands.of(res)))
        .get("uncertainty");
    JsonNode mbps = u.get("tcp_mbps");
    assertThat(mbps.has("bistable")).as(mbps.toString()).isTrue();
    JsonNode lowState = mbps.get("bistable").get(0);
    JsonNode highState = mbps.get("bistable").get(1);
    assertThat(lowState.get("low").asDouble()).isBetween(180.0, 220.0);
    assertThat(lowState.get("high").asDouble()).isBetween(180.0, 220.0);
    assertThat(highState.get("low").asDouble()).isBetween(280.0, 320.0);
    assertThat(lowState.get("share").asDouble() + highState.get("share").asDouble())
        .isEqualTo(1.0);
    // the skbs TSQ admits below TCP: two in one state, three in the other
    JsonNode skbs = u.get("skbs_below_tcp").get("bistable");
    assertThat(skbs.get(0).get("high").asDouble()).isLessThan(2.1);
    assertThat(skbs.get(1).get("low").asDouble()).isGreaterThan(2.8);
  }
}
