package io.nicsim.portcheck;

import io.nicsim.core.port.exec.PortHarness;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;

/**
 * {@code port-check --mutants}: each {@link Mutant} applied to its port's Java source, compiled
 * in memory, loaded beside the unmutated classes ({@link MutantClasses}) and its function's
 * harness executed against the tree's C. A mutant is killed when the run reports DIFFERS. Each
 * function's unmutated port is executed first: a mutant of a port that already differs proves
 * nothing and is reported as such, not as killed.
 */
public final class MutationRun {

  /** What became of one mutant. */
  public enum Fate {
    /** The harness reported DIFFERS. */
    KILLED,
    /** The harness reported SAME: the inputs never tell the mutant from the port. */
    SURVIVED,
    /** Its original text is not (exactly once) in the method any more. */
    STALE,
    /** The mutated source does not compile. */
    DOES_NOT_COMPILE,
    /** No harness executes its function, or the harness did not run (NOT RUN). */
    NOT_RUN,
    /** The unmutated port already differs from the C: the mutant cannot be judged. */
    BASELINE_DIFFERS
  }

  /**
   * One mutant's outcome.
   *
   * @param detail why (the reason, the differing count)
   * @param result the execution's result, when it ran
   */
  public record Result(Mutant mutant, Fate fate, String detail, Optional<ExecResult> result) {}

  /**
   * The run.
   *
   * @param kernel the tree's release
   */
  public record Outcome(String kernel, ExecOptions options, List<Result> results) {
    public long killed() {
      return results.stream().filter(r -> r.fate() == Fate.KILLED).count();
    }

    /** 0 when every mutant was killed, else 1. */
    public int exitCode() {
      return killed() == results.size() && !results.isEmpty() ? 0 : 1;
    }
  }

  private MutationRun() {}

