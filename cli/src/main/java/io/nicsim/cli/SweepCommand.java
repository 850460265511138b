package io.nicsim.cli;

import io.nicsim.cli.env.CliEnv;
import io.nicsim.core.config.BadInputException;
import io.nicsim.formats.output.Outputs;
import io.nicsim.runs.RunFailure;
import io.nicsim.runs.RunRequest;
import io.nicsim.runs.options.RunOptions;
import io.nicsim.studies.plan.Point;
import io.nicsim.studies.plan.PointEngine;
import io.nicsim.studies.plan.PointResult;
import io.nicsim.studies.sweep.RunPointTask;
import io.nicsim.studies.sweep.SweepPlan;
import io.nicsim.studies.sweep.SweepReport;
import io.nicsim.studies.sweep.Vary;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code nicsim sweep}: the cross product of the {@code --vary} knobs, each point its own host,
 * run by the plan engine {@code --engine} names (threads of this JVM, or Spark), results in
 * point order and identical whichever engine ran them.
 */
@Command(
    name = "sweep",
    addMethodSubcommands = false, // no method is a subcommand: picocli need not scan them
    mixinStandardHelpOptions = true,
    description = "Run the cross product of --vary values in parallel; table, CSV and plot.")
public final class SweepCommand implements Callable<Integer> {
  private final CliEnv env;

  @Spec CommandSpec spec;

  @Mixin RunOptions options;

  @Option(names = "--metric", paramLabel = "NAME", split = ",",
      description = "a metric to plot (repeatable, or comma-separated; any CSV column;"
          + " default: the traffic's throughput or RTT, cpu_pct and irq_per_s)")
  List<String> metrics = new ArrayList<>();

  @Mixin PlanOptions grid;

  public SweepCommand() {
    this(CliEnv.standard());
  }

  public SweepCommand(CliEnv env) {
    this.env = env;
  }

  @Override
  public Integer call() {
    try (Outputs outs = Outputs.begin()) {
      return call(outs);
    }
  }

  private int call(Outputs outs) {
    // refused now, not after the points have run
    List<Vary> vs = grid.begin(outs, env.threads());
    SweepPlan plan = new SweepPlan(options.request(), vs);
    List<String> base = options.argsWithoutSeed();
    int samples = grid.samples(10_000);
    if (plan.points().size() * (long) (1 + samples) > SweepPlan.MAX_POINTS * 10L) {
      throw BadInputException.field("--uncertainty", plan.points().size() + " points x "
          + (1 + samples) + " runs is too many", "at most " + SweepPlan.MAX_POINTS * 10
          + " runs");
    }
    List<RunRequest> reqs = new ArrayList<>();
    for (SweepPlan.Point p : plan.points()) {
      reqs.add(p.request());
    }
    RunPointTask.checkHosts(env.runs(), reqs);
    // each plan point's nominal run, then its samples: point i's sample k is at
    // size + i * samples + k
    List<Point> points = new ArrayList<>();
    for (SweepPlan.Point p : plan.points()) {
      points.add(new Point(p.index(), p.knobs().toString(),
          RunPointTask.args(base, p.request().seed(), p.knobs())));
    }
    int size = points.size();
    for (SweepPlan.Point p : plan.points()) {
      List<String> a = RunPointTask.args(base, p.request().seed(), p.knobs());
      for (int k = 0; k < samples; k++) {
        points.add(new Point(points.size(), p.knobs() + ";sample=" + k,
            RunPointTask.sampled(a, p.request().seed(), samples, k)));
      }
    }
    SweepReport report;
    List<String> failedKeys = new ArrayList<>();
    try (PointEngine pe = grid.engine.open(env.threads())) {
      List<PointResult> all = pe.runAll(points, new RunPointTask(env.runs()),
          EngineOptions.progress(spec.commandLine().getErr(), "sweep"));
      refuseIfNothingRan(points, all.subList(0, size));
      for (PointResult r : all.subList(0, size)) {
        if (r.failed()) {
          failedKeys.add(points.get(r.index()).key().replaceAll("^\\{|\\}$", ""));
        }
      }
      report = new SweepReport(plan, all.subList(0, size));
      if (samples > 0) {
        report = report.withSamples(all.subList(size, all.size()), samples);
      }
      if (grid.engine.out != null) {
        pe.save(report.table(), grid.engine.out);
      }
    }
    if (grid.csv != null) {
      outs.writeText(grid.csv, "--csv", report.csv());
    }
    if (grid.plot != null) {
      report.plot(outs, grid.plot, metrics.isEmpty() ? report.defaultMetrics() : metrics);
    }
    outs.commit();
    PrintWriter out = spec.commandLine().getOut();
    out.print(report.text());
    out.flush();
    if (report.failures() > 0) {
      // the other points are written; the failed ones are named and the status says so
      PrintWriter err = spec.commandLine().getErr();
      err.println("sweep: " + report.failures() + " of " + size + " points failed (see the"
          + " error column)" + (failedKeys.isEmpty() ? "" : ": " + String.join("; ",
              failedKeys.subList(0, Math.min(5, failedKeys.size())))
              + (failedKeys.size() > 5 ? "; …" : "")));
      err.flush();
      return 1;
    }
    return 0;
  }

  /**
   * A sweep none of whose points ran has no result to show: one line with the first point's
   * error (they are usually the same refusal), exit 2, nothing written.
   */
  static void refuseIfNothingRan(List<Point> points, List<PointResult> nominal) {
    if (nominal.isEmpty() || nominal.stream().anyMatch(r -> !r.failed())) {
      return;
    }
    PointResult first = nominal.get(0);
    String knobs = points.get(first.index()).key();
    throw new RunFailure("every point failed (" + nominal.size() + " of "
        + nominal.size() + "); the first, " + knobs.replaceAll("^\\{|\\}$", "") + ": "
        + first.error());
  }
}
