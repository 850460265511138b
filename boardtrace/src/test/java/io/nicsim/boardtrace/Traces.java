package io.nicsim.boardtrace;

import io.nicsim.boardtrace.cli.TraceCommand;
import io.nicsim.formats.trace.TraceFile;
import io.nicsim.formats.trace.TraceFormat;
import io.nicsim.runs.RunEnv;
import io.nicsim.runs.RunSinks;
import io.nicsim.runs.options.RunArgs;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/**
 * boardtrace's tests' way to the trace commands and to the model's traces, with every MAC model
 * on the class path (the drivers are a test-scoped dependency of this module): {@link #trace}
 * runs boardtrace's own {@link TraceCommand} in-process and throws what the command throws (a
 * bad input's {@code BadInputException} as it is; the nicsim command turns it into one line and
 * exit status 2, which cli's tests check); {@link #model} writes the trace of a run given by
 * {@code nicsim run}'s arguments through runs' {@code RunEngine}, as {@code nicsim run --trace}
 * does.
 */
final class Traces {
  /** nicsim's own hosts and runners, one worker. */
  static final RunEnv ENV = new RunEnv(RunEnv.standard().hosts(), RunEnv.standard().runners(),
      1);

  private Traces() {}

  /** What one trace command printed. */
  record Result(String out, String err) {}

  /** {@code nicsim trace ARGS} (ARGS without the leading "trace"), exit status 0 asserted. */
  static Result trace(List<String> args) {
    if (!args.isEmpty() && args.get(0).equals("trace")) {
      args = args.subList(1, args.size());
    }
    CommandLine cmd = new CommandLine(new TraceCommand());
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cmd.setOut(new PrintWriter(out));
    cmd.setErr(new PrintWriter(err));
    // what the command threw, thrown again here as it is (picocli would print it)
    Exception[] thrown = {null};
    cmd.setParameterExceptionHandler((e, a) -> {
      thrown[0] = e;
      return 2;
    });
    cmd.setExecutionExceptionHandler((e, c, parsed) -> {
      thrown[0] = e;
      return 1;
    });
    int exit = cmd.execute(args.toArray(new String[0]));
    if (thrown[0] instanceof RuntimeException e) {
      throw e;
    }
    if (thrown[0] != null) {
      throw new IllegalStateException(thrown[0]);
    }
    if (exit != 0) {
      throw new AssertionError("trace " + args + " returned " + exit + ": " + err);
    }
    return new Result(out.toString(), err.toString());
  }

  /** The trace of the run {@code runArgs} (nicsim run's) in {@code format}, into {@code file}. */
  static void model(Path file, TraceFormat format, List<String> runArgs) {
    try (Writer w = Files.newBufferedWriter(file)) {
      TraceFile tf = format.open(w);
      ENV.engine().run(RunArgs.request(runArgs), new RunSinks(tf, null));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** nicsim's default trace format, the kernel's trace file text in microseconds. */
  static void model(Path file, List<String> runArgs) {
    model(file, TraceFormat.FTRACE, runArgs);
  }

  static List<String> concat(List<String> a, List<String> b) {
    List<String> out = new ArrayList<>(a);
    out.addAll(b);
    return out;
  }
}
