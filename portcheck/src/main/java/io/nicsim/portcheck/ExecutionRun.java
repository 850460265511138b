package io.nicsim.portcheck;

import io.nicsim.core.port.exec.PortHarness;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

/**
 * {@code --execute} on one tree: every selected ported function that has a harness is compiled
 * from the tree's C and run beside its Java port; a function without a harness is listed as
 * such. Functions run in parallel (one compiler and one program per core).
 */
public final class ExecutionRun {

  /**
   * What came out.
   *
   * @param compiler the compiler's version line
   * @param results one per harness of a selected port, sorted by file then function
   * @param withoutHarness selected ports no harness runs
   */
  public record Outcome(String compiler, List<ExecResult> results,
      List<PortedFunction> withoutHarness, ExecOptions options, String kernel,
      KernelRelease release, List<PortedFunction> ports, Map<String, ExecTiming> timings,
      long wallNs) {

    /**
     * 1 when a function differs or a harness failed, or (with {@code --strict}) when a port
     * this release has was not executed; else 0.
     */
    public int exitCode() {
      if (results.stream().anyMatch(ExecResult::isFailure)) {
        return 1;
      }
      return options.strict() && summary().unexecutedInRelease() > 0 ? 1 : 0;
    }

    /** Executed and not executed ports, the latter grouped by reason. */
    public ExecSummary summary() {
      return ExecSummary.of(this);
    }

    /** By {@code file function}. */
    public Map<String, ExecResult> byLabel() {
      Map<String, ExecResult> out = new LinkedHashMap<>();
      results.forEach(r -> out.put(r.label(), r));
      return out;
    }
  }

  private ExecutionRun() {}

  /** The harnesses of the selected ports (first one per function, in class-path order). */
  public static List<PortHarness> select(List<PortHarness> all, List<PortedFunction> ports) {
    Map<String, PortHarness> byLabel = new LinkedHashMap<>();
    for (PortHarness h : all) {
      byLabel.putIfAbsent(h.file() + " " + h.function(), h);
    }
    List<PortHarness> out = new ArrayList<>();
    for (PortedFunction p : ports) {
      PortHarness h = byLabel.get(p.label());
      if (h != null) {
        out.add(h);
      }
    }
    return out;
  }

  /** Tree files the harnesses read (for a tarball's single pass). */
  public static List<String> sourcesOf(List<PortHarness> harnesses) {
    List<String> out = new ArrayList<>();
    for (PortHarness h : harnesses) {
      if (!out.contains(h.file())) {
        out.add(h.file());
      }
      for (String s : h.sources()) {
        if (!out.contains(s)) {
          out.add(s);
        }
      }
    }
    return out;
  }

  public static Outcome run(KernelTree tree, String kernel, List<PortedFunction> ports,
      List<PortHarness> harnesses, ExecOptions options) {
    String compiler = Gcc.version().orElseThrow(() -> new PortCheckException(
        "--execute needs a C compiler: '" + Gcc.command() + "' cannot be run (install gcc, or"
            + " set NICSIM_CC)"));
    KernelRelease release = KernelRelease.ofMakefile(kernel).orElseThrow(() ->
        new PortCheckException("--execute needs the tree's version: its Makefile states '"
            + kernel + "'"));
    List<PortHarness> selected = select(harnesses, ports);
    // every source file parsed once, before the parallel part (the tree is not thread-safe)
    return run(parse(tree, selected), compiler, kernel, release, ports, selected, options);
  }

  /** The harnesses' source files of {@code tree}, parsed (files the tree lacks absent). */
  static Map<String, CDefinitions> parse(KernelTree tree, List<PortHarness> harnesses) {
    Map<String, CDefinitions> parsed = new HashMap<>();
    for (String path : sourcesOf(harnesses)) {
      tree.source(path).ifPresent(s -> parsed.put(path, CDefinitions.of(s)));
    }
    return parsed;
  }

  /** On sources already parsed ({@link #parse}); {@code selected} are the ports' harnesses. */
  static Outcome run(Map<String, CDefinitions> parsed, String compiler, String kernel,
      KernelRelease release, List<PortedFunction> ports, List<PortHarness> selected,
      ExecOptions options) {
    Map<String, Boolean> covered = new HashMap<>();
    selected.forEach(h -> covered.put(h.file() + " " + h.function(), true));
    List<PortedFunction> without = ports.stream()
        .filter(p -> !covered.containsKey(p.label())).toList();
    Path dir = workDir(options);
    BinaryCache cache = BinaryCache.at(options.cache());
    List<ExecResult> results = new ArrayList<>();
    Map<String, ExecTiming> timings = new ConcurrentHashMap<>();
    long start = System.nanoTime();
    int threads = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
    ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
      Thread t = new Thread(r, "port-check --execute");
      t.setDaemon(true);
      return t;
    });
    try {
      List<Future<ExecResult>> futures = new ArrayList<>();
      for (PortHarness h : selected) {
        futures.add(pool.submit(() -> {
          Execution x = new Execution(h, parsed, release, kernel, options);
          ExecResult r = x.run(dir, cache, compiler);
          timings.put(r.label(), x.timing());
          return r;
        }));
      }
      for (Future<ExecResult> f : futures) {
        results.add(f.get());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new PortCheckException("interrupted");
    } catch (ExecutionException e) {
      Throwable c = e.getCause();
      if (c instanceof PortCheckException p) {
        throw p;
      }
      throw new PortCheckException("--execute failed: " + c);
    } finally {
      pool.shutdownNow();
      if (options.keep().isEmpty()) {
        delete(dir);
      }
    }
    results.sort(Comparator.comparing(ExecResult::file).thenComparing(ExecResult::function));
    return new Outcome(compiler, results, without, options, kernel, release, List.copyOf(ports),
        Map.copyOf(timings), System.nanoTime() - start);
  }

  private static Path workDir(ExecOptions options) {
    try {
      if (options.keep().isPresent()) {
        return Files.createDirectories(options.keep().get());
      }
      return Files.createTempDirectory("nicsim-port-exec");
    } catch (IOException e) {
      throw new PortCheckException("cannot create a directory for the programs: " + e.getMessage());
    }
  }

  private static void delete(Path dir) {
    try (Stream<Path> walk = Files.walk(dir)) {
      walk.sorted(Comparator.reverseOrder()).forEach(p -> {
        try {
          Files.deleteIfExists(p);
        } catch (IOException ignored) {
          // a temporary directory: the system cleans up what is left
        }
      });
    } catch (IOException ignored) {
      // as above
    }
  }

  /** A ported function's result, if it has one. */
  public static Optional<ExecResult> resultFor(Outcome o, PortedFunction p) {
    return Optional.ofNullable(o.byLabel().get(p.label()));
  }
}
