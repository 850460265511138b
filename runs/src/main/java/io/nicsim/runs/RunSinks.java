package io.nicsim.runs;

import io.nicsim.core.nic.FrameTap;
import io.nicsim.formats.trace.TraceFile;

/**
 * Where a run's event streams go: the kernel's trace events (ftrace text or JSON, written as the
 * run goes) and the frames on the wire (a pcap writer). Either may be null. The caller owns
 * whatever they write into, and commits or discards it after the run.
 */
public record RunSinks(TraceFile trace, FrameTap capture) {
  /** No trace, no capture. */
  public static final RunSinks NONE = new RunSinks(null, null);
}
