package io.nicsim.boardtrace.event;

/** Receives a trace's events in file order (per CPU, time order). */
public interface EventSink {
  /** One kept event; valid only during the call (copy it to keep it). */
  void event(TraceEvent e);

  /**
   * The ring buffer of {@code cpu} lost {@code count} events here (a lost-events marker;
   * {@code count} is -1 when the trace does not say how many): what a sink tracks on that CPU
   * across this point is incomplete.
   */
  default void lost(int cpu, long count) {}

  /**
   * {@code cpu}'s buffer starts here: the ring overwrote what came before (the trace file's
   * "##### CPU N buffer started ####").
   */
  default void bufferStarted(int cpu) {}

  /** The trace ended. */
  default void end() {}

  /** A sink that sends every call to each of {@code sinks} in turn. */
  static EventSink tee(EventSink... sinks) {
    return new EventSink() {
      @Override
      public void event(TraceEvent e) {
        for (EventSink s : sinks) {
          s.event(e);
        }
      }

      @Override
      public void lost(int cpu, long count) {
        for (EventSink s : sinks) {
          s.lost(cpu, count);
        }
      }

      @Override
      public void bufferStarted(int cpu) {
        for (EventSink s : sinks) {
          s.bufferStarted(cpu);
        }
      }

      @Override
      public void end() {
        for (EventSink s : sinks) {
          s.end();
        }
      }
    };
  }
}
