package io.nicsim.cli;

import io.nicsim.boardtrace.cli.TraceCommand;
import io.nicsim.core.config.BadInputException;
import io.nicsim.formats.output.CommandFiles;
import io.nicsim.formats.output.Output;
import io.nicsim.formats.output.OutputPath;
import io.nicsim.formats.output.Outputs;
import io.nicsim.portcheck.PortCheckCommand;
import io.nicsim.portcheck.PortCheckException;
import io.nicsim.runs.RunFailure;
import io.nicsim.runs.options.EthtoolStyle;
import io.nicsim.validate.ValidateCommand;
import java.io.PrintWriter;
import java.lang.reflect.AnnotatedElement;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.UnmatchedArgumentException;
import picocli.CommandLine;

/**
 * The {@code nicsim} command. A subcommand is a picocli {@code @Command} class listed in
 * {@link #SUBCOMMANDS} below: adding one is one line.
 *
 * <p>Exit status: what the subcommand returns (0 success, 1 its "found something" outcome), 2 for
 * a usage error, a refused input or an I/O error. Errors are one line on stderr, never a stack
 * trace (set {@code -Dnicsim.debug=true} to see one).
 */
@Command(
    name = "nicsim",
    addMethodSubcommands = false, // no method is a subcommand: picocli need not scan them
    mixinStandardHelpOptions = true,
    version = "nicsim 0.1.0-SNAPSHOT",
    description = "Linux NIC interrupt-coalescing ports on a discrete-event kernel and NIC model.")
public final class Nicsim implements Runnable {
  /** Usage errors, refused input and I/O errors. */
  public static final int EXIT_USAGE = 2;

  /**
   * The subcommands by name, in the order help lists them. Each name is its class's
   * {@code @Command(name)} (a test checks). Picocli builds a command's model by reflecting over
   * its annotations, which costs a fresh JVM more than the rest of a short command's set-up, so
   * {@link #commandLine(CommandLine.IFactory, String[])} builds only the one being run.
   */
  static final Map<String, Class<?>> SUBCOMMANDS = subcommands();

  private static Map<String, Class<?>> subcommands() {
    Map<String, Class<?>> m = new LinkedHashMap<>();
    m.put("help", HelpCommand.class);
    m.put("run", RunCommand.class);
    m.put("ethtool", EthtoolCommand.class);
    m.put("sysfs", SysfsCommand.class);
    m.put("sweep", SweepCommand.class);
    m.put("tune", TuneCommand.class);
    m.put("explore", ExploreCommand.class);
    m.put("trace", TraceCommand.class);
    m.put("list", ListCommand.class);
    m.put("reproduce", ReproduceCommand.class);
    m.put("patch", PatchCommand.class);
    m.put("port-check", PortCheckCommand.class);
    m.put("profile", ProfileCommand.class);
    m.put("bench", BenchCommand.class);
    m.put("soak", SoakCommand.class);
    m.put("validate", ValidateCommand.class);
    return Collections.unmodifiableMap(m);
  }

  @Spec CommandSpec spec;

  @Override
  public void run() {
    throw new ParameterException(spec.commandLine(), "a subcommand is required");
  }

  public static void main(String[] args) {
    if (System.getProperty("picocli.disable.closures") == null) {
      // no nicsim annotation holds a Groovy closure: picocli's default factory need not look
      // for groovy.lang.Closure, a miss that opens every jar on the class path
      System.setProperty("picocli.disable.closures", "true");
    }
    Thread interrupt = onInterrupt(args.length > 0 && SUBCOMMANDS.containsKey(args[0])
        ? "nicsim " + args[0] : "nicsim");
    Runtime.getRuntime().addShutdownHook(interrupt);
    int status = commandLine(CommandLine.defaultFactory(), args).execute(args);
    try {
      Runtime.getRuntime().removeShutdownHook(interrupt); // finished: nothing to clean up
    } catch (IllegalStateException e) {
      // going down on a signal: the hook's line says so, and exit waits for it
    }
    System.exit(status);
  }

