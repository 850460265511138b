package io.nicsim.bench.cli;

import io.nicsim.bench.env.BenchEnv;
import io.nicsim.bench.output.AtomicFile;
import io.nicsim.bench.plot.Plots;
import io.nicsim.bench.run.RunResult;
import io.nicsim.bench.sweep.ParallelRuns;
import io.nicsim.bench.sweep.SweepPlan;
import io.nicsim.bench.sweep.SweepReport;
import io.nicsim.bench.sweep.Vary;
import io.nicsim.core.config.BadInputException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code nicsim sweep}: the cross product of the {@code --vary} knobs, each point its own host
 * on a fixed pool of threads, results in point order.
 */
@Command(
    name = "sweep",
    mixinStandardHelpOptions = true,
    description = "Run the cross product of --vary values in parallel; table, CSV and plot.")
public final class SweepCommand implements Callable<Integer> {
  private final BenchEnv env;

  @Spec CommandSpec spec;

  @Mixin RunOptions options;

  @Option(names = "--vary", required = true, paramLabel = "KEY=V1,V2,…",
      parameterConsumer = EthtoolStyle.VaryConsumer.class,
      description = "a knob and its values (repeatable): ethtool -C names, kernel, soc, patch,"
          + " seed, len, rate, parallel, rtt")
  List<String> varies = new ArrayList<>();

  @Option(names = "--csv", paramLabel = "FILE", description = "write the points as CSV")
  Path csv;

  @Option(names = "--plot", paramLabel = "FILE.png|FILE.svg",
      description = "plot --metric against the first knob")
  Path plot;

  @Option(names = "--metric", paramLabel = "NAME",
      description = "the metric to plot (default: the traffic's throughput or RTT)")
  String metric;

  @Option(names = "--threads", paramLabel = "N",
      description = "worker threads (default: all cores)")
  Integer threads;

  public SweepCommand() {
    this(BenchEnv.standard());
  }

  public SweepCommand(BenchEnv env) {
    this.env = env;
  }

  @Override
  public Integer call() {
    int n = threads == null ? env.threads() : threads;
    if (n < 1 || n > 1024) {
      throw BadInputException.field("--threads", n + " is out of range", "1..1024");
    }
    if (plot != null) {
      Plots.checkPlotFile(plot, "--plot");
    }
    List<Vary> vs = new ArrayList<>();
    for (String v : varies) {
      vs.add(Vary.parse(v));
    }
    SweepPlan plan = new SweepPlan(options.request(), vs);
    List<RunResult> results = ParallelRuns.run(env.engine(), plan.requests(), n);
    SweepReport report = new SweepReport(plan, results);
    if (csv != null) {
      AtomicFile.writeText(csv, "--csv", report.csv());
    }
    if (plot != null) {
      report.plot(plot, metric == null ? report.defaultMetric() : metric);
    }
    PrintWriter out = spec.commandLine().getOut();
    out.print(report.text());
    out.flush();
    return 0;
  }
}
