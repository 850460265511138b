package io.nicsim.portcheck;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs a compiled harness program on input records: one record per stdin line, one output
 * record per stdout line, many records per process. A record the function dies on (a division
 * by zero, a bad pointer) gets {@code signal=N} and one it does not finish within
 * {@link #recordSeconds} of CPU time gets {@code timeout}, both from the program itself, which goes on
 * with the next record (after three timeouts every record left gets {@code timeout}). A
 * process that dies anyway, or prints nothing for {@link #TIMEOUT_MS}, is started again after
 * the record it stopped at.
 */
final class CDriverProcess {
  /**
   * Time a process may go without printing a record. Not a limit on the whole run: a loaded
   * machine may take minutes for 10,000 records, and the program itself stops a record that
   * takes longer than {@link #recordSeconds}.
   */
  static final long TIMEOUT_MS = 60_000;
  /** Processes that may time out before every record left is reported "timeout". */
  static final int MAX_TIMEOUTS = 3;

  /**
   * Seconds of CPU time one record may take before the program reports it "timeout" and goes
   * on (CPU time: a process waiting for a core on a loaded machine is not hung).
   */
  static volatile int recordSeconds = 5;

  /** The output of a record the program never finished. */
  static final String TIMEOUT = "timeout";

  private final Path binary;
  /** Bytes of input written to the program at a time. */
  private static final int WRITE_BYTES = 1 << 16;
  /**
   * Whether the program writes each record as it finishes it (after a run that died without
   * its signal handled, so the record it died on is known); else it writes a burst of records
   * at a time (before it waits for input, and after each tenth of a second of CPU time).
   */
  private volatile boolean flushEach;

  /** Whether an output record says the program died on its input (a signal, an exit). */
  static boolean died(String record) {
    return record.startsWith("signal=") || record.startsWith("exit=");
  }

  CDriverProcess(Path binary) {
    this.binary = binary;
  }

  /** Time the program may take to print its probes. */
  static final long PROBE_TIMEOUT_MS = 10_000;

  /**
   * The values the program prints for its probes ({@code --probe}), by probe text; a probe the
   * program did not print (it died on an earlier one) is absent.
   */
  Map<String, CInt> probe(List<String> probes) {
    Map<String, CInt> out = new HashMap<>();
    try {
      Process p = new ProcessBuilder(binary.toString(), "--probe")
          .redirectError(ProcessBuilder.Redirect.DISCARD).start();
      p.getOutputStream().close();
      Thread watchdog = new Thread(() -> {
        try {
          if (!p.waitFor(PROBE_TIMEOUT_MS, TimeUnit.MILLISECONDS)) {
            p.destroyForcibly();
          }
        } catch (InterruptedException e) {
          p.destroyForcibly();
        }
      }, "port-check probe " + binary.getFileName());
      watchdog.setDaemon(true);
      watchdog.start();
      String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
      p.waitFor();
      for (String line : text.split("\n")) {
        String[] f = line.strip().split(" ");
        if (f.length != 4) {
          continue;
        }
        try {
          int k = Integer.parseInt(f[0]);
          long v = Long.parseLong(f[1]);
          int size = Integer.parseInt(f[2]);
          boolean unsigned = f[3].equals("1");
          if (k >= 0 && k < probes.size() && size >= 1 && size <= 8) {
            out.put(probes.get(k), CInt.of(v, new CInt.Type(size * 8, unsigned)));
          }
        } catch (NumberFormatException e) {
          // a line the probe did not write
        }
      }
    } catch (IOException e) {
      return out;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return out;
  }

  List<String> run(List<long[]> records) {
    List<String> out = new ArrayList<>(records.size());
    int timeouts = 0;
    while (out.size() < records.size()) {
      int from = out.size();
      int answered = runFrom(records, from, out);
      if (answered < 0) {
        // the record being run never finished: it is reported, the ones after it rerun
        out.add(TIMEOUT);
        if (++timeouts >= MAX_TIMEOUTS) {
          while (out.size() < records.size()) {
            out.add(TIMEOUT);
          }
        }
      }
    }
    return out;
  }

  /**
   * One process for the records from {@code from}; appends what it printed, then (if it died
   * early) the dead record's {@code signal=N}. Returns -1 on timeout.
   */
  private int runFrom(List<long[]> records, int from, List<String> out) {
    Process p;
    try {
      ProcessBuilder pb = new ProcessBuilder(binary.toString())
          .redirectError(ProcessBuilder.Redirect.DISCARD);
      pb.environment().put("NICSIM_RECORD_SECONDS", Integer.toString(recordSeconds));
      if (flushEach) {
        pb.environment().put("NICSIM_FLUSH_EACH", "1");
      }
      p = pb.start();
    } catch (IOException e) {
      throw new PortCheckException("cannot run " + binary + ": " + e.getMessage());
    }
    Thread writer = new Thread(() -> {
      try (OutputStream w = p.getOutputStream()) {
        RecordText text = new RecordText();
        for (int i = from; i < records.size(); i++) {
          text.line(records.get(i));
          if (text.size() >= WRITE_BYTES) {
            text.writeTo(w);
          }
        }
        text.writeTo(w);
      } catch (IOException e) {
        // the process died: the reader sees where
      }
    }, "port-check stdin " + binary.getFileName());
    writer.setDaemon(true);
    writer.start();
    int before = out.size();
    // a record that never ends (a loop the C cannot leave, with its alarm blocked) must not
    // hang port-check: the watchdog kills a process that printed nothing for TIMEOUT_MS and
    // the record it was on is reported "timeout"
    boolean[] killed = new boolean[1];
    AtomicLong progress = new AtomicLong(System.nanoTime());
    Thread watchdog = new Thread(() -> {
      try {
        while (true) {
          long quiet = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - progress.get());
          if (p.waitFor(Math.max(1, TIMEOUT_MS - quiet), TimeUnit.MILLISECONDS)) {
            return;
          }
          if (TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - progress.get()) >= TIMEOUT_MS) {
            killed[0] = true;
            p.destroyForcibly();
            return;
          }
        }
      } catch (InterruptedException e) {
        p.destroyForcibly();
      }
    }, "port-check watchdog " + binary.getFileName());
    watchdog.setDaemon(true);
    watchdog.start();
    try (InputStream in = p.getInputStream()) {
      LineReader r = new LineReader(in);
      String line;
      while (out.size() < records.size() && (line = r.next()) != null) {
        out.add(line);
        progress.set(System.nanoTime());
      }
      p.waitFor();
      watchdog.join();
    } catch (IOException e) {
      p.destroyForcibly();
      throw new PortCheckException("cannot read from " + binary + ": " + e.getMessage());
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      return -1;
    }
    if (killed[0]) {
      return -1;
    }
    if (out.size() < records.size()) {
      if (!flushEach) {
        // records it finished may still have sat in its output buffer: the records from here
        // run again, each written as it is done, so that the one it dies on is known
        flushEach = true;
        return out.size() - before;
      }
      int code = p.exitValue();
      out.add(code > 128 ? "signal=" + (code - 128) : "exit=" + code);
      flushEach = false;
    }
    return out.size() - before;
  }
}
