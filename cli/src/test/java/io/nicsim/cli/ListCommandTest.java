package io.nicsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.cli.testkit.Cli;
import org.junit.jupiter.api.Test;

class ListCommandTest {

  @Test
  void macs() {
    Cli.Result r = Cli.run("list", "macs");
    assertThat(r.exit()).isZero();
    java.util.List<String> lines = r.out().lines().toList();
    assertThat(lines).hasSize(4);
    assertThat(lines.get(0)).isEqualTo(
        "example      v6.18   minimal ring NIC with an interrupt per frame (core's SPI example)");
    assertThat(lines.get(2)).isEqualTo(
        "knob         v6.7    example MAC with coalescing knobs (bench test fixture)");
    // under each, where it was loaded from: both are hostkit's (knob is ExampleMac.knob())
    assertThat(lines.get(1)).matches("  jar: .*/hostkit/target/(classes|nicsim-hostkit-.*\\.jar)");
    assertThat(lines.get(3)).isEqualTo(lines.get(1));
  }

  @Test
  void socsWithTheirMac() {
    Cli.Result r = Cli.run("list", "socs");
    assertThat(r.out()).containsPattern("(?m)^knobsoc +knob +2 cpus  Test SoC for bench")
        .containsPattern("(?m)^testsoc +example +2 cpus");
    // the example MAC's test profile has no TCP costs; the line says which are missing
    assertThat(r.out()).containsPattern("(?m)^testsoc .*\n +runs: udp, ping, udp-rx; not tcp"
        + " \\(missing costs\\.tcp_sendmsg, costs\\.tcp_copy_kb");
    // iperf3 -R: UDP into the host needs nothing more; TCP into it needs the receiver's costs
    assertThat(r.out()).containsPattern("(?m)^testsoc .*\n +runs: udp, ping, udp-rx; not tcp"
        + " \\(.*\\); tcp-rx \\(missing costs\\.tcp_rcv_established")
        .containsPattern("(?m)^bcm2711 .*\n +runs: udp, ping, tcp, udp-rx, tcp-rx$");
  }

  @Test
  void patchesPerMacWithIdCommitVersionStatusTitle() {
    Cli.Result r = Cli.run("list", "patches", "--mac", "knob");
    assertThat(r.out().lines()).containsExactly(
        "knob:",
        "  fast-path                0123456789ab v6.7    mainline knob: a made-up mainline patch",
        "  what-if                  -            -       proposed knob: a made-up proposal",
        "  fragile                  -            -       proposed knob: a made-up bug that breaks a"
            + " run whose udp_sendmsg costs more than 2200 ns (uncertainty-study fixture)");
    assertThat(Cli.run("list", "patches").out()).contains("example:\n  (no patches)\n");
  }

  @Test
  void kernelsShowsTheMainlineRangeTheLtsLinesAndTheBackports() {
    Cli.Result r = Cli.run("list", "kernels");
    assertThat(r.exit()).isZero();
    assertThat(r.out())
        .containsPattern("(?m)^mainline +v2\\.6\\.\\.v7\\.2 ")
        .containsPattern("(?m)^6\\.1\\.y +v6\\.1\\.1\\.\\.v6\\.1\\.192 .*linux-source-6\\.1")
        .containsPattern("(?m)^6\\.12\\.y +v6\\.12\\.1\\.\\.v6\\.12\\.118 ")
        .containsPattern("(?m)^  tcp +tsq-rtx-single-skb +f921a4a5bffa +v6\\.1\\.60 ");
  }

  @Test
  void patchesOfOneStableReleaseIncludeItsBackports() {
    Cli.Result r = Cli.run("list", "patches", "--kernel", "v6.1.192");
    assertThat(r.exit()).isZero();
    assertThat(r.out())
        .contains("tcp in v6.1.192:\n")
        .containsPattern("(?m)^  tsq-rtx-single-skb .*\\[backport v6\\.1\\.60\\]$")
        .doesNotContain("small-head-cache")
        .doesNotContain("grow-skb");
    assertThat(Cli.run("list", "patches", "--kernel", "v6.1").out())
        .doesNotContain("tsq-rtx-single-skb");
    Cli.Result future = Cli.run("list", "patches", "--kernel", "v9.99");
    assertThat(future.exit()).isEqualTo(2);
    assertThat(future.err().lines()).hasSize(1);
    assertThat(future.err()).contains("--kernel: 'v9.99' is newer than the newest kernel nicsim"
        + " knows (accepted: v2.6..v7.2 (mainline), v6.1.1..v6.1.192 (6.1.y),"
        + " v6.12.1..v6.12.118 (6.12.y), v6.18.1..v6.18.19 (6.18.y))");
  }

  @Test
  void scenarios() {
    assertThat(Cli.run("list", "scenarios").out()).startsWith("demo-example ")
        .contains("seeds: demo_0000000000000000.txt");
  }

  @Test
  void refusals() {
    Cli.Result what = Cli.run("list", "nics");
    assertThat(what.exit()).isEqualTo(2);
    assertThat(what.err()).contains("socs, macs, patches, scenarios, kernels").contains("nics");
    Cli.Result mac = Cli.run("list", "patches", "--mac", "nosuch");
    assertThat(mac.exit()).isEqualTo(2);
    assertThat(mac.err()).contains("--mac: unknown MAC model 'nosuch' (accepted: example, knob)");
  }
}
