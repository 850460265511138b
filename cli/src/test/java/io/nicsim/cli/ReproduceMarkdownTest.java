package io.nicsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.cli.testkit.Cli;
import io.nicsim.scenarios.fidelity.FidelityPage;
import org.junit.jupiter.api.Test;

/**
 * {@code nicsim reproduce --uncertainty N --markdown}: the study's FIDELITY.md block (scenarios'
 * FidelityPageTest checks the shipped page against a plain run).
 */
class ReproduceMarkdownTest {

  @Test
  void theDemoStudyRendersItsBlock() {
    Cli.Result r = Cli.run("reproduce", "--uncertainty", "4", "--markdown");
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).startsWith(FidelityPage.BEGIN).endsWith(FidelityPage.END + "\n")
        .contains("### demo-example").containsPattern("\\| testsoc 64B \\| pps \\| calibration"
            + " \\| 100000 \\| \\d+ \\| \\[\\d+\\.\\.\\d+\\] \\| (yes|\\*\\*no\\*\\*) \\|");
  }
}
