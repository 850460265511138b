package io.nicsim.portcheck;

import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.JavaPort;
import io.nicsim.core.port.exec.NotRunnable;
import io.nicsim.core.port.exec.PortHarness;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * One harness on one tree: take the C, compile it once, run every input record through the
 * program and through the Java port, compare the records, and shrink a difference to the
 * smallest input that still differs.
 */
final class Execution {
  private static final int SHRINK_ROUNDS = 60;
  /** What nicsim_kernel.h defines (never taken from a tree). */
  private static final CDefinitions COMPAT =
      CDefinitions.of(new CSource(CProgram.COMPAT, CProgram.compatText()));

  private final PortHarness harness;
  private final Map<String, CDefinitions> tree;
  private final KernelRelease release;
  private final String kernel;
  private final ExecOptions options;

  /**
   * @param tree the harness's source files, parsed, by path (files the tree lacks are absent)
   */
  Execution(PortHarness harness, Map<String, CDefinitions> tree, KernelRelease release,
      String kernel, ExecOptions options) {
    this.harness = harness;
    this.tree = tree;
    this.release = release;
    this.kernel = kernel;
    this.options = options;
  }

  private ExecTiming timing = ExecTiming.NONE;

  /** Where {@link #run} spent its time. */
  ExecTiming timing() {
    return timing;
  }

  ExecResult run(Path workDir) {
    return run(workDir, BinaryCache.NONE, "");
  }

