package io.nicsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.cli.testkit.Cli;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sample of {@code run --uncertainty} that breaks the run stops the study with one line: which
 * sample, what broke, and the command that runs that sample alone ({@code --sample K}), which
 * breaks the same way; a sample that passes runs alone as a plain run and says where its draws
 * sat. The fixture: the knob MAC's made-up {@code +fragile} bug breaks any run whose
 * udp_sendmsg costs more than 2200 ns, on a board whose udp_sendmsg is 2000 ns ±40%, so the
 * nominal run passes and the samples at the high end of the range fail. A scenario's failed
 * sample (the study's line, not the command's): scenarios' {@code UncertaintySampleFailureTest}.
 */
class RunSampleFailureTest {
  /**
   * knobsoc with udp_sendmsg (what a flood's CPU time is mostly made of) given {@code spec},
   * irq_entry (testsoc's one estimate) exact.
   */
  static String profile(String spec) {
    return "name: board\ninherits: knobsoc\ncosts:\n  udp_sendmsg: {value: 2000, " + spec + "}\n"
        + "  irq_entry: {value: 700, source: \"fixed\", class: exact}\n";
  }

  @TempDir Path dir;
  String board;

  @BeforeEach
  void board() throws Exception {
    Path b = dir.resolve("board.yaml");
    Files.writeString(b, profile(
        "source: \"range: test\", class: estimate, range: 40%"), StandardCharsets.UTF_8);
    board = b.toString();
  }

  String[] run(String patch, String... more) {
    String[] base = {"run", "--mac", "knob", "--soc-file", board, "--patch", patch, "--traffic",
        "iperf3 -u -b 0 -l 256 -t 2ms"};
    String[] a = new String[base.length + more.length];
    System.arraycopy(base, 0, a, 0, base.length);
    System.arraycopy(more, 0, a, base.length, more.length);
    return a;
  }

  @Test
  void aFailedSampleNamesItselfAndItsReproducerWhichFailsAlike() {
    assertThat(Cli.run(run("+fragile")).exit()).isZero(); // the nominal 2000 ns passes
    Cli.Result r = Cli.run(run("+fragile", "--uncertainty", "8", "--threads", "2"));
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err().lines().count()).as(r.err()).isEqualTo(1);
    String head = r.err().substring(0, r.err().indexOf(" failed: "));
    assertThat(head).matches("nicsim run: uncertainty sample [0-7] of 8");
    String k = head.substring("nicsim run: uncertainty sample ".length(), head.indexOf(" of"));
    assertThat(r.err()).contains("knob +fragile: udp_sendmsg costs ")
        .doesNotContain("internal error")
        .endsWith("; reproduce: nicsim run --mac knob --soc-file " + board + " --patch +fragile"
            + " --traffic 'iperf3 -u -b 0 -l 256 -t 2ms' --uncertainty 8 --sample " + k + "\n");
    String failure = r.err().substring(r.err().indexOf(" failed: ") + " failed: ".length(),
        r.err().indexOf("; reproduce: "));

    Cli.Result alone = Cli.run(run("+fragile", "--uncertainty", "8", "--sample", k));
    assertThat(alone.exit()).isEqualTo(2);
    assertThat(alone.err().strip()).isEqualTo("nicsim run: " + failure);
    // the same study on threads 1 stops at the same sample
    assertThat(Cli.run(run("+fragile", "--uncertainty", "8", "--threads", "1")).err())
        .isEqualTo(r.err());
  }

  @Test
  void aSweepPointWithAFailedSampleSaysWhichSample() {
    Cli.Result r = Cli.run("sweep", "--mac", "knob", "--soc-file", board, "--patch", "+fragile",
        "--traffic", "iperf3 -u -b 0 -l 256 -t 2ms", "--vary", "tx-usecs=100,200",
        "--uncertainty", "8");
    assertThat(r.out() + r.err()).containsPattern("an uncertainty sample failed: sample [0-7]"
        + " of 8: .*knob \\+fragile: udp_sendmsg costs [0-9]+ ns, above 2200");
  }

  @Test
  void aSampleAloneIsAPlainRunThatListsWhereItsDrawsSat() {
    Cli.Result a = Cli.run(run("+what-if", "--uncertainty", "4", "--sample", "3"));
    assertThat(a.exit()).as(a.err()).isZero();
    assertThat(a.out()).contains("uncertainty sample 3 of 4 (--seed 1): ")
        .containsPattern("\n  .*board\\.yaml:costs\\.udp_sendmsg 0\\.[0-9]{3}\n");
    Cli.Result b = Cli.run(run("+what-if", "--uncertainty", "4", "--sample", "2"));
    assertThat(b.out()).isNotEqualTo(a.out());
    String nominal = Cli.run(run("+what-if")).out();
    assertThat(a.out()).doesNotStartWith(nominal);
  }

  @Test
  void aSampleOutsideTheDesignOrWithoutOneIsRefused() {
    Cli.Result r = Cli.run(run("+what-if", "--uncertainty", "4", "--sample", "4"));
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err().strip()).isEqualTo("nicsim run: --sample: 4 is out of range"
        + " (accepted: 0..3 (--uncertainty 4))");
    Cli.Result s = Cli.run(run("+what-if", "--sample", "1"));
    assertThat(s.exit()).isEqualTo(2);
    assertThat(s.err().strip()).isEqualTo("nicsim run: --sample: needs --uncertainty N"
        + " (accepted: --uncertainty N --sample 0..N-1)");
  }
}
