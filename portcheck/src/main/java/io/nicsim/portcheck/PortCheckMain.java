package io.nicsim.portcheck;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/**
 * port-check on its own: {@code java -cp <portcheck's class path>:<your jars>
 * io.nicsim.portcheck.PortCheckMain --kernel-tree DIR|TARBALL ...}, with nothing of the simulator
 * on the class path (README.md). The same command is {@code nicsim port-check}.
 *
 * <p>Exit status as {@link PortCheckCommand} lists it; errors are one line on stderr, never a
 * stack trace ({@code -Dnicsim.debug=true} adds one).
 */
public final class PortCheckMain {
  private PortCheckMain() {}

  public static void main(String[] args) {
    System.exit(commandLine(CommandLine.defaultFactory()).execute(args));
  }

  /** The command line with one-line errors; the factory may supply the command (tests). */
  public static CommandLine commandLine(CommandLine.IFactory factory) {
    CommandLine cli = new CommandLine(PortCheckCommand.class, factory);
    cli.setParameterExceptionHandler(PortCheckMain::usageError);
    cli.setExecutionExceptionHandler(PortCheckMain::executionError);
    return cli;
  }

  private static int usageError(ParameterException e, String[] args) {
    CommandLine failed = e.getCommandLine();
    PrintWriter err = failed.getErr();
    err.println(prefix(failed) + oneLine(e.getMessage()) + " (see "
        + failed.getCommandSpec().qualifiedName() + " --help)");
    err.flush();
    return PortCheckCommand.EXIT_USAGE;
  }

  private static int executionError(
      Exception e, CommandLine failed, CommandLine.ParseResult parsed) {
    PrintWriter err = failed.getErr();
    err.println(prefix(failed) + (e instanceof PortCheckException
        ? oneLine(e.getMessage())
        : "internal error: " + e.getClass().getName() + ": " + oneLine(String.valueOf(e.getMessage()))));
    if (Boolean.getBoolean("nicsim.debug")) {
      e.printStackTrace(err);
    }
    err.flush();
    return PortCheckCommand.EXIT_USAGE;
  }

  private static String prefix(CommandLine cli) {
    return cli.getCommandSpec().qualifiedName() + ": ";
  }

  private static String oneLine(String message) {
    return message == null ? "" : message.strip().replaceAll("\\s*\\R\\s*", " ");
  }
}
