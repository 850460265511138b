package io.nicsim.bench.cli;

import io.nicsim.bench.env.BenchEnv;
import io.nicsim.bench.report.RunText;
import io.nicsim.bench.explore.LivenessText;
import io.nicsim.bench.run.Exploration;
import io.nicsim.bench.run.RunFailure;
import io.nicsim.bench.run.RunRequest;
import io.nicsim.bench.run.RunResult;
import io.nicsim.bench.trace.TraceFormat;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
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
      description = "write the kernel's trace events (ftrace text, or --trace-format json)")
  Path trace;

  @Option(names = "--trace-format", paramLabel = "ftrace|json",
      description = "ftrace: the kernel's trace file text, as Perfetto imports it (default);"
          + " json: Chrome trace events for Perfetto UI or chrome://tracing")
  String traceFormat;

  @Option(names = "--pcap", paramLabel = "FILE", description = "write the wire as a pcap file")
  Path pcap;

  @Option(names = "--jitter", paramLabel = "PCT", arity = "0..1", fallbackValue = "20",
      description = "explore races: every CPU cost jittered by up to PCT% either way (default"
          + " 20) and simultaneous work on different CPUs in either order, deterministic per"
          + " --seed; liveness findings are listed instead of stopping the run")
  Double jitter;

  @Option(names = "--plot", paramLabel = "FILE.png|FILE.svg",
      description = "plot frames, IRQs and timer events over time")
  Path plot;

  public RunCommand() {
    this(BenchEnv.standard());
  }

  public RunCommand(BenchEnv env) {
    this.env = env;
  }

  /**
   * The request and the {@code --jitter} percent (null: none) that a {@code nicsim run}
   * argument list gives; refuses bad input as the command would (plan points of explore).
   */
  public static Map.Entry<RunRequest, Double> parse(List<String> args) {
    RunCommand c = new RunCommand(null);
    new CommandLine(c).parseArgs(args.toArray(new String[0]));
    return new java.util.AbstractMap.SimpleImmutableEntry<>(
        c.options.request().withOutputs(c.trace, c.pcap, c.plot), c.jitter);
  }

  @Override
  public Integer call() {
    TraceFormat format = TraceFormat.parse(traceFormat);
    RunRequest req = options.request().withOutputs(trace, pcap, plot);
    PrintWriter out = spec.commandLine().getOut();
    if (jitter == null) {
      RunResult r = env.engine().run(req, format);
      out.print(json ? RunText.json(r) : RunText.format(r));
      out.flush();
      return 0;
    }
    Exploration x = Exploration.of(jitter);
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
}
