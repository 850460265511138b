package io.nicsim.bench.perf;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** The machine a benchmark ran on: cores, CPU model, JDK, load. */
public final class Machine {
  private Machine() {}

  public static int cores() {
    return Runtime.getRuntime().availableProcessors();
  }

  /** The CPU model as /proc/cpuinfo names it (or os.arch elsewhere). */
  public static String cpuModel() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
        if (line.startsWith("model name")) {
          return line.substring(line.indexOf(':') + 1).strip();
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux
    }
    return System.getProperty("os.arch");
  }

  public static String jdk() {
    return System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version");
  }

  /** One-minute load average (−1 where the OS does not say). */
  public static double load() {
    return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }

  public static String describe() {
    return String.format(Locale.ROOT, "%d cores (nproc), %s, %s", cores(), cpuModel(), jdk());
  }

  public static Map<String, Object> json(double loadBefore, double loadAfter) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("nproc", cores());
    m.put("cpu", cpuModel());
    m.put("jdk", jdk());
    m.put("load_before", loadBefore);
    m.put("load_after", loadAfter);
    return m;
  }
}
