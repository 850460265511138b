package io.nicsim.runs;

import io.nicsim.core.host.CallLog;
import io.nicsim.core.host.JavaKernelC;
import io.nicsim.core.host.LoggedKernelC;
import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.KernelC;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import io.nicsim.core.port.exec.PortHarness;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Whole-run equivalence: one request run on the Java ports and again with a tree's C in their
 * place must give byte-identical {@code --json} (and the same driver counters and CPU by
 * operation, which {@code nicsim run} prints beside it). When it does not, the first diverging event is
 * found by running both sides through the same bridges (the Java side as each harness's Java
 * port, {@link JavaKernelC}), logging every bridged call, and comparing the logs call by call:
 * the first call whose output differs on the same input names the function, the time and both
 * records; a call whose input already differs means the state parted elsewhere.
 */
public final class Equivalence {
  private Equivalence() {}

  /**
   * The outcome for one request.
   *
   * @param request the Java request (the tree's release)
   * @param identical whether the two {@code --json} outputs are byte-identical
   * @param ranAsC the functions that ran as C in the C run (with their calls; a far end's as
   *     {@code far end's NAME N})
   * @param divergence the first diverging event, or empty
   * @param java the Java run's result
   */
  public record Verdict(RunRequest request, boolean identical, List<String> ranAsC,
      String divergence, RunResult java) {}

  /** {@code req} on the Java ports against {@code req} with {@code c}. */
  public static Verdict check(RunEngine engine, RunRequest req, KernelC c) {
    return new Checks(engine).check(req, c, List.of());
  }

  /**
   * As above, the Java side taking {@code brokenJava}'s Java ports (through their bridges) in
   * place of the class path's for those functions: how a test shows that a wrong Java port makes
   * the check fail.
   */
  public static Verdict check(RunEngine engine, RunRequest req, KernelC c,
      List<PortHarness> brokenJava) {
    return new Checks(engine).check(req, c, brokenJava);
  }

  /**
   * Checks that share their runs: the same request on the plain Java ports, and the same request
   * on the same tree's C (whose every bridged call it logs once, for the checks that must find
   * where a Java side parts from it), run once however many checks ask for them (the broken
   * ports of one run, and the families of a test that share a run). A run is deterministic, so
   * a shared run is the run each check would make. The logged C calls are kept up to
   * {@value #KEPT_CALLS} calls in all (32 bytes a call; a 200 ms flood makes ~100,000), the
   * oldest dropped first; a dropped log asked for again is run again.
   */
  public static final class Checks {
    private static final long KEPT_CALLS = 8_000_000;

    private final RunEngine engine;
    private final Map<RunRequest, RunResult> javaRuns = new HashMap<>();
    private final Map<RunRequest, CRun> cRuns = new HashMap<>();
    /** The C runs' logs, oldest first. */
    private final Map<RunRequest, Digests> cCalls = new LinkedHashMap<>();
    private long keptCalls;

    public Checks(RunEngine engine) {
      this.engine = engine;
    }

    /** The C run of a request: its result, or how it failed. */
    private record CRun(RunResult result, RuntimeException failure) {}

    /** {@code req} on the Java ports against {@code req} with {@code c}. */
    public Verdict check(RunRequest req, KernelC c) {
      return check(req, c, List.of());
    }

    /** As {@link Equivalence#check(RunEngine, RunRequest, KernelC, List)}. */
    public Verdict check(RunRequest req, KernelC c, List<PortHarness> brokenJava) {
      RunRequest java = brokenJava.isEmpty() ? req
          : req.withKernelC(new JavaKernelC(c.release(), labels(brokenJava), brokenJava));
      RunResult jr;
      try {
        jr = brokenJava.isEmpty() ? javaRun(req) : engine.run(java);
      } catch (RuntimeException e) {
        if (brokenJava.isEmpty()) {
          throw e;
        }
        // a broken Java port may make its run fail (an invariant the wrong decision breaks):
        // the calls it made until then are still compared with the C's
        return new Verdict(req, false, List.of(), diverge(req, c, brokenJava, null), null);
      }
      CRun run = cRun(req, c);
      if (run.failure() != null) {
        throw run.failure();
      }
      RunResult cr = run.result();
      List<String> ran = ranAsC(cr);
      if (RunText.json(jr).equals(RunText.json(cr))) {
        // beyond --json: the driver's counters and the CPU by operation nicsim run prints
        String other = !jr.countersPerSec().equals(cr.countersPerSec()) ? "driver counters"
            : !jr.cpuPctByOp().equals(cr.cpuPctByOp()) ? "CPU by operation" : null;
        if (other == null) {
          return new Verdict(req, true, ran, "", jr);
        }
        return new Verdict(req, false, ran, "--json is identical, the " + other + " differ: "
            + firstDifference(other.startsWith("driver") ? jr.countersPerSec()
                : jr.cpuPctByOp(), other.startsWith("driver") ? cr.countersPerSec()
                : cr.cpuPctByOp()), jr);
      }
      return new Verdict(req, false, ran, diverge(req, c, brokenJava, jr), jr);
    }

