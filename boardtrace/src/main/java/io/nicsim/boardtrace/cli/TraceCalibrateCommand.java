package io.nicsim.boardtrace.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nicsim.boardtrace.BoardTrace;
import io.nicsim.boardtrace.ImportReport;
import io.nicsim.boardtrace.calibrate.CalibrationReport;
import io.nicsim.boardtrace.calibrate.Calibrator;
import io.nicsim.boardtrace.calibrate.OtherLoadMeasure;
import io.nicsim.boardtrace.calibrate.ProfileWriter;
import io.nicsim.boardtrace.figures.Comparison;
import io.nicsim.boardtrace.figures.FigureRecorder;
import io.nicsim.boardtrace.fit.SpanSamples;
import io.nicsim.boardtrace.model.RunModelRunner;
import io.nicsim.core.config.BadInputException;
import io.nicsim.core.soc.SocProfile;
import io.nicsim.formats.output.Output;
import io.nicsim.formats.output.Outputs;
import io.nicsim.runs.RunEnv;
import io.nicsim.runs.RunRequest;
import io.nicsim.runs.options.RunOptions;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code nicsim trace calibrate --trace FILE --soc BASE --out FILE.yaml <run options>}: a SoC
 * profile whose costs the trace measures.
 */
@Command(
    name = "calibrate",
    addMethodSubcommands = false,
    mixinStandardHelpOptions = true,
    description = "Fit the costs a board's trace measures (hard interrupt handlers, softirq"
        + " per poll and per packet, the driver's xmit, timer callbacks, send/receive syscalls)"
        + " and write a profile inheriting --soc with them as class measured.")
public final class TraceCalibrateCommand implements Callable<Integer> {
  private final RunEnv env;

  @Spec CommandSpec spec;

  @Mixin BoardTraceOptions board;

  @Mixin RunOptions options;

  @Option(names = "--out", required = true, paramLabel = "FILE.yaml",
      description = "the calibrated profile (inherits --soc)")
  @Output
  Path out;

  @Option(names = "--name", paramLabel = "NAME",
      description = "the profile's name (default: --out's file name without .yaml)")
  String name;

  @Option(names = "--board-kernel", paramLabel = "VERSION",
      description = "the board's kernel (uname -r) when the trace does not record it")
  String boardKernel;

  @Option(names = "--rounds", paramLabel = "N", defaultValue = "3",
      description = "model runs that correct the first scaling (default: ${DEFAULT-VALUE})")
  int rounds;

  @Option(names = "--json", description = "print the fits and the costs as JSON")
  boolean json;

  /** The most a tracepoint's own cost may be (ns an event): a few hundred on a slow board. */
  static final double MAX_TRACING_COST_NS = 10_000;

  @Option(names = "--tracing-cost", paramLabel = "NS",
      description = "the tracing's own cost per recorded event on the board (ns), taken off"
          + " every fitted span for each event inside it, so the profile describes the"
          + " untraced kernel: measure it as the board guide says (default 0: none)")
  double tracingCost;

  public TraceCalibrateCommand() {
    this(RunEnv.standard());
  }

  public TraceCalibrateCommand(RunEnv env) {
    this.env = env;
  }

  @Override
  public Integer call() throws Exception {
    try (Outputs outs = Outputs.begin()) {
      return call(outs);
    }
  }

