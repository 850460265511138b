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
  /** Runs the tree's release does not run (the Java refuses it), with the reason. */
  private final Map<String, String> notRun = new LinkedHashMap<>();
  /** Runs the Java ran and the C run did not (a bridge or the C failed), with the error. */
  private final Map<String, String> cFailed = new LinkedHashMap<>();

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
        if (notRun.containsKey(key) || cFailed.containsKey(key)) {
          return engine.run(req);
        }
      }
      try {
        v = Equivalence.check(engine, j, c);
      } catch (RuntimeException e) {
        // either the configuration does not run on the tree's release (a MAC that refuses
        // it), which the Java run alone shows, or the C side failed: a failure of the check
        String why = String.valueOf(e.getMessage());
        String javaWhy = javaRefusal(j);
        synchronized (this) {
          if (javaWhy != null) {
            notRun.put(key, javaWhy);
          } else {
            cFailed.put(key, why);
          }
        }
        return engine.run(req);
      }
      synchronized (this) {
        verdicts.putIfAbsent(key, v);
      }
    }
    return v.java();
  }

  /** Why the Java run of {@code j} fails on its own, or null when it runs. */
  private String javaRefusal(RunRequest j) {
    try {
      engine.run(j);
      return null;
    } catch (RuntimeException e) {
      return String.valueOf(e.getMessage());
    }
  }

  /**
   * Whether every checked run was identical and no C run failed (runs the release does not run
   * are not counted).
   */
  public synchronized boolean allIdentical() {
    return cFailed.isEmpty()
        && verdicts.values().stream().allMatch(Equivalence.Verdict::identical);
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
        if (v == null && cFailed.containsKey(key(r))) {
          sb.append("  C FAILED   ").append(describe(r)).append("\n      the Java ran; the C"
              + " run failed: ").append(cFailed.get(key(r))).append('\n');
          continue;
        }
        if (v == null) {
          sb.append("  not run    ").append(describe(r)).append("\n      not on this release: ")
              .append(notRun.get(key(r))).append('\n');
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
    n += cFailed.size();
    sb.append("\nsummary: ").append(same).append(" of ").append(n)
        .append(" distinct runs identical");
    if (!cFailed.isEmpty()) {
      sb.append(", ").append(cFailed.size()).append(" whose C run failed");
    }
    if (!notRun.isEmpty()) {
      sb.append(", ").append(notRun.size()).append(" not run on this release");
    }
    sb.append(same == n ? "\n" : "; the first divergence or failure of each other run is"
        + " above\n");
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
          if (cFailed.containsKey(key(r))) {
            m.put("identical", false);
            m.put("c_failed", cFailed.get(key(r)));
          } else {
            m.put("not_run", notRun.get(key(r)));
          }
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
