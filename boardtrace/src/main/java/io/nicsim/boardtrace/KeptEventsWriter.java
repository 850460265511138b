package io.nicsim.boardtrace;

import io.nicsim.boardtrace.event.EventKind;
import io.nicsim.boardtrace.event.EventSink;
import io.nicsim.boardtrace.event.TraceEvent;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;

/**
 * The events nicsim keeps, written back as the kernel's trace file lays them out
 * ({@code # tracer: nop}, {@code "%16s-%-7d [%03d] FLAGS %5llu.%06lu: EVENT: FIELDS"}), whatever
 * layout they came in (trace-cmd's instance prefixes and alignment dropped, the trace file's
 * own syscall lines as {@code sys_enter_NAME: ...}): a smaller trace Perfetto and nicsim open.
 */
public final class KeptEventsWriter implements EventSink {
  private final Writer out;
  private final boolean nanoseconds;
  private final StringBuilder sb = new StringBuilder(256);

  /**
   * @param nanoseconds 9 decimals (the source had them) instead of 6
   * @param cpus the CPU count for the header's #P
   */
  public KeptEventsWriter(Writer out, boolean nanoseconds, int cpus, String source) {
    this.out = out;
    this.nanoseconds = nanoseconds;
    write("# tracer: nop\n#\n# nicsim trace import: the events nicsim reads from " + source
        + " (#P:" + cpus + ")\n#\n#           TASK-PID     CPU#  |||||  TIMESTAMP  FUNCTION\n"
        + "#              | |         |   |||||     |         |\n");
  }

  @Override
  public void event(TraceEvent e) {
    sb.setLength(0);
    pad(e.comm, 16, ' ');
    sb.append('-');
    int at = sb.length();
    sb.append(e.pid);
    for (int i = sb.length() - at; i < 7; i++) {
      sb.append(' ');
    }
    sb.append(" [");
    pad(Integer.toString(e.cpu), 3, '0');
    sb.append("] ").append(e.flags == null ? "....." : e.flags).append(' ');
    pad(Long.toString(e.ts / 1_000_000_000L), 5, ' ');
    sb.append('.');
    if (nanoseconds) {
      pad(Long.toString(e.ts % 1_000_000_000L), 9, '0');
    } else {
      pad(Long.toString(e.ts % 1_000_000_000L / 1000), 6, '0');
    }
    sb.append(": ").append(e.eventName).append(": ");
    String fields = e.fieldText().strip();
    if (e.kind == EventKind.SYS_ENTER && fields.endsWith(")")) {
      fields = fields.substring(0, fields.length() - 1); // sys_write(fd: 1, ...)
    }
    sb.append(fields).append('\n');
    write(sb.toString());
  }

  private void pad(String s, int w, char c) {
    for (int i = s.length(); i < w; i++) {
      sb.append(c);
    }
    sb.append(s);
  }

  private void write(String s) {
    try {
      out.write(s);
    } catch (IOException ex) {
      throw new UncheckedIOException(ex);
    }
  }
}
