package io.nicsim.runs;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.formats.pcap.FrameSynth;
import io.nicsim.formats.pcap.PcapWriter;
import io.nicsim.runs.options.RunArgs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Wireshark's own reading of a run's pcap (formats' FrameSynth and PcapWriter fed by a run on
 * the example MAC), where tshark is installed (skipped otherwise).
 */
class TsharkTest {

  @Test
  void tsharkDecodesEchoRequestsAndRepliesWithGoodChecksums(@TempDir Path dir) throws Exception {
    Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/tshark")), "tshark not installed");
    Path pcap = dir.resolve("ping.pcap");
    capture("ping -c 2 -i 0.001", pcap);
    String out = tshark("-o", "ip.check_checksum:TRUE", "-r", pcap.toString(), "-V");
    assertThat(out).contains("Echo (ping) request").contains("Echo (ping) reply")
        .doesNotContain("Bad").doesNotContain("Malformed");
    assertThat(out.split("Header checksum status: Good", -1)).hasSize(5);
  }

  /** Every datagram of a UDP flood: IPv4 header and UDP checksums verified by Wireshark. */
  @Test
  void tsharkVerifiesEveryUdpChecksumOfAFlood(@TempDir Path dir) throws Exception {
    Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/tshark")), "tshark not installed");
    Path pcap = dir.resolve("udp.pcap");
    capture("iperf3 -u -b 0 -l 64 -t 0.001", pcap);
    // status per frame: 1 good, 0 bad, 2 not checked
    String out = tshark("-o", "udp.check_checksum:TRUE", "-o", "ip.check_checksum:TRUE", "-r",
        pcap.toString(), "-Y", "udp", "-T", "fields", "-e", "udp.checksum.status", "-e",
        "ip.checksum.status");
    List<String> frames = out.lines().toList();
    assertThat(frames).hasSizeGreaterThan(50).allMatch(l -> l.equals("1\t1"));
  }

  /** The run of {@code traffic} on the example MAC, its wire written to {@code pcap}. */
  private static void capture(String traffic, Path pcap) throws IOException {
    try (var out = Files.newOutputStream(pcap)) {
      Runs.ENGINE.run(RunArgs.request(List.of("--mac", "example", "--soc", "testsoc",
          "--traffic", traffic)), new RunSinks(null, new PcapWriter(out, new FrameSynth())));
    }
  }

  private static String tshark(String... args) throws IOException, InterruptedException {
    String[] cmd = new String[args.length + 1];
    cmd[0] = "/usr/bin/tshark";
    System.arraycopy(args, 0, cmd, 1, args.length);
    Process p = new ProcessBuilder(cmd).redirectErrorStream(false).start();
    byte[] out = p.getInputStream().readAllBytes();
    p.waitFor();
    return new String(out, StandardCharsets.UTF_8);
  }
}
