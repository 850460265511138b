package io.nicsim.portcheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.portcheck.execfixture.AcmeHoldHarnesses;
import io.nicsim.portcheck.execfixture.AcmeHoldPorts;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * --coverage: gcc's branch coverage of the executed function's own lines in the tree file. The
 * credit limit's branch is taken both ways by the generated inputs; a harness that admits only
 * small credits never takes it one way, and the report names that line with its text.
 */
class CoverageTest {
  private static final ExecOptions OPTIONS =
      new ExecOptions(500, 7, Optional.empty()).withCoverage(true);

  @BeforeAll
  static void needsGccAndGcov() {
    assumeTrue(Gcc.version().isPresent(), "no gcc");
    try {
      Process p = new ProcessBuilder(CoverageRun.gcov(), "--version").start();
      p.getInputStream().readAllBytes();
      assumeTrue(p.waitFor() == 0, "no gcov");
    } catch (Exception e) {
      assumeTrue(false, "no gcov");
    }
  }

  private static ExecResult run(PortHarness h) {
    KernelTree t = new KernelTree(Fixtures.newTree());
    return ExecutionRun.run(t, t.kernelVersion().orElseThrow(),
        KernelPortReader.read(List.of(AcmeHoldPorts.class)), List.of(h), OPTIONS).results()
        .get(0);
  }

  @Test
  void bothWaysOfTheLimitAreTakenByTheGeneratedInputs() {
    ExecResult r = run(AcmeHoldHarnesses.takeCredit(false));
    BranchCoverage c = r.branchCoverage().orElseThrow();
    assertThat(c.unavailable()).isEmpty();
    assertThat(c.file()).isEqualTo("drivers/net/ethernet/acme/acme_hold.c");
    assertThat(c.conditions()).isEqualTo(1);
    assertThat(c.bothWays()).isEqualTo(1);
    assertThat(c.uncovered()).isEmpty();
  }

  @Test
  void aBranchTheInputsNeverTakeIsNamedByLineAndText() {
    PortHarness base = AcmeHoldHarnesses.takeCredit(false);
    PortHarness small = PortHarness.of(base.file(), base.function()).sources(base.sources())
        .program(base.program()).inputs(base.inputs())
        .admit(x -> {
          x[4] = x[4] % 100; // credits well under the limit only
          return x;
        })
        .java(base::java).build();
    BranchCoverage c = run(small).branchCoverage().orElseThrow();
    assertThat(c.bothWays()).isZero();
    assertThat(c.uncovered()).singleElement().satisfies(l -> {
      assertThat(l.text()).isEqualTo("if (credit > acme_credit_limit(1))");
      assertThat(l.line()).isEqualTo(36);
      assertThat(l.taken()).isEqualTo(1);
    });
  }

  @Test
  void theKernelsAssertionsAreToldApartFromBranchesAHarnessCouldReach() {
    assertThat(line("BUG_ON(count > num_queued - dql->num_completed);").assertion()).isTrue();
    assertThat(line("if (WARN_ON_ONCE(count > DQL_MAX_OBJECT))").assertion()).isTrue();
    assertThat(line("if (unlikely(WARN_ON(!skb)))").assertion()).isTrue();
    assertThat(line("DEBUG_NET_WARN_ON_ONCE(len > skb->len);").assertion()).isTrue();
    assertThat(line("if (READ_ONCE(dql->stall_thrs))").assertion()).isFalse();
    assertThat(line("if (credit > acme_credit_limit(1))").assertion()).isFalse();
    assertThat(line("warned = WARNINGS_MAX;").assertion()).isFalse();
  }

  private static BranchCoverage.Line line(String text) {
    return new BranchCoverage.Line(1, text, 2, 1);
  }
}
