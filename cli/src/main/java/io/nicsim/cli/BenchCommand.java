package io.nicsim.cli;

import io.nicsim.bench.perf.BenchReport;
import io.nicsim.bench.perf.BenchRow;
import io.nicsim.bench.perf.Benchmarks;
import io.nicsim.bench.perf.FreshCommands;
import io.nicsim.bench.perf.JavaLeft;
import io.nicsim.bench.perf.JmhBenchmarks;
import io.nicsim.bench.perf.Machine;
import io.nicsim.bench.perf.PlanBenchmarks;
import io.nicsim.bench.perf.PortsCBenchmark;
import io.nicsim.bench.perf.Scaling;
import io.nicsim.core.config.BadInputException;
import io.nicsim.core.port.exec.KernelCException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code nicsim bench}: the speed targets, each measured on this machine, as a
 * table of figure, target, measured and the command that measures it.
 */
@Command(
    name = "bench",
    addMethodSubcommands = false, // no method is a subcommand: picocli need not scan them
    mixinStandardHelpOptions = true,
    description = {
      "Measure nicsim's speed targets on this machine: engine events/s, line-rate flood"
          + " packets/s, BBR 10 s upload wall time, nicsim reproduce wall time, flood memory in"
          + " a 256 MB heap and peak RSS as a fresh ./nicsim run, sweep speed-up on 2 threads,"
          + " nicsim trace import of a 100 MiB trace in a 64 MiB heap.",
      "ports-c (not part of all): the flood with a kernel tree's C in the loop against the Java"
          + " run, and the cost of one call of a compiled function (--kernel-tree).",
      "java-left (not part of all): core/README.md's six runs with --ports c (--kernel-tree),"
          + " the port-entry counter attached: per harnessed function, the entries that still"
          + " ran as Java, by run, beside the README's bridge or reason.",
      "FIGURE: engine, flood, bbr, reproduce, memory, sweep, trace, startup (list macs and a"
          + " short run as fresh processes), tcp (10 s CUBIC and BBR uploads as fresh processes,"
          + " wall and peak RSS) (default: all), or scaling (event cost vs packets, flows,"
          + " rings, coalescing and duration; not part of all), or ports-c.",
      "--compare REF: run REF's ./nicsim (another checkout, built) interleaved with this one"
          + " for startup, tcp, flood and memory, and print the ratios."})
public final class BenchCommand implements Callable<Integer> {
  static final List<String> ALL = List.of("engine", "flood", "bbr", "reproduce", "memory",
      "sweep", "trace", "startup", "tcp");

  @Spec CommandSpec spec;

  @Parameters(paramLabel = "FIGURE", arity = "0..*", description = "figures to measure")
  List<String> names = new ArrayList<>();

  @Option(names = "--json", description = "print {\"rows\": [{figure, unit, target, measured,"
      + " met, command, …}]}")
  boolean json;

  @Option(names = "--jmh", description = "measure engine, flood and bbr with JMH (forked JVM)"
      + " instead of in-process")
  boolean jmh;

  @Option(names = "--engine", paramLabel = "local|spark",
      description = "with spark, sweep also measures Spark local[*] against the local engine"
          + " (needs the nicsim-spark module: the launcher adds it for --engine spark)")
  String engine;

  @Option(names = "--kernel-tree", paramLabel = "DIR|TARBALL",
      description = "the tree ports-c and java-left compile from (default:"
          + " /usr/src/linux-source-6.12.tar.xz)")
  Path kernelTree;

  @Option(names = "--compare", paramLabel = "REF",
      description = "another built checkout (its ./nicsim): fresh-process figures measured on"
          + " both, interleaved, with the ratio this/REF of each pair")
  Path compare;

  @Option(names = "--runs", paramLabel = "N", defaultValue = "5",
      description = "measured repetitions per figure (default: ${DEFAULT-VALUE})")
  int runs;

  /** This installation's launcher (nicsim.home/nicsim), needed for fresh-process figures. */
  static Path launcher() {
    String home = System.getProperty("nicsim.home");
    Path p = home == null ? null : Path.of(home, "nicsim");
    if (p == null || !Files.isExecutable(p)) {
      throw BadInputException.field("FIGURE", "startup, tcp and --compare run ./nicsim as fresh"
          + " processes: run them through the launcher", "./nicsim bench …");
    }
    return p;
  }

  /** REF's launcher: REF must be a checkout with an executable nicsim script. */
  static Path refLauncher(Path ref) {
    Path p = ref.resolve("nicsim");
    if (!Files.isDirectory(ref) || !Files.isExecutable(p)
        || Files.isDirectory(p)) {
      throw BadInputException.field("--compare", "'" + ref + "' has no executable nicsim",
          "a nicsim checkout, built (its ./nicsim)");
    }
    return p.toAbsolutePath();
  }

