package io.nicsim.bench.cli;

import io.nicsim.bench.env.BenchEnv;
import io.nicsim.bench.explore.ExploreReport;
import io.nicsim.bench.explore.LivenessText;
import io.nicsim.bench.fidelity.Band;
import io.nicsim.bench.fidelity.LatinHypercube;
import io.nicsim.bench.fidelity.SampleText;
import io.nicsim.bench.fidelity.RunBands;
import io.nicsim.bench.fidelity.RunSampleTask;
import io.nicsim.bench.fidelity.UncertaintyStudy;
import io.nicsim.bench.plan.Point;
import io.nicsim.bench.plan.PointEngine;
import io.nicsim.bench.plan.PointEngines;
import io.nicsim.bench.plan.PointResult;
import io.nicsim.bench.plan.Progress;
import io.nicsim.bench.report.RunText;
import io.nicsim.bench.run.Exploration;
import io.nicsim.bench.run.RunFailure;
import io.nicsim.bench.run.RunRequest;
import io.nicsim.bench.run.RunResult;
import io.nicsim.bench.trace.TraceFormat;
import java.io.PrintWriter;
import io.nicsim.core.config.BadInputException;
import io.nicsim.core.soc.InputSample;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code nicsim run}: one host, one traffic pattern, a summary like iperf3's or ping's. */
@Command(
    name = "run",
    addMethodSubcommands = false, // no method is a subcommand: picocli need not scan them
    mixinStandardHelpOptions = true,
    description = "Build one host, run traffic through it and print what happened.")
public final class RunCommand implements Callable<Integer> {
  private final BenchEnv env;

  @Spec CommandSpec spec;

  @Mixin RunOptions options;

  @Option(names = "--json", description = "print {\"config\": …, \"summary\": …} instead")
  boolean json;

  @Option(names = "--trace", paramLabel = "FILE",
      description = "write the kernel's trace events (ftrace text, or --trace-format json)")
  Path trace;

  @Option(names = "--trace-format", paramLabel = "ftrace|ftrace-ns|json",
      description = "ftrace: the kernel's trace file text, as Perfetto imports it (default);"
          + " ftrace-ns: the same with nanosecond timestamps (trace-cmd report -t);"
          + " json: Chrome trace events for Perfetto UI or chrome://tracing")
  String traceFormat;

  @Option(names = "--pcap", paramLabel = "FILE", description = "write the wire as a pcap file")
  Path pcap;

  @Option(names = "--jitter", paramLabel = "ranges|PCT", arity = "0..1",
      fallbackValue = Exploration.RANGES,
      description = "explore races: every CPU cost jittered within its own documented range"
          + " (ranges, the profile number's uncertainty: the default) or by up to PCT%% either"
          + " way, and simultaneous work on different CPUs in either order, deterministic per"
          + " --seed; liveness findings are listed instead of stopping the run")
  String jitter;

  @Option(names = "--preempt", paramLabel = "kcsan|DURATION",
      description = "with --jitter: at each preemption point (dev_queue_xmit, a TX-lock"
          + " release, napi_complete_done before SCHED clears) hold the CPU, with chance 1/8,"
          + " as an interrupt there would: kcsan (KCSAN's bounds, up to 20us in interrupt"
          + " context, 80us in a task) or a DURATION for every context (default: none)")
  String preempt;

  @Option(names = "--plot", paramLabel = "FILE.png|FILE.svg",
      description = "plot frames, IRQs and timer events over time")
  Path plot;

  @Option(names = "--uncertainty", paramLabel = "N",
      description = "also run N joint samples (Latin hypercube, seeded by --seed) of the"
          + " profile's and path's ranges and print each metric's [low..high] (5th..95th"
          + " percentile), marking bistable metrics")
  Integer uncertainty;

  @Option(names = "--sample", paramLabel = "K",
      description = "with --uncertainty N: run only sample K (0..N-1) of that design, as one"
          + " plain run with its --trace, --pcap and --plot (what a failed sample's reproducer"
          + " line runs)")
  Integer sample;

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

  /**
   * The request and the exploration ({@code --jitter}, {@code --preempt}; null without
   * --jitter) that a {@code nicsim run} argument list gives; refuses bad input as the command
   * would (plan points of explore).
   */
  public static Map.Entry<RunRequest, Exploration> parse(List<String> args) {
    RunCommand c = new RunCommand(null);
    new CommandLine(c).parseArgs(args.toArray(new String[0]));
    return new java.util.AbstractMap.SimpleImmutableEntry<>(
        c.options.request().withOutputs(c.trace, c.pcap, c.plot), c.exploration());
  }

