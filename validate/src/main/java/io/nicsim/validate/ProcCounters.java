package io.nicsim.validate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The kernel's own CPU counters at one instant: /proc/stat's per-CPU time by context (user,
 * nice, system, idle, iowait, irq, softirq, steal, in USER_HZ ticks), /proc/softirqs' NET_RX and
 * NET_TX per CPU, and the interrupts /proc/interrupts counts over all lines and CPUs. Two
 * snapshots give a run's deltas, what mpstat prints for the same interval. They count the whole
 * machine: other engineers' work shows in user, nice and system (validate --cpu reports it as
 * the load beside each case).
 */
record ProcCounters(long[][] stat, long[] netRx, long[] netTx, long interrupts, long atNs) {
  /** /proc/stat's columns. */
  static final String[] STAT = {"user", "nice", "system", "idle", "iowait", "irq", "softirq",
      "steal"};
  /** USER_HZ: /proc/stat's tick (100 on every Linux architecture). */
  static final double USER_HZ = 100;

  static ProcCounters read() throws IOException {
    long t = System.nanoTime();
    List<long[]> cpus = new ArrayList<>();
    for (String l : Files.readAllLines(Path.of("/proc/stat"))) {
      if (l.startsWith("cpu") && Character.isDigit(l.charAt(3))) {
        String[] f = l.trim().split("\\s+");
        long[] v = new long[STAT.length];
        for (int i = 0; i < STAT.length && i + 1 < f.length; i++) {
          v[i] = Long.parseLong(f[i + 1]);
        }
        cpus.add(v);
      }
    }
    long[] rx = new long[cpus.size()];
    long[] tx = new long[cpus.size()];
    for (String l : Files.readAllLines(Path.of("/proc/softirqs"))) {
      String s = l.trim();
      long[] into = s.startsWith("NET_RX:") ? rx : s.startsWith("NET_TX:") ? tx : null;
      if (into != null) {
        String[] f = s.split("\\s+");
        for (int i = 0; i < into.length && i + 1 < f.length; i++) {
          into[i] = Long.parseLong(f[i + 1]);
        }
      }
    }
    long irqs = 0;
    List<String> lines = Files.readAllLines(Path.of("/proc/interrupts"));
    for (int n = 1; n < lines.size(); n++) {
      String[] f = lines.get(n).trim().split("\\s+");
      for (int i = 1; i <= cpus.size() && i < f.length; i++) {
        if (f[i].matches("\\d+")) {
          irqs += Long.parseLong(f[i]);
        }
      }
    }
    return new ProcCounters(cpus.toArray(new long[0][]), rx, tx, irqs, t);
  }

  /** Per cent of the interval CPU {@code cpu} spent in /proc/stat column {@code col}. */
  double percent(ProcCounters before, int cpu, String col) {
    int i = Arrays.asList(STAT).indexOf(col);
    double sec = (atNs - before.atNs) / 1e9;
    return 100.0 * (stat[cpu][i] - before.stat[cpu][i]) / USER_HZ / sec;
  }

  /** NET_RX softirqs a second on {@code cpu}. */
  double netRxPerSec(ProcCounters before, int cpu) {
    return (netRx[cpu] - before.netRx[cpu]) / ((atNs - before.atNs) / 1e9);
  }

  /** Interrupts a second, all lines and CPUs. */
  double interruptsPerSec(ProcCounters before) {
    return (interrupts - before.interrupts) / ((atNs - before.atNs) / 1e9);
  }

  int cpus() {
    return stat.length;
  }
}
