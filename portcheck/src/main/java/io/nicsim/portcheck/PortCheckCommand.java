package io.nicsim.portcheck;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code nicsim port-check}: which ported kernel functions differ in a kernel tree, and how. */
@Command(
    name = "port-check",
    addMethodSubcommands = false, // no method is a subcommand: picocli need not scan them
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Finds every method carrying @KernelPort on the class path, locates its C function in a"
          + " kernel tree and compares the function's normalised text with port-lock.json.",
      "States: OK, CHANGED, MOVED (file gone, found under its directory), MISSING,"
          + " AMBIGUOUS (several definitions), NEW (not in the lock yet), OUT_OF_RANGE (absent"
          + " from a tree whose version lies outside the port's versions; not drift).",
    },
    exitCodeListHeading = "%nExit status:%n",
    exitCodeList = {
      "0:every port matches the lock (or is out of range)",
      "1:drift: some port is not OK",
      "2:usage or I/O error",
    })
public final class PortCheckCommand implements Callable<Integer> {
  /** Usage errors, refused input and I/O errors. */
  public static final int EXIT_USAGE = 2;

  /** System property the ./nicsim launcher sets to the repository root. */
  static final String HOME_PROPERTY = "nicsim.home";

  @Option(names = "--kernel-tree", required = true, paramLabel = "DIR|TARBALL",
      description = "The kernel source tree to check: the directory holding the top-level"
          + " Makefile, or a source tarball (.tar.xz, .tar.gz, .tar.bz2, e.g. Debian's"
          + " /usr/src/linux-source-6.12.tar.xz), read without unpacking.")
  Path kernelTree;

  @Option(names = "--against", paramLabel = "OLD_DIR|TARBALL",
      description = "The tree the ports were made from: print a unified diff of each changed"
          + " function between it and the checked tree.")
  Path against;

  @Option(names = "--package", paramLabel = "PKG",
      description = "Check only ports in this Java package and its subpackages (repeatable);"
          + " the lock's other entries are left alone.")
  List<String> packages = new ArrayList<>();

  @Option(names = "--class", paramLabel = "CLASS",
      description = "Check only ports in this class (fully qualified; repeatable).")
  List<String> classes = new ArrayList<>();

  @Option(names = "--update",
      description = "Record the current hash of every new or changed function in the lock"
          + " (after the ports were brought up to date) and drop entries no port names.")
  boolean update;

  @Option(names = "--json", description = "Machine-readable output.")
  boolean json;

  @Option(names = "--lock", paramLabel = "FILE",
      description = "Lock file (default: with --package or --class, port-lock.json in the"
          + " current directory, a library's own lock, never nicsim's; otherwise port-lock.json"
          + " at the nicsim repository root).")
  Path lock;

  @Spec CommandSpec spec;

  /** Reads the ports of the classes a filter selects. */
  private final Function<Predicate<String>, List<PortedFunction>> ports;

  /** Scans this JVM's class path for ports. */
  public PortCheckCommand() {
    this.ports = filter -> ClasspathScanner.ofThisJvm().ports(filter);
  }

  /** Checks the given ports (tests, or an embedding application with its own class loader). */
  public PortCheckCommand(Supplier<List<PortedFunction>> ports) {
    this.ports = filter -> PortedFunction.select(ports.get(), filter);
  }

  @Override
  public Integer call() {
    requireTree("--kernel-tree", kernelTree);
    if (against != null) {
      requireTree("--against", against);
    }
    boolean subset = !packages.isEmpty() || !classes.isEmpty();
    // a selection is a library checking its own ports (a consumer's --package): its lock is
    // the one where it runs, so that --update never writes into nicsim's own lock
    Path lockFile = lock != null ? lock : subset ? Path.of("port-lock.json") : defaultLock();
    if (update && !Files.isDirectory(lockFile.toAbsolutePath().getParent())) {
      throw PortCheckException.field(
          "--lock", "directory of " + lockFile + " does not exist", "a file in an existing directory");
    }
    List<PortedFunction> found =
        ports.apply(subset ? PortedFunction.selection(packages, classes) : name -> true);
    if (found.isEmpty()) {
      if (subset) {
        throw PortCheckException.field(
            packages.isEmpty() ? "--class" : "--package",
            "no method carrying @KernelPort in " + String.join(", ", selection()),
            "a package or class on the class path that holds ports");
      }
      // Checking nothing must not pass: the class path is wrong.
      throw new PortCheckException("no method carrying @KernelPort on the class path");
    }
    PortCheckRun.Outcome outcome =
        PortCheckRun.run(
            new PortCheckRun.Request(
                kernelTree, Optional.ofNullable(against), lockFile, update, subset),
            found);
    PrintWriter out = spec.commandLine().getOut();
    out.print(json ? JsonReport.render(outcome) : TextReport.render(outcome));
    out.flush();
    return outcome.exitCode();
  }

  private List<String> selection() {
    List<String> all = new ArrayList<>(packages);
    all.addAll(classes);
    return all;
  }

  private static void requireTree(String option, Path tree) {
    if (Files.isRegularFile(tree)) {
      if (!KernelTree.isArchive(tree)) {
        throw PortCheckException.field(option, "'" + tree + "' is not a source tarball",
            "a kernel tree directory, or a .tar.xz/.tar.gz/.tar.bz2 source tarball");
      }
      return; // the archive's Makefile is checked as it is read
    }
    if (!Files.isDirectory(tree)) {
      throw PortCheckException.field(option, "'" + tree + "' is not a directory or a tarball",
          "the root directory of a kernel source tree, or its source tarball");
    }
    // a subdirectory or an unrelated directory would report every port MISSING
    if (!Files.isRegularFile(tree.resolve("Makefile"))) {
      throw PortCheckException.field(option, "'" + tree + "' has no top-level Makefile",
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