  /**
   * What SIGINT or SIGTERM does while a command runs (the JVM then exits 130 or 143): the
   * command's unfinished output files and the directories made for them are removed, and one
   * line says so.
   */
  static Thread onInterrupt(String command) {
    return new Thread(() -> {
      int removed = Outputs.discardAll();
      System.err.println(command + ": interrupted" + (removed == 0 ? ""
          : "; removed " + removed + " unfinished output file" + (removed == 1 ? "" : "s")));
      System.err.flush();
    }, "nicsim-interrupt");
  }

  /** The command line with nicsim's error handling and every subcommand. */
  public static CommandLine commandLine() {
    return commandLine(CommandLine.defaultFactory());
  }

  /** The same, with a factory that may supply subcommand instances (tests inject hosts, ports). */
  public static CommandLine commandLine(CommandLine.IFactory factory) {
    return build(factory, SUBCOMMANDS.keySet());
  }

  /**
   * The command line for executing {@code args}: when the first argument names a subcommand,
   * only that one is built; anything else (help, --version, a mistyped name that picocli should
   * suggest a fix for) gets them all.
   */
  public static CommandLine commandLine(CommandLine.IFactory factory, String[] args) {
    String first = args.length > 0 ? args[0] : "";
    if (!first.equals("help") && SUBCOMMANDS.containsKey(first)) {
      return build(factory, List.of(first));
    }
    return commandLine(factory);
  }

  /**
   * Picocli's regular expressions (comma-separated) of the types whose converters it does not
   * look up. No nicsim option has a java.time or java.sql type, so picocli need not load 19
   * classes (and the java.sql module) by reflection to register converters for them on every
   * start.
   */
  static final String CONVERTER_EXCLUDES = "java\\.time\\..*,java\\.sql\\..*";

  private static CommandLine build(CommandLine.IFactory factory, Collection<String> names) {
    if (System.getProperty("picocli.converters.excludes") == null) {
      System.setProperty("picocli.converters.excludes", CONVERTER_EXCLUDES);
    }
    CommandTable table = CommandTable.launcherTable();
    CommandLine cli = commandLine(table, new Nicsim(), factory);
    for (String name : names) {
      Object command;
      try {
        command = factory.create(SUBCOMMANDS.get(name));
      } catch (Exception e) {
        throw new CommandLine.InitializationException("Could not instantiate "
            + SUBCOMMANDS.get(name) + ": " + e, e);
      }
      cli.addSubcommand(name, commandLine(table, command, factory));
    }
    Handlers handlers = new Handlers();
    cli.setExecutionStrategy(handlers);
    cli.setParameterExceptionHandler(handlers);
    cli.setExecutionExceptionHandler(handlers);
    return cli;
  }

  /**
   * The command line of {@code command}: its model from the launcher's {@link CommandTable}
   * when that covers it (no annotation read), else picocli's reflection.
   */
  private static CommandLine commandLine(CommandTable table, Object command,
      CommandLine.IFactory factory) {
    CommandSpec spec = table == null ? null : table.spec(command, factory);
    return new CommandLine(spec != null ? spec : command, factory);
  }

  /**
   * Nicsim's execution strategy and error handlers, as a class rather than method references:
   * the class-data dump links the interface a lambda implements, and picocli's interfaces are
   * Java 5 class files, which JDK 17 cannot archive once linked — so with lambdas they, the
   * lambdas and picocli's classes built on them were left out of the archive, and the first of
   * them loaded walked (and opened) the class path's jars in every fresh process.
   */
  private static final class Handlers implements CommandLine.IExecutionStrategy,
      CommandLine.IParameterExceptionHandler, CommandLine.IExecutionExceptionHandler {
    @Override
    public int execute(CommandLine.ParseResult parsed) {
      return Nicsim.execute(parsed);
    }

    @Override
    public int handleParseException(ParameterException e, String[] args) {
      return usageError(e, args);
    }

    @Override
    public int handleExecutionException(Exception e, CommandLine failed,
        CommandLine.ParseResult parsed) {
      return executionError(e, failed, parsed);
    }
  }

