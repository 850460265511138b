package io.nicsim.core.config;

/**
 * A value a user typed (CLI flag, scenario or profile file, ethtool spelling) that nicsim
 * refuses. The message is one line that names the field and the accepted form or range; the
 * command line prints it as it is and exits with status 2.
 */
public final class BadInputException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public BadInputException(String message) {
    super(message, null, false, false);
  }

  /** {@code field: problem (accepted: range)} */
  public static BadInputException field(String field, String problem, String accepted) {
    return new BadInputException(field + ": " + problem + " (accepted: " + accepted + ")");
  }
}
