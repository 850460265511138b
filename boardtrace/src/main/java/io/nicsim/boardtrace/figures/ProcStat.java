package io.nicsim.boardtrace.figures;

import io.nicsim.core.config.BadInputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;

/**
 * The kernel's own CPU accounting beside a trace: two captures of {@code /proc/stat}'s
 * {@code cpuN} lines (the board guide's {@code grep '^cpu' /proc/stat > stat.before}, and
 * {@code stat.after}), whose per-CPU deltas split each CPU's time as mpstat does. The columns are
 * user, nice, system, idle, iowait, irq, softirq, steal (guest time is inside user); each CPU's
 * shares are of its own ticks in the interval, as mpstat computes them, so the capture needs no
 * clock: %usr = user + nice, %sys = system, %irq, %soft, %idle = idle + iowait, %steal.
 */
public final class ProcStat {
  /** The contexts a comparison shows, in mpstat's order. */
  public static final String[] CONTEXTS = {"usr", "sys", "irq", "soft", "idle", "steal"};

  private final TreeMap<Integer, long[]> cpus;

  private ProcStat(TreeMap<Integer, long[]> cpus) {
    this.cpus = cpus;
  }

  /**
   * Reads a capture; {@code option} names it in a refusal (a file that is not {@code /proc/stat}
   * text, or has no {@code cpuN} line).
   */
  public static ProcStat read(Path file, String option) {
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw BadInputException.field(option, file + ": cannot be read (" + e.getMessage() + ")",
          "a capture of /proc/stat (grep '^cpu' /proc/stat > FILE)");
    }
    TreeMap<Integer, long[]> cpus = new TreeMap<>();
    int n = 0;
    for (String l : lines) {
      n++;
      String s = l.strip();
      if (!s.startsWith("cpu") || s.length() < 4 || !Character.isDigit(s.charAt(3))) {
        continue; // the all-CPU line and the rest of /proc/stat
      }
      String[] f = s.split("\\s+");
      if (f.length < 9) {
        throw bad(option, file, n, "a cpuN line has fewer than 8 counters");
      }
      long[] v = new long[8];
      try {
        int cpu = Integer.parseInt(f[0].substring(3));
        for (int i = 0; i < 8; i++) {
          v[i] = Long.parseLong(f[i + 1]);
        }
        cpus.put(cpu, v);
      } catch (NumberFormatException e) {
        throw bad(option, file, n, "'" + s + "' is not a /proc/stat cpuN line");
      }
    }
    if (cpus.isEmpty()) {
      throw BadInputException.field(option, file + " has no cpuN line",
          "a capture of /proc/stat (grep '^cpu' /proc/stat > FILE)");
    }
    return new ProcStat(cpus);
  }

  private static BadInputException bad(String option, Path file, int line, String why) {
    return BadInputException.field(option, file + " line " + line + ": " + why,
        "/proc/stat's cpuN lines: user nice system idle iowait irq softirq steal");
  }

  /**
   * Per CPU, each context's share of the CPU's ticks between {@code before} and this capture:
   * {@code "CPU %irq cpu0"} → per cent, the names trace compare's rows use.
   */
  public TreeMap<String, Double> percentSince(ProcStat before, String option) {
    TreeMap<String, Double> out = new TreeMap<>();
    if (!before.cpus.keySet().equals(cpus.keySet())) {
      throw BadInputException.field(option, "the two captures list different CPUs ("
          + before.cpus.keySet() + " and " + cpus.keySet() + ")", "captures of one machine");
    }
    for (var e : cpus.entrySet()) {
      long[] a = before.cpus.get(e.getKey());
      long[] b = e.getValue();
      long[] d = new long[8];
      long total = 0;
      for (int i = 0; i < 8; i++) {
        d[i] = b[i] - a[i];
        if (d[i] < 0) {
          throw BadInputException.field(option, "cpu" + e.getKey() + "'s counters go backwards"
              + " (the before and after captures swapped, or from two boots?)",
              "the capture before the recording, then the one after it");
        }
        total += d[i];
      }
      double[] pct = new double[CONTEXTS.length];
      if (total > 0) {
        pct[0] = 100.0 * (d[0] + d[1]) / total;
        pct[1] = 100.0 * d[2] / total;
        pct[2] = 100.0 * d[5] / total;
        pct[3] = 100.0 * d[6] / total;
        pct[4] = 100.0 * (d[3] + d[4]) / total;
        pct[5] = 100.0 * d[7] / total;
      }
      for (int i = 0; i < CONTEXTS.length; i++) {
        out.put(name(CONTEXTS[i], e.getKey()), pct[i]);
      }
    }
    return out;
  }

  /** A context's row name, as ContextTime names the trace's own. */
  public static String name(String context, int cpu) {
    return String.format(Locale.ROOT, "CPU %%%s cpu%d", context, cpu);
  }

  /** The CPUs the capture lists. */
  public List<Integer> cpus() {
    return new ArrayList<>(cpus.keySet());
  }
}
