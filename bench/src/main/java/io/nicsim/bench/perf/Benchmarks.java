package io.nicsim.bench.perf;

import io.nicsim.scenarios.seeds.SeedScenarios;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import picocli.CommandLine;

/**
 * The measurements behind {@code nicsim bench}, each returning one {@link BenchRow}. Wall
 * time throughout ({@code System.nanoTime}); repeated runs give the median and the spread.
 */
public final class Benchmarks {
  static final double SEC = 1e9;
  /** The sweep measured for the 1-core / 2-core speed-up ({@link PlanBenchmarks#RUN}). */
  public static final List<String> SWEEP_ARGS = PlanBenchmarks.sweepArgs();

  /**
   * The JVM options ./nicsim gives a short command (run, reproduce, …), for a child JVM when
   * the launcher itself is not at hand; keep in step with the nicsim script's SHORT_OPTS.
   */
  static final List<String> LAUNCHER_OPTS = List.of("-XX:TieredStopAtLevel=1",
      "-XX:+UseSerialGC", "-Xms12m", "-Xmn8m", "-XX:MinHeapFreeRatio=20", "-XX:MaxHeapFreeRatio=40",
      "-XX:-UsePerfData");
  /** The flood whose peak RSS is measured: 60 simulated seconds of 64-byte iperf3 -u. */
  public static final List<String> FLOOD_RUN = List.of("run", "--mac", "stmmac", "--soc",
      "cyclone5", "--traffic", "iperf3 -u -b 0 -l 64 -t 60");

  private final int runs;
  private final PrintWriter log;

  /** Makes the nicsim command line the sweep figure runs in this JVM. */
  private final Supplier<CommandLine> nicsim;

  /**
   * @param runs measured repetitions per figure
   * @param log progress lines (stderr)
   * @param nicsim the nicsim command line (the command passes its own)
   */
  public Benchmarks(int runs, PrintWriter log, Supplier<CommandLine> nicsim) {
    this.nicsim = nicsim;
    this.runs = runs;
    this.log = log;
  }

  private void progress(String s) {
    log.println("nicsim bench: " + s);
    log.flush();
  }

  /** Events per wall second of {@link EngineMix}: 3 s warm-up, then runs × 1 s. */
  public BenchRow engine() {
    progress("engine: event mix on one thread");
    EngineMix mix = new EngineMix();
    spin(mix, 3 * SEC);
    double[] r = new double[runs];
    double[] c = new double[runs];
    for (int i = 0; i < runs; i++) {
      long t0 = System.nanoTime();
      long c0 = cpuNs();
      long ev = spin(mix, SEC);
      r[i] = ev / ((System.nanoTime() - t0) / SEC) / 1e6;
      c[i] = ev / ((cpuNs() - c0) / SEC) / 1e6;
    }
    Stats s = Stats.of(r);
    return new BenchRow("engine", "engine: schedule + dispatch, typical event mix, one core",
        "M events/s", 20, true, s.median(), s.min(), s.max(), s.runs(),
        "nicsim bench engine", String.format(Locale.ROOT, "%d events pending; per thread CPU"
            + " second %s M events", mix.sim().pending(), Stats.fmt(Stats.of(c).median())));
  }

  /** This thread's CPU time: what the measurement got of a core on a busy machine. */
  private static long cpuNs() {
    return ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
  }

  private static long spin(EngineMix mix, double wallNs) {
    long t0 = System.nanoTime();
    long ev = 0;
    while (System.nanoTime() - t0 < wallNs) {
      ev += mix.advance(100_000L);
    }
    return ev;
  }

