package io.nicsim.boardtrace.parse;

/**
 * How to read timestamps that are raw clock counts (trace_clock x86-tsc or counter print an
 * integer, not seconds).
 *
 * @param clockHz the counter's frequency (ticks per second), 0 when not given
 */
public record ParseOptions(long clockHz) {
  public static final ParseOptions DEFAULT = new ParseOptions(0);
}
