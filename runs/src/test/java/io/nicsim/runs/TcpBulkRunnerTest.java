package io.nicsim.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.nicsim.formats.pcap.FrameSynth;
import io.nicsim.formats.pcap.PcapWriter;
import io.nicsim.runs.options.RunArgs;
import io.nicsim.runs.path.PathSpec;
import io.nicsim.tcp.stack.PathConfig;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * iperf3's TCP mode on tcp-model: the path mapping, refusals, the report, the metrics and the
 * pcap headers. Runs are a fraction of a second on hostkit's example MAC (example-a72 carries
 * TCP's costs).
 */
class TcpBulkRunnerTest {
  private static final String[] HOST = {"--mac", "example", "--soc", "example-a72"};

  private static RunRequest request(String... args) {
    String[] all = new String[HOST.length + args.length];
    System.arraycopy(HOST, 0, all, 0, HOST.length);
    System.arraycopy(args, 0, all, HOST.length, args.length);
    return RunArgs.request(List.of(all));
  }

  private static RunResult run(String... args) {
    return Runs.ENGINE.run(request(args));
  }

  private static JsonNode json(String... args) {
    return Runs.summary(run(args));
  }

  @Test
  void pathSpecBecomesTcpModelsPath() {
    PathConfig c = TcpBulkRunner.pathConfig(
        PathSpec.parse("rtt=23ms,rate=500mbit,buffer=256kb,loss=0.5%"));
    assertThat(c.forwardDelayNs() + c.reverseDelayNs()).isEqualTo(23_000_000L);
    assertThat(c.forwardDelayNs()).isEqualTo(11_500_000L);
    assertThat(c.bottleneckBps()).isEqualTo(500_000_000L);
    assertThat(c.bufferBytes()).isEqualTo(256 * 1024);
    assertThat(c.bufferPackets()).isZero();
    assertThat(c.lossRate()).isEqualTo(0.005);

    PathConfig direct = TcpBulkRunner.pathConfig(PathSpec.direct());
    assertThat(direct.baseRttNs()).isZero();
    assertThat(direct.bottleneckBps()).isZero();
    assertThat(direct.bufferPackets()).isZero();
    assertThat(direct.bufferBytes()).isZero();
  }

  @Test
  void anUnmodelledCongestionControlIsRefusedInOneLine() {
    // the command prints this message as its one line and exits 2 (cli's BadInputTest)
    assertThatThrownBy(() -> run("--traffic", "iperf3 -C reno -t 0.1"))
        .isInstanceOf(RuntimeException.class)
        .satisfies(e -> assertThat(e.getMessage().strip()).doesNotContain("\n").contains("-C")
            .contains("reno").contains("bbr or cubic"));
  }

  @Test
  void reportHasIperf3TcpLinesAndAnSsLinePerFlow() {
    String out = RunText.format(run("--traffic", "iperf3 -C bbr -t 0.3 -P 2", "--path",
        "rtt=2ms,rate=200mbit,buffer=1bdp"));
    assertThat(out).contains("[ ID] Interval           Transfer     Bitrate         Retr");
    String num = "[0-9. ]+ [KMG]?Bytes +[0-9.]+ [KMG]?bits/sec";
    assertThat(out).containsPattern(Pattern.compile(
        "\\[  5\\]   0\\.00-0\\.30   sec +" + num + " +\\d+ +sender"));
    assertThat(out).containsPattern(Pattern.compile(
        "\\[  7\\]   0\\.00-0\\.30   sec +" + num + " +receiver"));
    assertThat(out).containsPattern("\\[SUM\\] .* sender").containsPattern("\\[SUM\\] .* receiver");
    assertThat(out).containsPattern(
        "\\[  5\\] bbr rtt:[0-9.]+/[0-9.]+ mss:1448 cwnd:\\d+ .*bbr:\\(bw:[0-9.]+[KMG]?bps,mrtt:");
    assertThat(out).containsPattern("\\[  7\\] means: cwnd [0-9.]+, tso_segs [0-9.]+, TSQ limit"
        + " \\d+ B, sk_wmem_alloc \\d+ B, skbs below TCP [0-9.]+, bbr bw");
  }

