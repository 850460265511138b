package io.nicsim.scenarios.seeds;

import io.nicsim.runs.RunRequest;
import io.nicsim.runs.RunResult;
import io.nicsim.runs.options.NapiArgs;
import io.nicsim.runs.traffic.TrafficParser;
import io.nicsim.scenarios.ReproContext;
import io.nicsim.scenarios.Role;
import io.nicsim.scenarios.Row;
import io.nicsim.scenarios.Scenario;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * What ravb's probe defaults do on each SoC: the GbEth parts (RZ/G2L, two A55; RZ/G2UL, one
 * A55) get software IRQ coalescing from v6.11 (7b39c1814ce3) and, with one CPU present,
 * threaded NAPI (65c482bc226a); R-Car Gen3 (E3) gets neither. For UDP and TCP, receive and
 * transmit: v6.10 (before the series), v6.18 as shipped, v6.18 with software coalescing
 * written back to 0 in sysfs, and v6.18 with threaded NAPI flipped. Extra rows only (no
 * published figures: the series' cover letter gives the boards' "before" CPU loads, which
 * the cost estimates were not fitted to). Run by name: {@code nicsim reproduce
 * ravb-software-coalescing}.
 */
public final class RavbSoftwareCoalescing implements Scenario {
  static final List<String> SOCS = List.of("rzg2l", "rzg2ul", "r8a77990");
  static final List<String> TRAFFIC = List.of(
      "iperf3 -u -b 0 -l 1400 -R -t 0.2",
      "iperf3 -u -b 0 -l 1400 -t 0.2",
      "iperf3 -R -t 0.2",
      "iperf3 -t 0.2");
  static final String SW_OFF = "napi_defer_hard_irqs=0 gro_flush_timeout=0";

  @Override
  public String name() {
    return "ravb-software-coalescing";
  }

  @Override
  public String title() {
    return "ravb: the probe's software IRQ coalescing and threaded NAPI per SoC, UDP and TCP,"
        + " receive and transmit";
  }

  @Override
  public List<String> seeds() {
    return List.of();
  }

  @Override
  public boolean byNameOnly() {
    return true;
  }

  @Override
  public LinkedHashMap<String, String> assumptions() {
    LinkedHashMap<String, String> a = new LinkedHashMap<>();
    a.put("socs", "rzg2l (2 x A55 @ 1.2 GHz, GbEth), rzg2ul (1 x A55 @ 1.0 GHz, GbEth),"
        + " r8a77990 (R-Car E3, 2 x A53 @ 1.2 GHz, EtherAVB); every cost an estimate");
    a.put("cases", "v6.10: before the GbEth series (no defaults, napi_complete and unmask);"
        + " v6.18: as shipped (GbEth: gro_flush_timeout 20 us, defer 1, threaded on one CPU);"
        + " sw off: v6.18 with --sysfs '" + SW_OFF + "'; threaded flip: v6.18 with --sysfs"
        + " threaded=0 where probe turned it on (rzg2ul), threaded=1 elsewhere");
    a.put("traffic", String.join("; ", TRAFFIC) + " (UDP and TCP, receive -R and transmit)");
    a.put("metrics", "goodput (udp_mbps or tcp_mbps), NIC interrupts per second, CPU % by"
        + " context (hardirq, softirq, task) of all cores");
    return a;
  }

  private record Case(String label, RunRequest req) {}

  @Override
  public List<Row> run(ReproContext ctx) {
    List<Case> cases = new ArrayList<>();
    for (String soc : SOCS) {
      for (String t : TRAFFIC) {
        String k = (t.contains("-u") ? "udp" : "tcp") + (t.contains("-R") ? " rx" : " tx");
        RunRequest v618 = RunRequest.of("ravb", soc, TrafficParser.parse(t)).withKernel("v6.18")
            .withSeed(ctx.seed());
        String p = soc + " " + k + " ";
        cases.add(new Case(p + "v6.10", v618.withKernel("v6.10")));
        cases.add(new Case(p + "v6.18", v618));
        cases.add(new Case(p + "sw off", sysfs(v618, SW_OFF)));
        cases.add(new Case(p + "threaded flip",
            sysfs(v618, soc.equals("rzg2ul") ? "threaded=0" : "threaded=1")));
      }
    }
    List<RunRequest> reqs = new ArrayList<>();
    for (Case c : cases) {
      reqs.add(c.req());
    }
    List<RunResult> res = ctx.runAll(reqs);
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < cases.size(); i++) {
      Case c = cases.get(i);
      RunResult r = res.get(i);
      String goodput = c.label().contains(" udp ") ? "udp_mbps" : "tcp_mbps";
      for (String m : List.of(goodput, "nic_irq_per_s", "hardirq_cpu_pct", "softirq_cpu_pct",
          "task_cpu_pct")) {
        rows.add(TcpScenarioRows.row(c.label(), r, m, null, r.metric(m), Role.EXTRA));
      }
    }
    return rows;
  }

  private static RunRequest sysfs(RunRequest r, String writes) {
    return r.withNapi(NapiArgs.parse(List.of(writes), null));
  }
}
