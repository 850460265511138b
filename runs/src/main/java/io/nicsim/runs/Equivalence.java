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
   * @param ranAsC the functions that ran as C in the C run (with their calls)
   * @param divergence the first diverging event, or empty
   * @param java the Java run's result
   */
  public record Verdict(RunRequest request, boolean identical, List<String> ranAsC,
      String divergence, RunResult java) {}

  /** {@code req} on the Java ports against {@code req} with {@code c}. */
  public static Verdict check(RunEngine engine, RunRequest req, KernelC c) {
    return check(engine, req, c, List.of());
  }

  /**
   * As above, the Java side taking {@code brokenJava}'s Java ports (through their bridges) in
   * place of the class path's for those functions: how a test shows that a wrong Java port makes
   * the check fail.
   */
  public static Verdict check(RunEngine engine, RunRequest req, KernelC c,
      List<PortHarness> brokenJava) {
    RunRequest java = brokenJava.isEmpty() ? req
        : req.withKernelC(new JavaKernelC(c.release(), labels(brokenJava), brokenJava));
    RunResult jr;
    try {
      jr = engine.run(java);
    } catch (RuntimeException e) {
      if (brokenJava.isEmpty()) {
        throw e;
      }
      // a broken Java port may make its run fail (an invariant the wrong decision breaks):
      // the calls it made until then are still compared with the C's
      return new Verdict(req, false, List.of(), diverge(engine, req, c, brokenJava, null), null);
    }
    RunResult cr = engine.run(req.withKernelC(c));
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
    return new Verdict(req, false, ran, diverge(engine, req, c, brokenJava, jr), jr);
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
    }
    return out;
  }

  /** Calls as (time, function, input hash, output hash), in order. */
  private static final class Digests implements CallLog {
    long[] rows = new long[4 * 1024];
    int n;
    final List<String> labels = new ArrayList<>();

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
      rows[4 * n + 2] = Arrays.hashCode(in);
      rows[4 * n + 3] = out.digest();
      n++;
    }
  }

  /** One call, whole. */
  private record Call(int index, long timeNs, String label, long[] in, String out) {}

  /** Compares a run's calls with a recorded sequence; keeps the first that differs. */
  private static final class Against implements CallLog {
    final Digests expected;
    final KernelC c;
    int n;
    Call first;

    Against(Digests expected, KernelC c) {
      this.expected = expected;
      this.c = c;
    }

    @Override
    public void record(long timeNs, String label, long[] in, NativeOut out) {
      int i = n++;
      if (first != null) {
        return;
      }
      long[] r = expected.rows;
      boolean same = i < expected.n && r[4 * i] == timeNs
          && expected.labels.get((int) r[4 * i + 1]).equals(label)
          && r[4 * i + 2] == Arrays.hashCode(in) && (r[4 * i + 3] == out.digest()
              // a harness may leave out of its binary record the fields that change nothing
              // (the Java half's record is parsed from the full text): compare the full text
              || r[4 * i + 3] == NativeOut.parse(c.ports().get(label).text(in)).digest());
      if (!same) {
        first = new Call(i, timeNs, label, in.clone(), c.ports().get(label).text(in));
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

  private static String diverge(RunEngine engine, RunRequest req, KernelC c,
      List<PortHarness> brokenJava, RunResult plainJava) {
    Set<String> labels = new LinkedHashSet<>(c.ports().keySet());
    JavaKernelC java = new JavaKernelC(c.release(), labels, brokenJava);
    Digests javaCalls = new Digests();
    RunResult jb = null;
    try {
      jb = engine.run(req.withKernelC(new LoggedKernelC(java, javaCalls)));
    } catch (RuntimeException e) {
      if (brokenJava.isEmpty() || javaCalls.n == 0) {
        return "the Java ports through their bridges fail: " + e.getMessage();
      }
      // a broken port's run failed: its calls until then are compared with the C's
    }
    Against cCalls = new Against(javaCalls, c);
    try {
      engine.run(req.withKernelC(new LoggedKernelC(c, cCalls)));
    } catch (RuntimeException e) {
      if (cCalls.first == null) {
        return "the C run fails: " + e.getMessage();
      }
    }
    if (cCalls.first == null && jb == null) {
      return "the Java ports through their bridges fail after " + javaCalls.n + " bridged"
          + " calls, each the same as the C run's";
    }
    if (cCalls.first == null && cCalls.n == javaCalls.n) {
      if (brokenJava.isEmpty() && !RunText.json(jb).equals(RunText.json(plainJava))) {
        return "every bridged call agrees, but the Java ports through their bridges do not give"
            + " the plain Java run: a bridge's capture or apply misses state"
            + missingState(engine, req, c, labels, plainJava);
      }
      return "every one of the " + javaCalls.n + " bridged calls agrees; the runs part outside"
          + " them";
    }
    if (cCalls.first == null) {
      return "the C run made " + cCalls.n + " bridged calls, the Java " + javaCalls.n
          + ", each of the first " + Math.min(cCalls.n, javaCalls.n) + " the same";
    }
    Call cc = cCalls.first;
    Keep keep = new Keep(cc.index(), java);
    try {
      engine.run(req.withKernelC(new LoggedKernelC(new JavaKernelC(c.release(), labels,
          brokenJava), keep)));
    } catch (RuntimeException e) {
      if (keep.kept == null) {
        throw e;
      }
    }
    Call jc = keep.kept;
    String fn = cc.label().substring(cc.label().indexOf(' ') + 1);
    if (jc == null) {
      return "at " + cc.timeNs() + " ns the C run calls " + fn + " (call " + (cc.index() + 1)
          + "), which the Java run never reaches";
    }
    List<InputField> fields = c.ports().get(cc.label()).fields();
    if (jc.label().equals(cc.label()) && Arrays.equals(jc.in(), cc.in())
        && jc.timeNs() == cc.timeNs()) {
      return "at " + cc.timeNs() + " ns, call " + (cc.index() + 1) + ": " + fn + " on "
          + record(fields, cc.in()) + " gives, as C: " + differing(cc.out(), jc.out())
          + "; as Java: " + differing(jc.out(), cc.out()) + same(cc.out(), jc.out());
    }
    String jfn = jc.label().substring(jc.label().indexOf(' ') + 1);
    if (!jc.label().equals(cc.label()) || jc.timeNs() != cc.timeNs()) {
      return "call " + (cc.index() + 1) + " differs: the C run calls " + fn + " at "
          + cc.timeNs() + " ns, the Java run " + jfn + " at " + jc.timeNs() + " ns (every"
          + " call before it agreed)";
    }
    return "at " + cc.timeNs() + " ns, call " + (cc.index() + 1) + ": " + fn + " reads a"
        + " different state (C " + diff(fields, cc.in(), jc.in(), true) + "; Java "
        + diff(fields, cc.in(), jc.in(), false) + ") though every call before it agreed";
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
