package io.nicsim.core.port.exec;

/**
 * An output record as a harness's C driver prints it with {@code nicsim_kernel.h}'s
 * {@code OUT}/{@code OUTU}/{@code CALL} helpers: space-separated {@code name=value} tokens for
 * results and struct fields, {@code name(arg,arg)} tokens for stub calls, in the order made.
 * Values are decimal; {@link #u} prints a 64-bit value as unsigned.
 */
public final class Out {
  /**
   * The longest record a Java port may write: sixteen times the C's record buffer (64 KiB in
   * nicsim_kernel.h). A port past it is in a loop that does not end; it stops there with
   * {@link Runaway} instead of growing the record until the heap is gone.
   */
  public static final int RUNAWAY_CHARS = 1 << 20;

  /** A record past {@link #RUNAWAY_CHARS}: the port's loop did not end. */
  public static final class Runaway extends RuntimeException {
    Runaway(String last) {
      super("the record ran past " + RUNAWAY_CHARS + " characters (a loop that does not end;"
          + " last token " + last + ")");
    }
  }

  private final StringBuilder text = new StringBuilder(128);

  /** A signed value ({@code %lld}). */
  public Out put(String name, long value) {
    sep().append(name).append('=').append(value);
    return this;
  }

  /** An unsigned 64-bit value ({@code %llu}). */
  public Out u(String name, long value) {
    sep().append(name).append('=').append(Long.toUnsignedString(value));
    return this;
  }

  /** A C {@code u32} held in an int, printed unsigned. */
  public Out u32(String name, int value) {
    return put(name, Integer.toUnsignedLong(value));
  }

  /** A boolean as 0/1. */
  public Out put(String name, boolean value) {
    return put(name, value ? 1 : 0);
  }

  /** A stub call with signed decimal arguments: {@code name(a,b)}. */
  public Out call(String name, long... args) {
    StringBuilder b = sep().append(name).append('(');
    for (int i = 0; i < args.length; i++) {
      if (i > 0) {
        b.append(',');
      }
      b.append(args[i]);
    }
    b.append(')');
    return this;
  }

  /**
   * A stub call whose argument is a message ({@code dev_err}, extack): spaces become {@code _}
   * so the record stays one token per call, as the C helper {@code CALL_MSG} writes it.
   */
  public Out message(String name, String text) {
    sep().append(name).append("(\"").append(text.strip().replace(' ', '_')).append("\")");
    return this;
  }

  private StringBuilder sep() {
    if (text.length() > RUNAWAY_CHARS) {
      int from = text.lastIndexOf(" ");
      throw new Runaway(text.substring(from + 1, Math.min(text.length(), from + 81)));
    }
    if (text.length() > 0) {
      text.append(' ');
    }
    return text;
  }

  /** Clears the record for the next input. */
  public Out reset() {
    text.setLength(0);
    return this;
  }

  @Override
  public String toString() {
    return text.toString();
  }
}
