package io.nicsim.bench.cli;

import io.nicsim.bench.env.BenchEnv;
import io.nicsim.bench.report.RunText;
import io.nicsim.bench.run.RunRequest;
import io.nicsim.bench.run.RunResult;
import io.nicsim.bench.trace.TraceFormat;
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
      description = "write the kernel's trace events (ftrace text, or --trace-format json)")
  Path trace;

  @Option(names = "--trace-format", paramLabel = "ftrace|json",
      description = "ftrace: the kernel's trace file text, as Perfetto imports it (default);"
          + " json: Chrome trace events for Perfetto UI or chrome://tracing")
  String traceFormat;

  @Option(names = "--pcap", paramLabel = "FILE", description = "write the wire as a pcap file")
  Path pcap;

  @Option(names = "--plot", paramLabel = "FILE.png|FILE.svg",
      description = "plot frames, IRQs and timer events over time")
  Path plot;

  public RunCommand() {
    this(BenchEnv.standard());
  }

  public RunCommand(BenchEnv env) {
    this.env = env;
  }

  @Override
  public Integer call() {
    TraceFormat format = TraceFormat.parse(traceFormat);
    RunRequest req = options.request().withOutputs(trace, pcap, plot);
    RunResult r = env.engine().run(req, format);
    PrintWriter out = spec.commandLine().getOut();
    out.print(json ? RunText.json(r) : RunText.format(r));
    out.flush();
    return 0;
  }
}
