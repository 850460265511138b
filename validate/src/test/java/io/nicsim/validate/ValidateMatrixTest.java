package io.nicsim.validate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.nicsim.runs.RunEnv;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The CI matrix: the robust cases on this machine's kernel beside the model. Runs
 * where {@link Preflight} finds root and the tools (CI's .ci/install provides them); elsewhere
 * it is skipped, saying what is missing.
 *
 * <p>Robust: delays of 2 ms and more, and 0.5–1 ms with the holders under SCHED_FIFO (the
 * holder's wake-up jitter on a loaded 2-core machine is tens of µs, a few percent of the
 * delay). Three real runs per case, 4 s measured after 1 s: the verdict is the command's
 * (±15 % of the real median or of one real mode). CUBIC's 5 ms cases, whose real runs split
 * between TSQ states (two skbs below TCP or three and more), and the {@link KnownMisses} stay
 * out of it: a matrix case must agree on every clean run.
 *
 * <p>The 1 ms cases are held only where the real runs did not compete for the CPUs: with seven
 * builds on the 2 cores, bbr-fixed-1ms missed in two sessions' loaded runs (6 of 7 agreeing)
 * and agreed in every quiet one. The competition is measured over the real runs themselves
 * ({@link CpuPressure}: the share of the time some task waited for a CPU); at
 * {@link #BUSY_PRESSURE} or more those cases are skipped with one line saying it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ValidateMatrixTest {
  static final int RUNS = 3;
  static final long DURATION_S = 4;
  static final long OMIT_S = 1;
  static final double TOLERANCE = 0.15;
  /** CPU pressure over the real runs at which the 1 ms cases are not held. */
  static final double BUSY_PRESSURE = 0.5;
  /** The shortest delay held whatever the machine's load (µs). */
  static final long LOAD_ROBUST_DELAY_US = 2000;

  /** The matrix. */
  static List<ValidateCase> matrix() {
    Map<String, ValidateCase> all = Cases.byName();
    List<ValidateCase> m = new ArrayList<>();
    for (String n : MATRIX) {
      m.add(all.get(n));
    }
    return m;
  }

  // cubic-fixed-5ms-notso is out: one of three real runs tipped to the three-skb state (211.8,
  // 305.7, 212.9) and the model's band never reaches it (the README's CUBIC 5 ms splits)
  static final List<String> MATRIX = List.of("bbr-fixed-5ms", "bbr-fixed-2ms", "bbr-fixed-1ms",
      "bbr-period-5ms", "cubic-fixed-1ms", "cubic-fixed-2ms", "bbr-sliding-5ms");

  private List<CaseResult> results;
  private Validator validator;
  /** The share of the real runs' time some task waited for a CPU (NaN: no PSI here). */
  private double pressure;

  @BeforeAll
  void runMatrix() throws Exception {
    List<String> missing = Preflight.missing();
    assumeTrue(missing.isEmpty(), "the real side cannot run here: " + missing);
    validator = new Validator(RunEnv.standard(), RUNS, DURATION_S, OMIT_S, TOLERANCE, 1, true,
        Map.of());
    long from = CpuPressure.someTotalUs();
    long t0 = System.nanoTime();
    results = validator.run(matrix(), null);
    pressure = CpuPressure.share(from, CpuPressure.someTotalUs(), System.nanoTime() - t0);
  }

  @Test
  void everyRobustCaseAgreesWithTheKernel() {
    assertAgree(r -> r.c().delayUs() >= LOAD_ROBUST_DELAY_US);
  }

  @Test
  void theOneMillisecondCasesAgreeWhereTheRunsHadTheCpus() {
    assumeTrue(!(pressure >= BUSY_PRESSURE), String.format(Locale.ROOT,
        "some task waited for a CPU %.0f%% of the real runs' time (/proc/pressure/cpu): the 1 ms"
            + " cases are held below %.0f%%", 100 * pressure, 100 * BUSY_PRESSURE));
    assertAgree(r -> r.c().delayUs() < LOAD_ROBUST_DELAY_US);
  }

  private void assertAgree(Predicate<CaseResult> which) {
    String table = ValidateReport.text(results, TOLERANCE, Validator.kernel());
    int n = 0;
    for (CaseResult r : results) {
      if (!which.test(r)) {
        continue;
      }
      n++;
      assertThat(r.real()).hasSize(RUNS);
      assertThat(r.verdict().pass()).as("%s misses:%n%s", r.c().name(), table).isTrue();
    }
    assertThat(n).isPositive();
  }

  @Test
  void aWrongCompletionDelayIsCaught() {
    // the real runs of bbr-fixed-5ms judged against the model given 2 ms instead of 5 ms: BBR's
    // two skbs per completion then carry 2.5 times as much, far outside the tolerance
    CaseResult right = results.stream().filter(r -> r.c().name().equals("bbr-fixed-5ms"))
        .findFirst().orElseThrow();
    ModelRunner.Run wrong = new ModelRunner(RunEnv.standard()).run(
        right.c().withModelDelay(2000), DURATION_S, OMIT_S, 1);
    CaseResult r = validator.judge(right.c().withModelDelay(2000), right.real(), wrong);
    assertThat(r.verdict().pass()).as(ValidateReport.text(List.of(r), TOLERANCE, "")).isFalse();
    assertThat(r.verdict().ratio()).isGreaterThan(1.5);
    assertThat(ValidateReport.text(List.of(r), TOLERANCE, "")).contains("MISS",
        "bbr-fixed-5ms [model 2ms]");
  }

  @Test
  void noMatrixCaseIsAKnownMiss() {
    for (String n : MATRIX) {
      assertThat(KnownMisses.ALL).doesNotContainKey(n);
      assertThat(Cases.byName()).containsKey(n);
    }
  }

  @Test
  void theNamespacesAreGone() {
    assertThat(java.nio.file.Files.exists(java.nio.file.Path.of("/run/netns",
        Testbed.PREFIX + ProcessHandle.current().pid() + "s"))).isFalse();
  }
}
