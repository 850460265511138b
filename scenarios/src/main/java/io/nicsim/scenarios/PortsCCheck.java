package io.nicsim.scenarios;

import io.nicsim.core.port.exec.KernelC;
import io.nicsim.formats.text.Json;
import io.nicsim.runs.Equivalence;
import io.nicsim.runs.RunEngine;
import io.nicsim.runs.RunRequest;
import io.nicsim.runs.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code reproduce --ports c}: every run a scenario makes through its context, moved to the
 * tree's release as released (the scenario's own kernel and what-if patches are the Java's; the
 * tree's C is of one release), run on the Java ports and again on the tree's C; the two
 * {@code --json} outputs must be byte-identical. Each distinct run is checked once; the scenario
 * goes on with the Java run's result.
 */
public final class PortsCCheck {
  private final RunEngine engine;
  private final KernelC c;
  private final String kernel;
  private final Map<String, Equivalence.Verdict> verdicts = new LinkedHashMap<>();
  private final Map<String, List<RunRequest>> byScenario = new LinkedHashMap<>();
  private final Map<String, String> failed = new LinkedHashMap<>();

  /** @param kernel the tree's release as nicsim spells it ({@code v6.12.118}) */
  public PortsCCheck(RunEngine engine, KernelC c, String kernel) {
    this.engine = engine;
    this.c = c;
    this.kernel = kernel;
  }

  /** The Java run of {@code req} moved to the tree's release; checked against the C first. */
  RunResult run(String scenario, RunRequest req) {
    RunRequest j = req.withKernel(kernel).withPatches(List.of()).withKernelC(null);
    String key = key(j);
    Equivalence.Verdict v;
    synchronized (this) {
      v = verdicts.get(key);
      List<RunRequest> mine = byScenario.computeIfAbsent(scenario, k -> new ArrayList<>());
      if (mine.stream().noneMatch(r -> key(r).equals(key))) {
        mine.add(j);
      }
    }
    if (v == null) {
      synchronized (this) {
        if (failed.containsKey(key)) {
          return engine.run(req);
        }
      }
      try {
        v = Equivalence.check(engine, j, c);
      } catch (RuntimeException e) {
        // the configuration does not run on the tree's release (a MAC that refuses it): said
        // so, and the scenario goes on with its own run
        synchronized (this) {
          failed.put(key, String.valueOf(e.getMessage()));
        }
        return engine.run(req);
      }
      synchronized (this) {
        verdicts.putIfAbsent(key, v);
      }
    }
    return v.java();
  }

  /** Whether every checked run was identical (runs that could not run are not counted). */
  public synchronized boolean allIdentical() {
    return verdicts.values().stream().allMatch(Equivalence.Verdict::identical);
  }

  public synchronized String text() {
    StringBuilder sb = new StringBuilder();
    sb.append("reproduce --ports c: ").append(c.describe()).append(" (").append(c.release())
        .append("): each scenario's runs on ").append(kernel)
        .append(" as released, the Java ports against the tree's C\n");
    int n = 0;
    int same = 0;
    for (Map.Entry<String, List<RunRequest>> e : byScenario.entrySet()) {
      sb.append("\n== ").append(e.getKey()).append(": ").append(e.getValue().size())
          .append(e.getValue().size() == 1 ? " run\n" : " runs\n");
      for (RunRequest r : e.getValue()) {
        Equivalence.Verdict v = verdicts.get(key(r));
        if (v == null) {
          sb.append("  not run    ").append(describe(r)).append("\n      ")
              .append(failed.get(key(r))).append('\n');
          continue;
        }
        sb.append("  ").append(v.identical() ? "identical" : "DIFFERS  ").append("  ")
            .append(describe(r)).append('\n');
        sb.append("      C: ").append(v.ranAsC().isEmpty() ? "nothing ran as C"
            : String.join(", ", v.ranAsC())).append('\n');
        if (!v.identical()) {
          sb.append("      first divergence: ").append(v.divergence()).append('\n');
        }
      }
    }
    for (Equivalence.Verdict v : verdicts.values()) {
      n++;
      same += v.identical() ? 1 : 0;
    }
    sb.append("\nsummary: ").append(same).append(" of ").append(n)
        .append(" distinct runs identical");
    if (!failed.isEmpty()) {
      sb.append(", ").append(failed.size()).append(" not run on this release");
    }
    sb.append(same == n ? "\n" : "; the first divergence of each other run is above\n");
    return sb.toString();
  }

  public synchronized String json() {
    LinkedHashMap<String, Object> out = new LinkedHashMap<>();
    out.put("tree", c.describe());
    out.put("release", c.release());
    out.put("kernel", kernel);
    LinkedHashMap<String, Object> scenarios = new LinkedHashMap<>();
    byScenario.forEach((s, reqs) -> {
      List<Object> runs = new ArrayList<>();
      for (RunRequest r : reqs) {
        Equivalence.Verdict v = verdicts.get(key(r));
        LinkedHashMap<String, Object> m = new LinkedHashMap<>();
        m.put("run", describe(r));
        if (v == null) {
          m.put("not_run", failed.get(key(r)));
          runs.add(m);
          continue;
        }
        m.put("identical", v.identical());
        m.put("ran_as_c", v.ranAsC());
        m.put("divergence", v.divergence());
        runs.add(m);
      }
      scenarios.put(s, runs);
    });
    out.put("scenarios", scenarios);
    out.put("all_identical", allIdentical());
    return Json.write(out);
  }

  /** What makes two runs the same run (the request's parts by their spellings). */
  private static String key(RunRequest r) {
    return String.join("\u0000", r.mac(), r.soc(), String.valueOf(r.kernel()),
        String.valueOf(r.patches()), String.valueOf(r.coalesce()), r.traffic().spelling(),
        r.path().spelling(), Long.toString(r.seed()), Boolean.toString(r.check()),
        Long.toString(r.timelineToNs()), Long.toString(r.bqlLimitMax()),
        String.valueOf(r.napi()));
  }

  static String describe(RunRequest r) {
    StringBuilder b = new StringBuilder(r.mac() + " " + r.soc() + " '"
        + r.traffic().spelling() + "'");
    if (!r.coalesce().isEmpty()) {
      b.append(" -C '").append(r.coalesce()).append('\'');
    }
    if (!r.path().spelling().equals("direct")) {
      b.append(" --path ").append(r.path().spelling());
    }
    if (!r.napi().isEmpty()) {
      b.append(" --sysfs/napi-set ").append(r.napi());
    }
    b.append(" seed ").append(r.seed());
    return b.toString();
  }
}
