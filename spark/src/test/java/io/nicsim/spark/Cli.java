package io.nicsim.spark;

import io.nicsim.cli.Nicsim;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import picocli.CommandLine;

/** Runs the real nicsim command in-process (nicsim's standard MACs; engines by ServiceLoader). */
final class Cli {
  private Cli() {}

  record Result(int exit, String out, String err) {}

  static Result run(String... args) {
    return run(new StringWriter(), args);
  }

  /** The same, with stderr going to {@code err} as it is written (progress lines). */
  static Result run(Writer err, String... args) {
    CommandLine cli = Nicsim.commandLine();
    StringWriter out = new StringWriter();
    cli.setOut(new PrintWriter(out));
    cli.setErr(new PrintWriter(err, true));
    int exit = cli.execute(args);
    return new Result(exit, out.toString(), err.toString());
  }

  static String[] concat(String[] a, String... b) {
    String[] r = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, r, a.length, b.length);
    return r;
  }
}