  private int call(Outputs outs) throws Exception {
    RunRequest req = options.request();
    String base = req.soc();
    if (base.startsWith(SocProfile.FILE_PREFIX)) {
      throw BadInputException.field("--soc-file", "cannot be the base (the profile written"
          + " inherits a shipped one by name)", "--soc NAME, a shipped profile (nicsim list"
          + " socs)");
    }
    if (rounds < 0 || rounds > 10) {
      throw BadInputException.field("--rounds", rounds + " is out of range", "0..10");
    }
    if (!(tracingCost >= 0 && tracingCost <= MAX_TRACING_COST_NS)) {
      throw BadInputException.field("--tracing-cost", tracingCost + " is out of range",
          "0.." + (long) MAX_TRACING_COST_NS + " ns an event");
    }
    outs.claim(out, "--out");
    if (boardKernel != null && !boardKernel.matches("[0-9]+\\.[0-9]+\\S*")) {
      throw BadInputException.field("--board-kernel", "'" + boardKernel + "' is not a kernel"
          + " release", "the board's uname -r, e.g. 6.1.55-yocto");
    }
    String profileName = name != null ? name : defaultName(out);
    if (!profileName.matches("[a-z0-9][a-z0-9._-]*")) {
      throw BadInputException.field("--name", "'" + profileName + "' is not a profile name",
          "lower case letters, digits, '.', '_' and '-', e.g. myboard");
    }
    // over the traffic's window: a model runs the traffic alone, without the traffic
    // generator's set-up and tear-down around it
    BoardTrace whole = board.open().requireInOrder();
    BoardTrace t = whole.overTraffic(board.nic(whole));
    UnaryOperator<String> names = board.renameWithBacklog(t);
    RunModelRunner runner = new RunModelRunner(env.engine(), req);
    SpanSamples spans = t.spans(runner.info().app(), names, tracingCost);
    String kernel = t.stats().kernel != null ? t.stats().kernel : boardKernel;
    ProfileWriter.Provenance p = new ProfileWriter.Provenance(board.trace.getFileName()
        .toString(), t.stats().sha256, kernel, Math.max(t.stats().cpusDeclared,
        t.stats().cpusSeen.size()), t.window().seconds(), profileName);
    // the trial profiles of each round: removed with outs, on success, failure or a signal
    Path scratch = outs.scratchDir("nicsim-calibrate");
    FigureRecorder boardFigures = t.recorded(t.batchMethod(), names);
    List<Calibrator.OtherLoadParam> other = OtherLoadMeasure.of(boardFigures.contexts(),
        runner.info().app(), names, SocProfile.load(base).cores());
    Calibrator.Result r = Calibrator.calibrate(spans, t.stats().resolutionNs, runner,
        new Calibrator.Options(base, rounds, scratch, other), p);
    Comparison rates = Comparison.of(boardFigures.result(), r.calibratedFigures());
    SocProfile.parse(out.toString(), r.profileYaml()); // it loads, or nothing is written
    outs.writeText(out, "--out", r.profileYaml());
    outs.commit();
    PrintWriter w = spec.commandLine().getOut();
    if (json) {
      ObjectMapper m = new ObjectMapper();
      ObjectNode o = CalibrationReport.json(r, base, p,
          out.toString(), m, rates, other);
      o.put("tracing_ns_per_event", tracingCost);
      w.println(m.writerWithDefaultPrettyPrinter().writeValueAsString(o));
    } else {
      String via = ImportReport.via(t.stats());
      if (via != null) {
        w.println(via);
      }
      if (board.autoMapped != null) {
        w.println("device: the trace transmits on " + board.autoMapped + " alone, fitted as the"
            + " model's eth0" + (board.autoBacklog ? ", its receive polled by the backlog"
            + " ((no_device)) as eth0's NAPI" : "") + " (--map " + board.autoMapped
            + "=X to choose otherwise)");
      }
      if (t != whole) {
        w.printf(Locale.ROOT, "window: %.3f s of the trace's %.3f s, %s%n",
            t.window().seconds(), whole.window().seconds(), t.window().source());
      }
      w.print(CalibrationReport.text(r, base, p));
      if (tracingCost > 0) {
        w.printf(Locale.ROOT, "tracing: %.1f ns an event taken off every fitted span"
            + " (--tracing-cost): the profile is the untraced kernel's, so its rates may run"
            + " above the traced board's below%n", tracingCost);
      }
      w.print(CalibrationReport.ratesText(rates, other));
      w.println("wrote " + out + " (inherits " + base + "; run it with --soc-file "
          + out + ")");
    }
    w.flush();
    return 0;
  }

  private static String defaultName(Path out) {
    String f = out.getFileName().toString();
    return f.endsWith(".yaml") ? f.substring(0, f.length() - 5) : f;
  }
}