    private RunResult javaRun(RunRequest req) {
      if (req.kernelC() != null) {
        return engine.run(req);
      }
      RunResult r = javaRuns.get(req);
      if (r == null) {
        r = engine.run(req);
        javaRuns.put(req, r);
      }
      return r;
    }

    /** The request's C run, every bridged call logged (the log kept in {@link #cCalls}). */
    private CRun cRun(RunRequest req, KernelC c) {
      CRun r = cRuns.get(req.withKernelC(c));
      if (r == null) {
        r = runC(req, c);
      }
      return r;
    }

    private Digests cCalls(RunRequest req, KernelC c) {
      Digests d = cCalls.get(req.withKernelC(c));
      if (d == null) {
        runC(req, c);
        d = cCalls.get(req.withKernelC(c));
      }
      return d;
    }

    private CRun runC(RunRequest req, KernelC c) {
      Digests calls = new Digests();
      CRun r;
      try {
        r = new CRun(engine.run(req.withKernelC(new LoggedKernelC(c, calls))), null);
      } catch (RuntimeException e) {
        r = new CRun(null, e);
      }
      calls.failure = r.failure();
      cRuns.put(req.withKernelC(c), r);
      calls.rows = Arrays.copyOf(calls.rows, 4 * calls.n);
      Digests before = cCalls.remove(req.withKernelC(c));
      keptCalls -= before == null ? 0 : before.n;
      Iterator<Digests> oldest = cCalls.values().iterator();
      while (oldest.hasNext() && keptCalls + calls.n > KEPT_CALLS) {
        keptCalls -= oldest.next().n;
        oldest.remove();
      }
      cCalls.put(req.withKernelC(c), calls);
      keptCalls += calls.n;
      return r;
    }

    /**
     * Where the Java side (every bridged function through its bridge, as Java) parts from the
     * C run: the Java run's calls compared one by one with the C run's log, its first differing
     * call kept whole; the C's record of that call is the C run on the same input.
     */
    private String diverge(RunRequest req, KernelC c, List<PortHarness> brokenJava,
        RunResult plainJava) {
      Set<String> labels = new LinkedHashSet<>(c.ports().keySet());
      Digests cs = cCalls(req, c);
      JavaKernelC java = new JavaKernelC(c.release(), labels, brokenJava);
      Against js = new Against(cs, c, java);
      RunResult jb = null;
      try {
        jb = engine.run(req.withKernelC(new LoggedKernelC(java, js)));
      } catch (RuntimeException e) {
        if (brokenJava.isEmpty() || js.n == 0) {
          return "the Java ports through their bridges fail: " + e.getMessage();
        }
        // a broken port's run failed: its calls until then are compared with the C's
      }
      int cn = cs.n;
      int jn = js.n;
      // the first call where the two sequences part (-1: none), and whether the C's calls are
      // all the same as the Java's first ones
      int d = js.first != null ? js.first.index() : jn < cn ? jn : -1;
      boolean cPrefix = d < 0 || d >= cn;
      if (cs.failure != null && cPrefix) {
        return "the C run fails: " + cs.failure.getMessage();
      }
      if (cPrefix && jb == null) {
        return "the Java ports through their bridges fail after " + jn + " bridged calls, each"
            + " the same as the C run's";
      }
      if (d < 0) {
        if (brokenJava.isEmpty() && !RunText.json(jb).equals(RunText.json(plainJava))) {
          return "every bridged call agrees, but the Java ports through their bridges do not"
              + " give the plain Java run: a bridge's capture or apply misses state"
              + missingState(engine, req, c, labels, plainJava);
        }
        return "every one of the " + jn + " bridged calls agrees; the runs part outside them";
      }
      if (cPrefix) {
        return "the C run made " + cn + " bridged calls, the Java " + jn + ", each of the first "
            + Math.min(cn, jn) + " the same";
      }
      String cLabel = cs.label(d);
      long cTime = cs.rows[4 * d];
      String fn = cLabel.substring(cLabel.indexOf(' ') + 1);
      if (js.first == null) {
        return "at " + cTime + " ns the C run calls " + fn + " (call " + (d + 1) + "), which the"
            + " Java run never reaches";
      }
      Call jc = js.first;
      String jfn = jc.label().substring(jc.label().indexOf(' ') + 1);
      if (!jc.label().equals(cLabel) || jc.timeNs() != cTime) {
        return "call " + (d + 1) + " differs: the C run calls " + fn + " at " + cTime + " ns, the"
            + " Java run " + jfn + " at " + jc.timeNs() + " ns (every call before it agreed)";
      }
      List<InputField> fields = c.ports().get(cLabel).fields();
      if (cs.rows[4 * d + 2] == inputHash(jc.in())) {
        String cOut = c.ports().get(cLabel).text(jc.in());
        return "at " + cTime + " ns, call " + (d + 1) + ": " + fn + " on "
            + record(fields, jc.in()) + " gives, as C: " + differing(cOut, jc.out())
            + "; as Java: " + differing(jc.out(), cOut) + same(cOut, jc.out());
      }
      // the inputs differ: the C's whole input of that call, from its run again
      Keep keep = new Keep(d, c);
      try {
        engine.run(req.withKernelC(new LoggedKernelC(c, keep)));
      } catch (RuntimeException e) {
        if (keep.kept == null) {
          throw e;
        }
      }
      Call cc = keep.kept;
      return "at " + cTime + " ns, call " + (d + 1) + ": " + fn + " reads a different state (C "
          + diff(fields, cc.in(), jc.in(), true) + "; Java " + diff(fields, cc.in(), jc.in(),
              false) + ") though every call before it agreed";
    }
  }

