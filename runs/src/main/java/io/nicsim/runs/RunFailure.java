package io.nicsim.runs;

/**
 * A run stopped because the model broke an expectation (an end-of-run check or an exception
 * inside the simulation): one line with the simulated time and what went wrong.
 */
public final class RunFailure extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public RunFailure(String message) {
    super(message, null, false, false);
  }
}
