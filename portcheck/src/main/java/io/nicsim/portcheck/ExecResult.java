package io.nicsim.portcheck;

import java.util.List;
import java.util.Optional;

/**
 * The verdict of {@code --execute} on one ported function in one tree.
 *
 * @param file the C file
 * @param function the C function
 * @param state the verdict
 * @param inputs records run (for {@code DIFFERS}, the records of the main run)
 * @param distinct how many of them were distinct
 * @param wholeDomain whether those distinct records are every record the fields allow
 * @param differing how many of them differed
 * @param reason for {@code NOT_RUN}: why; empty otherwise
 * @param failed for {@code NOT_RUN}: whether that is a failure to report with exit status 1 (the
 *     program does not compile, the Java side threw on set-up, the C never returned) rather than
 *     an expected absence (the function is not in this release, the harness says it cannot run)
 * @param counterexample for {@code DIFFERS}: the smallest differing input found
 * @param notes the harness's notes
 * @param why for {@code NOT_RUN}: the kind of reason (the summary groups by it); null otherwise
 * @param crashed records on which the C program died (a signal, an exit): never counted as
 *     agreement, even where the Java side failed alike
 * @param timedOut records the C program never finished
 * @param coverage with {@code --coverage}, gcc's branch coverage of the function's lines over
 *     the inputs run; null otherwise
 */
public record ExecResult(
    String file, String function, ExecState state, int inputs, int distinct,
    boolean wholeDomain, int differing, String reason, boolean failed,
    Optional<Counterexample> counterexample, String notes, NotRun why, int crashed,
    int timedOut, BranchCoverage coverage) {

  /** Why a function was not executed, as the summary groups it. */
  public enum NotRun {
    /** The file or the function is not in this tree. */
    NOT_IN_TREE("not in this tree"),
    /** The harness's Java side refuses this release ({@code NotRunnable}). */
    JAVA_REFUSES("the Java side refuses this release"),
    /** The harness says the function is not executed. */
    HARNESS_SKIPS("the harness does not execute it"),
    /** The program does not compile, the Java side failed, the C never returned... */
    HARNESS_FAILED("the harness failed");

    private final String text;

    NotRun(String text) {
      this.text = text;
    }

    public String text() {
      return text;
    }
  }

  /** The same result, saying whether its distinct inputs covered a domain of {@code size}. */
  ExecResult withDomain(long size) {
    return new ExecResult(file, function, state, inputs, distinct, size == distinct, differing,
        reason, failed, counterexample, notes, why, crashed, timedOut, coverage);
  }

  /** The same result with its branch coverage. */
  ExecResult withCoverage(BranchCoverage c) {
    return new ExecResult(file, function, state, inputs, distinct, wholeDomain, differing,
        reason, failed, counterexample, notes, why, crashed, timedOut, c);
  }

  public Optional<BranchCoverage> branchCoverage() {
    return Optional.ofNullable(coverage);
  }

  /**
   * One input on which C and Java disagree.
   *
   * @param input {@code name=value} per input field
   * @param c the C program's output record
   * @param java the Java port's output record
   * @param difference the first differing token, {@code C vs Java}
   */
  public record Counterexample(List<String> input, String c, String java, String difference) {}

  static ExecResult same(String file, String function, int inputs, int distinct, String notes,
      int crashed) {
    return new ExecResult(file, function, ExecState.SAME, inputs, distinct, false, 0, "", false,
        Optional.empty(), notes, null, crashed, 0, null);
  }

  static ExecResult notRun(String file, String function, NotRun why, String reason,
      String notes) {
    return new ExecResult(file, function, ExecState.NOT_RUN, 0, 0, false, 0, reason,
        why == NotRun.HARNESS_FAILED, Optional.empty(), notes, why, 0, 0, null);
  }

  /** {@code file function}. */
  public String label() {
    return file + " " + function;
  }

  /** Whether this makes the run's exit status 1. */
  public boolean isFailure() {
    return state == ExecState.DIFFERS || (state == ExecState.NOT_RUN && failed);
  }

  /** Whether the function ran (SAME or DIFFERS). */
  public boolean executed() {
    return state != ExecState.NOT_RUN;
  }

  /** {@code SAME 10000}, {@code DIFFERS}, {@code NOT RUN}: the state as the lock and report spell it. */
  public String stateText() {
    return state == ExecState.NOT_RUN ? "NOT RUN" : state.name();
  }
}
