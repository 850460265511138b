package io.nicsim.bench.perf;

import io.nicsim.core.host.InLoopPorts;
import io.nicsim.core.port.exec.KernelC;
import io.nicsim.core.port.exec.KernelCCompiler;
import io.nicsim.core.port.exec.NativePort;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code nicsim bench ports-c}: what running a tree's C in the loop costs. The flood of
 * {@link FloodWorkload} (1.488 Mpps, every packet through stmmac_xmit and dql_queued,
 * every completion through dql_completed) on the tree's release, once on the Java ports and once
 * with the tree's C in their place, in this JVM: the ratio of wall seconds per simulated second
 * (target: within 20×), and the cost of one call of a compiled function (the JNI transition,
 * the guard, the record copies and the C itself).
 */
public final class PortsCBenchmark {
  private static final double SEC = 1e9;

  private final int runs;
  private final PrintWriter log;

  public PortsCBenchmark(int runs, PrintWriter log) {
    this.runs = runs;
    this.log = log;
  }

  public List<BenchRow> rows(Path tree) {
    List<BenchRow> out = new ArrayList<>();
    log.println("bench: ports-c: compiling the bridged functions from " + tree);
    log.flush();
    long t0 = System.nanoTime();
    KernelC c = KernelCCompiler.find().compile(tree, List.of(),
        new LinkedHashSet<>(InLoopPorts.bridgedLabels()));
    c.ports();
    double buildS = (System.nanoTime() - t0) / SEC;
    FloodWorkload java = new FloodWorkload("cyclone5", 1, 1, FloodWorkload.CPU_SCALE, "", null);
    FloodWorkload inC = new FloodWorkload("cyclone5", 1, 1, FloodWorkload.CPU_SCALE, "", c);
    log.println("bench: ports-c: 1 simulated s of the flood, Java then C, " + runs + " times");
    log.flush();
    warmUp(java, inC);
    double[] ratio = new double[runs];
    double[] javaS = new double[runs];
    double[] cS = new double[runs];
    double[] cpuRatio = new double[runs];
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    Map<String, Long> callsBefore = InLoopPorts.of(inC.host()).calls();
    Map<String, Long> reusedBefore = InLoopPorts.of(inC.host()).reused();
    long frames = 0;
    for (int i = 0; i < runs; i++) {
      long a = System.nanoTime();
      long ca = threads.getCurrentThreadCpuTime();
      java.advance(1_000_000_000L);
      long b = System.nanoTime();
      long cb = threads.getCurrentThreadCpuTime();
      frames += inC.advance(1_000_000_000L);
      long e = System.nanoTime();
      long ce = threads.getCurrentThreadCpuTime();
      javaS[i] = (b - a) / SEC;
      cS[i] = (e - b) / SEC;
      ratio[i] = cS[i] / javaS[i];
      cpuRatio[i] = (ce - cb) / (double) Math.max(1, cb - ca);
    }
    Map<String, Long> byFunction = new LinkedHashMap<>();
    InLoopPorts.of(inC.host()).calls().forEach((label, n) -> byFunction.put(
        label.substring(label.indexOf(' ') + 1), n - callsBefore.getOrDefault(label, 0L)));
    long calls = byFunction.values().stream().mapToLong(Long::longValue).sum();
    Map<String, Long> reusedBy = new LinkedHashMap<>();
    InLoopPorts.of(inC.host()).reused().forEach((label, n) -> reusedBy.put(
        label.substring(label.indexOf(' ') + 1), n - reusedBefore.getOrDefault(label, 0L)));
    long reused = reusedBy.values().stream().mapToLong(Long::longValue).sum();
    Stats r = Stats.of(ratio);
    Stats cpu = Stats.of(cpuRatio);
    out.add(new BenchRow("ports-c-flood", "1 simulated s of the stmmac flood with --ports c,"
        + " wall time against the Java run's", "x", 20, false, r.median(), r.min(), r.max(),
        r.runs(), "nicsim bench ports-c --kernel-tree " + tree, String.format(Locale.ROOT,
            "Java %.3f s, C %.3f s per simulated s (medians); the ratio of the simulating"
                + " thread's CPU times %.1f x (%.1f..%.1f; what to judge by on a busy machine);"
                + " %.2f C calls per packet (%s); of them %.2f a packet took the port's last"
                + " call's output, the same record (%s); tree read and %d functions built in"
                + " %.1f s, once",
            Stats.of(javaS).median(), Stats.of(cS).median(), cpu.median(), cpu.min(), cpu.max(),
            calls / (double) frames, perPacket(byFunction, frames), reused / (double) frames,
            ranOnly(perPacket(reusedBy, frames)), c.ports().size(), buildS)));
    out.add(perCall(c, tree, (Stats.of(cS).median() - Stats.of(javaS).median()) * SEC
        / (calls / (double) runs)));
    return out;
  }

