package io.nicsim.core.port.exec;

/** Bad input to {@code --ports c}, {@code --apply} or {@code nicsim patch}: one line. */
public final class KernelCException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public KernelCException(String message) {
    super(message, null, false, false);
  }
}
