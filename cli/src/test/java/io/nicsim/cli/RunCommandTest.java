package io.nicsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nicsim.cli.testkit.Cli;
import io.nicsim.runs.Metrics;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunCommandTest {
  static final String[] FLOOD = {"run", "--mac", "example", "--soc", "testsoc", "--traffic",
      "iperf3 -u -b 0 -l 64 -t 0.02"};
  static final String[] PING = {"run", "--mac", "example", "--soc", "testsoc", "--traffic",
      "ping -c 5 -i 0.002"};

  static String[] with(String[] base, String... more) {
    return Stream.concat(Stream.of(base), Stream.of(more)).toArray(String[]::new);
  }

  @Test
  void floodPrintsIperf3SenderAndReceiverLinesAndTheHostSummary() {
    Cli.Result r = Cli.run(FLOOD);
    assertThat(r.exit()).isZero();
    assertThat(r.err()).isEmpty();
    assertThat(r.out())
        .contains("[ ID] Interval           Transfer     Bitrate         Jitter    Lost/Total"
            + " Datagrams")
        .containsPattern("\\[  5\\]   0\\.00-0\\.02   sec .* Mbits/sec  0\\.000 ms  0/\\d+ \\(0%\\)  sender")
        .containsPattern("\\[  5\\]   0\\.00-0\\.02   sec .* Mbits/sec  \\d+\\.\\d{3} ms  0/\\d+ \\(0%\\)"
            + "  receiver")
        .containsPattern("NIC IRQs/s: \\S+   causes: tx \\S+  rx ")
        .contains("packets per tx IRQ 1.000")
        .contains("timers/s: hrtimer_start 0")
        .contains("CPU % of 2 cores:")
        .containsPattern("  udp_sendmsg +\\d");
  }

  /**
   * A lost request has no reply line and the others keep their own icmp_seq, as ping prints
   * them; the summary's min and max are the smallest and largest per-reply times (below 1 ms
   * both print whole microseconds).
   */
  @Test
  void pingReplyLinesKeepTheirSequenceNumbersWhenRequestsAreLost() {
    Cli.Result r = Cli.run("run", "--mac", "example", "--soc", "testsoc", "--traffic",
        "ping -c 40 -i 0.002", "--path", "loss=20%");
    assertThat(r.exit()).as(r.err()).isZero();
    var reply = java.util.regex.Pattern.compile("icmp_seq=(\\d+) ttl=64 time=(0\\.\\d{3}) ms")
        .matcher(r.out());
    java.util.List<Integer> seqs = new java.util.ArrayList<>();
    java.util.List<String> times = new java.util.ArrayList<>();
    while (reply.find()) {
      seqs.add(Integer.parseInt(reply.group(1)));
      times.add(reply.group(2));
    }
    var stats = java.util.regex.Pattern.compile("40 packets transmitted, (\\d+) received")
        .matcher(r.out());
    assertThat(stats.find()).as(r.out()).isTrue();
    int received = Integer.parseInt(stats.group(1));
    assertThat(received).as(r.out()).isBetween(20, 39);
    assertThat(seqs).hasSize(received).isSorted().doesNotHaveDuplicates()
        .allMatch(q -> q >= 1 && q <= 40);
    // some request before the last answered one was lost: the numbering has a gap
    assertThat(seqs.get(seqs.size() - 1)).as(r.out()).isGreaterThan(received);
    var summary = java.util.regex.Pattern.compile(
        "rtt min/avg/max/mdev = (0\\.\\d{3})/0\\.\\d{3}/(0\\.\\d{3})/").matcher(r.out());
    assertThat(summary.find()).as(r.out()).isTrue();
    assertThat(summary.group(1)).isEqualTo(times.stream().min(String::compareTo).get());
    assertThat(summary.group(2)).isEqualTo(times.stream().max(String::compareTo).get());
  }

  /**
   * --bql-limit-max below one datagram: BQL stops the queue after every datagram, so the stream
   * waits for each completion (tx-frames 25: the 5 ms coalesce timer) and its rate collapses.
   */
  @Test
  void bqlLimitMaxCapsTheBytesInFlight() {
    String[] base = {"run", "--mac", "stmmac", "--soc", "rk3588-yt6801", "--traffic",
        "iperf3 -u -b 400M -l 1400 -t 1", "--duration", "100ms", "--json"};
    double free = pps(Cli.run(io.nicsim.cli.env.CliEnv.standard(), base));
    List<String> capped = new ArrayList<>(List.of(base));
    capped.addAll(List.of("--bql-limit-max", "1000"));
    double slow = pps(Cli.run(io.nicsim.cli.env.CliEnv.standard(),
        capped.toArray(new String[0])));
    assertThat(free).isGreaterThan(30_000);
    assertThat(slow).isLessThan(1_000); // about one datagram per 5 ms timer
    capped.set(capped.size() - 1, "max");
    assertThat(pps(Cli.run(io.nicsim.cli.env.CliEnv.standard(),
        capped.toArray(new String[0])))).isEqualTo(free);
  }

  private static double pps(Cli.Result r) {
    assertThat(r.exit()).as(r.err()).isZero();
    try {
      return new ObjectMapper().readTree(r.out()).path("summary").path("pps").asDouble(-1);
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void pingPrintsItsStatisticsLikeIputils() {
    Cli.Result r = Cli.run(PING);
    assertThat(r.exit()).isZero();
    assertThat(r.out())
        .contains("PING 10.0.0.2 (10.0.0.2) 56(84) bytes of data.")
        .containsPattern("64 bytes from 10.0.0.2: icmp_seq=5 ttl=64 time=0\\.\\d{3} ms")
        .contains("5 packets transmitted, 5 received, 0% packet loss, time 8ms")
        .containsPattern("rtt min/avg/max/mdev = \\d\\.\\d{3}/\\d\\.\\d{3}/\\d\\.\\d{3}/\\d\\.\\d{3} ms");
  }

  @Test
  void jsonFollowsTheContract() throws Exception {
    Cli.Result r = Cli.run(with(FLOOD, "--json"));
    assertThat(r.exit()).isZero();
    JsonNode root = new ObjectMapper().readTree(r.out());
    List<String> top = new ArrayList<>();
    root.fieldNames().forEachRemaining(top::add);
    assertThat(top).containsExactly("config", "summary");
    assertThat(root.get("config").get("mac").asText()).isEqualTo("example");
    assertThat(root.get("config").get("traffic").asText()).isEqualTo("iperf3 -u -b 0 -l 64 -t 0.02");
    JsonNode s = root.get("summary");
    List<String> keys = new ArrayList<>();
    for (Iterator<String> it = s.fieldNames(); it.hasNext(); ) {
      keys.add(it.next());
    }
    for (String k : keys) {
      assertThat(s.get(k).isNumber()).as(k).isTrue();
    }
    List<String> contract = keys.stream().filter(Metrics.CONTRACT::contains).toList();
    assertThat(contract).containsExactly("pps", "udp_mbps", "cpu_pct", "hrtimer_cpu_pct",
        "hrtimer_start_per_s", "timer_arms_per_s", "nic_irq_per_s", "tx_irq_per_s", "rx_irq_per_s",
        "pkts_per_tx_irq", "stall_ms");
    assertThat(keys.subList(0, contract.size())).isEqualTo(contract);
    assertThat(s.get("udp_mbps").asDouble()).isPositive();
    assertThat(s.get("pps").asDouble()).isEqualTo(s.get("tx_irq_per_s").asDouble());
  }

  @Test
  void receiverRateCountsOnlyTheWindowSoItNeverExceedsTheLink() throws Exception {
    JsonNode s = new ObjectMapper().readTree(Cli.run("run", "--mac", "example", "--soc",
        "testsoc", "--traffic", "iperf3 -u -b 0 -l 1460 -t 0.01 -P 2", "--json").out())
        .get("summary");
    assertThat(s.get("udp_mbps").asDouble()).isBetween(800.0, 1000.0);
    assertThat(s.get("udp_lost_pct").asDouble()).isZero();
  }

  @Test
  void pingJsonHasTheRtt() throws Exception {
    JsonNode s = new ObjectMapper().readTree(Cli.run(with(PING, "--json")).out()).get("summary");
    assertThat(s.has("ping_rtt_ms")).isTrue();
    assertThat(s.has("udp_mbps")).isFalse();
    assertThat(s.get("ping_rtt_ms").asDouble()).isBetween(0.001, 1.0);
  }

  @Test
  void sameSeedGivesByteIdenticalOutputs(@TempDir Path dir) throws Exception {
    String[] outs = new String[2];
    byte[][] traces = new byte[2][];
    byte[][] pcaps = new byte[2][];
    for (int i = 0; i < 2; i++) {
      Path t = dir.resolve("t" + i + ".txt");
      Path p = dir.resolve("p" + i + ".pcap");
      Cli.Result r = Cli.run(with(FLOOD, "--json", "--seed", "7", "--trace", t.toString(),
          "--pcap", p.toString(), "--duration", "5ms"));
      assertThat(r.exit()).as(r.err()).isZero();
      outs[i] = r.out();
      traces[i] = Files.readAllBytes(t);
      pcaps[i] = Files.readAllBytes(p);
    }
    assertThat(outs[1]).isEqualTo(outs[0]);
    assertThat(traces[1]).isEqualTo(traces[0]);
    assertThat(pcaps[1]).isEqualTo(pcaps[0]);
  }

  @Test
  void traceFileIsFtraceTextPerfettoReads(@TempDir Path dir) throws Exception {
    Path t = dir.resolve("run.trace");
    Cli.Result r = Cli.run(with(FLOOD, "--trace", t.toString(), "--duration", "1ms"));
    assertThat(r.exit()).as(r.err()).isZero();
    List<String> lines = Files.readAllLines(t, StandardCharsets.UTF_8);
    String all = String.join("\n", lines);
    var events = io.nicsim.formats.trace.FtraceWriterTest.parseLikePerfetto(all);
    assertThat(events).hasSizeGreaterThan(100);
    for (String ev : new String[] {"irq_handler_entry", "irq_handler_exit", "softirq_raise",
        "softirq_entry", "softirq_exit", "napi_poll", "net_dev_queue", "net_dev_start_xmit",
        "net_dev_xmit"}) {
      assertThat(all).contains(" " + ev + ": ");
    }
    assertThat(all).containsPattern("iperf3-\\d+ +\\[001\\] \\.{5} +0\\.\\d{6}: net_dev_queue: ");
    // nothing runs in process context under the idle task
    assertThat(all).doesNotContainPattern("<idle>-0 +\\[\\d+\\] \\.{5} +\\d+\\.\\d{6}: net_dev_queue");
    // hard interrupt lines carry ftrace's hardirq flags
    assertThat(all).containsPattern("\\[00\\d\\] d\\.h\\.\\. +0\\.\\d{6}: irq_handler_entry: ");
  }

  /**
   * stmmac's xmit raises NET_TX from iperf3's sendto (the qdisc could not run the queue); the
   * softirq runs at iperf3's local_bh_enable, so ftrace prints both under iperf3, never under
   * the idle task.
   */
  @Test
  void aSoftirqTheApplicationRaisedIsTracedUnderTheApplication(@TempDir Path dir)
      throws Exception {
    Path t = dir.resolve("stmmac.trace");
    Cli.Result r = Cli.run(io.nicsim.cli.env.CliEnv.standard(), "run", "--mac", "stmmac",
        "--soc", "cyclone5", "--traffic", "iperf3 -u -b 0 -l 64 -t 1", "--duration", "1ms",
        "--trace", t.toString());
    assertThat(r.exit()).as(r.err()).isZero();
    String all = Files.readString(t);
    io.nicsim.formats.trace.FtraceWriterTest.parseLikePerfetto(all);
    assertThat(all).containsPattern(
        "iperf3-\\d+ +\\[001\\] \\.{5} +0\\.\\d{6}: softirq_raise: vec=2 ");
    assertThat(all).containsPattern(
        "iperf3-\\d+ +\\[001\\] \\.\\.s\\.\\. +0\\.\\d{6}: softirq_entry: vec=2 ");
    assertThat(all).doesNotContainPattern(
        "<idle>-0 +\\[001\\] \\.{5} +\\d+\\.\\d{6}: softirq_raise: vec=2 ");
    // the receiver's RFC 3550 jitter: coalesced completions make the transit time vary
    var m = java.util.regex.Pattern.compile("  (\\d+\\.\\d{3}) ms  \\d+/\\d+ \\(\\d+%\\)  receiver")
        .matcher(r.out());
    assertThat(m.find()).as(r.out()).isTrue();
    assertThat(Double.parseDouble(m.group(1))).isPositive();
  }

  /**
   * {@code --trace-format json}: Chrome's Trace Event Format (the JSON object form). Every
   * event carries the format's fields with their types: name, ph (a known phase), pid and tid
   * integers, ts in microseconds (all but metadata), args an object; instants a scope s;
   * metadata names the process and the CPU threads; B/E pairs nest per thread in time order,
   * each E under its B's name and category (what Perfetto's importer matches them by).
   */
  @Test
  void traceFormatJsonWritesChromeTraceEvents(@TempDir Path dir) throws Exception {
    Path t = dir.resolve("run.json");
    Cli.Result r = Cli.run(with(FLOOD, "--trace", t.toString(), "--trace-format", "json",
        "--duration", "1ms"));
    assertThat(r.exit()).as(r.err()).isZero();
    com.fasterxml.jackson.databind.JsonNode root =
        new com.fasterxml.jackson.databind.ObjectMapper().readTree(t.toFile());
    assertThat(root.isObject()).isTrue();
    assertThat(root.path("displayTimeUnit").asText()).isIn("ms", "ns");
    com.fasterxml.jackson.databind.JsonNode events = root.get("traceEvents");
    assertThat(events.isArray()).isTrue();
    assertThat(events.size()).isGreaterThan(100);
    java.util.Set<String> phases = java.util.Set.of("B", "E", "X", "i", "I", "C", "b", "n",
        "e", "s", "t", "f", "P", "N", "O", "D", "M", "R", "c");
    java.util.Map<Long, java.util.ArrayDeque<String>> open = new java.util.HashMap<>();
    java.util.Map<Long, Double> lastTs = new java.util.HashMap<>();
    java.util.Set<String> names = new java.util.HashSet<>();
    java.util.Set<String> threadNames = new java.util.HashSet<>();
    for (com.fasterxml.jackson.databind.JsonNode e : events) {
      assertThat(e.path("name").isTextual()).as(e.toString()).isTrue();
      String ph = e.path("ph").asText();
      assertThat(phases).as(e.toString()).contains(ph);
      assertThat(e.path("pid").isIntegralNumber()).as(e.toString()).isTrue();
      assertThat(e.path("tid").isIntegralNumber()).as(e.toString()).isTrue();
      if (e.has("args")) {
        assertThat(e.get("args").isObject()).as(e.toString()).isTrue();
      }
      if (ph.equals("M")) {
        assertThat(e.path("name").asText()).isIn("process_name", "thread_name");
        assertThat(e.path("args").path("name").isTextual()).isTrue();
        if (e.path("name").asText().equals("thread_name")) {
          threadNames.add(e.path("args").path("name").asText());
        }
        continue;
      }
      assertThat(e.path("ts").isNumber()).as(e.toString()).isTrue();
      double ts = e.get("ts").asDouble();
      assertThat(ts).isGreaterThanOrEqualTo(0);
      names.add(e.path("name").asText());
      long tid = e.get("tid").asLong();
      if (ph.equals("i")) {
        assertThat(e.path("s").asText()).isIn("g", "p", "t");
      } else if (ph.equals("B") || ph.equals("E")) {
        assertThat(ts).as("B/E time order on tid " + tid + ": " + e)
            .isGreaterThanOrEqualTo(lastTs.getOrDefault(tid, 0.0));
        lastTs.put(tid, ts);
        var stack = open.computeIfAbsent(tid, k -> new java.util.ArrayDeque<>());
        String slice = e.path("cat").asText() + "/" + e.path("name").asText();
        if (ph.equals("B")) {
          stack.push(slice);
        } else {
          assertThat(stack).as("E without B on tid " + tid + ": " + e).isNotEmpty();
          // Perfetto's SliceTracker::End closes the innermost open slice whose name and
          // category match the E's; an E named otherwise leaves the slice open
          assertThat(slice).as("E of the innermost B on tid " + tid + ": " + e)
              .isEqualTo(stack.pop());
        }
      }
    }
    assertThat(threadNames).contains("CPU 0", "CPU 1");
    assertThat(names).contains("net_dev_queue", "net_dev_xmit", "NET_TX", "napi_poll");
    assertThat(names).anyMatch(n -> n.startsWith("irq "));
    open.values().forEach(s -> assertThat(s).as("unclosed B at the end").hasSizeLessThanOrEqualTo(1));
  }

  @Test
  void pcapAndPlotFilesAreWritten(@TempDir Path dir) throws Exception {
    Path p = dir.resolve("w.pcap");
    Path png = dir.resolve("w.png");
    Path svg = dir.resolve("w.svg");
    assertThat(Cli.run(with(PING, "--pcap", p.toString(), "--plot", png.toString())).exit())
        .isZero();
    assertThat(Cli.run(with(PING, "--plot", svg.toString())).exit()).isZero();
    byte[] pcap = Files.readAllBytes(p);
    // header + 10 records (5 requests, 5 replies) of 98-byte frames captured whole
    assertThat(pcap.length).isEqualTo(24 + 10 * (16 + 98));
    assertThat(Files.readAllBytes(png)).startsWith(new byte[] {(byte) 0x89, 'P', 'N', 'G'});
    assertThat(Files.readString(svg)).contains("<svg");
  }

  @Test
  void aRefusedRunLeavesNoFileBehind(@TempDir Path dir) throws Exception {
    Path t = dir.resolve("x.trace");
    Path p = dir.resolve("x.pcap");
    Cli.Result r = Cli.run("run", "--mac", "example", "--soc", "nosuch", "--traffic",
        "ping -c 1", "--trace", t.toString(), "--pcap", p.toString());
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).startsWith("nicsim run: --soc: unknown SoC profile 'nosuch'");
    try (var files = Files.list(dir)) {
      assertThat(files).isEmpty();
    }
  }

  /** Output files in directories that do not exist yet: made as {@code mkdir -p} would. */
  @Test
  void outputFilesGoIntoNewDirectories(@TempDir Path dir) throws Exception {
    Path t = dir.resolve("traces/a/t.txt");
    Path p = dir.resolve("traces/p.pcap");
    Path png = dir.resolve("plots/p.png");
    Cli.Result r = Cli.run(with(PING, "--trace", t.toString(), "--pcap", p.toString(),
        "--plot", png.toString()));
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(Files.readString(t)).startsWith("# tracer: nop\n");
    assertThat(p).isRegularFile();
    assertThat(png).isRegularFile();
  }

  /** A run that fails after its output files were opened removes the directories it made. */
  @Test
  void aFailedRunRemovesTheDirectoriesItMade(@TempDir Path dir) throws Exception {
    Path t = dir.resolve("new/deep/t.txt");
    Path p = dir.resolve("new/p.pcap");
    Cli.Result r = Cli.run("run", "--mac", "example", "--soc", "testsoc", "--traffic",
        "iperf3 -t 1", "--trace", t.toString(), "--pcap", p.toString());
    assertThat(r.exit()).isEqualTo(2);
    try (var files = Files.list(dir)) {
      assertThat(files).isEmpty();
    }
  }

  @Test
  void anOutputWhoseParentIsAFileIsRefusedBeforeTheRun(@TempDir Path dir) throws Exception {
    Path f = Files.writeString(dir.resolve("f"), "x");
    Cli.Result r = Cli.run(with(PING, "--pcap", f.resolve("p.pcap").toString()));
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).isEqualTo("nicsim run: --pcap: cannot write " + f.resolve("p.pcap")
        + ": " + f + " is not a directory (accepted: a file whose parent is a directory or can"
        + " be created)\n");
    assertThat(Files.readString(f)).isEqualTo("x");
  }

  @Test
  void anExistingFileIsKeptWhenTheRunFails(@TempDir Path dir) throws Exception {
    Path t = dir.resolve("keep.trace");
    Files.writeString(t, "old");
    Cli.Result r = Cli.run("run", "--mac", "example", "--soc", "testsoc", "--traffic",
        "iperf3 -t 1", "--trace", t.toString());
    assertThat(r.exit()).isEqualTo(2);
    assertThat(Files.readString(t)).isEqualTo("old");
    try (var files = Files.list(dir)) {
      assertThat(files).hasSize(1);
    }
  }

  @Test
  void aPathAddsItsRttToPing() throws Exception {
    ObjectMapper om = new ObjectMapper();
    double direct = om.readTree(Cli.run(with(PING, "--json")).out()).get("summary")
        .get("ping_rtt_ms").asDouble();
    double far = om.readTree(Cli.run(with(PING, "--json", "--path", "rtt=3ms")).out())
        .get("summary").get("ping_rtt_ms").asDouble();
    assertThat(far - direct).isCloseTo(3.0, org.assertj.core.data.Offset.offset(0.001));
  }

  @Test
  void aBottleneckLimitsWhatTheReceiverGets() throws Exception {
    JsonNode s = new ObjectMapper().readTree(Cli.run(with(FLOOD, "--json", "--path",
        "rtt=1ms,rate=20mbit,buffer=1bdp", "--no-check")).out()).get("summary");
    assertThat(s.get("udp_mbps").asDouble()).isLessThan(20.0);
    assertThat(s.get("udp_sender_mbps").asDouble()).isGreaterThan(50.0);
    assertThat(s.get("udp_lost_pct").asDouble()).isPositive();
  }

  @Test
  void coalescingIsAppliedAndShownInTheConfig() throws Exception {
    JsonNode c = new ObjectMapper().readTree(Cli.run("run", "--mac", "knob", "--soc", "knobsoc",
        "-C", "tx-usecs 100 tx-frames 1", "--traffic", "ping -c 2 -i 0.001", "--json").out())
        .get("config").get("coalesce");
    assertThat(c.toString()).isEqualTo("{\"rx-usecs\":1000,\"tx-usecs\":100,\"tx-frames\":1}");
  }

  @Test
  void aCoalescingRefusalCarriesTheErrnoAndTheKernelMessage() {
    Cli.Result r = Cli.run("run", "--mac", "knob", "--soc", "knobsoc", "-C", "rx-usecs 20000",
        "--traffic", "ping -c 1");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("-EINVAL (-22): knob: usecs above 10000 are not supported");
    assertThat(r.err().lines()).hasSize(1);
  }
}
