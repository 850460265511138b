package io.nicsim.cli;

import io.nicsim.bench.perf.BbrUpload;
import io.nicsim.core.host.ServiceIndex;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import picocli.CommandLine;

/**
 * The launcher's training run for its AppCDS archive: a few short commands in one JVM, so that
 * the classes the usual commands load (picocli, the MAC models and their Dagger graphs, SoC
 * profiles through Jackson, TCP, traces, pcap, plots, reports) are in the class list
 * ({@code -XX:DumpLoadedClassList}) the launcher dumps its static archive from
 * ({@code -Xshare:dump}). Output is discarded; a command that fails only leaves its classes out
 * of the archive.
 */
public final class ClassDataTraining {
  /** Where the run writes the class path's {@link ServiceIndex} (the launcher's temporary name). */
  static final String INDEX_PROPERTY = "nicsim.services.write";

  private ClassDataTraining() {}

  public static void main(String[] args) throws IOException {
    String index = System.getProperty(INDEX_PROPERTY);
    if (index != null) {
      // the launcher passes the index with the archive made from this run's class path
      ServiceIndex.write(Path.of(index), System.getProperty("java.class.path"));
      // and the commands below read it, as the launcher's will: its classes are archived too
      System.setProperty(ServiceIndex.PROPERTY, index);
    }
    String table = System.getProperty(CommandTable.WRITE_PROPERTY);
    if (table != null) {
      // the subcommands' models as a table (CommandTable): built from it, a fresh process
      // reads no annotation; the commands below build theirs from it, so its classes are
      // archived too
      List<Class<?>> roots = new ArrayList<>();
      roots.add(Nicsim.class);
      roots.addAll(Nicsim.SUBCOMMANDS.values());
      Files.writeString(Path.of(table), CommandTable.write(roots, CommandLine.defaultFactory()),
          StandardCharsets.UTF_8);
      System.setProperty(CommandTable.PROPERTY, table);
    }
    Path tmp = Files.createTempDirectory("nicsim-cds");
    try {
      String t = tmp.toString();
      List<List<String>> commands = List.of(
          List.of("list", "macs"),
          List.of("ethtool", "--mac", "fec", "--soc", "imx8qxp", "-C", "rx-usecs", "100"),
          List.of("run", "--mac", "stmmac", "--soc", BbrUpload.SOC, "--kernel",
              BbrUpload.KERNEL, "--patch", "+" + BbrUpload.PATCH, "--traffic",
              "iperf3 -C bbr -t 0.3", "--path", BbrUpload.PATH),
          List.of("run", "--mac", "stmmac", "--soc", "cyclone5", "--kernel", "v6.7",
              "--traffic", "iperf3 -u -b 0 -l 64 -t 0.05", "--json"),
          List.of("run", "--mac", "fec", "--soc", "imx8qxp", "-C", "rx-usecs", "100",
              "--traffic", "ping -c 3 -i 0.01", "--trace", t + "/t.txt", "--pcap",
              t + "/p.pcap", "--plot", t + "/p.png"),
          List.of("reproduce", "fec-rx-usecs"),
          // nicsim bench startup's and tcp's commands: the ideal MAC, CUBIC, no audit
          List.of("run", "--mac", "ideal", "--traffic", "iperf3 -C cubic -t 0.05", "--path",
              "rtt=23ms,rate=1gbit", "--no-check"));
      // main's interrupt hook (a lambda): made, never started, so that its class is archived
      // rather than spun in every fresh process
      Nicsim.onInterrupt("nicsim");
      // every subcommand's model once (help, a mistyped name), by table or reflection
      Nicsim.commandLine();
      for (List<String> c : commands) {
        // as main builds it: the one subcommand, from the table when it covers it
        CommandLine cli = Nicsim.commandLine(CommandLine.defaultFactory(),
            c.toArray(String[]::new));
        cli.setOut(new PrintWriter(Writer.nullWriter()));
        cli.setErr(new PrintWriter(Writer.nullWriter()));
        cli.execute(c.toArray(String[]::new));
      }
    } finally {
      try (Stream<Path> s = Files.walk(tmp)) {
        s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      } catch (UncheckedIOException e) {
        // a temporary directory left behind is harmless
      }
    }
  }
}