  /**
   * @param sourceRoot where the mutants' {@code file}s are (the repository)
   * @param ports the ported functions on the class path
   * @param harnesses the unmutated harnesses
   */
  public static Outcome run(KernelTree tree, String kernel, Path sourceRoot,
      List<Mutant> mutants, List<PortedFunction> ports, List<PortHarness> harnesses,
      ExecOptions options) {
    ClassLoader parent = Thread.currentThread().getContextClassLoader() != null
        ? Thread.currentThread().getContextClassLoader() : MutationRun.class.getClassLoader();
    String classPath = ClasspathRoots.ofThisJvm().stream().map(Path::toString)
        .collect(Collectors.joining(File.pathSeparator));
    Map<String, PortedFunction> portByFunction = new HashMap<>();
    ports.forEach(p -> portByFunction.putIfAbsent(p.function(), p));
    Map<String, PortHarness> harnessByFunction = new HashMap<>();
    harnesses.forEach(h -> harnessByFunction.putIfAbsent(h.function(), h));

    // each function's unmutated port first
    Map<String, ExecResult> baseline = new HashMap<>();
    List<PortHarness> base = new ArrayList<>();
    List<PortedFunction> basePorts = new ArrayList<>();
    for (Mutant m : mutants) {
      PortHarness h = harnessByFunction.get(m.function());
      PortedFunction p = portByFunction.get(m.function());
      if (h != null && p != null && !base.contains(h)) {
        base.add(h);
        basePorts.add(p);
      }
    }
    String compiler = Gcc.version().orElseThrow(() -> new PortCheckException(
        "--mutants needs a C compiler: '" + Gcc.command() + "' cannot be run"));
    KernelRelease release = KernelRelease.ofMakefile(kernel).orElseThrow(() ->
        new PortCheckException("--mutants needs the tree's version: its Makefile states '"
            + kernel + "'"));
    Map<String, CDefinitions> parsed = ExecutionRun.parse(tree, base);
    ExecutionRun.run(parsed, compiler, kernel, release, basePorts, base, options).results()
        .forEach(r -> baseline.put(r.function(), r));

    int threads = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
    ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
      Thread t = new Thread(r, "port-check --mutants");
      t.setDaemon(true);
      return t;
    });
    Map<Mutant, Future<Result>> futures = new LinkedHashMap<>();
    try {
      for (Mutant m : mutants) {
        futures.put(m, pool.submit(() -> one(m, parsed, compiler, kernel, release, sourceRoot,
            classPath, parent, portByFunction.get(m.function()), baseline.get(m.function()),
            options)));
      }
      List<Result> out = new ArrayList<>();
      for (var f : futures.values()) {
        out.add(f.get());
      }
      return new Outcome(kernel, options, out);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new PortCheckException("interrupted");
    } catch (ExecutionException e) {
      Throwable c = e.getCause();
      throw c instanceof PortCheckException p ? p
          : new PortCheckException("--mutants failed: " + c);
    } finally {
      pool.shutdownNow();
    }
  }

  private static Result one(Mutant m, Map<String, CDefinitions> parsed, String compiler,
      String kernel, KernelRelease release, Path root, String classPath, ClassLoader parent,
      PortedFunction port, ExecResult baseline, ExecOptions options) {
    if (port == null) {
      return new Result(m, Fate.NOT_RUN, "no port of " + m.function() + " on the class path",
          Optional.empty());
    }
    if (baseline == null) {
      return new Result(m, Fate.NOT_RUN, "no harness executes " + m.function(), Optional.empty());
    }
    if (baseline.state() == ExecState.DIFFERS) {
      return new Result(m, Fate.BASELINE_DIFFERS, "the unmutated port already differs ("
          + baseline.counterexample().map(ExecResult.Counterexample::difference).orElse("")
          + ")", Optional.of(baseline));
    }
    if (baseline.state() == ExecState.NOT_RUN) {
      return new Result(m, Fate.NOT_RUN, baseline.reason(), Optional.of(baseline));
    }
    String mutated;
    try {
      mutated = MutantSource.apply(Files.readString(root.resolve(m.file())), m);
    } catch (MutantSource.Stale e) {
      return new Result(m, Fate.STALE, e.getMessage(), Optional.empty());
    } catch (IOException e) {
      return new Result(m, Fate.STALE, "cannot read " + root.resolve(m.file()) + ": "
          + e.getMessage(), Optional.empty());
    }
    Map<String, byte[]> classes;
    try {
      classes = MutantClasses.compile(unitName(m.file()), mutated, classPath);
    } catch (MutantClasses.DoesNotCompile e) {
      return new Result(m, Fate.DOES_NOT_COMPILE, e.getMessage(), Optional.empty());
    }
    MutantClasses.Loader loader = new MutantClasses.Loader(classes, parent);
    PortHarness harness = HarnessCatalog.load(loader).stream()
        .filter(h -> h.function().equals(m.function())).findFirst().orElse(null);
    if (harness == null) {
      return new Result(m, Fate.NOT_RUN, "no harness executes " + m.function(), Optional.empty());
    }
    ExecResult r = ExecutionRun.run(parsed, compiler, kernel, release, List.of(port),
        List.of(harness), options).results().get(0);
    return switch (r.state()) {
      case DIFFERS -> new Result(m, Fate.KILLED, r.differing() + " of " + (r.inputs()
          + r.crashed()) + " inputs differ", Optional.of(r));
      case SAME -> new Result(m, Fate.SURVIVED, r.inputs() + " inputs all SAME", Optional.of(r));
      case NOT_RUN -> new Result(m, Fate.NOT_RUN, r.reason(), Optional.of(r));
    };
  }

  /** {@code io/nicsim/tcp/Cubic.java} out of {@code tcp-model/src/main/java/io/...}. */
  static String unitName(String file) {
    String f = file.replace('\\', '/');
    int i = f.indexOf("src/main/java/");
    return i < 0 ? f.substring(f.lastIndexOf('/') + 1) : f.substring(i + "src/main/java/".length());
  }
}
