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
 *     program does not compile, the Java side threw on set-up) rather than an expected absence
 *     (the function is not in this release, the harness says it cannot run)
 * @param counterexample for {@code DIFFERS}: the smallest differing input found
 * @param notes the harness's notes
 */
public record ExecResult(
    String file, String function, ExecState state, int inputs, int distinct,
    boolean wholeDomain, int differing, String reason, boolean failed,
    Optional<Counterexample> counterexample, String notes) {

  /** The same result, saying whether its distinct inputs covered a domain of {@code size}. */
  ExecResult withDomain(long size) {
    return new ExecResult(file, function, state, inputs, distinct, size == distinct, differing,
        reason, failed, counterexample, notes);
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

  static ExecResult same(String file, String function, int inputs, int distinct, String notes) {
    return new ExecResult(file, function, ExecState.SAME, inputs, distinct, false, 0, "", false,
        Optional.empty(), notes);
  }

  static ExecResult notRun(String file, String function, String reason, boolean failed,
      String notes) {
    return new ExecResult(file, function, ExecState.NOT_RUN, 0, 0, false, 0, reason, failed,
        Optional.empty(), notes);
  }

  /** {@code file function}. */
  public String label() {
    return file + " " + function;
  }

  /** Whether this makes the run's exit status 1. */
  public boolean isFailure() {
    return state == ExecState.DIFFERS || (state == ExecState.NOT_RUN && failed);
  }

  /** {@code SAME 10000}, {@code DIFFERS}, {@code NOT RUN}: the state as the lock and report spell it. */
  public String stateText() {
    return state == ExecState.NOT_RUN ? "NOT RUN" : state.name();
  }
}
