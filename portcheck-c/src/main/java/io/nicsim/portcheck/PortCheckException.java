package io.nicsim.portcheck;

/**
 * An I/O or environment problem that stops port-check (unreadable tree or lock file, a class
 * that will not load). The message is one line; the command prints it and exits with status 2.
 */
public final class PortCheckException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public PortCheckException(String message) {
    super(message, null, false, false);
  }

  /** A refused option value: {@code field: problem (accepted: range)}, as nicsim words them. */
  public static PortCheckException field(String field, String problem, String accepted) {
    return new PortCheckException(field + ": " + problem + " (accepted: " + accepted + ")");
  }
}
