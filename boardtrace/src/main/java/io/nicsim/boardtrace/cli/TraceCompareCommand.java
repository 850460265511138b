package io.nicsim.boardtrace.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.nicsim.boardtrace.BoardTrace;
import io.nicsim.boardtrace.ImportReport;
import io.nicsim.boardtrace.figures.ComparePlot;
import io.nicsim.boardtrace.figures.Comparison;
import io.nicsim.boardtrace.figures.Figure;
import io.nicsim.boardtrace.figures.FigureSet;
import io.nicsim.boardtrace.figures.ProcStat;
import io.nicsim.boardtrace.model.ModelSide;
import io.nicsim.boardtrace.model.RunModelRunner;
import io.nicsim.core.config.BadInputException;
import io.nicsim.formats.output.Output;
import io.nicsim.formats.output.Outputs;
import io.nicsim.formats.plot.Chart;
import io.nicsim.formats.plot.Plots;
import io.nicsim.runs.RunEnv;
import io.nicsim.runs.RunRequest;
import io.nicsim.runs.options.RunOptions;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.SortedMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code nicsim trace compare --trace FILE <run options>}: board beside model. */
@Command(
    name = "compare",
    addMethodSubcommands = false,
    mixinStandardHelpOptions = true,
    description = "Run the configuration and print the board's figures beside the model's:"
        + " IRQ/s, hrtimer starts/cancels/expiries, NAPI polls and work per poll, softirq time,"
        + " xmit batches, TX completion latency, inter-IRQ intervals, packets/s.")
public final class TraceCompareCommand implements Callable<Integer> {
  private final RunEnv env;

  @Spec CommandSpec spec;

  @Mixin BoardTraceOptions board;

  @Mixin RunOptions options;

  @Option(names = "--json", description = "{\"rows\": [{\"figure\", \"unit\", \"board\","
      + " \"model\", \"ratio\"}]}")
  boolean json;

  @Option(names = "--stat-before", paramLabel = "FILE",
      description = "/proc/stat captured just before the recording (grep '^cpu' /proc/stat):"
          + " with --stat-after, the kernel's CPU by context beside the model's")
  Path statBefore;

  @Option(names = "--stat-after", paramLabel = "FILE",
      description = "/proc/stat captured just after the recording")
  Path statAfter;

  @Option(names = "--plot", paramLabel = "FILE.png|FILE.svg",
      description = "the distributions side by side")
  @Output
  Path plot;

  public TraceCompareCommand() {
    this(RunEnv.standard());
  }

  public TraceCompareCommand(RunEnv env) {
    this.env = env;
  }

  @Override
  public Integer call() throws Exception {
    try (Outputs outs = Outputs.begin()) {
      return call(outs);
    }
  }

  private int call(Outputs outs) throws Exception {
    if (plot != null) {
      Plots.checkPlotFile(plot, "--plot");
    }
    outs.claim(plot, "--plot");
    if ((statBefore == null) != (statAfter == null)) {
      throw BadInputException.field(statBefore == null ? "--stat-before" : "--stat-after",
          "is missing: the kernel's counters need both captures",
          "--stat-before FILE --stat-after FILE");
    }
    SortedMap<String, Double> kernel = statBefore == null ? null
        : ProcStat.read(statAfter, "--stat-after")
            .percentSince(ProcStat.read(statBefore, "--stat-before"), "--stat-after");
    RunRequest req = options.request();
    BoardTrace t = board.open().requireInOrder();
    FigureSet b = t.figures(t.batchMethod(), board.rename(t));
    RunModelRunner runner = new RunModelRunner(env.engine(), req);
    // the model's trace at the board's resolution, so that both round their times alike
    FigureSet m = ModelSide.figures(runner, req.soc(), t.stats().resolutionNs < 1000,
        t.batchMethod());
    Comparison c = Comparison.of(b, m);
    if (kernel != null) {
      c = c.withKernel(kernel);
    }
    if (plot != null) {
      List<Chart> panels = ComparePlot.panels(c);
      if (panels.isEmpty()) {
        throw new BadInputException("--plot: the board's trace has none of the model's"
            + " distributions (NAPI work, xmit batches, TX completion, inter-IRQ intervals)");
      }
      // each distribution has its own unit and range: a panel per distribution, its own x axis
      Plots.writeColumn(outs, "board " + board.trace.getFileName() + " beside the model ("
          + runner.info().description() + ")", panels, plot, "--plot");
      outs.commit();
    }
    PrintWriter w = spec.commandLine().getOut();
    if (json) {
      ObjectMapper mapper = new ObjectMapper();
      w.println(mapper.writerWithDefaultPrettyPrinter().writeValueAsString(c.json(mapper)));
    } else {
      String via = ImportReport.via(t.stats());
      if (via != null) {
        w.println(via);
      }
      w.printf(Locale.ROOT, "board: %s, window %.6f s (%s); model: %s, window %.6f s%n",
          board.trace, t.window().seconds(), t.window().source(), runner.info().description(),
          (runner.info().toNs() - runner.info().fromNs()) / 1e9);
      w.printf(Locale.ROOT, "xmit batches: %s%n", t.batchMethod().description());
      if (board.autoMapped != null) {
        w.println("device: the trace transmits on " + board.autoMapped + " alone, compared as the"
            + " model's eth0 (--map " + board.autoMapped + "=X to choose otherwise)");
      }
      w.print(c.text());
      w.println("ratio: model / board; '-' where the board's trace has no such figure.");
      if (kernel != null) {
        w.println("kernel % rows: the board's /proc/stat between " + statBefore.getFileName()
            + " and " + statAfter.getFileName() + " (every task, the whole capture), as mpstat"
            + " splits it; the trace's CPU % rows above read the same split from its events");
      }
      if (!c.boardOnly().isEmpty()) {
        StringBuilder sb = new StringBuilder("board only (no such object in the model):");
        int n = 0;
        for (Figure f : c.boardOnly()) {
          sb.append(n++ == 0 ? " " : ", ").append(f.figure()).append(' ')
              .append(String.format(Locale.ROOT, "%.1f", f.value()));
        }
        if (n > 0) {
          w.println(sb);
        }
      }
      if (!t.stats().lostByCpu.isEmpty()) {
        w.println("lost events on CPU " + t.stats().lostByCpu.keySet()
            + ": the board's figures there count too little");
      }
      if (plot != null) {
        w.println("wrote " + plot);
      }
    }
    w.flush();
    return 0;
  }
}
