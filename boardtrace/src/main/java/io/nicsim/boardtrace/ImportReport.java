package io.nicsim.boardtrace;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nicsim.boardtrace.parse.ImportStats;
import java.math.BigDecimal;
import java.util.Locale;
import java.util.Map;

/** What {@code nicsim trace import} prints about a trace: its facts, kept and skipped events. */
public final class ImportReport {
  private ImportReport() {}

  /** One line saying how a trace.dat was read (null for text). */
  public static String via(ImportStats s) {
    if (s.via == null) {
      return null;
    }
    if (s.via.startsWith("trace-cmd")) {
      return "trace " + s.label + ": trace-cmd's trace.dat, read through " + s.via
          + " (nicsim has no reader of the binary format)";
    }
    return "trace " + s.label + ": " + s.via + "-compressed text";
  }

  public static String text(ImportStats s, BoardTrace.Window w) {
    StringBuilder b = new StringBuilder();
    String via = via(s);
    if (via != null) {
      b.append(via).append('\n');
    }
    b.append("trace ").append(s.label).append(": ").append(s.layout);
    if (!s.instances.isEmpty()) {
      b.append(", instance ").append(String.join(", ", s.instances));
    }
    b.append('\n');
    b.append(String.format(Locale.ROOT, "  CPUs        %s%n", cpus(s)));
    b.append(String.format(Locale.ROOT, "  clock       %s%n", clock(s)));
    b.append(String.format(Locale.ROOT, "  events      %.6f .. %.6f s (%.6f s)%n",
        s.firstTs / 1e9, s.lastTs / 1e9, s.spanSec()));
    if (w != null) {
      b.append(String.format(Locale.ROOT, "  window      %.6f .. %.6f s (%s)%n", w.fromNs() / 1e9,
          w.toNs() / 1e9, w.source()));
    }
    if (s.kernel != null) {
      b.append("  kernel      ").append(s.kernel).append('\n');
    }
    if (s.sha256 != null) {
      b.append("  sha256      ").append(s.sha256).append('\n');
    }
    b.append(String.format(Locale.ROOT, "  lines       %d: %d events, %d header or marker, %d"
        + " blank%n", s.lines, s.events, s.commentLines, s.blankLines));
    b.append(String.format(Locale.ROOT, "kept %d events:%n", s.kept));
    table(b, s.keptByEvent);
    b.append(String.format(Locale.ROOT, "skipped %d events (nicsim does not read them):%n",
        s.skipped()));
    table(b, s.skippedByEvent);
    if (!s.lostByCpu.isEmpty()) {
      for (Map.Entry<Integer, Long> e : s.lostByCpu.entrySet()) {
        b.append(String.format(Locale.ROOT, "lost: CPU %d, %s (its ring overflowed; figures of"
            + " CPU %d count too little)%n", e.getKey(),
            e.getValue() < 0 ? "an unknown number of events" : e.getValue() + " events",
            e.getKey()));
      }
    }
    for (int cpu : s.bufferStarted) {
      b.append(String.format(Locale.ROOT, "overwritten: CPU %d's buffer starts late (the ring"
          + " overwrote its beginning; the window starts at its first event)%n", cpu));
    }
    if (s.entriesWritten > s.entriesInBuffer && s.entriesInBuffer >= 0) {
      b.append(String.format(Locale.ROOT, "overwritten: %d of %d events written were no longer"
          + " in the buffer%n", s.entriesWritten - s.entriesInBuffer, s.entriesWritten));
    }
    if (s.backwards > 0) {
      b.append(String.format(Locale.ROOT, "warning: %d events are earlier than the event"
          + " before them on the same CPU (an unstable clock?)%n", s.backwards));
    }
    return b.toString();
  }

  private static void table(StringBuilder b, Map<String, Long> m) {
    if (m.isEmpty()) {
      b.append("  (none)\n");
    }
    for (Map.Entry<String, Long> e : m.entrySet()) {
      b.append(String.format(Locale.ROOT, "  %-26s %10d%n", e.getKey(), e.getValue()));
    }
  }

  private static String cpus(ImportStats s) {
    String seen = s.cpusSeen.size() + " with events";
    return s.cpusDeclared >= 0 ? s.cpusDeclared + " (" + seen + ")" : seen;
  }

  private static String clock(ImportStats s) {
    if (s.rawClock) {
      return "raw counter, converted with --clock-hz (tick " + s.resolutionNs + " ns)";
    }
    return s.resolutionNs >= 1000 ? "seconds, " + (9 - digits(s.resolutionNs))
        + " decimals (tick " + s.resolutionNs / 1000 + " us)"
        : "seconds, " + (9 - digits(s.resolutionNs)) + " decimals (tick " + s.resolutionNs
            + " ns)";
  }

  private static int digits(long res) {
    int d = 0;
    for (long r = res; r >= 10; r /= 10) {
      d++;
    }
    return d;
  }

  public static ObjectNode json(ImportStats s, BoardTrace.Window w, ObjectMapper m) {
    ObjectNode o = m.createObjectNode();
    o.put("file", s.label);
    o.put("sha256", s.sha256);
    o.put("via", s.via);
    o.put("layout", s.layout);
    o.put("kernel", s.kernel);
    o.put("cpus", s.cpusDeclared);
    o.put("cpus_with_events", s.cpusSeen.size());
    o.put("resolution_ns", s.resolutionNs);
    o.put("raw_clock", s.rawClock);
    o.put("first_s", new BigDecimal(s.firstTs).movePointLeft(9));
    o.put("last_s", new BigDecimal(s.lastTs).movePointLeft(9));
    if (w != null) {
      o.put("window_from_s", new BigDecimal(w.fromNs()).movePointLeft(9));
      o.put("window_to_s", new BigDecimal(w.toNs()).movePointLeft(9));
    }
    o.put("lines", s.lines);
    o.put("events", s.events);
    o.put("kept", s.kept);
    o.put("skipped", s.skipped());
    ObjectNode k = o.putObject("kept_by_event");
    s.keptByEvent.forEach(k::put);
    ObjectNode sk = o.putObject("skipped_by_event");
    s.skippedByEvent.forEach(sk::put);
    ObjectNode lost = o.putObject("lost_by_cpu");
    s.lostByCpu.forEach((c, n) -> lost.put(Integer.toString(c), n));
    var started = o.putArray("buffer_started_cpus");
    s.bufferStarted.forEach(started::add);
    return o;
  }
}