  @Test
  void metricsFollowTheContractAndTheGoodputIsTheReceivers() {
    JsonNode s = json("--traffic", "iperf3 -C cubic -O 0.2 -t 0.3", "--path",
        "rtt=2ms,rate=100mbit,buffer=1bdp");
    List<String> names = new ArrayList<>();
    s.fieldNames().forEachRemaining(names::add);
    assertThat(names.get(0)).isEqualTo("pps");
    assertThat(names.get(1)).isEqualTo("tcp_mbps");
    assertThat(names).contains("tcp_sender_mbps", "tcp_retrans", "tcp_cwnd", "tcp_srtt_ms",
        "tcp_pacing_mbps", "tcp_tso_segs", "tsq_limit_bytes", "tcp_wmem_alloc_bytes",
        "skbs_below_tcp", "stall_ms").doesNotContain("bbr_bw_mbps", "udp_mbps");
    // a 100 Mbit/s bottleneck carries at most 100 * 1448/1538 of TCP payload
    assertThat(s.get("tcp_mbps").asDouble()).isBetween(50.0, 100.0 * 1448 / 1538 + 0.5);
    // srtt: 2 ms of path plus queueing in a one-BDP buffer, never below the path
    assertThat(s.get("tcp_srtt_ms").asDouble()).isBetween(2.0, 6.0);
    assertThat(s.get("tsq_limit_bytes").asDouble()).isPositive();
  }

  @Test
  void bbrAddsItsBandwidthEstimate() {
    JsonNode s = json("--traffic", "iperf3 -C bbr -O 0.3 -t 0.2", "--path",
        "rtt=2ms,rate=100mbit,buffer=1bdp");
    double bw = s.get("bbr_bw_mbps").asDouble();
    assertThat(bw).isBetween(80.0, 105.0);
    assertThat(s.get("tcp_mbps").asDouble()).isLessThanOrEqualTo(bw * 1.1);
  }

  @Test
  void iperfBitrateCapsThePacingRate() {
    JsonNode s = json("--traffic", "iperf3 -C cubic -b 20M -O 0.3 -t 0.3", "--path", "rtt=2ms");
    assertThat(s.get("tcp_pacing_mbps").asDouble()).isLessThanOrEqualTo(20.0 + 1e-6);
    assertThat(s.get("tcp_mbps").asDouble()).isBetween(1.0, 20.5);
  }

  @Test
  void sameSeedSameBytes() {
    String[] args = {"--traffic", "iperf3 -C bbr -t 0.2", "--path", "rtt=5ms", "--seed", "7"};
    String a = RunText.json(run(args));
    String b = RunText.json(run(args));
    assertThat(a).contains("\"summary\"");
    assertThat(a).isEqualTo(b);
  }

  @Test
  void pcapFramesAreTcpWithTimestampOptions() {
    ByteArrayOutputStream pcap = new ByteArrayOutputStream();
    Runs.ENGINE.run(request("--traffic", "iperf3 -C cubic -t 0.05", "--path", "rtt=1ms"),
        new RunSinks(null, new PcapWriter(pcap, new FrameSynth())));
    ByteBuffer b = ByteBuffer.wrap(pcap.toByteArray());
    int f = 24 + 16; // first record's frame
    assertThat(u16(b, f + 12)).isEqualTo(0x0800);
    assertThat(b.get(f + 14 + 9)).isEqualTo((byte) 6); // IPv4 protocol TCP
    int l4 = f + 14 + 20;
    assertThat(u16(b, l4)).isEqualTo(40000);
    assertThat(u16(b, l4 + 2)).isEqualTo(5201);
    assertThat((b.get(l4 + 12) & 0xff) >>> 4).isEqualTo(8); // 20 bytes + 12 of options
    assertThat(b.get(l4 + 22)).isEqualTo((byte) 8); // timestamp option kind
    // a later frame toward the host is an ACK from 5201
    boolean ackSeen = false;
    int at = 24;
    while (at + 16 <= b.limit() && !ackSeen) {
      int caplen = b.order(ByteOrder.LITTLE_ENDIAN).getInt(at + 8);
      b.order(ByteOrder.BIG_ENDIAN);
      int fr = at + 16;
      ackSeen = u16(b, fr + 14 + 20) == 5201 && (b.get(fr + 14 + 20 + 13) & 0x10) != 0;
      at = fr + caplen;
    }
    assertThat(ackSeen).isTrue();
  }

  private static int u16(ByteBuffer b, int at) {
    return ((b.get(at) & 0xff) << 8) | (b.get(at + 1) & 0xff);
  }
}
