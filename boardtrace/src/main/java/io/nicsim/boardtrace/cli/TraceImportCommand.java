package io.nicsim.boardtrace.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.nicsim.boardtrace.BoardTrace;
import io.nicsim.boardtrace.ImportReport;
import io.nicsim.boardtrace.KeptEventsWriter;
import io.nicsim.formats.output.Output;
import io.nicsim.formats.output.Outputs;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code nicsim trace import --trace FILE}: what nicsim reads from a board's trace. */
@Command(
    name = "import",
    addMethodSubcommands = false,
    mixinStandardHelpOptions = true,
    description = "Read a board's kernel trace: the events nicsim keeps, what it skips, CPUs,"
        + " clock, window and lost events.")
public final class TraceImportCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin BoardTraceOptions board;

  @Option(names = "--json", description = "print the facts as JSON")
  boolean json;

  @Option(names = "--out", paramLabel = "FILE",
      description = "also write the kept events as the kernel's trace file lays them out")
  @Output
  Path out;

  @Override
  public Integer call() throws Exception {
    try (Outputs outs = Outputs.begin()) {
      return call(outs);
    }
  }

  private int call(Outputs outs) throws Exception {
    outs.claim(out, "--out");
    BoardTrace t = board.open();
    PrintWriter w = spec.commandLine().getOut();
    if (out != null) {
      Writer writer = outs.open(out, "--out").writer();
      t.replay(new KeptEventsWriter(writer, t.stats().resolutionNs < 1000,
          Math.max(t.stats().cpusDeclared, t.stats().cpusSeen.size()), t.file().toString()));
      outs.commit();
    }
    if (json) {
      ObjectMapper m = new ObjectMapper();
      w.println(m.writerWithDefaultPrettyPrinter().writeValueAsString(
          ImportReport.json(t.stats(), t.window(), m)));
    } else {
      w.print(ImportReport.text(t.stats(), t.window()));
      if (out != null) {
        w.println("wrote " + out);
      }
    }
    w.flush();
    return 0;
  }
}
