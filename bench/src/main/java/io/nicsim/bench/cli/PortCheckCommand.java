package io.nicsim.bench.cli;

import io.nicsim.bench.portcheck.ClasspathScanner;
import io.nicsim.bench.portcheck.JsonReport;
import io.nicsim.bench.portcheck.PortCheckException;
import io.nicsim.bench.portcheck.PortCheckRun;
import io.nicsim.bench.portcheck.PortedFunction;
import io.nicsim.bench.portcheck.TextReport;
import io.nicsim.core.config.BadInputException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code nicsim port-check}: which ported kernel functions differ in a kernel tree, and how. */
@Command(
    name = "port-check",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Finds every method carrying @KernelPort on the class path, locates its C function in a"
          + " kernel tree and compares the function's normalised text with port-lock.json.",
      "States: OK, CHANGED, MOVED (file gone, found under its directory), MISSING,"
          + " AMBIGUOUS (several definitions), NEW (not in the lock yet).",
    },
    exitCodeListHeading = "%nExit status:%n",
    exitCodeList = {
      "0:every port matches the lock",
      "1:drift: some port is not OK",
      "2:usage or I/O error",
    })
public final class PortCheckCommand implements Callable<Integer> {
  /** System property the ./nicsim launcher sets to the repository root. */
  static final String HOME_PROPERTY = "nicsim.home";

  @Option(names = "--kernel-tree", required = true, paramLabel = "DIR",
      description = "Root of the kernel source tree to check (the directory holding Makefile).")
  Path kernelTree;

  @Option(names = "--against", paramLabel = "OLD_DIR",
      description = "The tree the ports were made from: print a unified diff of each changed"
          + " function between OLD_DIR and the checked tree.")
  Path against;

  @Option(names = "--update",
      description = "Record the current hash of every new or changed function in the lock"
          + " (after the ports were brought up to date) and drop entries no port names.")
  boolean update;

  @Option(names = "--json", description = "Machine-readable output.")
  boolean json;

  @Option(names = "--lock", paramLabel = "FILE",
      description = "Lock file (default: port-lock.json at the nicsim repository root, or in the"
          + " current directory).")
  Path lock;

  @Spec CommandSpec spec;

  private final Supplier<List<PortedFunction>> ports;

  /** Scans this JVM's class path for ports. */
  public PortCheckCommand() {
    this(() -> ClasspathScanner.ofThisJvm().ports());
  }

  /** Checks the given ports (tests, or an embedding application with its own class loader). */
  public PortCheckCommand(Supplier<List<PortedFunction>> ports) {
    this.ports = ports;
  }

  @Override
  public Integer call() {
    requireDirectory("--kernel-tree", kernelTree);
    if (against != null) {
      requireDirectory("--against", against);
    }
    Path lockFile = lock != null ? lock : defaultLock();
    if (update && !Files.isDirectory(lockFile.toAbsolutePath().getParent())) {
      throw BadInputException.field(
          "--lock", "directory of " + lockFile + " does not exist", "a file in an existing directory");
    }
    List<PortedFunction> found = ports.get();
    if (found.isEmpty()) {
      // Checking nothing must not pass: the class path is wrong.
      throw new PortCheckException("no method carrying @KernelPort on the class path");
    }
    PortCheckRun.Outcome outcome =
        PortCheckRun.run(
            new PortCheckRun.Request(kernelTree, Optional.ofNullable(against), lockFile, update),
            found);
    PrintWriter out = spec.commandLine().getOut();
    out.print(json ? JsonReport.render(outcome) : TextReport.render(outcome));
    out.flush();
    return outcome.exitCode();
  }

  private static void requireDirectory(String option, Path dir) {
    if (!Files.isDirectory(dir)) {
      throw BadInputException.field(
          option, "'" + dir + "' is not a directory", "the root directory of a kernel source tree");
    }
    // a subdirectory or an unrelated directory would report every port MISSING
    if (!Files.isRegularFile(dir.resolve("Makefile"))) {
      throw BadInputException.field(option, "'" + dir + "' has no top-level Makefile",
          "the root directory of a kernel source tree");
    }
  }

  private static Path defaultLock() {
    String home = System.getProperty(HOME_PROPERTY);
    return home == null || home.isBlank()
        ? Path.of("port-lock.json")
        : Path.of(home, "port-lock.json");
  }
}
