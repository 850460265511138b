package io.nicsim.formats.trace;

import io.nicsim.core.config.BadInputException;
import java.io.Writer;

/** {@code --trace-format}: ftrace text (the kernel's trace file) or Chrome trace-event JSON. */
public enum TraceFormat {
  /** The kernel's {@code /sys/kernel/tracing/trace} text: Perfetto, KernelShark-era tools. */
  FTRACE,
  /** Chrome's Trace Event Format (JSON): Perfetto UI, chrome://tracing, Speedscope. */
  JSON;

  /** {@code ftrace} or {@code json}. */
  public static TraceFormat parse(String text) {
    if (text == null || text.equals("ftrace")) {
      return FTRACE;
    }
    if (text.equals("json")) {
      return JSON;
    }
    throw BadInputException.field("--trace-format", "unknown format '" + text + "'",
        "ftrace, json");
  }

  /** A writer of this format on {@code out}. */
  public TraceFile open(Writer out) {
    return this == FTRACE ? new FtraceWriter(out) : new ChromeTraceWriter(out);
  }
}