  /**
   * Simulated frames per wall second of the line-rate stmmac flood: warm-up to 2 s wall,
   * then runs × 1 simulated second.
   */
  public BenchRow flood() {
    progress("flood: stmmac cyclone5 UDP flood at 1 Gbit/s line rate");
    FloodWorkload flood = FloodWorkload.standard();
    long t0 = System.nanoTime();
    while (System.nanoTime() - t0 < 2 * SEC) {
      flood.advance(100_000_000L);
    }
    double[] r = new double[runs];
    double[] c = new double[runs];
    long frames = 0;
    long events0 = flood.host().sim().eventsDispatched();
    long pieces0 = flood.host().sim().continuations();
    for (int i = 0; i < runs; i++) {
      long t1 = System.nanoTime();
      long c1 = cpuNs();
      long n = flood.advance(1_000_000_000L);
      r[i] = n / ((System.nanoTime() - t1) / SEC) / 1e6;
      c[i] = n / ((cpuNs() - c1) / SEC) / 1e6;
      frames += n;
    }
    double evPerPkt = (flood.host().sim().eventsDispatched() - events0) / (double) frames;
    double inPlacePerPkt = (flood.host().sim().continuations() - pieces0) / (double) frames;
    Stats s = Stats.of(r);
    return new BenchRow("flood", "stmmac UDP flood, 64-byte frames, 1 Gbit/s, cyclone5 with CPU"
        + " costs x" + FloodWorkload.CPU_SCALE, "M packets/s", 5, true, s.median(), s.min(),
        s.max(), s.runs(), "nicsim bench flood", String.format(Locale.ROOT,
            "simulated %.3f Mpps (line rate 1.488), %.2f events/packet (and %.2f pieces of CPU"
                + " work per packet run inside the dispatch event before them); per thread CPU"
                + " second %s M packets", frames / (double) runs / 1e6, evPerPkt, inPlacePerPkt,
            Stats.fmt(Stats.of(c).median())));
  }

  /**
   * Wall seconds of the 10-second BBR upload as {@code nicsim run} does it (host build, run,
   * drain, checks), in this JVM: one untimed run first, then runs timed.
   */
  public BenchRow bbr() {
    progress("bbr: " + BbrUpload.COMMAND + ", in this JVM");
    long t0 = System.nanoTime();
    double mbps = BbrUpload.upload(10);
    double first = (System.nanoTime() - t0) / SEC;
    double[] r = new double[runs];
    for (int i = 0; i < runs; i++) {
      long t1 = System.nanoTime();
      BbrUpload.upload(10);
      r[i] = (System.nanoTime() - t1) / SEC;
    }
    Stats s = Stats.of(r);
    return new BenchRow("bbr", "10 s BBR upload of stmmac-xmit-more after d21a374995df, warm",
        "s wall", 1, false, s.median(), s.min(), s.max(), s.runs(), "nicsim bench bbr",
        String.format(Locale.ROOT, "%s in a warm JVM (first run %.2f s); goodput %.1f Mbit/s",
            BbrUpload.COMMAND, first, mbps));
  }

  /**
   * The same upload as a fresh command: {@code ./nicsim run …} through the launcher (JVM
   * start, class loading and JIT included), or a child JVM with the launcher's options.
   */
  public BenchRow bbrFresh() {
    Path launcher = launcher();
    progress("bbr-fresh: " + BbrUpload.COMMAND + ", a new JVM each");
    List<String> args = List.of("run", "--mac", "stmmac", "--soc", BbrUpload.SOC, "--kernel",
        BbrUpload.KERNEL, "--patch", "+" + BbrUpload.PATCH, "--traffic", "iperf3 -C bbr -t 10",
        "--path", BbrUpload.PATH);
    List<String> cmd = new ArrayList<>();
    if (launcher != null) {
      cmd.add(launcher.toString());
      cmd.addAll(args);
    } else {
      cmd = Child.javaCommand(LAUNCHER_OPTS, "io.nicsim.cli.Nicsim", args);
    }
    // one untimed run first, as hyperfine's --warmup: the file cache holds the jars and the
    // class-data archive, and this JVM's own compiler threads (busy after the warm rows) are
    // done, so the timed runs see what a user's second command sees
    double[] r = new double[Math.max(1, runs)];
    for (int i = -1; i < r.length; i++) {
      long t0 = System.nanoTime();
      Child c = Child.exec(cmd);
      double wall = (System.nanoTime() - t0) / SEC;
      if (c.status != 0) {
        throw new IllegalStateException("nicsim run exited " + c.status + ": " + c.lastLine());
      }
      if (i >= 0) {
        r[i] = wall;
      }
    }
    Stats s = Stats.of(r);
    return new BenchRow("bbr-fresh", "the same upload as a fresh ./nicsim run (JVM start"
        + " included)", "s wall", 0.45, false, s.median(), s.min(), s.max(), s.runs(),
        "nicsim bench bbr", BbrUpload.COMMAND.replaceFirst("^nicsim", "./nicsim")
            + "; one untimed run first, then --runs timed ones");
  }

