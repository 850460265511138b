package io.nicsim.bench.cli;

import io.nicsim.bench.portcheck.PortCheckException;
import io.nicsim.bench.run.RunFailure;
import io.nicsim.core.config.BadInputException;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The {@code nicsim} command. A subcommand is a picocli {@code @Command} class listed in
 * {@code subcommands} below: adding one is one line.
 *
 * <p>Exit status: what the subcommand returns (0 success, 1 its "found something" outcome), 2 for
 * a usage error, a refused input or an I/O error. Errors are one line on stderr, never a stack
 * trace (set {@code -Dnicsim.debug=true} to see one).
 */
@Command(
    name = "nicsim",
    mixinStandardHelpOptions = true,
    version = "nicsim 0.1.0-SNAPSHOT",
    description = "Linux NIC interrupt-coalescing ports on a discrete-event kernel and NIC model.",
    subcommands = {
      HelpCommand.class,
      RunCommand.class,
      EthtoolCommand.class,
      SweepCommand.class,
      TuneCommand.class,
      ExploreCommand.class,
      ListCommand.class,
      ReproduceCommand.class,
      PortCheckCommand.class,
      BenchCommand.class,
      SoakCommand.class,
    })
public final class Nicsim implements Runnable {
  /** Usage errors, refused input and I/O errors. */
  public static final int EXIT_USAGE = 2;

  @Spec CommandSpec spec;

  @Override
  public void run() {
    throw new ParameterException(spec.commandLine(), "a subcommand is required");
  }

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  /** The command line with nicsim's error handling, building subcommands by reflection. */
  public static CommandLine commandLine() {
    return commandLine(CommandLine.defaultFactory());
  }

  /** The same, with a factory that may supply subcommand instances (tests inject hosts, ports). */
  public static CommandLine commandLine(CommandLine.IFactory factory) {
    CommandLine cli = new CommandLine(new Nicsim(), factory);
    cli.setParameterExceptionHandler(Nicsim::usageError);
    cli.setExecutionExceptionHandler(Nicsim::executionError);
    return cli;
  }

  private static int usageError(ParameterException e, String[] args) {
    CommandLine failed = e.getCommandLine();
    PrintWriter err = failed.getErr();
    String hint = e instanceof UnmatchedArgumentException u ? EthtoolStyle.coalesceHint(u) : null;
    if (hint != null) {
      err.println(prefix(failed) + oneLine(e.getMessage()) + ": coalescing is set as ethtool sets"
          + " it: " + hint);
      err.flush();
      return EXIT_USAGE;
    }
    err.println(prefix(failed) + oneLine(e.getMessage()) + " (see " + qualifiedName(failed) + " --help)");
    err.flush();
    return EXIT_USAGE;
  }

  private static int executionError(
      Exception e, CommandLine failed, CommandLine.ParseResult parsed) {
    PrintWriter err = failed.getErr();
    if (e instanceof BadInputException || e instanceof PortCheckException
        || e instanceof RunFailure) {
      err.println(prefix(failed) + oneLine(e.getMessage()));
    } else {
      err.println(prefix(failed) + "internal error: " + e.getClass().getName() + ": "
          + oneLine(String.valueOf(e.getMessage())));
    }
    if (Boolean.getBoolean("nicsim.debug")) {
      e.printStackTrace(err);
    }
    err.flush();
    return EXIT_USAGE;
  }

  private static String prefix(CommandLine cli) {
    return qualifiedName(cli) + ": ";
  }

  private static String qualifiedName(CommandLine cli) {
    return cli.getCommandSpec().qualifiedName();
  }

  private static String oneLine(String message) {
    return message == null ? "" : message.strip().replaceAll("\\s*\\R\\s*", " ");
  }
}
