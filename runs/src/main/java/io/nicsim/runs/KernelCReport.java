package io.nicsim.runs;

import io.nicsim.core.host.InLoopPorts;
import io.nicsim.core.port.exec.KernelC;
import io.nicsim.formats.text.Num;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a {@code --ports c} run ran as its tree's C: the header lines of {@code nicsim run}
 * (never part of {@code --json}, which stays the same as the Java run's).
 *
 * @param tree the tree and the patches applied
 * @param release the tree's release
 * @param calls functions installed as C, with the calls the run made, by label
 * @param inside the tree functions compiled into each and run inside it
 * @param java bridged functions that stayed Java, with the reason
 * @param asJava calls of functions installed as C that ran as Java (the live state outside the
 *     record's bounds), by label, then by reason
 * @param unbridged harnessed functions of the files run as C that have no bridge, with why
 * @param touched what the patches changed, and whether it ran as C
 * @param notes how the patches' hunks applied, and where repeated records run the C anyway
 *     ({@code memo: …}: an object holding the tree's writable static storage)
 * @param farEnd what the far end of the run's paths runs ({@code v6.17 TCP as Java (…)}), or
 *     null: no far end's TCP in this run
 * @param farEndCalls the far end's functions that ran as the tree's C, with their calls, by
 *     label (a far end on the tree's release, {@code --path peer-kernel})
 */
public record KernelCReport(String tree, String release, Map<String, Long> calls,
    Map<String, List<String>> inside, Map<String, String> java,
    Map<String, Map<String, Long>> asJava, Map<String, String> unbridged,
    List<KernelC.Touched> touched, List<String> notes, String farEnd,
    Map<String, Long> farEndCalls) {

  static KernelCReport of(InLoopPorts p) {
    KernelC c = p.kernelC();
    return new KernelCReport(c.describe(), c.release(), p.calls(), p.inside(), p.notCompiled(),
        p.ranAsJava(), p.unbridged(), c.touched(), c.notes(), p.farEnd(), p.farEndCalls());
  }

  /** Functions that ran as C (called at least once), by name. */
  public List<String> ranAsC() {
    List<String> out = new ArrayList<>();
    calls.forEach((label, n) -> {
      if (n > 0) {
        out.add(name(label));
      }
    });
    return out;
  }

  /** The header: one line per kind of fact. */
  public List<String> lines() {
    List<String> out = new ArrayList<>();
    out.add("kernel C: " + tree + " (" + release + ")");
    StringBuilder ran = new StringBuilder();
    StringBuilder idle = new StringBuilder();
    for (Map.Entry<String, Long> e : calls.entrySet()) {
      String name = name(e.getKey());
      if (e.getValue() > 0) {
        ran.append(ran.length() > 0 ? ", " : "").append(name).append(' ')
            .append(e.getValue()).append(e.getValue() == 1 ? " call" : " calls");
        List<String> in = inside.getOrDefault(e.getKey(), List.of());
        if (!in.isEmpty()) {
          ran.append(" (with ").append(String.join(", ", in)).append(" inside)");
        }
      } else {
        idle.append(idle.length() > 0 ? ", " : "").append(name);
      }
    }
    out.add("  ran as C: " + (ran.length() > 0 ? ran : "nothing (no bridged function was called)"));
    if (farEnd != null) {
      StringBuilder far = new StringBuilder("  far end: " + farEnd);
      String sep = ": ";
      for (Map.Entry<String, Long> e : farEndCalls.entrySet()) {
        far.append(sep).append(name(e.getKey())).append(' ').append(e.getValue())
            .append(e.getValue() == 1 ? " call" : " calls");
        sep = ", ";
      }
      out.add(far.toString());
    }
    if (idle.length() > 0) {
      out.add("  installed as C, not called in this run: " + idle);
    }
    if (!java.isEmpty()) {
      out.add("  stayed Java: " + byReason(java));
    }
    if (!asJava.isEmpty()) {
      StringBuilder b = new StringBuilder();
      asJava.forEach((label, why) -> why.forEach((w, n) -> b.append(b.length() > 0 ? "; " : "")
          .append(name(label)).append(' ').append(n).append(n == 1 ? " call" : " calls")
          .append(" (").append(w).append(')')));
      out.add("  ran as Java instead of C: " + b);
    }
    if (!unbridged.isEmpty()) {
      out.add("  harnessed, not bridged (Java): " + byReason(unbridged));
    }
    for (String n : notes) {
      // the compiler's word on the output reuse rule, or how a patch's hunks applied
      out.add(n.startsWith("memo: ") ? "  " + n : "  patch: " + n);
    }
    if (!touched.isEmpty()) {
      StringBuilder asC = new StringBuilder();
      StringBuilder notC = new StringBuilder();
      for (KernelC.Touched t : touched) {
        if (t.runsAsC()) {
          asC.append(asC.length() > 0 ? ", " : "").append(t.function())
              .append(t.reason().isEmpty() ? "" : " (" + t.reason() + ")");
        } else {
          notC.append(notC.length() > 0 ? ", " : "").append(t.function()).append(" (")
              .append(t.reason()).append(')');
        }
      }
      out.add("  patch touched, runs as patched C: " + (asC.length() > 0 ? asC : "none"));
      if (notC.length() > 0) {
        out.add("  patch touched, not run as C: " + notC);
      }
    }
    return out;
  }

  /** Names grouped by their reason: {@code a, b (why); c (why)}. */
  private static String byReason(Map<String, String> why) {
    Map<String, List<String>> byReason = new LinkedHashMap<>();
    why.forEach((label, w) -> byReason.computeIfAbsent(w, k -> new ArrayList<>())
        .add(name(label)));
    StringBuilder j = new StringBuilder();
    byReason.forEach((w, names) -> j.append(j.length() > 0 ? "; " : "")
        .append(String.join(", ", names)).append(" (").append(w).append(')'));
    return j.toString();
  }

  private static String name(String label) {
    return label.substring(label.indexOf(' ') + 1);
  }
}