  /**
   * Wall seconds of {@code ./nicsim reproduce} (all registered scenarios): the launcher itself
   * when {@code nicsim.home} names it (as the command column says), else a child JVM with the
   * launcher's options.
   */
  public BenchRow reproduce() {
    int n = SeedScenarios.registry().select(List.of()).size();
    Path launcher = launcher();
    progress("reproduce: nicsim reproduce, " + n + " scenarios, "
        + (launcher != null ? launcher : "child JVM"));
    double[] r = new double[Math.max(1, Math.min(runs, 3))];
    for (int i = 0; i < r.length; i++) {
      long t0 = System.nanoTime();
      Child c = launcher != null ? Child.exec(List.of(launcher.toString(), "reproduce"))
          : Child.run(List.of("-XX:TieredStopAtLevel=1"), "io.nicsim.cli.Nicsim",
              List.of("reproduce"));
      r[i] = (System.nanoTime() - t0) / SEC;
      if (c.status != 0) {
        throw new IllegalStateException("nicsim reproduce exited " + c.status + ": "
            + c.lastLine());
      }
    }
    Stats s = Stats.of(r);
    return new BenchRow("reproduce", "nicsim reproduce, all scenarios, build excluded", "s wall",
        20, false, s.median(), s.min(), s.max(), s.runs(), "./nicsim reproduce",
        n + " scenarios: " + SeedScenarios.registry().select(List.of()).stream().map(x -> x.name())
            .collect(Collectors.joining(", ")));
  }

  /**
   * Peak resident set of a 60 s flood as a fresh command: {@code ./nicsim run …} through the
   * launcher (or a child JVM with its options), measured by {@code /usr/bin/time -f %M} (the
   * kernel's maxrss of the process; the launcher execs the JVM, so it is the JVM's).
   */
  public BenchRow floodRss() {
    Path launcher = launcher();
    Path time = Path.of("/usr/bin/time");
    progress("flood-rss: ./nicsim " + spelled(FLOOD_RUN) + ", peak RSS");
    if (!Files.isExecutable(time)) {
      return new BenchRow("flood-rss", "peak RSS of a 60 s flood as a fresh ./nicsim run", "MB",
          64, false, Double.NaN, Double.NaN, Double.NaN, 0, "nicsim bench memory",
          "not measured: /usr/bin/time (GNU time) is not installed");
    }
    double[] r = new double[Math.max(1, Math.min(runs, 3))];
    for (int i = 0; i < r.length; i++) {
      List<String> cmd = new ArrayList<>(List.of(time.toString(), "-f", "nicsim-maxrss-kb %M"));
      if (launcher != null) {
        cmd.add(launcher.toString());
        cmd.addAll(FLOOD_RUN);
      } else {
        cmd.addAll(Child.javaCommand(LAUNCHER_OPTS, "io.nicsim.cli.Nicsim", FLOOD_RUN));
      }
      Child c = Child.exec(cmd);
      if (c.status != 0) {
        throw new IllegalStateException("nicsim run exited " + c.status + ": " + c.lastLine());
      }
      double kb = Double.NaN;
      for (String l : c.lines) {
        if (l.startsWith("nicsim-maxrss-kb ")) {
          kb = Double.parseDouble(l.substring("nicsim-maxrss-kb ".length()).trim());
        }
      }
      r[i] = kb / 1024.0;
    }
    Stats s = Stats.of(r);
    return new BenchRow("flood-rss", "peak RSS of a 60 s flood as a fresh ./nicsim run", "MB",
        64, false, s.median(), s.min(), s.max(), s.runs(), "nicsim bench memory",
        "./nicsim " + spelled(FLOOD_RUN) + (launcher != null ? "" : " (child JVM with the"
        + " launcher's options)") + "; /usr/bin/time -f %M (MiB)");
  }

  /** The size of the trace {@link #traceImport} imports. */
  static final long TRACE_BYTES = 100L << 20;

