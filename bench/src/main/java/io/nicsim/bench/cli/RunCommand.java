package io.nicsim.bench.cli;

import io.nicsim.bench.env.BenchEnv;
import io.nicsim.bench.report.RunText;
import io.nicsim.bench.run.RunRequest;
import io.nicsim.bench.run.RunResult;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code nicsim run}: one host, one traffic pattern, a summary like iperf3's or ping's. */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description = "Build one host, run traffic through it and print what happened.")
public final class RunCommand implements Callable<Integer> {
  private final BenchEnv env;

  @Spec CommandSpec spec;

  @Mixin RunOptions options;

  @Option(names = "--json", description = "print {\"config\": …, \"summary\": …} instead")
  boolean json;

  @Option(names = "--trace", paramLabel = "FILE",
      description = "write ftrace events as trace-cmd report prints them")
  Path trace;

  @Option(names = "--pcap", paramLabel = "FILE", description = "write the wire as a pcap file")
  Path pcap;

  @Option(names = "--plot", paramLabel = "FILE.png|FILE.svg",
      description = "plot frames, IRQs and timer events over time")
  Path plot;

  @Option(names = "--uncertainty", paramLabel = "N",
      description = "also run N joint samples (Latin hypercube, seeded by --seed) of the"
          + " profile's and path's ranges and print each metric's [low..high] (5th..95th"
          + " percentile), marking bistable metrics")
  Integer uncertainty;

  @Option(names = "--threads", paramLabel = "N",
      description = "worker threads for --uncertainty (default: all cores)")
  Integer threads;

  @Option(names = "--engine", paramLabel = "NAME",
      description = "where --uncertainty runs its points: local (default) or spark")
  String engine;

  @Option(names = "--master", paramLabel = "URL", description = "the Spark master (--engine spark)")
  String master;

  public RunCommand() {
    this(BenchEnv.standard());
  }

  public RunCommand(BenchEnv env) {
    this.env = env;
  }

  @Override
  public Integer call() {
    RunRequest req = options.request().withOutputs(trace, pcap, plot);
    if (uncertainty != null && (uncertainty < 2 || uncertainty > 10_000)) {
      throw io.nicsim.core.config.BadInputException.field("--uncertainty", uncertainty
          + " is out of range", "2..10000 samples");
    }
    int n = threads == null ? env.threads() : threads;
    if (n < 1 || n > 1024) {
      throw io.nicsim.core.config.BadInputException.field("--threads", n + " is out of range",
          "1..1024");
    }
    RunResult r = env.engine().run(req);
    PrintWriter out = spec.commandLine().getOut();
    if (uncertainty == null) {
      out.print(json ? RunText.json(r) : RunText.format(r));
      out.flush();
      return 0;
    }
    java.util.List<String> args = sampleArgs(spec.commandLine().getParseResult().originalArgs());
    java.util.List<io.nicsim.bench.plan.Point> points = new java.util.ArrayList<>();
    for (int i = 0; i < uncertainty; i++) {
      points.add(io.nicsim.bench.fidelity.RunSampleTask.point(i, args));
    }
    java.util.List<io.nicsim.bench.plan.PointResult> res;
    try (io.nicsim.bench.plan.PointEngine pe =
        io.nicsim.bench.plan.PointEngines.open(engine, master, n)) {
      res = pe.runAll(points, new io.nicsim.bench.fidelity.RunSampleTask(env, options.seed,
          uncertainty, RunCommand::parse), io.nicsim.bench.plan.Progress.NONE);
    }
    java.util.Map<String, io.nicsim.bench.fidelity.Band> bands =
        io.nicsim.bench.fidelity.UncertaintyStudy.bands(res);
    out.print(json ? io.nicsim.bench.fidelity.RunBands.json(r, bands)
        : RunText.format(r) + io.nicsim.bench.fidelity.RunBands.text(r, bands, uncertainty));
    out.flush();
    return 0;
  }

  /** The run's arguments without the study's own options and the output files. */
  static java.util.List<String> sampleArgs(java.util.List<String> original) {
    java.util.List<String> out = new java.util.ArrayList<>();
    int start = original.indexOf("run");
    original = original.subList(start + 1, original.size()); // the top command's own words
    java.util.Set<String> drop = java.util.Set.of("--uncertainty", "--threads", "--engine",
        "--master", "--trace", "--pcap", "--plot");
    for (int i = 0; i < original.size(); i++) {
      String a = original.get(i);
      int eq = a.indexOf('=');
      String name = eq > 0 ? a.substring(0, eq) : a;
      if (drop.contains(name)) {
        if (eq < 0) {
          i++;
        }
        continue;
      }
      if (a.equals("--json")) {
        continue;
      }
      out.add(a);
    }
    return out;
  }

  /** A request from run arguments, as the command line parses them. */
  static RunRequest parse(java.util.List<String> args) {
    RunCommand c = new RunCommand(null);
    new picocli.CommandLine(c).parseArgs(args.toArray(new String[0]));
    return c.options.request();
  }
}
