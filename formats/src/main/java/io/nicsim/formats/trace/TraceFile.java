package io.nicsim.formats.trace;

import io.nicsim.core.host.Host;
import io.nicsim.core.trace.Tracer;

/** A trace written to a file as the run goes: ftrace text or Chrome/Perfetto JSON. */
public interface TraceFile extends Tracer {
  /** Binds to the host (its clock, its cores' contexts) and writes the file's header. */
  void bind(Host h);

  /** The task that runs in process context on {@code cpu} (an application). */
  void setTask(int cpu, String comm);

  /** Writes whatever is still buffered and the file's end. */
  void finish();
}
