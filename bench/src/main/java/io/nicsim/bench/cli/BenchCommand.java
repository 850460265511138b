package io.nicsim.bench.cli;

import io.nicsim.bench.perf.BenchReport;
import io.nicsim.bench.perf.BenchRow;
import io.nicsim.bench.perf.Benchmarks;
import io.nicsim.bench.perf.JmhBenchmarks;
import io.nicsim.bench.perf.Machine;
import io.nicsim.bench.perf.PlanBenchmarks;
import io.nicsim.bench.perf.Scaling;
import io.nicsim.core.config.BadInputException;
import java.io.PrintWriter;
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
      "FIGURE: engine, flood, bbr, reproduce, memory, sweep, trace (default: all), or scaling (event"
          + " cost vs packets, flows, rings, coalescing and duration; not part of all), or"
          + " ports-c."})
public final class BenchCommand implements Callable<Integer> {
  static final List<String> ALL =
      List.of("engine", "flood", "bbr", "reproduce", "memory", "sweep", "trace");

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
      description = "the tree ports-c compiles from (default: /usr/src/linux-source-6.12.tar.xz)")
  java.nio.file.Path kernelTree;

  @Option(names = "--runs", paramLabel = "N", defaultValue = "5",
      description = "measured repetitions per figure (default: ${DEFAULT-VALUE})")
  int runs;

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
      if (!ALL.contains(n) && !n.equals("scaling") && !n.equals("ports-c")) {
        throw BadInputException.field("FIGURE", "unknown figure '" + n + "'",
            String.join(", ", ALL) + ", scaling, ports-c");
      }
    }
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    double loadBefore = Machine.load();
    Benchmarks b = new Benchmarks(runs, err, Nicsim::commandLine);
    List<BenchRow> rows = new ArrayList<>();
    for (String n : chosen) {
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
          java.nio.file.Path tree = kernelTree != null ? kernelTree
              : java.nio.file.Path.of("/usr/src/linux-source-6.12.tar.xz");
          if (!java.nio.file.Files.exists(tree)) {
            throw BadInputException.field("--kernel-tree", tree + " is not there",
                "a kernel checkout or source tarball for ports-c");
          }
          try {
            rows.addAll(new io.nicsim.bench.perf.PortsCBenchmark(runs, err).rows(tree));
          } catch (io.nicsim.core.port.exec.KernelCException e) {
            throw new BadInputException(e.getMessage());
          }
        }
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
    out.flush();
    return 0;
  }
}
