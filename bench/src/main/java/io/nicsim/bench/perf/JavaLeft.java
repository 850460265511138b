package io.nicsim.bench.perf;

import io.nicsim.core.host.InLoopPorts;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import io.nicsim.portcount.PortCounter;
import io.nicsim.portcount.PortEntries;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;
import picocli.CommandLine;

/**
 * {@code nicsim bench java-left}: what ported Java still runs as Java under {@code --ports c}.
 * core/README.md's six runs ({@link #RUNS}), each {@code nicsim run … --ports c --kernel-tree T}
 * in this JVM with the port-entry counter attached ({@link PortCounter}); per harnessed
 * function, the entries whose Java body ran (a bridged method whose hook ran the C is not
 * one), by run, and what the README says of it: bridged, or its reason for staying Java. A
 * function whose reason says it runs inside a bridged caller, its only caller, and that had
 * Java entries contradicts its reason.
 */
public final class JavaLeft {
  /**
   * The README's six runs: name, then the run's arguments before --ports c. The TCP runs' far
   * end is on the host's release ({@code peer-kernel=host}), so that it runs the tree's C too
   * (the far end's receiver's calls are those of the TcpReceiver methods in these runs: the
   * host receives no data in them).
   */
  public static final Map<String, List<String>> RUNS = runs();

  private static Map<String, List<String>> runs() {
    Map<String, List<String>> m = new LinkedHashMap<>();
    m.put("stmmac-udp", List.of("--mac", "stmmac", "--soc", "cyclone5",
        "--traffic", "iperf3 -u -b 0 -l 64 -t 1"));
    m.put("stmmac-bbr", List.of("--mac", "stmmac", "--soc", "rk3588-yt6801",
        "--traffic", "iperf3 -C bbr -t 1", "--path",
        "rtt=23ms,rate=475mbit~5%,buffer=2bdp,peer-kernel=host"));
    m.put("fec-udp", List.of("--mac", "fec", "--soc", "imx8qxp",
        "--traffic", "iperf3 -u -b 400M -l 1400 -t 1"));
    m.put("genet-udp", List.of("--mac", "bcmgenet", "--soc", "bcm2711",
        "--traffic", "iperf3 -u -b 400M -l 1400 -t 1"));
    m.put("ravb-udp", List.of("--mac", "ravb", "--soc", "rzg2l",
        "--traffic", "iperf3 -u -b 400M -l 1400 -t 1"));
    m.put("genet-cubic", List.of("--mac", "bcmgenet", "--soc", "bcm2711",
        "--traffic", "iperf3 -t 1", "--path", "rtt=5ms,peer-kernel=host"));
    return m;
  }

  /**
   * One harnessed function: its Java entries by run, its entries that ran as the tree's C
   * through its bridge ({@code asC}; a function that runs inside a bridged caller's C has no
   * entry of its own), and what the README says of it.
   */
  public record Row(String label, Map<String, Long> byRun, long asC, Map<String, Long> methods,
      boolean bridged, String reason) {
    public long java() {
      return byRun.values().stream().mapToLong(Long::longValue).sum();
    }

    public String file() {
      return label.substring(0, label.indexOf(' '));
    }

    public String function() {
      return label.substring(label.indexOf(' ') + 1);
    }

    /** Its reason says it runs as C inside bridged callers that are its only callers. */
    public boolean claimsOnlyCaller() {
      return !bridged && PortEntries.claimsOnlyCaller(reason);
    }

    /** Its reason says so and it ran as Java. */
    public boolean contradicted() {
      return claimsOnlyCaller() && java() > 0;
    }
  }

  private final Supplier<CommandLine> nicsim;
  private final PrintWriter log;

  public JavaLeft(Supplier<CommandLine> nicsim, PrintWriter log) {
    this.nicsim = nicsim;
    this.log = log;
  }

  /** Every harnessed function's label ({@code file function}). */
  public static Set<String> harnessed() {
    Set<String> out = new TreeSet<>();
    for (PortHarnessProvider p : ServiceLoader.load(PortHarnessProvider.class)) {
      for (PortHarness h : p.harnesses()) {
        out.add(h.file() + " " + h.function());
      }
    }
    return out;
  }

