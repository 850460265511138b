package io.nicsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nicsim.cli.env.CliEnv;
import io.nicsim.cli.testkit.Cli;
import io.nicsim.core.ethtool.CoalesceArgs;
import io.nicsim.formats.text.Num;
import io.nicsim.runs.RunEngine;
import io.nicsim.runs.RunRequest;
import io.nicsim.runs.RunResult;
import io.nicsim.runs.RunText;
import io.nicsim.runs.traffic.TrafficParser;
import io.nicsim.studies.plan.ParallelRuns;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Same configuration and seed, same bytes: text, JSON, CSV, traces and pcaps of nicsim's own
 * MAC models, in another JVM whose identity hashes (and so any HashMap or Set.of order over
 * them) differ, and as one of several runs on parallel threads.
 */
class DeterminismTest {
  static final CliEnv STANDARD = CliEnv.standard();

  /** A stmmac flood (hrtimer coalescing) and a fec ping (RX moderation), both short. */
  static final String[][] RUNS = {
    {"run", "--mac", "stmmac", "--soc", "cyclone5", "--kernel", "v6.7", "--patch",
        "+hrtimer-active", "--traffic", "iperf3 -u -b 0 -l 64 -t 20ms", "--seed", "11"},
    {"run", "--mac", "fec", "--soc", "imx8qxp", "-C", "rx-usecs 100", "--traffic",
        "ping -c 5 -i 0.01", "--seed", "12"},
  };

  static String[] plus(String[] a, String... b) {
    String[] out = new String[a.length + b.length];
    System.arraycopy(a, 0, out, 0, a.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  /** The command in a fresh JVM with constant identity hashes: HashMap order unlike ours. */
  static String childJvm(String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-XX:+UnlockExperimentalVMOptions", "-XX:hashCode=2",
        "-cp", System.getProperty("java.class.path"),
        "io.nicsim.cli.Nicsim"));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor()).as(out).isZero();
    return out;
  }

  @Test
  void anotherJvmWithOtherHashOrderWritesTheSameBytes(@TempDir Path dir) throws Exception {
    for (int i = 0; i < RUNS.length; i++) {
      for (String format : new String[] {"--json", null}) {
        Path[] t = {dir.resolve(i + "a.trace"), dir.resolve(i + "b.trace")};
        Path[] p = {dir.resolve(i + "a.pcap"), dir.resolve(i + "b.pcap")};
        String[] here = plus(RUNS[i], "--trace", t[0].toString(), "--pcap", p[0].toString());
        String[] there = plus(RUNS[i], "--trace", t[1].toString(), "--pcap", p[1].toString());
        if (format != null) {
          here = plus(here, format);
          there = plus(there, format);
        }
        Cli.Result r = Cli.run(STANDARD, here);
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(childJvm(there)).as(String.join(" ", RUNS[i])).isEqualTo(r.out());
        assertThat(Files.readAllBytes(t[1])).isEqualTo(Files.readAllBytes(t[0]));
        assertThat(Files.readAllBytes(p[1])).isEqualTo(Files.readAllBytes(p[0]));
        Files.delete(t[1]);
        Files.delete(p[1]);
      }
    }
  }

  @Test
  void runsOnParallelThreadsWriteWhatTheyWriteAlone() throws Exception {
    RunEngine engine = STANDARD.engine();
    RunRequest base = RunRequest.of("stmmac", "cyclone5",
        TrafficParser.parse("iperf3 -u -b 0 -l 256 -t 10ms")).withKernel("v6.7").withSeed(3)
        .withCoalesce(CoalesceArgs.parse("tx-frames 8"));
    RunRequest other = RunRequest.of("fec", "imx8qxp", TrafficParser.parse("ping -c 3 -i 0.005"));
    Written alone = Written.run(engine, base);
    List<java.util.function.Supplier<Written>> jobs = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      jobs.add(() -> Written.run(engine, base));
      jobs.add(() -> new Written(engine.run(other), "", new byte[0]));
    }
    List<Written> results = ParallelRuns.map(jobs, 4);
    for (int i = 0; i < 4; i++) {
      Written w = results.get(2 * i);
      assertThat(RunText.json(w.result())).isEqualTo(RunText.json(alone.result()));
      assertThat(RunText.format(w.result())).isEqualTo(RunText.format(alone.result()));
      assertThat(w.trace()).isEqualTo(alone.trace());
      assertThat(w.pcap()).isEqualTo(alone.pcap());
    }
  }

  /** A run with its trace and capture written into memory. */
  private record Written(RunResult result, String trace, byte[] pcap) {
    static Written run(RunEngine engine, RunRequest req) {
      java.io.StringWriter trace = new java.io.StringWriter();
      java.io.ByteArrayOutputStream pcap = new java.io.ByteArrayOutputStream();
      RunResult r = engine.run(req, new io.nicsim.runs.RunSinks(
          new io.nicsim.formats.trace.FtraceWriter(trace),
          new io.nicsim.formats.pcap.PcapWriter(pcap, new io.nicsim.formats.pcap.FrameSynth())));
      return new Written(r, trace.toString(), pcap.toByteArray());
    }
  }

  @Test
  void aStmmacSweepPointIsTheRunWithItsSeedWhateverTheThreads(@TempDir Path dir)
      throws Exception {
    String[] sweep = {"sweep", "--mac", "stmmac", "--soc", "cyclone5", "--kernel", "v6.7",
        "--traffic", "iperf3 -u -b 0 -l 64 -t 10ms", "--vary", "tx-usecs=100,1000", "--vary",
        "tx-frames=1,25"};
    Path a = dir.resolve("a.csv");
    Path b = dir.resolve("b.csv");
    Cli.Result one = Cli.run(STANDARD, plus(sweep, "--threads", "1", "--csv", a.toString()));
    Cli.Result three = Cli.run(STANDARD, plus(sweep, "--threads", "3", "--csv", b.toString()));
    assertThat(one.exit()).as(one.err()).isZero();
    assertThat(three.out()).isEqualTo(one.out());
    assertThat(Files.readAllBytes(b)).isEqualTo(Files.readAllBytes(a));

    List<String> lines = Files.readAllLines(a);
    String[] head = lines.get(0).split(",");
    String[] row = lines.get(3).split(","); // tx-usecs 1000, tx-frames 1
    assertThat(row[0] + "," + row[1]).isEqualTo("1000,1");
    JsonNode s = new ObjectMapper().readTree(Cli.run(STANDARD, "run", "--mac", "stmmac",
        "--soc", "cyclone5", "--kernel", "v6.7", "--traffic", "iperf3 -u -b 0 -l 64 -t 10ms",
        "-C", "tx-usecs 1000 tx-frames 1", "--seed", row[2], "--json").out()).get("summary");
    for (int c = 3; c < head.length; c++) {
      assertThat(Num.plain(s.get(head[c]).asDouble())).as(head[c]).isEqualTo(row[c]);
    }
  }
}
