package io.nicsim.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.bench.testkit.Cli;
import org.junit.jupiter.api.Test;

class ListCommandTest {

  @Test
  void macs() {
    Cli.Result r = Cli.run("list", "macs");
    assertThat(r.exit()).isZero();
    assertThat(r.out().lines()).containsExactly(
        "example      v6.18   minimal ring NIC with an interrupt per frame (core's SPI example)",
        "knob         v6.7    example MAC with coalescing knobs (bench test fixture)");
  }

  @Test
  void socsWithTheirMac() {
    Cli.Result r = Cli.run("list", "socs");
    assertThat(r.out()).containsPattern("(?m)^knobsoc +knob +2 cpus  Test SoC for bench")
        .containsPattern("(?m)^testsoc +example +2 cpus");
    // the example MAC's test profile has no TCP costs; the line says which are missing
    assertThat(r.out()).containsPattern("(?m)^testsoc .*\n +runs: udp, ping; not tcp \\(missing"
        + " costs\\.tcp_sendmsg, costs\\.tcp_copy_kb");
  }

  @Test
  void patchesPerMacWithIdCommitVersionStatusTitle() {
    Cli.Result r = Cli.run("list", "patches", "--mac", "knob");
    assertThat(r.out().lines()).containsExactly(
        "knob:",
        "  fast-path                0123456789ab v6.7    mainline knob: a made-up mainline patch",
        "  what-if                  -            -       proposed knob: a made-up proposal");
    assertThat(Cli.run("list", "patches").out()).contains("example:\n  (no patches)\n");
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
    assertThat(what.err()).contains("socs, macs, patches, scenarios").contains("nics");
    Cli.Result mac = Cli.run("list", "patches", "--mac", "nosuch");
    assertThat(mac.exit()).isEqualTo(2);
    assertThat(mac.err()).contains("--mac: unknown MAC model 'nosuch' (accepted: example, knob)");
  }
}
