package io.nicsim.boardtrace.spans;

/** Receives spans as they close (per CPU in time order). */
public interface SpanSink {
  void span(Span s);

  /**
   * A probe of the model's own accounting at each event boundary: the span builder calls it
   * before handing on every event on {@code cpu}, so that the time since the previous event on
   * that CPU, which it attributes to the innermost open span, can be attributed to the
   * operations the model charged in it. Board traces have none.
   */
  interface Probe {
    /** The innermost open span on {@code cpu} receives the work charged since the last call. */
    void interval(int cpu, Object frame);

    /** {@code frame} (an object {@link #interval} received) closed as {@code span}. */
    void closed(Object frame, Span span);

    /** {@code from}'s work so far belongs to {@code into} (user time to the next syscall). */
    void merged(Object from, Object into);

    /** {@code frame} was dropped unfinished (lost events, unmatched exit). */
    default void dropped(Object frame) {}
  }
}
