package io.nicsim.scenarios;

import io.nicsim.formats.output.Outputs;
import io.nicsim.formats.plot.Chart;
import io.nicsim.formats.plot.Plots;
import io.nicsim.runs.RunEngine;
import io.nicsim.studies.plan.ParallelRuns;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;

/**
 * Runs scenarios with progress lines on stderr, then writes the per-scenario CSV files and
 * plots when asked.
 */
public final class ReproRunner {
  private final RunEngine engine;
  private final long seed;
  private final int threads;
  private final boolean check;
  private PortsCCheck portsC;

  public ReproRunner(RunEngine engine, long seed, int threads) {
    this(engine, seed, threads, true);
  }

  /** @param check run the invariant audit and end-of-run checks (reproduce --no-check: off) */
  public ReproRunner(RunEngine engine, long seed, int threads, boolean check) {
    this.engine = engine;
    this.seed = seed;
    this.threads = threads;
    this.check = check;
  }

  /** Every scenario's runs go through {@code check} ({@code reproduce --ports c}). */
  public ReproRunner checkingPortsC(PortsCCheck check) {
    this.portsC = check;
    return this;
  }

  /**
   * Runs {@code scenarios}; {@code csvDir}/{@code plotDir} may be null; their files join
   * {@code outs} (committed by the caller when the command succeeded). The scenarios run
   * concurrently as tasks of one fork/join pool of {@code threads} workers, which their own
   * parallel runs join, so a scenario with one long run does not leave a core idle; results,
   * files and progress lines still come in scenario order.
   */
  public List<ReproReport.Outcome> run(List<Scenario> scenarios, PrintWriter progress,
      Outputs outs, Path csvDir, Path plotDir) {
    outs.claimDir(csvDir, "--csv");
    outs.claimDir(plotDir, "--plot-dir");
    List<ReproContext> contexts = new ArrayList<>();
    for (int k = 0; k < scenarios.size(); k++) {
      ReproContext ctx = new ReproContext(engine, seed, threads, check);
      if (portsC != null) {
        ctx.checkPortsC(portsC, scenarios.get(k).name());
      }
      contexts.add(ctx);
    }
    ForkJoinPool pool = threads > 1 && scenarios.size() > 1 ? new ForkJoinPool(threads) : null;
    try {
      List<Future<ParallelRuns.Outcome<List<Row>>>> pending = new ArrayList<>();
      if (pool != null) {
        for (int k = 0; k < scenarios.size(); k++) {
          Scenario s = scenarios.get(k);
          ReproContext ctx = contexts.get(k);
          pending.add(pool.submit(() -> ParallelRuns.Outcome.of(() -> s.run(ctx))));
        }
      }
      List<ReproReport.Outcome> out = new ArrayList<>();
      for (int k = 0; k < scenarios.size(); k++) {
        Scenario s = scenarios.get(k);
        String tag = "[" + (k + 1) + "/" + scenarios.size() + "] " + s.name();
        progress.println(tag + " ...");
        progress.flush();
        List<Row> rows = pool == null ? s.run(contexts.get(k)) : await(pending.get(k));
        ReproReport.Outcome o = new ReproReport.Outcome(s, rows);
        out.add(o);
        if (csvDir != null) {
          outs.writeText(csvDir.resolve(s.name() + ".csv"), "--csv", ReproReport.csv(o));
        }
        if (plotDir != null) {
          writePlots(outs, o, contexts.get(k), plotDir);
        }
        progress.println(tag + ": " + rows.size() + " rows");
        progress.flush();
      }
      return out;
    } finally {
      if (pool != null) {
        pool.shutdownNow();
      }
    }
  }

  /** A scenario's rows, or what it threw, as it threw it. */
  private static List<Row> await(Future<ParallelRuns.Outcome<List<Row>>> f) {
    try {
      return f.get().get();
    } catch (ExecutionException e) {
      throw new IllegalStateException(e.getCause()); // Outcome.of catches what a job throws
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  /** Bars per metric, the scenario's knob plots and timelines, each as PNG and SVG. */
  static void writePlots(Outputs outs, ReproReport.Outcome o, ReproContext ctx, Path dir) {
    String name = o.scenario().name();
    Map<String, List<Row>> byMetric = new LinkedHashMap<>();
    for (Row r : o.rows()) {
      byMetric.computeIfAbsent(r.metric(), k -> new ArrayList<>()).add(r);
    }
    for (Map.Entry<String, List<Row>> e : byMetric.entrySet()) {
      List<String> cases = new ArrayList<>();
      List<Double> pub = new ArrayList<>();
      List<Double> sim = new ArrayList<>();
      List<String> roles = new ArrayList<>();
      for (Row r : e.getValue()) {
        cases.add(r.caseName());
        pub.add(r.published());
        sim.add(r.simulated());
        roles.add(r.role().abbrev());
      }
      String unit = e.getValue().get(0).unit();
      Chart c = Plots.bars(name + ": " + e.getKey(), e.getKey()
          + (unit.isEmpty() ? "" : " (" + unit + ")"), cases, pub, sim, roles);
      both(outs, c, dir, name + "-" + e.getKey());
    }
    int k = 0;
    for (ReproContext.KnobPlot p : ctx.knobPlots()) {
      both(outs, Plots.lines(p.title(), p.xLabel(), p.yLabel(), p.series(), p.categories()), dir,
          name + "-knob" + (++k));
    }
    k = 0;
    for (ReproContext.TimelinePlot t : ctx.timelines()) {
      both(outs, Plots.timeline(t.title(), t.timeline(), t.fromNs(), t.toNs()), dir,
          name + "-timeline" + (++k));
    }
  }

  private static void both(Outputs outs, Chart c, Path dir, String base) {
    Plots.write(outs, c, dir.resolve(base + ".png"), "--plot-dir");
    Plots.write(outs, c, dir.resolve(base + ".svg"), "--plot-dir");
  }
}
