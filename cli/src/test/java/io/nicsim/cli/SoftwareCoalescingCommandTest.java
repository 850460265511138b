package io.nicsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.cli.env.CliEnv;
import io.nicsim.cli.testkit.Cli;
import org.junit.jupiter.api.Test;

/**
 * The kernel's software coalescing (napi_defer_hard_irqs, gro_flush_timeout) in the commands
 * that show and search it: {@code nicsim sysfs} and {@code nicsim tune}. What it does to a run's
 * figures is the drivers' tests' (bcmgenet's and fec's {@code *SoftwareCoalescingTest}).
 */
class SoftwareCoalescingCommandTest {
  /** tune searches the sysfs knobs beside -C and recommends what to echo. */
  @Test
  void tuneSearchesTheSysfsKnobsBesideEthtool() {
    Cli.Result r = Cli.run(CliEnv.standard(), "tune", "--mac", "fec", "--soc", "imx8qxp", "--patch",
        "+napi-complete-done-return", "--traffic", "ping -c 10 -i 0.1", "--traffic",
        "iperf3 -R -t 0.2", "--vary", "rx-usecs=0,1000", "--vary", "napi_defer_hard_irqs=0,2",
        "--vary", "gro_flush_timeout=0,200000", "--objective", "ping_rtt_ms<=0.5",
        "--objective", "min cpu_pct");
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).contains("recommended: ethtool -C eth0 rx-usecs 0; echo 2 >"
        + " /sys/class/net/eth0/napi_defer_hard_irqs; echo 200000 >"
        + " /sys/class/net/eth0/gro_flush_timeout\n")
        .containsPattern("napi_defer_hard_irqs +0 +2\n")
        .contains("-C 'rx-usecs 0' --sysfs 'napi_defer_hard_irqs=2 gro_flush_timeout=200000'"
            + " --traffic 'iperf3 -R -t 0.2'");
  }

  /** nicsim sysfs reads the files and napi-get as the host has them after its writes. */
  @Test
  void sysfsShowsTheDriversDefaultsAndTheWrites() {
    Cli.Result v618 = Cli.run(CliEnv.standard(), "sysfs", "--mac", "bcmgenet", "--soc", "bcm2711", "--kernel",
        "v6.18");
    assertThat(v618.exit()).as(v618.err()).isZero();
    assertThat(v618.out()).startsWith("/sys/class/net/eth0/gro_flush_timeout:20000\n"
        + "/sys/class/net/eth0/napi_defer_hard_irqs:1\n/sys/class/net/eth0/threaded:0\n")
        .contains("{'defer-hard-irqs': 1, 'gro-flush-timeout': 20000, 'id': 513, 'ifindex': 2,"
            + " 'irq-suspend-timeout': 0, 'threaded': 'disabled'}");
    Cli.Result v612 = Cli.run(CliEnv.standard(), "sysfs",
        "--mac", "bcmgenet", "--soc", "bcm2711", "--kernel",
        "v6.12", "--sysfs", "threaded=1");
    assertThat(v612.out()).contains("/sys/class/net/eth0/gro_flush_timeout:0\n")
        .contains("/sys/class/net/eth0/threaded:1\n").contains("{'id': 513, 'ifindex': 2}");
    Cli.Result v54 = Cli.run(CliEnv.standard(), "sysfs",
        "--mac", "stmmac", "--soc", "cyclone5", "--kernel", "v5.4");
    assertThat(v54.out()).isEqualTo("/sys/class/net/eth0/gro_flush_timeout:0\n"
        + "napi-get: no netdev netlink NAPI objects before v6.9 (kernel v5.4)\n");
  }
}