  /**
   * {@code nicsim trace import} of a 100 MiB ftrace text file ({@link SyntheticFtrace}) in a
   * fresh JVM whose heap is capped at 64 MiB, well under the file: a streamed import finishes,
   * one that held the trace would not. Wall time includes the JVM's start; the import's counts
   * are checked against what was written.
   */
  public BenchRow traceImport() {
    progress("trace: nicsim trace import of a 100 MiB ftrace text, -Xmx64m child JVM");
    Path dir;
    try {
      dir = Files.createTempDirectory("nicsim-bench-trace");
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    Path file = dir.resolve("board.txt");
    try {
      long[] written = SyntheticFtrace.write(file, TRACE_BYTES);
      double mb = file.toFile().length() / (double) (1 << 20);
      double[] r = new double[runs];
      for (int i = 0; i < runs; i++) {
        long t0 = System.nanoTime();
        Child c = Child.run(List.of("-Xmx64m", "-XX:+UseSerialGC"), "io.nicsim.cli.Nicsim",
            List.of("trace", "import", "--trace", file.toString(), "--json"));
        r[i] = (System.nanoTime() - t0) / SEC;
        if (c.status != 0) {
          throw new IllegalStateException("nicsim trace import exited " + c.status + ": "
              + c.lastLine());
        }
        String json = String.join("\n", c.lines);
        if (!json.contains("\"kept\" : " + written[0] + ",")
            || !json.contains("\"skipped\" : " + written[1] + ",")) {
          throw new IllegalStateException("nicsim trace import counted other events than the"
              + " " + written[0] + " kept and " + written[1] + " skipped written: " + json);
        }
      }
      Stats s = Stats.of(r);
      return new BenchRow("trace-import", "nicsim trace import of a 100 MiB ftrace text file,"
          + " fresh JVM, heap capped at 64 MiB", "s", 30, false, s.median(), s.min(), s.max(),
          s.runs(), "nicsim bench trace", String.format(Locale.ROOT, "%.0f MiB, %d events kept,"
              + " %d skipped, counts checked; %.1f MiB/s", mb, written[0], written[1],
              mb / s.median()));
    } finally {
      file.toFile().delete();
      dir.toFile().delete();
    }
  }

  /** The {@code nicsim} launcher of this installation, or null (tests, IDE). */
  static Path launcher() {
    String home = System.getProperty("nicsim.home");
    if (home == null) {
      return null;
    }
    Path p = Path.of(home, "nicsim");
    return Files.isExecutable(p) ? p : null;
  }

  /**
   * Heap after GC of 60 simulated seconds of the flood in a 256 MB child JVM: the growth from
   * the first sample after warm-up (10 s) to the last, MiB.
   */
  public BenchRow memory() {
    progress("memory: 60 simulated s of the flood, -Xmx256m child JVM");
    Child c = Child.run(List.of("-Xmx256m"), FloodMemoryProbe.class.getName(),
        List.of("60", "5"));
    if (c.status != 0) {
      throw new IllegalStateException("memory probe exited " + c.status + ": " + c.lastLine());
    }
    List<long[]> samples = new ArrayList<>();
    for (String line : c.lines) {
      String[] f = line.split(" ");
      if (f[0].equals("heap")) {
        samples.add(new long[] {Long.parseLong(f[1]), Long.parseLong(f[2])});
      }
    }
    long warm = 0;
    long last = 0;
    double minMib = Double.MAX_VALUE;
    double maxMib = 0;
    for (long[] sm : samples) {
      if (sm[0] == 10) {
        warm = sm[1];
      }
      if (sm[0] >= 10) {
        minMib = Math.min(minMib, sm[1] / 1048576.0);
        maxMib = Math.max(maxMib, sm[1] / 1048576.0);
      }
      last = sm[1];
    }
    double growth = (last - warm) / 1048576.0;
    return new BenchRow("memory", "heap after GC, 60 simulated s of the flood in -Xmx256m: growth"
        + " 10 s -> 60 s", "MiB", 1, false, growth, growth, growth, 1, "nicsim bench memory",
        String.format(Locale.ROOT, "heap after GC %.1f..%.1f MiB from 10 s on; %s", minMib,
            maxMib, c.lines.get(c.lines.size() - 1)));
  }

  /**
   * Wall time of a sweep on 1 thread over 2 threads, results compared byte for byte: one
   * untimed 2-thread sweep first (the JIT compiles the simulation's hot code; a cold first
   * sweep would time C2 at work), then {@code runs} rounds of a 1-thread and a 2-thread sweep
   * back to back, so that a change in the machine's load hits both alike (1 thread first in
   * even rounds, 2 threads first in odd ones, so that neither always follows the other).
   */
  public BenchRow sweep() {
    int points = PlanBenchmarks.sweepPoints().size();
    progress("sweep: " + points + " points, one untimed 2-thread sweep, then " + runs
        + " rounds of 1 thread vs 2 threads in alternating order");
    sweepOnce(2); // warm-up
    double[] r = new double[runs];
    double[] cores = new double[r.length];
    double[] pointSec = new double[r.length];
    boolean same = true;
    for (int i = 0; i < r.length; i++) {
      String one = null;
      String two = null;
      double w1 = 0;
      double w2 = 0;
      for (int k = 0; k < 2; k++) {
        boolean single = (k == 0) == (i % 2 == 0); // 1 thread first in even rounds
        long t0 = System.nanoTime();
        long p0 = processCpuNs();
        String out = sweepOnce(single ? 1 : 2);
        double w = System.nanoTime() - t0;
        if (single) {
          one = out;
          w1 = w;
        } else {
          two = out;
          w2 = w;
          cores[i] = (processCpuNs() - p0) / w;
        }
      }
      pointSec[i] = w1 / SEC / points;
      same &= one.equals(two);
      r[i] = w1 / w2;
    }
    Stats s = Stats.of(r);
    double measured = same ? s.median() : 0;
    return new BenchRow("sweep", "nicsim sweep speed-up, 2 threads over 1, identical results",
        "x", 1.9, true, measured, s.min(), s.max(), s.runs(), "nicsim bench sweep",
        String.format(Locale.ROOT, "%d points of %s s wall each on 1 thread; the 2-thread"
            + " sweeps got %s cores of CPU on average (process CPU time / wall); ", points,
            Stats.fmt(Stats.of(pointSec).median()), Stats.fmt(Stats.of(cores).median()))
            + "nicsim " + spelled(SWEEP_ARGS) + " --threads 1, then --threads 2: "
            + (same ? "results identical" : "RESULTS DIFFER"));
  }

  /** CPU time of the whole JVM (all threads, GC included). */
  static long processCpuNs() {
    OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    return os instanceof com.sun.management.OperatingSystemMXBean sun
        ? sun.getProcessCpuTime() : 0;
  }

  private String sweepOnce(int threads) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = nicsim.get();
    cli.setOut(new PrintWriter(out));
    cli.setErr(new PrintWriter(err));
    List<String> args = new ArrayList<>(SWEEP_ARGS);
    args.add("--threads");
    args.add(String.valueOf(threads));
    int status = cli.execute(args.toArray(String[]::new));
    if (status != 0) {
      throw new IllegalStateException("sweep exited " + status + ": " + err);
    }
    return out.toString();
  }

