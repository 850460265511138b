package io.nicsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.cli.testkit.Cli;
import org.junit.jupiter.api.Test;

class EthtoolCommandTest {

  @Test
  void showPrintsEthtoolsLayoutWithNaForUnsupportedFields() {
    Cli.Result r = Cli.run("ethtool", "--mac", "knob", "--soc", "knobsoc", "-c");
    assertThat(r.exit()).isZero();
    assertThat(r.out()).startsWith("Coalesce parameters for eth0:\nAdaptive RX: n/a  TX: n/a\n"
        + "stats-block-usecs:\tn/a\nsample-interval:\tn/a\npkt-rate-low:\t\tn/a\n"
        + "pkt-rate-high:\t\tn/a\n\nrx-usecs:\t1000\nrx-frames:\tn/a\n");
    assertThat(r.out()).contains("\ntx-usecs:\t1000\ntx-frames:\t25\ntx-usecs-irq:\tn/a\n")
        .contains("\nCQE mode RX: n/a  TX: n/a\n")
        .contains("Coalescing registers (nicsim):\nRXIC:\t0x819003e8\nTXIC:\t0x819003e8\n");
  }

  @Test
  void setAppliesThenShows() {
    Cli.Result r = Cli.run("ethtool", "--mac", "knob", "--soc", "knobsoc", "-C",
        "tx-usecs 100 tx-frames 1");
    assertThat(r.exit()).isZero();
    assertThat(r.out()).contains("\ntx-usecs:\t100\ntx-frames:\t1\n").contains("rx-usecs:\t1000");
  }

  @Test
  void dashCTakesTheRestOfTheLineUnquotedAsEthtoolDoes() {
    Cli.Result r = Cli.run("ethtool", "--mac", "knob", "--soc", "knobsoc", "-C", "tx-usecs",
        "100", "tx-frames", "5");
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).contains("\ntx-usecs:\t100\ntx-frames:\t5\n");
    // options may follow the words
    Cli.Result after = Cli.run("ethtool", "-C", "tx-usecs", "7", "--mac", "knob", "--soc",
        "knobsoc");
    assertThat(after.exit()).as(after.err()).isZero();
    assertThat(after.out()).contains("\ntx-usecs:\t7\n");
  }

  @Test
  void aValueWithAUnitIsRefusedNamingTheFieldAsEthtoolRefusesIt() {
    Cli.Result r = Cli.run("ethtool", "--mac", "knob", "--soc", "knobsoc", "-C", "tx-usecs 1ms");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err().lines()).hasSize(1);
    assertThat(r.err()).startsWith("nicsim ethtool: tx-usecs: invalid value '1ms'")
        .contains("0..4294967295");
    Cli.Result hex = Cli.run("ethtool", "--mac", "knob", "--soc", "knobsoc", "-C", "tx-usecs 0x10");
    assertThat(hex.out()).contains("\ntx-usecs:\t16\n");
  }

  @Test
  void aKnobTypedAsAnOptionGetsTheDashCSpelling() {
    Cli.Result r = Cli.run("ethtool", "--mac", "knob", "--soc", "knobsoc", "--tx-usecs", "100");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err().lines()).hasSize(1);
    assertThat(r.err()).contains("-C 'tx-usecs 100'");
    Cli.Result run = Cli.run("run", "--mac", "knob", "--soc", "knobsoc", "--traffic",
        "ping -c 1", "--rx-frames=4");
    assertThat(run.err()).contains("-C 'rx-frames 4'");
  }

  @Test
  void fecRefusalsGiveTheKernelsMessageAndTheAcceptedRange() {
    Cli.Result r = Cli.run(io.nicsim.cli.env.CliEnv.standard(), "ethtool", "--mac", "fec",
        "--soc", "imx8qxp", "-C", "rx-frames", "300");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err().lines()).hasSize(1);
    assertThat(r.err()).contains("Rx coalesced frames exceed hardware limitation")
        .contains("rx-frames 0..255").containsPattern("rx-usecs 0\\.\\.[0-9]+");
  }

  @Test
  void theKernelsRefusalPrintsErrnoAndMessageAndExits2() {
    Cli.Result r = Cli.run("ethtool", "--mac", "knob", "--soc", "knobsoc", "-C", "tx-usecs 20000");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).isEqualTo("nicsim ethtool: -C 'tx-usecs 20000': the knob driver refused:"
        + " -EINVAL (-22): knob: usecs above 10000 are not supported\n");
  }

  @Test
  void theEthtoolCoresUnsupportedCheckGivesEopnotsupp() {
    Cli.Result r = Cli.run("ethtool", "--mac", "knob", "--soc", "knobsoc", "-C", "rx-frames 4");
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("-EOPNOTSUPP (-95)");
  }

  @Test
  void badSpellingsAndMissingActions() {
    Cli.Result unknown = Cli.run("ethtool", "--mac", "knob", "--soc", "knobsoc", "-C", "tx-usec 1");
    assertThat(unknown.exit()).isEqualTo(2);
    assertThat(unknown.err()).contains("unknown parameter 'tx-usec'").contains("accepted");
    Cli.Result none = Cli.run("ethtool", "--mac", "knob", "--soc", "knobsoc");
    assertThat(none.exit()).isEqualTo(2);
    assertThat(none.err()).contains("-c").contains("-C");
    Cli.Result both = Cli.run("ethtool", "--mac", "knob", "--soc", "knobsoc", "-c", "-C", "tx-usecs 1");
    assertThat(both.exit()).isEqualTo(2);
    assertThat(both.err().lines()).hasSize(1);
  }
}
