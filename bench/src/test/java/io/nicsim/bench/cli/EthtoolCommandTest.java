package io.nicsim.bench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.bench.testkit.Cli;
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
  void aUnitIsConvertedOnlyWhenWritten() {
    Cli.Result r = Cli.run("ethtool", "--mac", "knob", "--soc", "knobsoc", "-C", "tx-usecs 5ms");
    assertThat(r.out()).contains("\ntx-usecs:\t5000\n");
    Cli.Result bare = Cli.run("ethtool", "--mac", "knob", "--soc", "knobsoc", "-C", "tx-usecs 5");
    assertThat(bare.out()).contains("\ntx-usecs:\t5\n");
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
