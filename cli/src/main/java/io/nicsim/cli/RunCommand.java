package io.nicsim.cli;

import io.nicsim.cli.env.CliEnv;
import io.nicsim.core.config.BadInputException;
import io.nicsim.formats.output.Output;
import io.nicsim.formats.trace.TraceFormat;
import io.nicsim.runs.Exploration;
import io.nicsim.runs.ExploreRequest;
import io.nicsim.runs.ExploreResult;
import io.nicsim.runs.RunFailure;
import io.nicsim.runs.RunRequest;
import io.nicsim.runs.RunResult;
import io.nicsim.runs.RunText;
import io.nicsim.runs.options.ExplorationOptions;
import io.nicsim.runs.options.RunArgs;
import io.nicsim.runs.options.RunOptions;
import io.nicsim.studies.explore.ExploreReport;
import io.nicsim.studies.explore.LivenessText;
import io.nicsim.studies.plan.Point;
import io.nicsim.studies.plan.PointEngine;
import io.nicsim.studies.plan.PointEngines;
import io.nicsim.studies.plan.PointResult;
import io.nicsim.studies.plan.Progress;
import io.nicsim.studies.uncertainty.Band;
import io.nicsim.studies.uncertainty.LatinHypercube;
import io.nicsim.studies.uncertainty.RunBands;
import io.nicsim.studies.uncertainty.RunSampleTask;
import io.nicsim.studies.uncertainty.SampleText;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
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
  private final CliEnv env;

  @Spec CommandSpec spec;

  @Mixin RunOptions options;

  @Mixin ExplorationOptions exploration;

  @Option(names = "--json", description = "print {\"config\": …, \"summary\": …} instead")
  boolean json;

  @Option(names = "--trace", paramLabel = "FILE",
      description = "write the kernel's trace events (ftrace text, or --trace-format json)")
  @Output
  Path trace;

  @Option(names = "--trace-format", paramLabel = "ftrace|ftrace-ns|json",
      description = "ftrace: the kernel's trace file text, as Perfetto imports it (default);"
          + " ftrace-ns: the same with nanosecond timestamps (trace-cmd report -t);"
          + " json: Chrome trace events for Perfetto UI or chrome://tracing")
  String traceFormat;

  @Option(names = "--pcap", paramLabel = "FILE", description = "write the wire as a pcap file")
  @Output
  Path pcap;

  @Option(names = "--plot", paramLabel = "FILE.png|FILE.svg",
      description = "plot frames, IRQs and timer events over time")
  @Output
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
    this(CliEnv.standard());
  }

  public RunCommand(CliEnv env) {
    this.env = env;
  }

  @Override
  public Integer call() {
    TraceFormat format = TraceFormat.parse(traceFormat);
    RunRequest req = plotted(options.request());
    PrintWriter out = spec.commandLine().getOut();
    if (uncertainty != null) {
      return sample != null ? callSample(format, out) : callUncertainty(req, format, out);
    }
    // the options of --uncertainty's points would be silently ignored without it
    for (Object[] o : new Object[][] {{"--threads", threads}, {"--engine", engine},
        {"--master", master}}) {
      if (o[1] != null) {
        throw BadInputException.field((String) o[0], "runs --uncertainty's points, and none"
            + " was asked for", "--uncertainty N " + o[0] + " …");
      }
    }
    if (sample != null) {
      throw BadInputException.field("--sample", "needs --uncertainty N",
          "--uncertainty N --sample 0..N-1");
    }
    Exploration x = exploration.exploration();
    if (x == null) {
      RunResult r;
      try (RunFiles files = RunFiles.open(trace, format, pcap, plot)) {
        r = env.engine().run(req, files.sinks());
        files.commit(r);
        out = summaryTo(files);
      }
      out.print(json ? RunText.json(r) : RunText.format(r));
      out.flush();
      return 0;
    }
    ExploreResult run;
    try (RunFiles files = RunFiles.open(trace, format, pcap, plot)) {
      run = env.engine().explore(new ExploreRequest(req, x), files.sinks());
      if (run.result() != null) {
        files.commit(run.result());
      }
      out = summaryTo(files);
    }
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

  /** The request as the run is asked for: a run to be plotted records its whole timeline. */
  private RunRequest plotted(RunRequest req) {
    return plot == null ? req : req.withTimeline(RunRequest.WHOLE_RUN);
  }

  /** Standard output, or standard error when a trace or capture is streamed to stdout. */
  private PrintWriter summaryTo(RunFiles files) {
    return files.streamsToStdout() ? spec.commandLine().getErr() : spec.commandLine().getOut();
  }

  private void checkStudy() {
    if (uncertainty < 2 || uncertainty > 10_000) {
      throw BadInputException.field("--uncertainty", uncertainty + " is out of range",
          "2..10000 samples");
    }
    if (exploration.given()) {
      throw BadInputException.field(exploration.givenName(),
          "cannot be combined with --uncertainty", "one of them");
    }
  }

  /**
   * Sample {@code --sample} of the {@code --uncertainty} design alone, as a plain run: the
   * request is parsed with the sample (so the profile and the path carry its values),
   * its outputs are written, and a failure stops it as it stops any run.
   */
  private int callSample(TraceFormat format, PrintWriter out) {
    checkStudy();
    if (sample < 0 || sample >= uncertainty) {
      throw BadInputException.field("--sample", sample + " is out of range",
          "0.." + (uncertainty - 1) + " (--uncertainty " + uncertainty + ")");
    }
    LatinHypercube lhs = new LatinHypercube(options.seed(), uncertainty, sample);
    RunResult r;
    try (RunFiles files = RunFiles.open(trace, format, pcap, plot)) {
      r = env.engine().run(plotted(options.request(lhs)), files.sinks());
      files.commit(r);
      out = summaryTo(files);
    }
    out.print(json ? RunText.json(r) : RunText.format(r) + SampleText.format(lhs));
    out.flush();
    return 0;
  }

  /** The run itself, then N samples of its uncertain inputs: each metric's band. */
  private int callUncertainty(RunRequest req, TraceFormat format, PrintWriter out) {
    checkStudy();
    int n = threads == null ? env.threads() : threads;
    if (n < 1 || n > 1024) {
      throw BadInputException.field("--threads", n + " is out of range", "1..1024");
    }
    RunResult r;
    try (RunFiles files = RunFiles.open(trace, format, pcap, plot)) {
      r = env.engine().run(req, files.sinks());
      files.commit(r);
      out = summaryTo(files);
    }
    List<String> args = sampleArgs(spec.commandLine().getParseResult().originalArgs());
    List<Point> points = new ArrayList<>();
    for (int i = 0; i < uncertainty; i++) {
      points.add(RunSampleTask.point(i, args));
    }
    List<PointResult> res;
    try (PointEngine pe = PointEngines.open(engine, master, n)) {
      res = pe.runAll(points, new RunSampleTask(env.runs(), options.seed(), uncertainty,
          RunArgs::request), Progress.NONE);
    }
    int failed = RunBands.firstFailed(res);
    if (failed >= 0) {
      // one line, and the command that runs that sample alone (with --trace to see it)
      throw new RunFailure("uncertainty sample " + failed + " of " + uncertainty
          + " failed: " + res.get(failed).error() + "; reproduce: nicsim run "
          + ExploreReport.quote(args) + " --uncertainty " + uncertainty + " --sample " + failed);
    }
    Map<String, Band> bands = RunBands.of(res);
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
        "--master", "--trace", "--trace-format", "--pcap", "--plot", "--sample");
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
}
