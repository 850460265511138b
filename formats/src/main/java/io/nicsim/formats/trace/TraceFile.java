package io.nicsim.formats.trace;

import io.nicsim.core.host.HostTracer;

/**
 * A trace written to a file as the run goes: ftrace text or Chrome/Perfetto JSON. The host it
 * is given to binds it when built ({@link HostTracer#bind}: its clock, its cores' contexts),
 * which writes the file's header.
 */
public interface TraceFile extends HostTracer {

  /**
   * The run's measured window (after iperf3's -O, for its -t), stated in the header so that a
   * reader of the trace measures over the same window; call before the host is built.
   */
  default void window(long fromNs, long toNs) {}

  /** The task that runs in process context on {@code cpu} (an application). */
  void setTask(int cpu, String comm);

  /** Writes whatever is still buffered and the file's end. */
  void finish();
}
