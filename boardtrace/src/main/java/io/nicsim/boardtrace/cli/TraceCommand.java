package io.nicsim.boardtrace.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code nicsim trace import|compare|calibrate}: a board's kernel trace against the model. */
@Command(
    name = "trace",
    addMethodSubcommands = false,
    mixinStandardHelpOptions = true,
    subcommands = {TraceImportCommand.class, TraceCompareCommand.class,
        TraceCalibrateCommand.class},
    description = "A board's kernel trace: import it, compare it with the model, calibrate a"
        + " SoC profile from it.")
public final class TraceCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    throw new ParameterException(spec.commandLine(), "a subcommand is required (import,"
        + " compare, calibrate)");
  }
}
