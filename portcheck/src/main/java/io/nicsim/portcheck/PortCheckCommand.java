package io.nicsim.portcheck;

import io.nicsim.core.port.exec.PortHarness;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
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
      "--execute also compiles each ported function that has a harness from the tree's own C"
          + " (gcc, against nicsim's compatibility header and the harness's stubs) and runs it"
          + " beside its Java port on the same inputs: SAME n inputs, DIFFERS (with the smallest"
          + " counterexample found) or NOT RUN (with the reason).",
    },
    exitCodeListHeading = "%nExit status:%n",
    exitCodeList = {
      "0:every port matches the lock (or is out of range); with --execute every executed"
          + " function is SAME",
      "1:drift: some port is not OK, or (--execute) one DIFFERS or its harness failed, or"
          + " (--strict) a ported function of this release was not executed",
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

  @Option(names = "--execute",
      description = "Also run every ported function that has a harness: its C taken from the"
          + " tree, compiled with gcc, against its Java port on the same generated inputs.")
  boolean execute;

  @Option(names = "--update-verified",
      description = "With --execute: record in the lock only the functions that executed SAME"
          + " (their text and verdict for this tree's release); other changes keep being reported.")
  boolean updateVerified;

  @Option(names = "--inputs", paramLabel = "N",
      description = "Inputs per executed function (default: ${DEFAULT-VALUE}; 1..1000000).")
  int inputs = ExecOptions.DEFAULT_INPUTS;

  @Option(names = "--seed", paramLabel = "S",
      description = "Seed of the input generator (default: ${DEFAULT-VALUE}); the same seed"
          + " gives the same inputs.")
  long seed = ExecOptions.DEFAULT_SEED;

  @Option(names = "--strict",
      description = "With --execute: exit 1 also when a ported function of this release was"
          + " not executed (no harness, NOT RUN for any reason).")
  boolean strict;

  @Option(names = "--coverage",
      description = "With --execute: gcc's branch coverage of each executed function's own"
          + " lines over its inputs (conditions taken both ways / conditions), per function.")
  boolean coverage;

  @Option(names = "--uncovered", paramLabel = "FUNCTION",
      description = "With --execute: also list the branches of this C function its inputs never"
          + " took both ways, by line and text (implies --coverage).")
  String uncovered;

  @Option(names = "--timings",
      description = "With --execute: print where each function's time went (reading the C,"
          + " compiling or the cache, generating inputs, the C program, the Java port).")
  boolean timings;

  @Option(names = "--keep-programs", paramLabel = "DIR",
      description = "Keep each generated C program and binary in DIR (they hold the tree's C:"
          + " keep them out of a repository).")
  Path keepPrograms;

  @Option(names = "--mutants", paramLabel = "FILE",
      description = "Mutation check instead of the usual one: apply each seeded defect the JSON"
          + " file lists to its port's Java source, compile it in memory, execute its function's"
          + " harness against the tree's C, and print which mutants were killed (DIFFERS) and"
          + " the kill rate. Exit 1 unless every mutant is killed.")
  Path mutants;

  @Option(names = "--mutant", paramLabel = "ID",
      description = "With --mutants: only this mutant (repeatable).")
  List<String> mutantIds = new ArrayList<>();

  @Option(names = "--source-root", paramLabel = "DIR",
      description = "With --mutants: where the mutants' Java files are (default: the nicsim"
          + " repository, else the current directory).")
  Path sourceRoot;

  @Option(names = "--lock", paramLabel = "FILE",
      description = "Lock file (default: with --package or --class, port-lock.json in the"
          + " current directory, a library's own lock, never nicsim's; otherwise port-lock.json"
          + " at the nicsim repository root).")
  Path lock;

  @Spec CommandSpec spec;

  /** Reads the ports of the classes a filter selects. */
  private final Function<Predicate<String>, List<PortedFunction>> ports;
  /** The harnesses --execute may use. */
  private final Supplier<List<PortHarness>> harnesses;

  /** Scans this JVM's class path for ports and harnesses. */
  public PortCheckCommand() {
    this.ports = filter -> ClasspathScanner.ofThisJvm().ports(filter);
    this.harnesses = HarnessCatalog::ofThisJvm;
  }

  /** Checks the given ports (tests, or an embedding application with its own class loader). */
  public PortCheckCommand(Supplier<List<PortedFunction>> ports) {
    this(ports, HarnessCatalog::ofThisJvm);
  }

  /** Checks the given ports, executing them with the given harnesses. */
  public PortCheckCommand(Supplier<List<PortedFunction>> ports,
      Supplier<List<PortHarness>> harnesses) {
    this.ports = filter -> PortedFunction.select(ports.get(), filter);
    this.harnesses = harnesses;
  }

  @Override
  public Integer call() {
    requireTree("--kernel-tree", kernelTree);
    if (against != null) {
      requireTree("--against", against);
    }
    if (mutants != null) {
      return mutationCheck();
    }
    if (!mutantIds.isEmpty() || sourceRoot != null) {
      throw PortCheckException.field(mutantIds.isEmpty() ? "--source-root" : "--mutant",
          "needs --mutants", "--mutants FILE with it");
    }
    if (!execute && (keepPrograms != null || inputs != ExecOptions.DEFAULT_INPUTS
        || seed != ExecOptions.DEFAULT_SEED)) {
      throw PortCheckException.field("--execute", "--inputs, --seed and --keep-programs need"
          + " --execute", "--execute with them");
    }
    if ((coverage || uncovered != null) && !execute) {
      throw PortCheckException.field(coverage ? "--coverage" : "--uncovered", "needs --execute",
          "--execute with it");
    }
    if (timings && !execute) {
      throw PortCheckException.field("--timings", "needs --execute", "--execute --timings");
    }
    if (strict && !execute) {
      throw PortCheckException.field("--strict", "needs --execute", "--execute --strict");
    }
    if (updateVerified && !execute) {
      throw PortCheckException.field("--update-verified", "needs --execute", "--execute");
    }
    if (updateVerified && update) {
      throw PortCheckException.field("--update-verified", "--update records everything already",
          "one of --update, --update-verified");
    }
    if (inputs < 1 || inputs > 1_000_000) {
      throw PortCheckException.field("--inputs", "'" + inputs + "' is out of range", "1..1000000");
    }
    boolean subset = !packages.isEmpty() || !classes.isEmpty();
    // a selection is a library checking its own ports (a consumer's --package): its lock is
    // the one where it runs, so that --update never writes into nicsim's own lock
    Path lockFile = lock != null ? lock : subset ? Path.of("port-lock.json") : defaultLock();
    if ((update || updateVerified)
        && !Files.isDirectory(lockFile.toAbsolutePath().getParent())) {
      throw PortCheckException.field(
          "--lock", "directory of " + lockFile + " does not exist", "a file in an existing directory");
    }
    if (lock != null && !Files.exists(lock)
        && !Files.isDirectory(lock.toAbsolutePath().getParent())) {
      // a lock not yet written is empty (NEW everywhere), but one in a directory that does
      // not exist is a mistyped path, which read as empty would pass unnoticed
      throw PortCheckException.field("--lock", "no such file or directory: " + lock,
          "a lock file, or a new one in an existing directory");
    }
    if (update || updateVerified) {
      LockTarget.refuseInput(lockFile, "--kernel-tree", kernelTree);
      if (against != null) {
        LockTarget.refuseInput(lockFile, "--against", against);
      }
      if (keepPrograms != null) {
        LockTarget.refuseInput(lockFile, "--keep-programs", keepPrograms);
      }
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
    if (lock != null && !Files.exists(lock) && !update && !updateVerified) {
      // only a command that writes the lock may name one that is not there yet: read as
      // empty, a mistyped name would report every port NEW instead of checking it
      throw PortCheckException.field("--lock", "no such file: " + lock,
          "an existing lock file; --update or --update-verified writes a new one");
    }
    if (uncovered != null && found.stream().noneMatch(p -> p.function().equals(uncovered))) {
      throw PortCheckException.field("--uncovered", "'" + uncovered + "' is not a ported"
          + " function of the selection", "the C name of a ported function, e.g. "
          + found.get(0).function());
    }
    Optional<ExecOptions> exec = execute
        ? Optional.of(new ExecOptions(inputs, seed, Optional.ofNullable(keepPrograms), strict)
            .withCoverage(coverage || uncovered != null))
        : Optional.empty();
    PortCheckRun.Outcome outcome =
        PortCheckRun.run(
            new PortCheckRun.Request(kernelTree, Optional.ofNullable(against), lockFile,
                update || updateVerified, subset, exec, updateVerified),
            found, execute ? harnesses.get() : List.of());
    PrintWriter out = spec.commandLine().getOut();
    out.print(json ? JsonReport.render(outcome) : TextReport.render(outcome));
    if (!json) {
      outcome.execution().ifPresent(e -> {
        if (uncovered != null) {
          out.print(TextReport.uncovered(e, uncovered));
        }
        if (timings) {
          out.print(TextReport.timings(e));
        }
      });
    }
    out.flush();
    return outcome.exitCode();
  }

  /** {@code --mutants}: the mutation check and its report. */
  private int mutationCheck() {
    if (update || updateVerified || against != null || strict || coverage || uncovered != null
        || timings || lock != null) {
      throw PortCheckException.field("--mutants", "runs on its own", "--mutants with"
          + " --kernel-tree, --inputs, --seed, --mutant, --source-root, --json");
    }
    if (inputs < 1 || inputs > 1_000_000) {
      throw PortCheckException.field("--inputs", "'" + inputs + "' is out of range", "1..1000000");
    }
    if (!Files.isRegularFile(mutants)) {
      throw PortCheckException.field("--mutants", "'" + mutants + "' is not a file",
          "a JSON file of mutants, e.g. port-mutants.json");
    }
    List<Mutant> all = MutantFile.read(mutants);
    List<Mutant> chosen = all;
    if (!mutantIds.isEmpty()) {
      for (String id : mutantIds) {
        if (all.stream().noneMatch(m -> m.id().equals(id))) {
          throw PortCheckException.field("--mutant", "no mutant '" + id + "' in " + mutants,
              "an id from the file");
        }
      }
      chosen = all.stream().filter(m -> mutantIds.contains(m.id())).toList();
    }
    Path root = sourceRoot != null ? sourceRoot : defaultSourceRoot();
    if (!Files.isDirectory(root)) {
      throw PortCheckException.field("--source-root", "'" + root + "' is not a directory",
          "the directory the mutants' files are relative to");
    }
    List<PortedFunction> found = ports.apply(name -> true);
    Set<String> functions = new HashSet<>();
    chosen.forEach(m -> functions.add(m.function()));
    List<PortHarness> used = harnesses.get().stream().filter(h -> functions.contains(h.function())).toList();
    KernelTree tree = KernelTree.open(kernelTree, found, ExecutionRun.sourcesOf(used));
    String kernel = tree.kernelVersion().orElse("unknown");
    MutationRun.Outcome o = MutationRun.run(tree, kernel, root, chosen, found, used,
        new ExecOptions(inputs, seed, Optional.empty()));
    PrintWriter out = spec.commandLine().getOut();
    out.print(json ? MutationReport.json(o) : MutationReport.text(o));
    out.flush();
    return o.exitCode();
  }

  private static Path defaultSourceRoot() {
    String home = System.getProperty(HOME_PROPERTY);
    return home == null || home.isBlank() ? Path.of(".") : Path.of(home);
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