  /** What --jitter and --preempt ask for; null without --jitter (--preempt needs it). */
  private Exploration exploration() {
    if (jitter == null) {
      if (preempt != null) {
        throw BadInputException.field("--preempt", "needs --jitter",
            "--jitter [ranges|PCT] --preempt kcsan|DURATION");
      }
      return null;
    }
    Exploration x = Exploration.parse(jitter);
    return preempt == null ? x : x.withPreempt(preempt);
  }

  @Override
  public Integer call() {
    TraceFormat format = TraceFormat.parse(traceFormat);
    RunRequest req = options.request().withOutputs(trace, pcap, plot);
    PrintWriter out = spec.commandLine().getOut();
    if (uncertainty != null) {
      return sample != null ? callSample(format, out) : callUncertainty(req, out);
    }
    if (sample != null) {
      throw BadInputException.field("--sample", "needs --uncertainty N",
          "--uncertainty N --sample 0..N-1");
    }
    Exploration x = exploration();
    if (x == null) {
      RunResult r = env.engine().run(req, format);
      out.print(json ? RunText.json(r) : RunText.format(r));
      out.flush();
      return 0;
    }
    Exploration.Run run = env.engine().run(req, x, format);
    if (run.result() != null) {
      out.print(json ? RunText.json(run.result()) : RunText.format(run.result()));
    }
    out.print(LivenessText.format(run, x, req.seed()));
    out.flush();
    if (run.failure() != null) {
      throw new RunFailure(run.failure());
    }
    return 0;
  }

  private void checkStudy() {
    if (uncertainty < 2 || uncertainty > 10_000) {
      throw BadInputException.field("--uncertainty", uncertainty + " is out of range",
          "2..10000 samples");
    }
    if (jitter != null || preempt != null) {
      throw BadInputException.field(jitter != null ? "--jitter" : "--preempt",
          "cannot be combined with --uncertainty", "one of them");
    }
  }

  /**
   * Sample {@code --sample} of the {@code --uncertainty} design alone, as a plain run: the
   * request is parsed with the sample bound (so the profile and the path carry its values),
   * its outputs are written, and a failure stops it as it stops any run.
   */
  private int callSample(TraceFormat format, PrintWriter out) {
    checkStudy();
    if (sample < 0 || sample >= uncertainty) {
      throw BadInputException.field("--sample", sample + " is out of range",
          "0.." + (uncertainty - 1) + " (--uncertainty " + uncertainty + ")");
    }
    LatinHypercube lhs = new LatinHypercube(options.seed, uncertainty, sample);
    RunResult r = InputSample.with(lhs,
        () -> env.engine().run(options.request().withOutputs(trace, pcap, plot), format));
    out.print(json ? RunText.json(r) : RunText.format(r) + SampleText.format(lhs));
    out.flush();
    return 0;
  }

  /** The run itself, then N samples of its uncertain inputs: each metric's band. */
  private int callUncertainty(RunRequest req, PrintWriter out) {
    checkStudy();
    int n = threads == null ? env.threads() : threads;
    if (n < 1 || n > 1024) {
      throw BadInputException.field("--threads", n + " is out of range", "1..1024");
    }
    RunResult r = env.engine().run(req);
    List<String> args = sampleArgs(spec.commandLine().getParseResult().originalArgs());
    List<Point> points = new ArrayList<>();
    for (int i = 0; i < uncertainty; i++) {
      points.add(RunSampleTask.point(i, args));
    }
    List<PointResult> res;
    try (PointEngine pe = PointEngines.open(engine, master, n)) {
      res = pe.runAll(points, new RunSampleTask(env, options.seed, uncertainty,
          RunCommand::requestOf), Progress.NONE);
    }
    int failed = UncertaintyStudy.firstFailed(res);
    if (failed >= 0) {
      // one line, and the command that runs that sample alone (with --trace to see it)
      throw new RunFailure("uncertainty sample " + failed + " of " + uncertainty
          + " failed: " + res.get(failed).error() + "; reproduce: nicsim run "
          + ExploreReport.quote(args) + " --uncertainty " + uncertainty + " --sample " + failed);
    }
    Map<String, Band> bands = UncertaintyStudy.bands(res);
    out.print(json ? RunBands.json(r, bands)
        : RunText.format(r) + RunBands.text(r, bands, uncertainty));
    out.flush();
    return 0;
  }

  /** The run's arguments without the study's own options and the output files. */
  static List<String> sampleArgs(List<String> original) {
    List<String> out = new ArrayList<>();
    int start = original.indexOf("run");
    original = original.subList(start + 1, original.size()); // the top command's own words
    Set<String> drop = Set.of("--uncertainty", "--threads", "--engine",
        "--master", "--trace", "--pcap", "--plot", "--sample");
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
  static RunRequest requestOf(List<String> args) {
    RunCommand c = new RunCommand(null);
    new CommandLine(c).parseArgs(args.toArray(new String[0]));
    return c.options.request();
  }
}
