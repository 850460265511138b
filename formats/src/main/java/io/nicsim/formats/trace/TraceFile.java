package io.nicsim.formats.trace;

import io.nicsim.core.host.Host;
import io.nicsim.core.trace.Tracer;

/** A trace written to a file as the run goes: ftrace text or Chrome/Perfetto JSON. */
public interface TraceFile extends Tracer {
  /** Binds to the host (its clock, its cores' contexts) and writes the file's header. */
  void bind(Host h);

  /**
   * The run's measured window (after iperf3's -O, for its -t), stated in the header so that a
   * reader of the trace measures over the same window; call before {@link #bind}.
   */
  default void window(long fromNs, long toNs) {}

  /** The task that runs in process context on {@code cpu} (an application). */
  void setTask(int cpu, String comm);

  /** Writes whatever is still buffered and the file's end. */
  void finish();
}
