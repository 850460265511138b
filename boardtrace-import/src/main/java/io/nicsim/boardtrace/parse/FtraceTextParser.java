package io.nicsim.boardtrace.parse;

import io.nicsim.boardtrace.event.EventKind;
import io.nicsim.boardtrace.event.EventSink;
import io.nicsim.boardtrace.event.TraceEvent;
import io.nicsim.boardtrace.parse.Fields.FieldException;
import io.nicsim.core.config.BadInputException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads ftrace text one line at a time, as the kernel's trace file prints it
 * (kernel/trace/trace.c print_trace_fmt: {@code "%16s-%-7d [%03d] FLAGS %5llu.%06lu: NAME: "}
 * with or without the irq-info flags column, with or without the record-tgid column), as
 * {@code trace_pipe} prints it (no header), and as {@code trace-cmd report} prints it (a
 * {@code cpus=N} first line, an instance prefix {@code NAME: } per line when recorded with
 * {@code -B}, 6 or with {@code -t} 9 decimals). Any clock: timestamps in seconds with any number
 * of decimals, or raw counts (x86-tsc, counter) converted with {@link ParseOptions#clockHz}.
 * Lost-event markers ({@code CPU:N [LOST M EVENTS]}, trace-cmd's {@code CPU:N [M EVENTS
 * DROPPED]}) and {@code ##### CPU N buffer started ####} reach the sink as such.
 *
 * <p>Streaming: a line is parsed into one reused {@link TraceEvent} and handed to the sink,
 * nothing is kept. A line that is not one of these shapes, or a kept event whose fields do not
 * parse, stops the import with one line naming the line number.
 */
public final class FtraceTextParser {
  private final String label;
  private final EventSink sink;
  private final ParseOptions options;
  private final ImportStats stats = new ImportStats();
  private final TraceEvent e = new TraceEvent();
  private final EventFields fields = new EventFields();
  private final Map<String, String> names = new HashMap<>();
  private long lineNo;
  private long[] lastTs = new long[8];
  private int fracDigits = -1;

  public FtraceTextParser(String label, EventSink sink, ParseOptions options) {
    this.label = label;
    this.sink = sink;
    this.options = options == null ? ParseOptions.DEFAULT : options;
    stats.label = label;
    Arrays.fill(lastTs, Long.MIN_VALUE);
  }

  /** The statistics so far (final after {@link #finish}). */
  public ImportStats stats() {
    return stats;
  }

  /**
   * Ends the trace. {@code lastLineTerminated} false means the input stopped inside a line
   * (the kernel and trace-cmd end every line with a newline): the file was truncated.
   */
  public ImportStats finish(boolean lastLineTerminated) {
    if (!lastLineTerminated) {
      lineNo++; // the unterminated tail is the next line; it is not parsed
      throw error("the file ends inside this line (truncated)");
    }
    sink.end();
    return stats;
  }

  /** One line of the trace, without its newline. */
  public void line(String s) {
    lineNo++;
    stats.lines++;
    int n = s.length();
    if (n > 0 && s.charAt(n - 1) == '\r') {
      s = s.substring(0, n - 1);
      n--;
    }
    if (n == 0 || isBlank(s)) {
      stats.blankLines++;
      return;
    }
    if (s.indexOf('\0') >= 0) {
      throw error("a NUL byte inside the line: binary data, not ftrace text");
    }
    char c0 = s.charAt(0);
    if (c0 == '#') {
      if (s.startsWith("##### CPU ")) {
        bufferStarted(s);
      } else {
        header(s);
      }
      stats.commentLines++;
      return;
    }
    if (lineNo == 1 && s.startsWith("cpus=")) {
      stats.layout = "trace-cmd report";
      stats.cpusDeclared = parseSmallInt(s, 5, s.length(), "cpus=");
      stats.commentLines++;
      return;
    }
    if (marker(s)) {
      return;
    }
    event(s);
  }

  // ---------------------------------------------------------------- headers and markers

  private void header(String s) {
    if (s.startsWith("# tracer: ")) {
      stats.tracer = s.substring(10).trim();
      stats.layout = "tracefs";
    }
    int p = s.indexOf("#P:");
    if (p >= 0) {
      int end = p + 3;
      while (end < s.length() && Character.isDigit(s.charAt(end))) {
        end++;
      }
      if (end > p + 3) {
        stats.cpusDeclared = parseSmallInt(s, p + 3, end, "#P:");
      }
    }
    int ew = s.indexOf("entries-in-buffer/entries-written: ");
    if (ew >= 0) {
      int a = ew + 35;
      int slash = s.indexOf('/', a);
      int end = slash < 0 ? -1 : s.indexOf(' ', slash);
      if (slash > a && end > slash) {
        try {
          stats.entriesInBuffer = Long.parseLong(s.substring(a, slash));
          stats.entriesWritten = Long.parseLong(s.substring(slash + 1, end));
        } catch (NumberFormatException ex) {
          throw error("entries-in-buffer/entries-written is not two numbers");
        }
      }
    }
    if (s.contains("TASK-PID") && s.contains("TIMESTAMP")) {
      boolean flags = s.contains("|||||") || s.contains("||||");
      boolean tgid = s.contains("TGID");
      stats.layout = "tracefs" + (flags ? " (irq-info)" : " (no irq-info)")
          + (tgid ? " (tgid)" : "");
    }
    if (s.startsWith("# nicsim: measured window ")) {
      // "# nicsim: measured window 0.100000000..1.100000000 s"
      String w = s.substring(26).replace(" s", "").trim();
      int dots = w.indexOf("..");
      if (dots < 0) {
        throw error("nicsim's measured window is not 'A..B s'");
      }
      stats.windowFromNs = parseSeconds(w.substring(0, dots));
      stats.windowToNs = parseSeconds(w.substring(dots + 2));
    }
    if (s.startsWith("# nicsim: kernel ")) {
      stats.kernel = s.substring(17).trim();
    }
  }

  private long parseSeconds(String t) {
    try {
      return new BigDecimal(t.trim()).movePointRight(9).longValueExact();
    } catch (ArithmeticException | NumberFormatException ex) {
      throw error("'" + t + "' is not a time in seconds");
    }
  }

  private void bufferStarted(String s) {
    // "##### CPU 2 buffer started ####"
    int at = 10;
    int end = at;
    while (end < s.length() && Character.isDigit(s.charAt(end))) {
      end++;
    }
    if (end == at || !s.startsWith(" buffer started", end)) {
      return; // another comment
    }
    int cpu = parseSmallInt(s, at, end, "CPU");
    stats.bufferStarted.add(cpu);
    sink.bufferStarted(cpu);
  }

  /** Lost-event markers, trace-cmd's "CPU N is empty"; true when {@code s} was one. */
  private boolean marker(String s) {
    int at = 0;
    // an instance prefix "NAME: " (trace-cmd report of a -B buffer)
    int colon = s.indexOf(": ");
    if (colon > 0 && s.charAt(0) != ' ' && s.indexOf(' ') > colon && s.startsWith("CPU", colon + 2)) {
      at = colon + 2;
    }
    if (!s.startsWith("CPU", at)) {
      return false;
    }
    int i = at + 3;
    if (i < s.length() && s.charAt(i) == ' ' && s.endsWith(" is empty")) {
      return true; // trace-cmd: a CPU without data
    }
    if (i >= s.length() || s.charAt(i) != ':') {
      return false;
    }
    int d = i + 1;
    int end = d;
    while (end < s.length() && Character.isDigit(s.charAt(end))) {
      end++;
    }
    if (end == d || !s.startsWith(" [", end) || !s.endsWith("]")) {
      return false;
    }
    int cpu = parseSmallInt(s, d, end, "CPU");
    String body = s.substring(end + 2, s.length() - 1);
    long count;
    if (body.startsWith("LOST ") && body.endsWith(" EVENTS")) {
      count = parseCount(body.substring(5, body.length() - 7));
    } else if (body.equals("EVENTS DROPPED")) {
      count = -1;
    } else if (body.endsWith(" EVENTS DROPPED")) {
      count = parseCount(body.substring(0, body.length() - 15));
    } else {
      return false;
    }
    if (at > 0) {
      stats.instances.add(s.substring(0, colon));
    }
    stats.lostByCpu.merge(cpu, count, (a, b) -> a < 0 || b < 0 ? Math.max(a, 0) + Math.max(b, 0)
        : a + b);
    if (cpu >= lastTs.length || lastTs[cpu] == Long.MIN_VALUE) {
      // dropped before the CPU's first event (trace-cmd's "CPU:1 [EVENTS DROPPED]" on a ring
      // that overwrote its beginning): its buffer starts late, as "##### CPU 1 buffer started"
      // says in the kernel's own trace file
      stats.bufferStarted.add(cpu);
    }
    stats.commentLines++;
    stats.lostMarkers++;
    sink.lost(cpu, count);
    return true;
  }

  private long parseCount(String t) {
    try {
      return Long.parseLong(t.trim());
    } catch (NumberFormatException ex) {
      throw error("the lost-events marker's count '" + t + "' is not a number");
    }
  }

  // ---------------------------------------------------------------- event lines

  private void event(String s) {
    int n = s.length();
    // the CPU column " [NNN] ": the first one after a "-PID" or "(TGID)"
    int lb = -1;
    int rb = -1;
    for (int i = s.indexOf(" [", 0); i >= 0; i = s.indexOf(" [", i + 1)) {
      int j = i + 2;
      while (j < n && s.charAt(j) >= '0' && s.charAt(j) <= '9') {
        j++;
      }
      if (j > i + 2 && j < n && s.charAt(j) == ']' && (j + 1 == n || s.charAt(j + 1) == ' ')) {
        int k = i;
        while (k > 0 && s.charAt(k - 1) == ' ') {
          k--;
        }
        if (k > 0 && (Character.isDigit(s.charAt(k - 1)) || s.charAt(k - 1) == ')')) {
          lb = i + 1;
          rb = j;
          break;
        }
      }
    }
    if (lb < 0) {
      throw error("not an ftrace event line (accepted: TASK-PID [CPU] FLAGS SECONDS: EVENT:"
          + " FIELDS, as the kernel's trace file and trace-cmd report print it): '"
          + abbreviate(s) + "'");
    }
    e.clear();
    e.line = s;
    // left of the CPU: [INSTANCE: ]COMM-PID[ (TGID)]
    int left = lb - 1;
    while (left > 0 && s.charAt(left - 1) == ' ') {
      left--;
    }
    if (s.charAt(left - 1) == ')') {
      int open = s.lastIndexOf('(', left - 1);
      if (open < 0) {
        throw error("unbalanced '(TGID)' column: '" + abbreviate(s) + "'");
      }
      left = open;
      while (left > 0 && s.charAt(left - 1) == ' ') {
        left--;
      }
    }
    int dash = s.lastIndexOf('-', left - 1);
    if (dash < 0 || dash == left - 1) {
      throw error("no TASK-PID before the CPU column: '" + abbreviate(s) + "'");
    }
    e.pid = parseSmallInt(s, dash + 1, left, "PID");
    int commFrom = 0;
    if (s.charAt(0) != ' ') {
      int colon = s.indexOf(": ");
      if (colon > 0 && colon < dash && s.indexOf(' ') > colon) {
        String inst = name(s, 0, colon);
        if (!stats.instances.contains(inst)) {
          stats.instances.add(inst);
        }
        commFrom = colon + 1;
      }
    }
    while (commFrom < dash && s.charAt(commFrom) == ' ') {
      commFrom++;
    }
    e.comm = name(s, commFrom, dash);
    e.cpu = parseSmallInt(s, lb + 1, rb, "CPU");
    // flags (optional), then the timestamp with its colon
    int p = rb + 1;
    p = skipSpaces(s, p);
    int tokEnd = s.indexOf(' ', p);
    if (tokEnd < 0) {
      throw error("no timestamp after the CPU column: '" + abbreviate(s) + "'");
    }
    if (s.charAt(tokEnd - 1) != ':' || !isTimestamp(s, p, tokEnd - 1)) {
      e.flags = name(s, p, tokEnd);
      e.context = context(e.flags);
      p = skipSpaces(s, tokEnd);
      tokEnd = s.indexOf(' ', p);
      if (tokEnd < 0 || s.charAt(tokEnd - 1) != ':' || !isTimestamp(s, p, tokEnd - 1)) {
        throw error("no 'SECONDS:' timestamp after the flags '" + e.flags + "': '"
            + abbreviate(s) + "'");
      }
    }
    e.ts = timestamp(s, p, tokEnd - 1);
    // the event's name and its fields
    p = skipSpaces(s, tokEnd);
    e.nameAt = p;
    int nameEnd = s.indexOf(':', p);
    int space = s.indexOf(' ', p);
    String eventName;
    if (s.startsWith("sys_", p) && syscallText(s, p)) {
      eventName = e.eventName; // the kernel's own syscall text: sys_write(...) / sys_write -> 0x2
    } else {
      if (nameEnd <= p || space >= 0 && space < nameEnd) {
        throw error("no 'EVENT:' after the timestamp: '" + abbreviate(s) + "'");
      }
      eventName = name(s, p, nameEnd);
      e.eventName = eventName;
      e.fieldsAt = skipSpaces(s, nameEnd + 1);
    }
    stats.events++;
    track(e.cpu, e.ts);
    EventKind kind = EventKind.of(eventName);
    if (kind == null) {
      stats.skip(eventName);
      return;
    }
    e.kind = kind;
    try {
      fields.decode(e, s, e.fieldsAt);
    } catch (FieldException ex) {
      throw error(eventName + ": " + ex.getMessage() + " (accepted: the kernel's TP_printk"
          + " format of " + eventName + "): '" + abbreviate(s) + "'");
    }
    stats.keep(eventName);
    sink.event(e);
  }

  /**
   * The trace file's own syscall lines (kernel/trace/trace_syscalls.c print_syscall_enter /
   * print_syscall_exit): {@code sys_write(fd: 1, buf: ..., count: 2)} and
   * {@code sys_write -> 0x2}. Sets the event's name and fields; false when {@code s} at
   * {@code p} is neither.
   */
  private boolean syscallText(String s, int p) {
    int i = p + 4;
    int n = s.length();
    while (i < n && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_')) {
      i++;
    }
    if (i == p + 4 || i >= n) {
      return false;
    }
    String call = s.substring(p + 4, i);
    if (s.charAt(i) == '(') {
      e.eventName = name("sys_enter_" + call);
      e.fieldsAt = i + 1;
      return true;
    }
    if (s.startsWith(" -> ", i)) {
      e.eventName = name("sys_exit_" + call);
      e.fieldsAt = i + 4;
      return true;
    }
    return false;
  }

  private void track(int cpu, long ts) {
    if (cpu >= lastTs.length) {
      int old = lastTs.length;
      lastTs = Arrays.copyOf(lastTs, Math.max(cpu + 1, 2 * old));
      Arrays.fill(lastTs, old, lastTs.length, Long.MIN_VALUE);
    }
    if (lastTs[cpu] == Long.MIN_VALUE) {
      stats.cpusSeen.add(cpu);
      stats.firstTsByCpu.put(cpu, ts);
    } else if (ts < lastTs[cpu]) {
      stats.backwards++;
    }
    lastTs[cpu] = ts;
    stats.lastTsByCpu.put(cpu, ts);
    if (ts < stats.firstTs) {
      stats.firstTs = ts;
    }
    if (ts > stats.lastTs) {
      stats.lastTs = ts;
    }
  }

  /** The context the latency flags' third character gives (trace_output.c lat_print_generic). */
  private static char context(String flags) {
    if (flags.length() < 3) {
      return 0;
    }
    char c = flags.charAt(2);
    return switch (c) {
      case 'h', 's', 'H', 'z', 'Z' -> c;
      default -> '.';
    };
  }

  private static boolean isTimestamp(String s, int from, int to) {
    if (to <= from) {
      return false;
    }
    boolean dot = false;
    for (int i = from; i < to; i++) {
      char c = s.charAt(i);
      if (c == '.') {
        if (dot || i == from || i == to - 1) {
          return false;
        }
        dot = true;
      } else if (c < '0' || c > '9') {
        return false;
      }
    }
    return true;
  }

  /** Seconds with 1..9 decimals to ns, or a raw count converted at --clock-hz. */
  private long timestamp(String s, int from, int to) {
    int dot = s.indexOf('.', from);
    if (dot < 0 || dot >= to) {
      if (options.clockHz() <= 0) {
        throw error("the timestamp '" + s.substring(from, to) + "' is a raw clock count"
            + " (trace_clock x86-tsc or counter): give --clock-hz HZ, the counter's ticks per"
            + " second (or record with a clock in seconds: echo mono > trace_clock)");
      }
      stats.rawClock = true;
      long ticks = parseLong(s, from, to);
      long hz = options.clockHz();
      long ns = (ticks / hz) * 1_000_000_000L
          + BigInteger.valueOf(ticks % hz).multiply(BigInteger.valueOf(
              1_000_000_000L)).divide(BigInteger.valueOf(hz)).longValue();
      long res = Math.max(1, 1_000_000_000L / hz);
      if (stats.resolutionNs == 0 || res < stats.resolutionNs) {
        stats.resolutionNs = res;
      }
      return ns;
    }
    int digits = to - dot - 1;
    if (digits > 9) {
      throw error("the timestamp '" + s.substring(from, to) + "' has more than 9 decimals");
    }
    long sec = parseLong(s, from, dot);
    long frac = parseLong(s, dot + 1, to);
    long scale = 1;
    for (int i = digits; i < 9; i++) {
      scale *= 10;
    }
    if (fracDigits != digits) {
      fracDigits = Math.max(fracDigits, digits);
      long res = scale;
      if (stats.resolutionNs == 0 || res < stats.resolutionNs) {
        stats.resolutionNs = res;
      }
    }
    return sec * 1_000_000_000L + frac * scale;
  }

  private long parseLong(String s, int from, int to) {
    if (to - from > 18) {
      throw error("the number '" + s.substring(from, to) + "' is too large");
    }
    long v = 0;
    for (int i = from; i < to; i++) {
      v = v * 10 + (s.charAt(i) - '0');
    }
    return v;
  }

  private int parseSmallInt(String s, int from, int to, String what) {
    if (to <= from || to - from > 9) {
      throw error(what + " '" + s.substring(from, Math.max(from, to)) + "' is not a number");
    }
    int v = 0;
    for (int i = from; i < to; i++) {
      char c = s.charAt(i);
      if (c < '0' || c > '9') {
        throw error(what + " '" + s.substring(from, to) + "' is not a number");
      }
      v = v * 10 + (c - '0');
    }
    return v;
  }

  private String name(String k) {
    String v = names.putIfAbsent(k, k);
    return v == null ? k : v;
  }

  private String name(String s, int from, int to) {
    String k = s.substring(from, to);
    String v = names.putIfAbsent(k, k);
    return v == null ? k : v;
  }

  private static int skipSpaces(String s, int p) {
    while (p < s.length() && s.charAt(p) == ' ') {
      p++;
    }
    return p;
  }

  private static boolean isBlank(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) != ' ' && s.charAt(i) != '\t') {
        return false;
      }
    }
    return true;
  }

  private static String abbreviate(String s) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < s.length() && b.length() < 100; i++) {
      char c = s.charAt(i);
      b.append(c < ' ' || c == 0x7f ? '?' : c);
    }
    return s.length() > 100 ? b + "..." : b.toString();
  }

  private BadInputException error(String message) {
    return new BadInputException("trace " + label + " line " + lineNo + ": " + message);
  }
}
