package io.nicsim.portcheck;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.portcheck.execfixture.AcmeHoldHarnesses;
import io.nicsim.portcheck.execfixture.AcmeHoldPorts;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The input generator reads the C's own comparisons: on the acme hold fixture, two broken ports
 * whose mistakes show only on one input in 2^32 or 2^64 (a time comparison at its 2^63 wrap, a
 * limit taken with {@code >=}) DIFFER with the default seed, each counterexample on that edge,
 * while the same number of records from the fields' own edges alone never reaches either.
 */
class EdgeInputsTest {
  private static final ExecOptions OPTIONS = new ExecOptions(2000,
      ExecOptions.DEFAULT_SEED, java.util.Optional.empty());
  private static final long LIMIT = 0xFFFF_FFFFL / 2 - 977;

  @BeforeAll
  static void needsGcc() {
    assumeTrue(Gcc.version().isPresent(), "no C compiler ('" + Gcc.command() + "'): install gcc");
  }

  private static ExecutionRun.Outcome run(List<PortHarness> harnesses) {
    KernelTree t = new KernelTree(Fixtures.newTree());
    return ExecutionRun.run(t, t.kernelVersion().orElseThrow(),
        KernelPortReader.read(List.of(AcmeHoldPorts.class)), harnesses, OPTIONS);
  }

  private static Map<String, Long> input(ExecResult r) {
    Map<String, Long> in = new HashMap<>();
    for (String kv : r.counterexample().orElseThrow().input()) {
      int eq = kv.indexOf('=');
      in.put(kv.substring(0, eq), Long.parseUnsignedLong(kv.substring(eq + 1)));
    }
    return in;
  }

  @Test
  void theBrokenPortsDifferOnTheEdgesTheirCComparesAt() {
    ExecutionRun.Outcome o = run(List.of(AcmeHoldHarnesses.holdExpired(true),
        AcmeHoldHarnesses.takeCredit(true)));
    Map<String, ExecResult> r = new HashMap<>();
    o.results().forEach(x -> r.put(x.function(), x));
    ExecResult hold = r.get("acme_hold_expired");
    assertThat(hold.state()).as(hold.reason()).isEqualTo(ExecState.DIFFERS);
    Map<String, Long> h = input(hold);
    // the times lie exactly 2^63 apart: (long)(start + hold - now) is LONG_MIN
    assertThat(h.get("start") + h.get("hold") + 7 - h.get("now")).isEqualTo(Long.MIN_VALUE);
    ExecResult credit = r.get("acme_take_credit");
    assertThat(credit.state()).as(credit.reason()).isEqualTo(ExecState.DIFFERS);
    // acme_credit_limit(1), a value only the compiled program computes
    assertThat(input(credit).get("amount")).isEqualTo(LIMIT);
  }

  @Test
  void theFaithfulPortsAreSame() {
    ExecutionRun.Outcome o = run(List.of(AcmeHoldHarnesses.holdExpired(false),
        AcmeHoldHarnesses.takeCredit(false)));
    assertThat(o.results()).extracting(ExecResult::state).containsOnly(ExecState.SAME);
  }

  /**
   * Inputs the C dies on (a zero divisor) are never counted as agreeing: they are reported
   * apart and replaced, so the inputs that ran to completion make the budget.
   */
  @Test
  void aCrashIsNotAgreementAndItsInputIsReplaced() {
    ExecResult r = run(List.of(AcmeHoldHarnesses.creditTicks())).results().get(0);
    assertThat(r.state()).isEqualTo(ExecState.SAME);
    assertThat(r.crashed()).isPositive();
    assertThat(r.inputs()).isEqualTo(2000);
  }

  /** A C function that never returns on some input: NOT RUN, a failure, never agreement. */
  @Test
  void anInputTheCNeverReturnsOnFailsTheHarness() {
    int before = CDriverProcess.recordSeconds;
    CDriverProcess.recordSeconds = 1;
    try {
      ExecutionRun.Outcome o = run(List.of(AcmeHoldHarnesses.creditOdd()));
      ExecResult r = o.results().get(0);
      assertThat(r.state()).isEqualTo(ExecState.NOT_RUN);
      assertThat(r.failed()).isTrue();
      assertThat(r.timedOut()).isPositive();
      assertThat(r.reason()).startsWith("the C program never returned on ");
      assertThat(o.exitCode()).isEqualTo(1);
    } finally {
      CDriverProcess.recordSeconds = before;
    }
  }

  @Test
  void theFieldsOwnEdgesAloneNeverReachThem() {
    List<long[]> hold = new InputGenerator(AcmeHoldHarnesses.holdExpired(true),
        ExecOptions.DEFAULT_SEED).records(2000);
    assertThat(hold).noneSatisfy(x -> assertThat(x[0] + x[1] + 7 - x[3])
        .isEqualTo(Long.MIN_VALUE));
    List<long[]> credit = new InputGenerator(AcmeHoldHarnesses.takeCredit(true),
        ExecOptions.DEFAULT_SEED).records(2000);
    assertThat(credit).noneSatisfy(x -> assertThat(x[4]).isEqualTo(LIMIT));
  }
}