  /**
   * @param cache compiled programs kept between runs
   * @param compiler the compiler's version line (part of the cache's key)
   */
  ExecResult run(Path workDir, BinaryCache cache, String compiler) {
    long t0 = System.nanoTime();
    String file = harness.file();
    String function = harness.function();
    String notes = harness.notes();
    if (harness.notRun().isPresent()) {
      return ExecResult.notRun(file, function, ExecResult.NotRun.HARNESS_SKIPS,
          harness.notRun().get(), notes);
    }
    List<CDefinitions> sources = new ArrayList<>();
    for (String path : harness.sources()) {
      CDefinitions d = tree.get(path);
      if (d != null) {
        sources.add(d);
      }
    }
    CDefinitions home = tree.get(file);
    if (home == null) {
      return ExecResult.notRun(file, function, ExecResult.NotRun.NOT_IN_TREE,
          file + " is not in this tree", notes);
    }
    if (!sources.contains(home)) {
      sources.add(0, home);
    }
    String label = function + ".c";
    Map<String, String> sections;
    try {
      sections = CProgram.sections(harness.program(), "harness/" + label);
    } catch (IllegalArgumentException e) {
      return ExecResult.notRun(file, function, ExecResult.NotRun.HARNESS_FAILED, e.getMessage(),
          notes);
    }
    List<CDefinitions> provided = List.of(COMPAT,
        CDefinitions.of(new CSource("harness", harness.program())));
    CExtraction.Result taken = CExtraction.take(sources, provided, function, home,
        CExtraction.references(harness.program()));
    if (taken.root().isEmpty()) {
      return ExecResult.notRun(file, function, ExecResult.NotRun.NOT_IN_TREE,
          "not defined in " + file + " of this tree", notes);
    }
    JavaPort java;
    try {
      java = harness.java(kernel);
    } catch (NotRunnable e) {
      return ExecResult.notRun(file, function, ExecResult.NotRun.JAVA_REFUSES,
          "Java side: " + e.getMessage(), notes);
    } catch (RuntimeException e) {
      return ExecResult.notRun(file, function, ExecResult.NotRun.HARNESS_FAILED,
          "Java side failed to set up: " + e, notes);
    }
    EdgeTargets edges = edgeTargets(taken, provided);
    List<String> probes = edges.probes();
    String program = CProgram.assemble(taken, sections, harness.inputs().size(), release, probes);
    String name = safe(function);
    long t1 = System.nanoTime();
    BinaryCache.Result built = compile(cache, workDir, name, program, compiler);
    if (!built.compiled().ok() && !probes.isEmpty()) {
      // a probe the compiler refuses (a struct-valued expression): the program without them
      probes = List.of();
      program = CProgram.assemble(taken, sections, harness.inputs().size(), release, probes);
      built = compile(cache, workDir, name, program, compiler);
    }
    Gcc.Compiled compiled = built.compiled();
    long t2 = System.nanoTime();
    if (!compiled.ok()) {
      timing = new ExecTiming(t1 - t0, t2 - t1, built.cached(), 0, 0, 0, 0);
      return ExecResult.notRun(file, function, ExecResult.NotRun.HARNESS_FAILED,
          "does not compile: " + compiled.error(), notes);
    }
    CDriverProcess c = new CDriverProcess(compiled.binary());
    edges.finish(probes.isEmpty() ? Map.of() : c.probe(probes));
    InputGenerator generator = new InputGenerator(harness, options.seed(), edges);
    InputGenerator.Supply supply = generator.supply(options.inputs());
    List<long[]> first = supply.next(CHUNK);
    long t3 = System.nanoTime();
    if (first.isEmpty()) {
      timing = new ExecTiming(t1 - t0, t2 - t1, built.cached(), t3 - t2, 0, 0, 0);
      return ExecResult.notRun(file, function, ExecResult.NotRun.HARNESS_FAILED,
          "the harness admits no input", notes);
    }
    // the C program and the Java port run at the same time, a chunk of records at a time whose
    // inputs and outputs are compared and dropped (a budget of 100,000 records keeps neither:
    // counts, fingerprints of the distinct inputs and the first differing ones); inputs the C
    // dies on (a zero divisor) are checked, then replaced by fresh ones, so that the budget
    // counts inputs that ran to completion
    CoverageRun.Build covBuild = options.coverage()
        ? CoverageRun.build(workDir.resolve("coverage-" + name), program, taken.root().get())
        : null;
    long generateNs = t3 - t2;
    int ran = 0;
    long cNs = 0;
    long javaNs = 0;
    List<long[]> differing = new ArrayList<>();
    int differingCount = 0;
    int crashed = 0;
    int timedOut = 0;
    long[] firstTimeout = null;
    String firstC = null;
    RecordSet distinct = new RecordSet();
    int budget = 0;
    int round = 0;
    int died = 0;
    List<long[]> pending = first;
    List<long[]> replacements = List.of();
    int at = 0;
    while (true) {
      List<long[]> chunk = pending;
      pending = null;
      if (chunk == null) {
        long g = System.nanoTime();
        if (round == 0) {
          chunk = supply.next(CHUNK);
        } else {
          chunk = replacements.subList(at, Math.min(replacements.size(), at + CHUNK));
          at += chunk.size();
        }
        generateNs += System.nanoTime() - g;
      }
      if (chunk.isEmpty()) {
        // the round is over: the inputs the C died on are replaced by as many new ones
        if (round == 0) {
          budget = supply.produced();
        }
        if (died == 0 || round == REPLACE_ROUNDS || ran >= REPLACE_LIMIT * budget) {
          break;
        }
        long g = System.nanoTime();
        replacements = generator.more(died);
        generateNs += System.nanoTime() - g;
        at = 0;
        died = 0;
        round++;
        if (replacements.isEmpty()) {
          break;
        }
        continue;
      }
      String[] both = new String[chunk.size()];
      List<String> c1 = runBoth(c, covBuild, java, chunk, name, both);
      javaNs += lastJavaNs;
      cNs += lastCRunNs;
      for (int i = 0; i < chunk.size(); i++) {
        long[] in = chunk.get(i);
        String co = c1.get(i);
        ran++;
        if (firstC == null) {
          firstC = co;
        }
        if (co.equals(CDriverProcess.TIMEOUT)) {
          // the C never returned: no verdict on this record
          timedOut++;
          if (firstTimeout == null) {
            firstTimeout = in;
          }
          continue;
        }
        if (CDriverProcess.died(co)) {
          crashed++;
          died++;
        } else {
          distinct.add(in);
        }
        if (!co.equals(both[i])) {
          differingCount++;
          if (differing.size() < KEEP_DIFFERING) {
            differing.add(in);
          }
        }
      }
    }
    timing = new ExecTiming(t1 - t0, t2 - t1, built.cached(), generateNs, cNs, javaNs, 0);
    int completed = ran - crashed - timedOut;
    if (differing.isEmpty() && timedOut > 0) {
      return new ExecResult(file, function, ExecState.NOT_RUN, completed, distinct.size(),
          false, 0, "the C program never returned on " + timedOut + " of " + ran
              + " inputs (" + CDriverProcess.recordSeconds + " s each), e.g. "
              + String.join(" ", describe(firstTimeout)), true, Optional.empty(), notes,
          ExecResult.NotRun.HARNESS_FAILED, crashed, timedOut, null);
    }
    if (differing.isEmpty() && completed == 0) {
      return new ExecResult(file, function, ExecState.NOT_RUN, 0, 0, false, 0,
          "the C program died on every input (" + firstC + ")", true, Optional.empty(),
          notes, ExecResult.NotRun.HARNESS_FAILED, crashed, timedOut, null);
    }
    BranchCoverage coverage = covBuild == null ? null : covBuild.finish();
    if (differing.isEmpty()) {
      return ExecResult.same(file, function, completed, distinct.size(), notes, crashed)
          .withDomain(domainSize()).withCoverage(coverage);
    }
    long t5 = System.nanoTime();
    long[] smallest = shrink(differing, c, java);
    String cRecord = c.run(List.of(smallest)).get(0);
    String jRecord = runJava(java, smallest);
    ExecResult.Counterexample ce = new ExecResult.Counterexample(
        describe(smallest), cRecord, jRecord, firstDifference(cRecord, jRecord));
    timing = new ExecTiming(timing.readNs(), timing.compileNs(), timing.cached(),
        timing.generateNs(), timing.cRunNs(), timing.javaNs(), System.nanoTime() - t5);
    return new ExecResult(file, function, ExecState.DIFFERS, completed, distinct.size(),
        false, differingCount, "", false, Optional.of(ce), notes, null, crashed, timedOut,
        coverage);
  }