  /**
   * Runs {@code runs} (names of {@link #RUNS}, or extra arguments for a run of one's own:
   * name to arguments) with {@code --ports c --kernel-tree tree}, counting.
   */
  public List<Row> measure(Path tree, Map<String, List<String>> runs) {
    PortCounter.install();
    Map<String, Map<String, Long>> java = new LinkedHashMap<>();
    Map<String, Long> asC = new TreeMap<>();
    Map<String, Map<String, Long>> methods = new TreeMap<>();
    for (Map.Entry<String, List<String>> r : runs.entrySet()) {
      log.println("bench: java-left: " + r.getKey() + " with --ports c");
      log.flush();
      List<String> args = new ArrayList<>(List.of("run"));
      args.addAll(r.getValue());
      args.addAll(List.of("--ports", "c", "--kernel-tree", tree.toString()));
      StringWriter err = new StringWriter();
      CommandLine cli = nicsim.get();
      cli.setOut(new PrintWriter(Writer.nullWriter()));
      cli.setErr(new PrintWriter(err));
      PortEntries.start();
      int status;
      try {
        status = cli.execute(args.toArray(String[]::new));
      } finally {
        PortEntries.stop();
      }
      if (status != 0) {
        throw new IllegalStateException(r.getKey() + ": nicsim run exited " + status + ": "
            + err.toString().strip());
      }
      java.put(r.getKey(), PortEntries.java());
      PortEntries.asC().forEach((label, n) -> asC.merge(label, n, Long::sum));
      PortEntries.javaByMethod().forEach((label, m) -> m.forEach((method, n) ->
          methods.computeIfAbsent(label, k -> new TreeMap<>()).merge(method, n, Long::sum)));
    }
    if (!PortCounter.errors().isEmpty()) {
      throw new IllegalStateException("the port-entry counter missed classes: "
          + PortCounter.errors());
    }
    Set<String> bridged = new HashSet<>(InLoopPorts.bridgedLabels());
    Map<String, String> why = InLoopPorts.notBridged();
    List<Row> rows = new ArrayList<>();
    for (String label : harnessed()) {
      Map<String, Long> byRun = new LinkedHashMap<>();
      java.forEach((run, counts) -> {
        long n = counts.getOrDefault(label, 0L);
        if (n > 0) {
          byRun.put(run, n);
        }
      });
      rows.add(new Row(label, byRun, asC.getOrDefault(label, 0L),
          methods.getOrDefault(label, Map.of()),
          bridged.contains(label),
          why.getOrDefault(label, bridged.contains(label) ? "bridged" : "(no reason listed)")));
    }
    rows.sort((a, b) -> a.java() != b.java() ? Long.compare(b.java(), a.java())
        : a.label().compareTo(b.label()));
    return rows;
  }

  /** The table: a summary, then every harnessed function, most Java entries first. */
  public static String text(List<Row> rows, Path tree, Set<String> runNames) {
    StringBuilder sb = new StringBuilder();
    long zero = rows.stream().filter(r -> r.java() == 0).count();
    long zeroAsC = rows.stream().filter(r -> r.java() == 0 && r.asC() > 0).count();
    long bridgedJava = rows.stream().filter(r -> r.bridged() && r.java() > 0).count();
    sb.append(String.format(Locale.ROOT, "java-left: %s with --ports c --kernel-tree %s%n",
        String.join(", ", runNames), tree));
    sb.append(String.format(Locale.ROOT, "%d harnessed functions; %d had no Java entry (%d of"
        + " them ran as C through their bridge; %d had no entry at all: not reached, or run"
        + " only inside a bridged caller's C, which the counter does not see), %d ran as Java"
        + " (%d of them bridged, their bridge's fallbacks); %d contradict a reason that says"
        + " they run inside their only caller%n",
        rows.size(), zero, zeroAsC, zero - zeroAsC, rows.size() - zero, bridgedJava,
        rows.stream().filter(Row::contradicted).count()));
    sb.append("| # | function (file) | Java entries | by run | C entries | Java method | README |\n"
        + "|---|---|---|---|---|---|---|\n");
    int i = 0;
    for (Row r : rows) {
      i++;
      StringBuilder by = new StringBuilder();
      r.byRun().forEach((run, n) -> by.append(by.length() == 0 ? "" : ", ")
          .append(run).append(' ').append(String.format(Locale.ROOT, "%,d", n)));
      StringBuilder ms = new StringBuilder();
      r.methods().forEach((m, n) -> ms.append(ms.length() == 0 ? "" : ", ").append(m)
          .append(r.methods().size() > 1 ? String.format(Locale.ROOT, " %,d", n) : ""));
      sb.append(String.format(Locale.ROOT, "| %d | `%s` (%s) | %,d | %s | %,d | %s | %s%s |%n",
          i, r.function(), r.file(), r.java(), by, r.asC(), ms,
          r.contradicted() ? "CONTRADICTED: " : "",
          r.bridged() ? "bridged" : r.reason()));
    }
    return sb.toString();
  }
}
