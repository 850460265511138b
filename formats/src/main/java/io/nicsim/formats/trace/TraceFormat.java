package io.nicsim.formats.trace;

import io.nicsim.core.config.BadInputException;
import java.io.Writer;

/** {@code --trace-format}: ftrace text (the kernel's trace file) or Chrome trace-event JSON. */
public enum TraceFormat {
  /** The kernel's {@code /sys/kernel/tracing/trace} text: Perfetto, KernelShark-era tools. */
  FTRACE,
  /**
   * The same text with nanosecond timestamps (9 decimals), as {@code trace-cmd report -t}
   * prints them: what {@code nicsim trace calibrate} needs from a trace nicsim wrote, whose
   * events fall on the microsecond grid in step with the model's own periods.
   */
  FTRACE_NS,
  /** Chrome's Trace Event Format (JSON): Perfetto UI, chrome://tracing, Speedscope. */
  JSON;

  /** {@code ftrace}, {@code ftrace-ns} or {@code json}. */
  public static TraceFormat parse(String text) {
    if (text == null || text.equals("ftrace")) {
      return FTRACE;
    }
    if (text.equals("json")) {
      return JSON;
    }
    if (text.equals("ftrace-ns")) {
      return FTRACE_NS;
    }
    throw BadInputException.field("--trace-format", "unknown format '" + text + "'",
        "ftrace, ftrace-ns, json");
  }

  /** A writer of this format on {@code out}. */
  public TraceFile open(Writer out) {
    return switch (this) {
      case FTRACE -> new FtraceWriter(out);
      case FTRACE_NS -> new FtraceWriter(out, true);
      case JSON -> new ChromeTraceWriter(out);
    };
  }
}