  static String spelled(List<String> args) {
    StringBuilder sb = new StringBuilder();
    for (String a : args) {
      if (sb.length() > 0) {
        sb.append(' ');
      }
      sb.append(a.contains(" ") ? "'" + a + "'" : a);
    }
    return sb.toString();
  }

  /** A child JVM on this JVM's class path; its stdout lines and exit status. */
  static final class Child {
    final int status;
    final List<String> lines;

    private Child(int status, List<String> lines) {
      this.status = status;
      this.lines = lines;
    }

    String lastLine() {
      return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
    }

    static Child run(List<String> jvmArgs, String mainClass, List<String> args) {
      return exec(javaCommand(jvmArgs, mainClass, args));
    }

    static List<String> javaCommand(List<String> jvmArgs, String mainClass, List<String> args) {
      List<String> cmd = new ArrayList<>();
      cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
      cmd.addAll(jvmArgs);
      String home = System.getProperty("nicsim.home");
      if (home != null) {
        cmd.add("-Dnicsim.home=" + home);
      }
      cmd.add("-cp");
      cmd.add(System.getProperty("java.class.path"));
      cmd.add(mainClass);
      cmd.addAll(args);
      return cmd;
    }

    static Child exec(List<String> cmd) {
      try {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        List<String> lines = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(
            new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
          for (String l = in.readLine(); l != null; l = in.readLine()) {
            lines.add(l);
          }
        }
        return new Child(p.waitFor(), lines);
      } catch (IOException e) {
        throw new IllegalStateException("cannot start a child JVM: " + e.getMessage(), e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted", e);
      }
    }
  }
}