  /**
   * Runs the parsed command with its files declared first: every file-valued option or
   * parameter that is not an {@link Output} is an input ({@link CommandFiles}), and every output
   * is refused now, before any work, if it could not be written or is one of them by any
   * path.
   */
  private static int execute(CommandLine.ParseResult parsed) {
    try (CommandFiles.Scope files = CommandFiles.begin()) {
      List<Map.Entry<String, Path>> outputs = new ArrayList<>();
      List<Runnable> writable = new ArrayList<>();
      for (CommandLine.ParseResult r = parsed; r != null; r = r.subcommand()) {
        for (CommandLine.Model.ArgSpec a : r.matchedArgs()) {
          String name = a instanceof CommandLine.Model.OptionSpec o ? o.longestName()
              : a.paramLabel();
          List<Path> given = paths(a.getValue());
          // read only for a file-valued argument: the first annotation read of a fresh JVM
          // generates a proxy class per annotation type
          Output output = !given.isEmpty() && a.userObject() instanceof AnnotatedElement e
              ? e.getAnnotation(Output.class) : null;
          for (Path p : given) {
            if (output != null) {
              outputs.add(Map.entry(name, p));
              writable.add(() -> {
                if (output.directory()) {
                  OutputPath.checkDir(p, name);
                } else {
                  OutputPath.checkFile(p, name);
                }
              });
            } else {
              CommandFiles.input(name, p);
            }
          }
        }
      }
      CommandLine.ParseResult last = parsed;
      while (last.subcommand() != null) {
        last = last.subcommand();
      }
      try {
        // every output can be written and is no input: refused before any work
        writable.forEach(Runnable::run);
        for (Map.Entry<String, Path> o : outputs) {
          Outputs.refuseOverwrite(o.getValue(), o.getKey());
        }
      } catch (BadInputException e) {
        throw new CommandLine.ExecutionException(last.commandSpec().commandLine(),
            e.getMessage(), e);
      }
      return new CommandLine.RunLast().execute(parsed);
    }
  }

  private static List<Path> paths(Object value) {
    if (value instanceof Path p) {
      return List.of(p);
    }
    if (value instanceof Collection<?> c) {
      return c.stream().filter(Path.class::isInstance).map(Path.class::cast).toList();
    }
    return List.of();
  }

  /**
   * picocli's "expected only one match but got (…)={-c} and (…)={-c}"; compiled on the first
   * usage error (a holder class), not by every start.
   */
  private static final class OneMatch {
    static final Pattern PATTERN = Pattern.compile(
        "expected only one match but got .*?=\\{([^}=\\s]+)[^}]*} and .*?=\\{([^}=\\s]+)[^}]*}");
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
    Matcher twice = OneMatch.PATTERN.matcher(String.valueOf(e.getMessage()));
    if (twice.find()) {
      // picocli's words for an exclusive group matched twice name its internals, not the user's
      String a = twice.group(1);
      String b = twice.group(2);
      err.println(prefix(failed) + (a.equals(b) ? a + " is given twice (accepted: once)"
          : a + " and " + b + " exclude each other (accepted: one of them)") + " (see "
          + qualifiedName(failed) + " --help)");
      err.flush();
      return EXIT_USAGE;
    }
    String didYouMean = e instanceof UnmatchedArgumentException u && !u.getSuggestions().isEmpty()
        ? "; did you mean " + String.join(" or ", u.getSuggestions()) + "?" : "";
    err.println(prefix(failed) + oneLine(e.getMessage()) + didYouMean + " (see "
        + qualifiedName(failed) + " --help)");
    err.flush();
    return EXIT_USAGE;
  }

  private static int executionError(
      Exception e, CommandLine failed, CommandLine.ParseResult parsed) {
    if (Outputs.interrupted()) {
      return EXIT_USAGE; // going down on a signal: its one line says so
    }
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