  /**
   * Warm-up of both paths: 200 simulated ms at a time until neither path's round got more than
   * 5 % faster than its previous one (the JIT has settled), at most {@value #WARM_ROUNDS}
   * rounds. A fixed 200 ms left C2 compiling on a loaded machine, which overstated the ratio.
   */
  private static void warmUp(FloodWorkload java, FloodWorkload inC) {
    double lastJava = Double.MAX_VALUE;
    double lastC = Double.MAX_VALUE;
    for (int round = 0; round < WARM_ROUNDS; round++) {
      long a = System.nanoTime();
      java.advance(WARM_STEP_NS);
      long b = System.nanoTime();
      inC.advance(WARM_STEP_NS);
      long e = System.nanoTime();
      double j = b - a;
      double c = e - b;
      boolean settled = j > lastJava * 0.95 && c > lastC * 0.95;
      lastJava = j;
      lastC = c;
      if (settled) {
        return;
      }
    }
  }

  private static final int WARM_ROUNDS = 10;
  private static final long WARM_STEP_NS = 200_000_000L;

  /**
   * The calls per packet of each function that ran, most first ({@code name 1.00}), then the
   * installed functions the flood never called.
   */
  static String perPacket(Map<String, Long> byFunction, long frames) {
    List<String> ran = new ArrayList<>();
    List<String> idle = new ArrayList<>();
    byFunction.entrySet().stream()
        .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
        .forEach(e -> {
          if (e.getValue() > 0) {
            ran.add(String.format(Locale.ROOT, "%s %.2f", e.getKey(),
                e.getValue() / (double) Math.max(1, frames)));
          } else {
            idle.add(e.getKey());
          }
        });
    return String.join(", ", ran) + (idle.isEmpty() ? "" : "; not called: "
        + String.join(", ", idle));
  }

  /** {@link #perPacket}'s list without the functions it never counted. */
  private static String ranOnly(String perPacket) {
    int idle = perPacket.indexOf("; not called: ");
    return idle < 0 ? perPacket : perPacket.substring(0, idle);
  }

  /**
   * One compiled function called in a loop on two records in turn (one record repeated would
   * take the last call's output, {@link NativePort#reused}, and time no call): ns per call.
   */
  private BenchRow perCall(KernelC c, Path tree, double inRunNs) {
    NativePort p = c.ports().get("lib/dynamic_queue_limits.c dql_completed");
    long[] in = new long[p.inputs()];
    in[0] = 3000; // num_queued
    in[3] = 3000; // limit
    in[10] = 0x6fff_ffffL; // max_limit
    in[12] = 250; // slack_hold_time
    in[14] = 1000; // count
    for (int i = 0; i < 200_000; i++) {
      in[14] = 1000 + (i & 1);
      p.call(in);
    }
    int n = 1_000_000;
    double[] ns = new double[runs];
    for (int k = 0; k < runs; k++) {
      long t = System.nanoTime();
      for (int i = 0; i < n; i++) {
        in[14] = 1000 + (i & 1); // count: 1000 or 1001 completed
        p.call(in);
      }
      ns[k] = (System.nanoTime() - t) / (double) n;
    }
    Stats s = Stats.of(ns);
    return new BenchRow("ports-c-call", "one call of a compiled kernel function (dql_completed:"
        + " 15-word record in, 13 fields out) through the JNI bridge and its guard", "ns", 1000,
        false, s.median(), s.min(), s.max(), s.runs(), "nicsim bench ports-c --kernel-tree "
        + tree, String.format(Locale.ROOT, "in the flood, each C call added %.0f ns to the Java"
            + " run's time (capture, call, apply)", inRunNs));
  }
}