  private static String firstDifference(Map<String, Double> onJava,
      Map<String, Double> onC) {
    Set<String> keys = new TreeSet<>(onJava.keySet());
    keys.addAll(onC.keySet());
    for (String k : keys) {
      if (!Objects.equals(onJava.get(k), onC.get(k))) {
        return k + " " + onJava.get(k) + " on the Java, " + onC.get(k) + " on the C";
      }
    }
    return "";
  }

  private static Set<String> labels(List<PortHarness> hs) {
    Set<String> out = new LinkedHashSet<>();
    hs.forEach(h -> out.add(h.file() + " " + h.function()));
    return out;
  }

  private static List<String> ranAsC(RunResult r) {
    List<String> out = new ArrayList<>();
    if (r.kernelC() != null) {
      r.kernelC().calls().forEach((label, n) -> {
        if (n > 0) {
          out.add(label.substring(label.indexOf(' ') + 1) + " " + n);
        }
      });
      // a far end on the tree's release (--path peer-kernel) runs its own calls of the C
      r.kernelC().farEndCalls().forEach((label, n) ->
          out.add("far end's " + label.substring(label.indexOf(' ') + 1) + " " + n));
    }
    return out;
  }

  /** A call's input record as 64 bits (the logs compare inputs by it). */
  static long inputHash(long[] in) {
    long h = in.length;
    for (long v : in) {
      h = (h ^ v) * 0x9E37_79B9_7F4A_7C15L;
      h ^= h >>> 31;
    }
    return h;
  }

  /** Calls as (time, function, input hash, output hash), in order, and how the run ended. */
  private static final class Digests implements CallLog {
    long[] rows = new long[4 * 1024];
    int n;
    final List<String> labels = new ArrayList<>();
    RuntimeException failure;

    @Override
    public void record(long timeNs, String label, long[] in, NativeOut out) {
      if (4 * n + 4 > rows.length) {
        rows = Arrays.copyOf(rows, rows.length * 2);
      }
      int l = labels.indexOf(label);
      if (l < 0) {
        labels.add(label);
        l = labels.size() - 1;
      }
      rows[4 * n] = timeNs;
      rows[4 * n + 1] = l;
      rows[4 * n + 2] = inputHash(in);
      rows[4 * n + 3] = out.digest();
      n++;
    }

    String label(int i) {
      return labels.get((int) rows[4 * i + 1]);
    }
  }

  /** One call, whole. */
  private record Call(int index, long timeNs, String label, long[] in, String out) {}

