package io.nicsim.core.port.exec;

/**
 * A kernel function running in the loop did not complete: it died of a signal (a bad pointer,
 * a division by zero) or did not return within the bound, or its output cannot be applied to
 * the simulation. The message names the function and its input record, in one line.
 */
public final class NativeFailure extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public NativeFailure(String message) {
    super(message, null, false, false);
  }
}
