package io.nicsim.validate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * What the real side needs before anything is set up: root (network namespaces, NFQUEUE,
 * qdiscs) and the tools it runs. Each missing piece is one line naming it and where it comes
 * from.
 */
public final class Preflight {
  /** The programs the real side runs, with the package that ships each (Debian names). */
  static final String[][] TOOLS = {
    {"ip", "iproute2"}, {"tc", "iproute2"}, {"ss", "iproute2"}, {"iptables", "iptables"},
    {"iperf3", "iperf3"}, {"gcc", "gcc"},
  };

  static final String NFQ_HEADER = "/usr/include/libnetfilter_queue/libnetfilter_queue.h";

  private Preflight() {}

  /** What is missing on this machine (empty: the real side can run). */
  public static List<String> missing() {
    return missing(isRoot(), Preflight::which, Files::exists);
  }

  /** The same for a machine described by its root-ness, PATH lookup and file test. */
  static List<String> missing(boolean root, Function<String, Path> which,
      Predicate<Path> exists) {
    List<String> m = new ArrayList<>();
    if (!root) {
      m.add("root: network namespaces, NFQUEUE and qdiscs need uid 0 (run it with sudo)");
    }
    for (String[] t : TOOLS) {
      if (which.apply(t[0]) == null) {
        m.add(t[0] + ": not on PATH (package " + t[1] + ")");
      }
    }
    if (!exists.test(Path.of(NFQ_HEADER))) {
      m.add(NFQ_HEADER + ": absent (package libnetfilter-queue-dev): the completion holder is"
          + " built against it");
    }
    if (!exists.test(Path.of("/proc/self/ns/net"))) {
      m.add("network namespaces: /proc/self/ns/net absent (kernel without CONFIG_NET_NS)");
    }
    return m;
  }

  static boolean isRoot() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("Uid:")) {
          String[] f = line.split("\\s+");
          return f.length > 2 && f[2].equals("0"); // the effective uid
        }
      }
    } catch (IOException e) {
      return false;
    }
    return false;
  }

  static Path which(String tool) {
    String path = System.getenv("PATH");
    List<String> dirs = new ArrayList<>(List.of((path == null ? "" : path).split(":")));
    dirs.addAll(List.of("/usr/sbin", "/sbin", "/usr/bin", "/bin"));
    for (String d : dirs) {
      if (d.isEmpty()) {
        continue;
      }
      Path p = Path.of(d, tool);
      if (Files.isExecutable(p)) {
        return p;
      }
    }
    return null;
  }
}