  /**
   * Compares a Java run's calls with the C run's log; keeps the first that differs whole (its
   * record as the Java side's port gives it).
   */
  private static final class Against implements CallLog {
    final Digests expected;
    final KernelC c;
    final KernelC side;
    int n;
    Call first;

    Against(Digests expected, KernelC c, KernelC side) {
      this.expected = expected;
      this.c = c;
      this.side = side;
    }

    @Override
    public void record(long timeNs, String label, long[] in, NativeOut out) {
      int i = n++;
      if (first != null) {
        return;
      }
      long[] r = expected.rows;
      boolean same = i < expected.n && r[4 * i] == timeNs
          && expected.label(i).equals(label)
          && r[4 * i + 2] == inputHash(in) && (r[4 * i + 3] == out.digest()
              // a harness may leave out of its binary record the fields that change nothing
              // (the Java half's record is parsed from the full text): compare the full text
              || out.digest() == NativeOut.parse(c.ports().get(label).text(in)).digest());
      if (!same) {
        first = new Call(i, timeNs, label, in.clone(), side.ports().get(label).text(in));
      }
    }
  }

  /** Keeps call {@code k} whole. */
  private static final class Keep implements CallLog {
    final int k;
    final KernelC side;
    int n;
    Call kept;

    Keep(int k, KernelC side) {
      this.k = k;
      this.side = side;
    }

    @Override
    public void record(long timeNs, String label, long[] in, NativeOut out) {
      if (n++ == k) {
        kept = new Call(k, timeNs, label, in.clone(), side.ports().get(label).text(in));
      }
    }
  }

  /**
   * Which bridges, each alone with the rest of the run in plain Java, already move the run: the
   * ones whose capture or apply misses state.
   */
  private static String missingState(RunEngine engine, RunRequest req, KernelC c,
      Set<String> labels, RunResult plainJava) {
    String want = RunText.json(plainJava);
    List<String> culprits = new ArrayList<>();
    for (String label : labels) {
      try {
        RunResult one = engine.run(req.withKernelC(
            new JavaKernelC(c.release(), new LinkedHashSet<>(List.of(label)), List.of())));
        if (!RunText.json(one).equals(want)) {
          culprits.add(label.substring(label.indexOf(' ') + 1));
        }
      } catch (RuntimeException e) {
        culprits.add(label.substring(label.indexOf(' ') + 1) + " (fails: " + e.getMessage()
            + ")");
      }
    }
    return culprits.isEmpty() ? " (no single bridge does it alone: two together)"
        : " (alone, each of these moves the run: " + String.join(", ", culprits) + ")";
  }

  /** The tokens of {@code record} that {@code other} does not have at the same place. */
  private static String differing(String record, String other) {
    String[] a = record.isEmpty() ? new String[0] : record.split(" ");
    String[] b = other.isEmpty() ? new String[0] : other.split(" ");
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < a.length; i++) {
      if (i >= b.length || !a[i].equals(b[i])) {
        out.append(out.length() > 0 ? " " : "").append(a[i]);
      }
    }
    return out.length() == 0 ? "(nothing)" : out.toString();
  }

  /** How many tokens both records share, when some. */
  private static String same(String a, String b) {
    String[] x = a.isEmpty() ? new String[0] : a.split(" ");
    String[] y = b.isEmpty() ? new String[0] : b.split(" ");
    int n = 0;
    for (int i = 0; i < Math.min(x.length, y.length); i++) {
      n += x[i].equals(y[i]) ? 1 : 0;
    }
    return n == 0 ? "" : " (the other " + n + " token" + (n == 1 ? "" : "s") + " the same)";
  }

  static String record(List<InputField> fields, long[] in) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < in.length; i++) {
      InputField f = i < fields.size() ? fields.get(i) : null;
      b.append(i == 0 ? "" : " ").append(f == null ? "in[" + i + "]" : f.name()).append('=')
          .append(f != null && f.unsigned() ? Long.toUnsignedString(in[i]) : in[i]);
    }
    return b.toString();
  }

  private static String diff(List<InputField> fields, long[] c, long[] j, boolean cSide) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < Math.min(c.length, j.length); i++) {
      if (c[i] != j[i]) {
        InputField f = i < fields.size() ? fields.get(i) : null;
        long v = cSide ? c[i] : j[i];
        b.append(b.length() == 0 ? "" : " ").append(f == null ? "in[" + i + "]" : f.name())
            .append('=').append(f != null && f.unsigned() ? Long.toUnsignedString(v) : v);
      }
    }
    return b.toString();
  }
}
