package io.nicsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.cli.env.CliEnv;
import io.nicsim.cli.testkit.Cli;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * explore finds a deliberately broken variant of each driver within its default run count (here
 * in its first few runs), says nothing of the same configuration unbroken, and prints a
 * reproducer line that, run as {@code nicsim run}, hits the finding again at the same time.
 */
class ExploreCommandTest {
  /** A UDP stream whose TX polls usually empty the ring: the window's best case. */
  static final String UDP = "iperf3 -u -b 400M -l 1400 -t 1";

  static Cli.Result explore(String mac, String soc, String kernel, String patches) {
    return explore(mac, soc, kernel, patches, 2);
  }

  static Cli.Result explore(String mac, String soc, String kernel, String patches, int runs) {
    List<String> a = new ArrayList<>(List.of("explore", "--mac", mac, "--soc", soc,
        "--traffic", UDP, "--duration", "200ms", "--runs", Integer.toString(runs),
        "--threads", "1"));
    if (kernel != null) {
      a.add("--kernel");
      a.add(kernel);
    }
    if (patches != null) {
      a.add("--patch");
      a.add(patches);
    }
    return Cli.run(CliEnv.standard(), a.toArray(new String[0]));
  }

  @Test
  void stmmacWithoutThePollsPendingArmIsFound() {
    // a TCP upload: after a poll that left work pending, the next xmit often comes late
    Cli.Result broken = Cli.run(CliEnv.standard(), "explore", "--mac", "stmmac", "--soc",
        "rk3588-yt6801", "--kernel", "v6.18", "--patch", "+no-pending-arm", "--traffic",
        "iperf3 -C cubic -t 2", "--runs", "2", "--threads", "2");
    assertThat(broken.exit()).isZero();
    assertThat(broken.out())
        .contains("findings: 1 distinct")
        .contains("stmmac eth0 tx0 stranded")
        .containsPattern("hit in [12]/2 runs")
        .contains("checked: the reproducer hits it again at ")
        .contains("ftrace, ");
  }

  /**
   * The window on v6.18 in every run of the UDP stream (hundreds of spells), and on the same
   * stream nothing on v6.6 nor with the candidate fix, over three times as many runs. The
   * coverage line tells the two "none"s apart: with the fix the interleaving was exercised
   * (xmits read the TX NAPI mid-completion) and closed; v6.6's xmit never reads it.
   */
  @Test
  void theTxTimerWindowOpensOnV618AndNeitherOnV66NorWithTheFix() {
    Cli.Result v618 = explore("stmmac", "rk3588-yt6801", "v6.18", null);
    assertThat(v618.out()).contains("stmmac eth0 tx0 stranded").contains("hit in 2/2 runs")
        .containsPattern("ftrace, [0-9.]+ to [0-9.]+ s \\(the finding at [0-9.]+ s\\):\\n"
            + "( +\\S.*\\n)*.*net_dev_start_xmit")
        .containsPattern("coverage: [1-9][0-9]* reads of a NAPI's state .* in 2 runs");
    Cli.Result v66 = explore("stmmac", "rk3588-yt6801", "v6.6", null, 6);
    assertThat(v66.exit()).isZero();
    assertThat(v66.out()).contains("6 perturbed runs").contains("findings: none")
        .contains("coverage: 0 reads").contains("were not exercised");
    Cli.Result fixed = explore("stmmac", "rk3588-yt6801", "v6.18", "+tx-arm-recheck", 6);
    assertThat(fixed.exit()).isZero();
    assertThat(fixed.out()).contains("6 perturbed runs").contains("findings: none")
        .containsPattern("coverage: [1-9][0-9]* reads of a NAPI's state .* in [1-6] runs");
  }

  static Cli.Result cubic(String kernel, String patch, int seed, int runs) {
    List<String> a = new ArrayList<>(List.of("explore", "--mac", "stmmac", "--soc",
        "rk3588-yt6801", "--kernel", kernel, "--traffic", "iperf3 -C cubic -t 2", "--seed",
        Integer.toString(seed), "--runs", Integer.toString(runs), "--threads", "2"));
    if (patch != null) {
      a.add("--patch");
      a.add(patch);
    }
    return Cli.run(CliEnv.standard(), a.toArray(new String[0]));
  }

  /**
   * The issue's command (a CUBIC upload over the direct link) finds the window with explore's
   * default KCSAN delays: seed 180 is the one of seeds 1..200 that hits it (cli/README; 9 of
   * the 200 did, from seed 50, before the ACKs came up in gro_normal batches at the poll's
   * end). The same seeds find nothing on v6.6, whose xmit always arms the timer, nor
   * with the candidate fix, where the interleaving is reached (coverage) and closed.
   */
  @Test
  void theIssuesCubicUploadFindsTheWindowOnV618AndNothingOnV66OrWithTheFix() {
    Cli.Result v618 = cubic("v6.18", null, 180, 1);
    assertThat(v618.exit()).isZero();
    assertThat(v618.out()).contains("--jitter ranges, --preempt kcsan")
        .contains("[1] stmmac eth0 tx0 stranded").contains("hit in 1/1 runs")
        .contains("reproduce: nicsim run --mac stmmac --soc rk3588-yt6801 --kernel v6.18"
            + " --traffic 'iperf3 -C cubic -t 2' --seed 180 --jitter ranges --preempt kcsan\n")
        .contains("checked: the reproducer hits it again at ")
        // the excerpt shows the completing CPU held where SCHED is about to clear
        .contains("bprint: napi_complete_done: nicsim --preempt held this CPU ");
    Cli.Result v66 = cubic("v6.6", null, 41, 20);
    assertThat(v66.out()).contains("20 perturbed runs").contains("findings: none")
        .contains("coverage: 0 reads");
    Cli.Result fixed = cubic("v6.18", "+tx-arm-recheck", 41, 20);
    assertThat(fixed.out()).contains("20 perturbed runs").contains("findings: none");
    Cli.Result noDelays = Cli.run(CliEnv.standard(), "explore", "--mac", "stmmac", "--soc",
        "rk3588-yt6801", "--kernel", "v6.18", "--traffic", "iperf3 -C cubic -t 2", "--seed",
        "180", "--runs", "1", "--preempt", "0");
    // without injected delays the xmit takes the TX lock after the clean and reads SCHED only
    // once napi_complete_done has cleared it: the window needs the completing CPU held there
    assertThat(noDelays.out()).contains("--jitter ranges), ").contains("findings: none");
  }

