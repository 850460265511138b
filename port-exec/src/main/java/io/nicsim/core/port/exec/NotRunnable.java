package io.nicsim.core.port.exec;

/**
 * Thrown by {@link PortHarness#java(String)} when the Java port cannot be set up as the given
 * release behaves (e.g. the release lies outside the port's eras); the function is reported
 * {@code NOT RUN} with this message as the reason.
 */
public final class NotRunnable extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public NotRunnable(String reason) {
    super(reason);
  }
}
