package io.nicsim.cli.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
 * The consumer project of core/README.md (cli/src/it/consumer, built and tested by
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
    launcher = Path.of(System.getProperty("nicsim.launcher")).toAbsolutePath().normalize();
    assertThat(jar).as("the consumer project's jar (maven-invoker-plugin)").isRegularFile();
  }

  static Out nicsim(String... args) throws IOException, InterruptedException {
    return nicsimIn(null, args);
  }

  /** The launcher run in directory {@code cwd} (null: this JVM's). */
  static Out nicsimIn(Path cwd, String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of("bash", launcher.toString()));
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd);
    if (cwd != null) {
      pb.directory(cwd.toFile());
    }
    pb.environment().put("NICSIM_CLASSPATH", jar.toString());
    pb.redirectOutput(dir.resolve("out").toFile()).redirectError(dir.resolve("err").toFile());
    Process p = pb.start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      p.waitFor();
      throw new AssertionError("nicsim " + String.join(" ", args) + " did not finish in 120 s;"
          + " stdout: " + Files.readString(dir.resolve("out")) + " stderr: "
          + Files.readString(dir.resolve("err")));
    }
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
        .containsPattern("(?m)^stmmac ").containsPattern("(?m)^ideal ")
        .contains("mymac-1.0.jar\n") // under mymac: the jar it came from
        .containsPattern("(?m)^mymac .*\n  jar: .*mymac-1\\.0\\.jar$");
    Out socs = nicsim("list", "socs");
    assertThat(socs.out()).containsPattern("(?m)^mymac-board +mymac +4 cpus")
        .containsPattern("(?m)^ +runs: udp, ping, tcp, udp-rx, tcp-rx$");
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
  void ethtoolShowsAndSetsTheThrottleAsTheDriverProgramsIt() throws Exception {
    Out set = nicsim("ethtool", "--mac", "mymac", "--soc", "mymac-board", "-C", "rx-usecs 100");
    assertThat(set.exit()).as(set.err()).isZero();
    // 10^9 / (10000/s x 256 ns) = 390 = 0x186 ITR units
    assertThat(set.out()).contains("rx-usecs:\t100").contains("ITR:\t0x00000186");
    Out bad = nicsim("ethtool", "--mac", "mymac", "--soc", "mymac-board", "-C", "rx-usecs 5");
    assertThat(bad.exit()).isEqualTo(2);
    assertThat(bad.err().lines().toList()).singleElement().asString().contains("-EINVAL")
        .contains("rx-usecs 0 or 10..10000");
  }

  @Test
  void theThrottleBoundsTheNicsInterruptsInRunSweepAndTune() throws Exception {
    Out run = run("mymac", "mymac-board", "-C", "rx-usecs 500", "--traffic",
        "iperf3 -u -b 0 -l 64 -t 0.5", "--json");
    JsonNode s = new ObjectMapper().readTree(run.out()).get("summary");
    assertThat(s.get("nic_irq_per_s").asDouble()).isBetween(1_900.0, 2_010.0);
    assertThat(s.get("pps").asDouble()).isGreaterThan(100_000);
    Out sweep = nicsim("sweep", "--mac", "mymac", "--soc", "mymac-board", "--traffic",
        "iperf3 -u -b 0 -l 64 -t 0.2", "--vary", "rx-usecs=0,500");
    assertThat(sweep.exit()).as(sweep.err()).isZero();
    assertThat(sweep.out().lines().filter(l -> l.matches("(0|500) .*")).count()).isEqualTo(2);
    Out tune = nicsim("tune", "--mac", "mymac", "--soc", "mymac-board", "--traffic",
        "iperf3 -u -b 0 -l 64 -t 0.2", "--vary", "rx-usecs=0,100,500", "--objective",
        "min cpu_pct");
    assertThat(tune.exit()).as(tune.err()).isZero();
    assertThat(tune.out()).contains("recommended: ethtool -C eth0 rx-usecs 500");
    Out explore = nicsim("explore", "--mac", "mymac", "--soc", "mymac-board", "--traffic",
        "iperf3 -u -b 100M -t 0.1", "--runs", "20");
    assertThat(explore.exit()).as(explore.err()).isZero();
    assertThat(explore.out()).contains("20 perturbed runs").contains("findings: none");
  }

  @Test
  void portCheckOfThePackageUsesTheProjectsOwnLock() throws Exception {
    // a tree of our own: a Makefile and the one function the example's port names
    Path tree = Files.createDirectories(dir.resolve("tree/drivers/net/ethernet/freescale"));
    Files.writeString(dir.resolve("tree/Makefile"),
        "VERSION = 6\nPATCHLEVEL = 12\nSUBLEVEL = 0\nEXTRAVERSION =\nNAME = fixture\n");
    Files.writeString(tree.resolve("fec_main.c"), "/* a test fixture, not kernel code */\n"
        + "int fec_enet_get_free_txdesc_num(struct q *q)\n{\n\tint n = q->dirty - q->cur - 1;"
        + "\n\treturn n < 0 ? n + q->size : n;\n}\n");
    Path project = Files.createDirectories(dir.resolve("project"));
    Path nicsimLock = launcher.getParent().resolve("port-lock.json");
    byte[] before = Files.readAllBytes(nicsimLock);
    Out update = nicsimIn(project, "port-check", "--kernel-tree", dir.resolve("tree").toString(),
        "--package", "com.example.mymac", "--update");
    assertThat(update.exit()).as(update.err()).isZero();
    assertThat(update.out()).contains("lock " + project.resolve("port-lock.json"));
    assertThat(project.resolve("port-lock.json")).content()
        .contains("fec_enet_get_free_txdesc_num");
    Out check = nicsimIn(project, "port-check", "--kernel-tree", dir.resolve("tree").toString(),
        "--package", "com.example.mymac");
    assertThat(check.exit()).as(check.out()).isZero();
    assertThat(Files.readAllBytes(nicsimLock)).as("nicsim's own lock").isEqualTo(before);
  }

  @Test
  void aProfileOfThePreviousSchemaRunsWithOneWarningAndUpgrades() throws Exception {
    Path old = dir.resolve("old.yaml");
    Files.writeString(old, Files.readString(launcher.getParent()
        .resolve("core/src/test/resources/schema1/mymac-board.yaml"))
        .replace("name: mymac-board", "name: mymac-old"));
    Out r = run("mymac", "mymac-board", "--traffic", "ping -c 2 -i 0.1");
    assertThat(r.err()).isEmpty();
    Out o = nicsim("run", "--mac", "mymac", "--soc-file", old.toString(), "--traffic",
        "ping -c 2 -i 0.1");
    assertThat(o.exit()).as(o.err()).isZero();
    assertThat(o.err().lines().toList()).singleElement().asString()
        .startsWith("warning: soc profile ").contains("is of schema 1")
        .contains("3 costs given class estimate (±30%), 6 other numbers class exact");
    Out up = nicsim("profile", "upgrade", old.toString());
    assertThat(up.exit()).as(up.err()).isZero();
    assertThat(Files.readString(old)).contains("\nschema: 2\nname: mymac-old\n")
        .contains("mymac_rx:       {value: 1500, source: \"estimate: ~1800 cycles at 1.2 GHz"
            + " (refill, dma sync, eth_type_trans)\", class: estimate}");
    Out again = nicsim("run", "--mac", "mymac", "--soc-file", old.toString(), "--traffic",
        "ping -c 2 -i 0.1");
    assertThat(again.exit()).isZero();
    assertThat(again.err()).isEmpty();
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