  /**
   * Rounds of replacing inputs the C died on: enough that a function the C dies on for more
   * than half its random inputs (a zero divisor in a wide field) still completes its budget
   * (each round replaces only the last round's deaths, so what is missing shrinks
   * geometrically).
   */
  private static final int REPLACE_ROUNDS = 40;
  /** At most this many times the budget is tried, so a program dying on nearly all stops. */
  private static final int REPLACE_LIMIT = 8;
  /** Records run and compared at a time (their outputs are not kept). */
  private static final int CHUNK = 10_000;
  /** Differing records kept for shrinking (the rest are counted). */
  private static final int KEEP_DIFFERING = 1_000;

  private long lastCRunNs;
  private long lastJavaNs;

  /**
   * The C program's records for {@code batch}, while this thread fills {@code javaOut} with the
   * Java port's.
   */
  private List<String> runBoth(CDriverProcess c, CoverageRun.Build coverage, JavaPort java,
      List<long[]> batch, String name, String[] javaOut) {
    long[] cNs = new long[1];
    CompletableFuture<List<String>> cRun =
        new CompletableFuture<>();
    Thread runner = new Thread(() -> {
      long s = System.nanoTime();
      try {
        List<String> out = c.run(batch);
        cNs[0] = System.nanoTime() - s;
        if (coverage != null) {
          coverage.run(batch);
        }
        cRun.complete(out);
      } catch (RuntimeException e) {
        cNs[0] = System.nanoTime() - s;
        cRun.completeExceptionally(e);
      }
    }, "port-check C " + name);
    runner.setDaemon(true);
    runner.start();
    long s = System.nanoTime();
    for (int i = 0; i < batch.size(); i++) {
      javaOut[i] = runJava(java, batch.get(i));
    }
    lastJavaNs = System.nanoTime() - s;
    try {
      List<String> out = cRun.get();
      runner.join();
      lastCRunNs = cNs[0];
      return out;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new PortCheckException("interrupted");
    } catch (ExecutionException e) {
      throw e.getCause() instanceof PortCheckException p ? p
          : new PortCheckException("running " + name + " failed: " + e.getCause());
    }
  }

  /**
   * The program's binary: from the cache or compiled; with {@code --keep-programs} the program
   * and its binary are also left in the run's directory.
   */
  private BinaryCache.Result compile(BinaryCache cache, Path workDir, String name, String program,
      String compiler) {
    BinaryCache.Result r = cache.compile(workDir, name, program, compiler);
    if (options.keep().isPresent() && r.cached()) {
      try {
        Files.writeString(workDir.resolve(name + ".c"), program);
        if (r.compiled().ok()) {
          Files.copy(r.compiled().binary(), workDir.resolve(name),
              StandardCopyOption.REPLACE_EXISTING);
        }
      } catch (IOException e) {
        throw new PortCheckException("cannot keep the program in " + workDir + ": "
            + e.getMessage());
      }
    }
    return r;
  }

  /** The targets the C's comparisons give; none when its text cannot be read for them. */
  private EdgeTargets edgeTargets(CExtraction.Result taken, List<CDefinitions> provided) {
    try {
      return EdgeTargets.of(taken, provided, harness.inputs());
    } catch (RuntimeException | StackOverflowError e) {
      return EdgeTargets.none(harness.inputs());
    }
  }

