package io.nicsim.bench.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The consumer project of core/README.md (bench/src/it/consumer, built and tested by
 * maven-invoker-plugin just before this runs) through the real {@code nicsim} launcher with
 * its jar on NICSIM_CLASSPATH: nicsim's commands see its MAC like their own, and print the
 * same report for it as for the ideal MAC.
 */
class ConsumerLauncherIT {
  static Path jar;
  static Path launcher;
  @TempDir static Path dir;

  record Out(int exit, String out, String err) {}

  @BeforeAll
  static void paths() {
    jar = Path.of(System.getProperty("nicsim.consumerJar"));
    launcher = Path.of(System.getProperty("nicsim.launcher"));
    assertThat(jar).as("the consumer project's jar (maven-invoker-plugin)").isRegularFile();
  }

  static Out nicsim(String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of("bash", launcher.toString()));
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.environment().put("NICSIM_CLASSPATH", jar.toString());
    pb.redirectOutput(dir.resolve("out").toFile()).redirectError(dir.resolve("err").toFile());
    Process p = pb.start();
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("nicsim " + String.join(" ", args)).isTrue();
    return new Out(p.exitValue(), Files.readString(dir.resolve("out"), StandardCharsets.UTF_8),
        Files.readString(dir.resolve("err"), StandardCharsets.UTF_8));
  }

  static Out run(String mac, String soc, String... more) throws Exception {
    List<String> a = new ArrayList<>(List.of("run", "--mac", mac, "--soc", soc));
    a.addAll(List.of(more));
    Out o = nicsim(a.toArray(String[]::new));
    assertThat(o.exit()).as(o.err()).isZero();
    return o;
  }

  /** The report's shape: each line with its numbers and names blanked. */
  static List<String> shape(String report) {
    List<String> out = new ArrayList<>();
    for (String line : report.split("\n")) {
      if (line.startsWith("  ") || line.startsWith("driver counters")
          || line.startsWith("coalesce:")) {
        continue; // per-operation rows, counters and coalescing knobs are the MAC's own
      }
      out.add(line.replaceAll("mymac[\\w-]*|ideal[\\w-]*", "M")
          .replaceAll("[0-9][0-9.]*( ?[KMG]?(Bytes|bits/sec|bit/s))?", "N")
          .replaceAll("\\(N cpus\\)", "(N cpus)").replaceAll(" +", " "));
    }
    return out;
  }

  @Test
  void listMacsShowsIt() throws Exception {
    Out o = nicsim("list", "macs");
    assertThat(o.exit()).as(o.err()).isZero();
    assertThat(o.out()).containsPattern("(?m)^mymac +v6\\.12 +example consumer MAC")
        .containsPattern("(?m)^stmmac ").containsPattern("(?m)^ideal ");
    Out socs = nicsim("list", "socs");
    assertThat(socs.out()).containsPattern("(?m)^mymac-board +mymac +4 cpus")
        .containsPattern("(?m)^ +runs: udp, ping, tcp$");
  }

  @Test
  void udpPingAndTcpRunLikeNicsimsOwnMacs() throws Exception {
    String[][] traffic = {{"--traffic", "iperf3 -u -b 100M -t 1"},
        {"--traffic", "ping -c 3 -i 0.1"},
        {"--traffic", "iperf3 -t 1", "--path", "rtt=10ms,rate=1gbit"}};
    for (String[] t : traffic) {
      Out mine = run("mymac", "mymac-board", t);
      Out ideal = run("ideal", "ideal", t);
      assertThat(shape(mine.out())).as(String.join(" ", t)).isEqualTo(shape(ideal.out()));
      assertThat(mine.out()).startsWith("nicsim run: mymac on mymac-board (4 cpus)");
    }
  }

  @Test
  void sweepTraceAndPcap() throws Exception {
    Out sweep = nicsim("sweep", "--mac", "mymac", "--soc", "mymac-board", "--traffic",
        "iperf3 -u -b 0 -l 64 -t 0.2", "--vary", "len=64,1400");
    assertThat(sweep.exit()).as(sweep.err()).isZero();
    assertThat(sweep.out().lines().filter(l -> l.matches("(64|1400) .*")).count()).isEqualTo(2);
    Path trace = dir.resolve("t.txt");
    Path pcap = dir.resolve("w.pcap");
    run("mymac", "mymac-board", "--traffic", "ping -c 2 -i 0.1", "--trace", trace.toString(),
        "--pcap", pcap.toString());
    assertThat(Files.readString(trace)).contains("irq_handler_entry").contains("napi_poll");
    byte[] p = Files.readAllBytes(pcap);
    assertThat(p.length).isEqualTo(24 + 4 * (16 + 98)); // 2 echo requests, 2 replies
    assertThat(p[0] & 0xff).isIn(0xd4, 0xa1, 0x4d); // a pcap magic number
  }
}