  @Test
  void fecWithALostInterruptReenableIsFoundAndTheRealDriverIsClean() {
    Cli.Result broken = explore("fec", "imx8mq", null, "+lost-irq-reenable");
    assertThat(broken.exit()).isZero();
    assertThat(broken.out()).contains("fec eth0 tx0 dead").contains("hit in 2/2 runs")
        .contains("checked: the reproducer hits it again at ");
    Cli.Result real = explore("fec", "imx8mq", null, null);
    assertThat(real.out()).contains("findings: none");
  }

  /**
   * bcmgenet's TX NAPI poll completing without unmasking the ring's TX-done interrupt: the next
   * frames' done status latches unseen, BQL stops the queue and nothing reclaims the ring. The
   * normal run of the same command stops on it with the ring's state in the driver's terms.
   */
  @Test
  void bcmgenetWithALostTxInterruptReenableIsFoundAndTheRealDriverIsClean() {
    Cli.Result broken = explore("bcmgenet", "bcm2711", null, "+lost-tx-irq-reenable");
    assertThat(broken.exit()).isZero();
    assertThat(broken.out()).contains("findings: 1 distinct")
        .contains("bcmgenet eth0 tx0 dead").contains("hit in 2/2 runs")
        .contains("INTRL2_1 TX0 clear masked")
        .contains("checked: the reproducer hits it again at ");
    Cli.Result real = explore("bcmgenet", "bcm2711", null, null);
    assertThat(real.exit()).isZero();
    assertThat(real.out()).contains("2 perturbed runs").contains("findings: none");
    Cli.Result run = Cli.run(CliEnv.standard(), "run", "--mac", "bcmgenet", "--soc",
        "bcm2711", "--patch", "+lost-tx-irq-reenable", "--traffic",
        "iperf3 -u -b 400M -l 1400 -t 0.3");
    assertThat(run.exit()).isNotZero();
    assertThat(run.err()).contains("in liveness bcmgenet eth0 tx0: ")
        .contains("nothing will clean them")
        .contains("INTRL2_1 TX0 latched masked")
        .contains("last changes: ");
  }

  @Test
  void theReproducerLineHitsTheFindingAgainAsANicsimRun() {
    Cli.Result r = explore("stmmac", "rk3588-yt6801", "v6.18", null);
    Matcher m = Pattern.compile("reproduce: nicsim run (.*)\\n").matcher(r.out());
    assertThat(m.find()).isTrue();
    Matcher first = Pattern.compile("first: (\\d+\\.\\d{6}) s: ").matcher(r.out());
    assertThat(first.find()).isTrue();
    List<String> args = new ArrayList<>(List.of("run"));
    args.addAll(shellWords(m.group(1)));
    Cli.Result run = Cli.run(CliEnv.standard(), args.toArray(new String[0]));
    assertThat(run.exit()).isZero();
    assertThat(run.out()).contains("liveness (--seed ")
        .contains("  " + first.group(1) + " s stmmac eth0 tx0 stranded");
  }

  @Test
  void aNormalRunStopsOnADeadRingWithTheStateAndTheLastChanges() {
    Cli.Result r = Cli.run(CliEnv.standard(), "run", "--mac", "fec", "--soc", "imx8mq", "--patch",
        "+lost-irq-reenable", "--traffic", "iperf3 -u -b 400M -l 1400 -t 0.3");
    assertThat(r.exit()).isNotZero();
    assertThat(r.err()).contains("in liveness fec eth0 tx0: ")
        .contains("nothing will clean them")
        .contains("EIMR 0x0")
        .contains("last changes: ");
    // the changes before the spell opened, then the ones since: each once, oldest first
    List<String> changes = List.of(r.err().strip()
        .substring(r.err().indexOf("last changes: ") + "last changes: ".length()).split("; "));
    assertThat(changes).hasSizeGreaterThan(1).doesNotHaveDuplicates();
    assertThat(changes).isSortedAccordingTo(java.util.Comparator.comparing(
        (String c) -> Double.parseDouble(c.substring(0, c.indexOf(' ')))));
  }

  /** Splits a shell line with single-quoted words (as ExploreReport quotes them). */
  static List<String> shellWords(String line) {
    List<String> out = new ArrayList<>();
    Matcher m = Pattern.compile("'([^']*)'|(\\S+)").matcher(line);
    while (m.find()) {
      out.add(m.group(1) != null ? m.group(1) : m.group(2));
    }
    return out;
  }
}