  /** The number of distinct records the fields allow, or -1 when it exceeds a million. */
  private long domainSize() {
    long size = 1;
    for (InputField f : harness.inputs()) {
      long span = f.max() - f.min();
      if (Long.compareUnsigned(span, 1_000_000) >= 0) {
        return -1;
      }
      size *= span + 1;
      if (size > 1_000_000) {
        return -1;
      }
    }
    return size;
  }

  private static String runJava(JavaPort java, long[] record) {
    try {
      return java.run(record.clone());
    } catch (ArithmeticException e) {
      return "signal=8"; // the C program dies of SIGFPE on the same division
    } catch (RuntimeException | StackOverflowError e) {
      return "exception=" + e.getClass().getSimpleName() + ":" + String.valueOf(e.getMessage())
          .replace(' ', '_');
    }
  }

  /** Greedy shrinking toward each field's simplest value, one C run per round. */
  private long[] shrink(List<long[]> differing, CDriverProcess c, JavaPort java) {
    long[] best = differing.get(0);
    for (long[] r : differing) {
      if (smaller(r, best)) {
        best = r;
      }
    }
    for (int round = 0; round < SHRINK_ROUNDS; round++) {
      List<long[]> candidates = candidates(best);
      if (candidates.isEmpty()) {
        break;
      }
      List<String> cOut = c.run(candidates);
      long[] next = null;
      for (int i = 0; i < candidates.size(); i++) {
        long[] cand = candidates.get(i);
        if (!cOut.get(i).equals(CDriverProcess.TIMEOUT) && !cOut.get(i).equals(runJava(java, cand))
            && (next == null || smaller(cand, next))) {
          next = cand;
        }
      }
      if (next == null) {
        break;
      }
      best = next;
    }
    return best;
  }

  private List<long[]> candidates(long[] from) {
    List<InputField> fields = harness.inputs();
    Map<String, long[]> out = new LinkedHashMap<>();
    for (int f = 0; f < fields.size(); f++) {
      InputField field = fields.get(f);
      long target = field.simplest();
      long v = from[f];
      if (v == target) {
        continue;
      }
      long diff = v - target;
      long[] moves = {target, target + diff / 2, v - Long.signum(diff),
          target + Long.highestOneBit(Math.abs(diff)) / 2, v & (v - 1)};
      for (long m : moves) {
        if (m == v || !field.contains(m)) {
          continue;
        }
        long[] cand = from.clone();
        cand[f] = m;
        long[] admitted = harness.admit(cand.clone());
        if (admitted != null && smaller(admitted, from)) {
          out.putIfAbsent(Arrays.toString(admitted), admitted);
        }
      }
    }
    return new ArrayList<>(out.values());
  }

  /** Fewer significant bits away from the simplest values, then smaller distances. */
  private boolean smaller(long[] a, long[] b) {
    long bitsA = 0;
    long bitsB = 0;
    for (int f = 0; f < a.length; f++) {
      long t = harness.inputs().get(f).simplest();
      bitsA += 64 - Long.numberOfLeadingZeros(Math.abs(a[f] - t));
      bitsB += 64 - Long.numberOfLeadingZeros(Math.abs(b[f] - t));
    }
    if (bitsA != bitsB) {
      return bitsA < bitsB;
    }
    for (int f = 0; f < a.length; f++) {
      long t = harness.inputs().get(f).simplest();
      int cmp = Long.compareUnsigned(Math.abs(a[f] - t), Math.abs(b[f] - t));
      if (cmp != 0) {
        return cmp < 0;
      }
    }
    return false;
  }

  private List<String> describe(long[] record) {
    List<String> out = new ArrayList<>();
    List<InputField> fields = harness.inputs();
    for (int f = 0; f < fields.size(); f++) {
      out.add(fields.get(f).name() + "=" + (fields.get(f).unsigned()
          ? Long.toUnsignedString(record[f]) : Long.toString(record[f])));
    }
    return out;
  }

  /** The first token where the records differ, {@code C-token vs Java-token}. */
  static String firstDifference(String c, String java) {
    String[] a = c.split(" ");
    String[] b = java.split(" ");
    for (int i = 0; i < Math.max(a.length, b.length); i++) {
      String x = i < a.length ? a[i] : "(nothing)";
      String y = i < b.length ? b[i] : "(nothing)";
      if (!x.equals(y)) {
        return x + " vs " + y;
      }
    }
    return "";
  }

  private static String safe(String function) {
    return function.replaceAll("[^A-Za-z0-9_]", "_");
  }
}
