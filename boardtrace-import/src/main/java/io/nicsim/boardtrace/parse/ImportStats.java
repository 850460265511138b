package io.nicsim.boardtrace.parse;

import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/** What one import read: lines, events kept and skipped, CPUs, clock, lost events. */
public final class ImportStats {
  /** The file (or stream) the trace came from, as the user named it. */
  public String label;
  public long lines;
  public long commentLines;
  public long blankLines;
  /** Event lines (kept and skipped). */
  public long events;
  public long kept;
  public final Map<String, Long> keptByEvent = new TreeMap<>();
  public final Map<String, Long> skippedByEvent = new TreeMap<>();
  /** Lost-event markers per CPU and the events they say were lost (-1: unknown amount). */
  public final Map<Integer, Long> lostByCpu = new TreeMap<>();
  /** Lost-event marker lines. */
  public long lostMarkers;
  /** CPUs whose buffer started late (the ring overwrote their beginning). */
  public final TreeSet<Integer> bufferStarted = new TreeSet<>();
  /** The CPU count the header states (#P:N, cpus=N), or -1. */
  public int cpusDeclared = -1;
  /** CPUs that have at least one event. */
  public final TreeSet<Integer> cpusSeen = new TreeSet<>();
  /** "# tracer: NAME" (nop for event tracing). */
  public String tracer;
  /** tracefs (irq-info), tracefs (no irq-info), tracefs (tgid), trace-cmd report, trace_pipe. */
  public String layout = "no header (trace_pipe)";
  /** entries-in-buffer/entries-written from the header (-1 when absent). */
  public long entriesInBuffer = -1;
  public long entriesWritten = -1;
  /** Trace-cmd instance names seen as line prefixes. */
  public final TreeSet<String> instances = new TreeSet<>();
  /** Timestamp resolution in ns (1000 for 6 decimals, 1 for 9), or 0 before any event. */
  public long resolutionNs;
  /** Timestamps were raw clock counts (x86-tsc, counter) converted with --clock-hz. */
  public boolean rawClock;
  public long firstTs = Long.MAX_VALUE;
  public long lastTs = Long.MIN_VALUE;
  public final Map<Integer, Long> firstTsByCpu = new TreeMap<>();
  public final Map<Integer, Long> lastTsByCpu = new TreeMap<>();
  /** Events whose timestamp is earlier than the previous one on the same CPU. */
  public long backwards;
  /** The measured window a nicsim-written trace states ("# nicsim: measured window"). */
  public long windowFromNs = -1;
  public long windowToNs = -1;
  /** The kernel the trace came from when it says so (trace-cmd --uname, nicsim's header). */
  public String kernel;
  /** The SHA-256 of the file's bytes (hex), when read from a file. */
  public String sha256;
  /** How the file was read ("trace-cmd report" for trace.dat). */
  public String via;

  void keep(String event) {
    kept++;
    keptByEvent.merge(event, 1L, Long::sum);
  }

  void skip(String event) {
    skippedByEvent.merge(event, 1L, Long::sum);
  }

  public long skipped() {
    return events - kept;
  }

  /** Lost events in total (markers with a count). */
  public long lost() {
    long n = 0;
    for (long v : lostByCpu.values()) {
      n += Math.max(0, v);
    }
    return n;
  }

  /** Seconds between the first and the last event. */
  public double spanSec() {
    return lastTs > firstTs ? (lastTs - firstTs) / 1e9 : 0;
  }
}