  /** --kernel-tree, or the 6.12 tarball; one that is not there is bad input. */
  private Path tree() {
    Path tree = kernelTree != null ? kernelTree : Path.of("/usr/src/linux-source-6.12.tar.xz");
    if (!Files.exists(tree)) {
      throw BadInputException.field("--kernel-tree", tree + " is not there",
          "a kernel checkout or source tarball for ports-c and java-left");
    }
    return tree;
  }

  @Override
  public Integer call() {
    if (engine != null && !engine.equals("local") && !engine.equals("spark")) {
      throw BadInputException.field("--engine", "unknown engine '" + engine + "'", "local, spark");
    }
    if (runs < 1 || runs > 100) {
      throw BadInputException.field("--runs", runs + " is out of range", "1..100");
    }
    List<String> chosen = names.isEmpty() ? ALL : names;
    for (String n : chosen) {
      if (!ALL.contains(n) && !n.equals("scaling") && !n.equals("ports-c")
          && !n.equals("java-left")) {
        throw BadInputException.field("FIGURE", "unknown figure '" + n + "'",
            String.join(", ", ALL) + ", scaling, ports-c, java-left");
      }
    }
    Path ref = compare == null ? null : refLauncher(compare);
    Path self = null;
    if (compare != null || chosen.contains("startup") || chosen.contains("tcp")) {
      self = launcher();
    }
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    double loadBefore = Machine.load();
    Benchmarks b = new Benchmarks(runs, err, Nicsim::commandLine);
    List<BenchRow> rows = new ArrayList<>();
    FreshCommands fresh = new FreshCommands(Math.max(runs, 3), err);
    List<FreshCommands.Result> compared = new ArrayList<>();
    for (String n : chosen) {
      List<String> freshNames = switch (n) {
        case "startup" -> List.of("startup", "short-run");
        case "tcp" -> List.of("cubic", "bbr-ideal");
        case "flood" -> ref != null ? List.of("flood-fresh") : List.of();
        case "memory" -> ref != null ? List.of("flood-60s") : List.of();
        default -> List.of();
      };
      if (!freshNames.isEmpty()) {
        List<FreshCommands.Result> res = fresh.measure(FreshCommands.FIGURES.stream()
            .filter(f -> freshNames.contains(f.name())).toList(), self, ref);
        rows.addAll(FreshCommands.rows(res));
        compared.addAll(res);
      }
      switch (n) {
        case "engine" -> rows.add(jmh ? JmhBenchmarks.engine() : b.engine());
        case "flood" -> rows.add(jmh ? JmhBenchmarks.flood() : b.flood());
        case "bbr" -> {
          rows.add(jmh ? JmhBenchmarks.bbr() : b.bbr());
          rows.add(b.bbrFresh());
        }
        case "reproduce" -> rows.add(b.reproduce());
        case "trace" -> rows.add(b.traceImport());
        case "memory" -> {
          rows.add(b.memory());
          rows.add(b.floodRss());
        }
        case "sweep" -> {
          rows.add(b.sweep());
          PlanBenchmarks pb = new PlanBenchmarks(runs, err);
          rows.add(pb.schedulingOverhead());
          if ("spark".equals(engine)) {
            rows.addAll(pb.sparkRows());
          }
        }
        case "ports-c" -> {
          Path tree = tree();
          try {
            rows.addAll(new PortsCBenchmark(runs, err).rows(tree));
          } catch (KernelCException e) {
            throw new BadInputException(e.getMessage());
          }
        }
        case "java-left" -> {
          Path tree = tree();
          List<JavaLeft.Row> left;
          try {
            left = new JavaLeft(Nicsim::commandLine, err).measure(tree, JavaLeft.RUNS);
          } catch (KernelCException e) {
            throw new BadInputException(e.getMessage());
          }
          out.print(JavaLeft.text(left, tree, JavaLeft.RUNS.keySet()));
          out.flush();
        }
        case "startup", "tcp" -> { } // above
        case "scaling" -> {
          out.print(Scaling.measure(err).text());
          out.flush();
        }
        default -> throw new IllegalStateException(n);
      }
    }
    double loadAfter = Machine.load();
    if (!rows.isEmpty()) {
      out.print(json ? BenchReport.json(rows, loadBefore, loadAfter)
          : BenchReport.text(rows, loadBefore, loadAfter));
    }
    if (ref != null && !compared.isEmpty() && !json) {
      out.print("\nside by side, interleaved (this build, then REF; the order alternating)\n"
          + FreshCommands.compareText(compared, compare));
    }
    out.flush();
    return 0;
  }
}
