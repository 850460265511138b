package io.nicsim.portcheck;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a compiled harness program on input records: one record per stdin line, one output
 * record per stdout line, many records per process. A record that kills the process (a
 * division by zero, a bad pointer) gets {@code signal=N} as its output and the process is
 * started again for the records after it; records still unanswered after the time limit get
 * {@code timeout}.
 */
final class CDriverProcess {
  static final long TIMEOUT_MS = 60_000;

  private final Path binary;

  CDriverProcess(Path binary) {
    this.binary = binary;
  }

  List<String> run(List<long[]> records) {
    List<String> out = new ArrayList<>(records.size());
    long deadline = System.currentTimeMillis() + TIMEOUT_MS;
    while (out.size() < records.size()) {
      int from = out.size();
      int answered = runFrom(records, from, out, deadline);
      if (answered < 0) {
        while (out.size() < records.size()) {
          out.add("timeout");
        }
        break;
      }
    }
    return out;
  }

  /**
   * One process for the records from {@code from}; appends what it printed, then (if it died
   * early) the dead record's {@code signal=N}. Returns -1 on timeout.
   */
  private int runFrom(List<long[]> records, int from, List<String> out, long deadline) {
    Process p;
    try {
      p = new ProcessBuilder(binary.toString()).redirectError(ProcessBuilder.Redirect.DISCARD)
          .start();
    } catch (IOException e) {
      throw new PortCheckException("cannot run " + binary + ": " + e.getMessage());
    }
    Thread writer = new Thread(() -> {
      try (BufferedWriter w = new BufferedWriter(
          new OutputStreamWriter(p.getOutputStream(), StandardCharsets.US_ASCII), 1 << 16)) {
        StringBuilder line = new StringBuilder(256);
        for (int i = from; i < records.size(); i++) {
          line.setLength(0);
          for (long v : records.get(i)) {
            line.append(v).append(' ');
          }
          line.append('\n');
          w.write(line.toString());
        }
      } catch (IOException e) {
        // the process died: the reader sees where
      }
    }, "port-check stdin " + binary.getFileName());
    writer.setDaemon(true);
    writer.start();
    int before = out.size();
    try (BufferedReader r = new BufferedReader(
        new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8), 1 << 16)) {
      String line;
      while (out.size() < records.size() && (line = r.readLine()) != null) {
        out.add(line);
        if (System.currentTimeMillis() > deadline) {
          p.destroyForcibly();
          return -1;
        }
      }
      long left = Math.max(1, deadline - System.currentTimeMillis());
      if (!p.waitFor(left, TimeUnit.MILLISECONDS)) {
        p.destroyForcibly();
        return -1;
      }
    } catch (IOException e) {
      p.destroyForcibly();
      throw new PortCheckException("cannot read from " + binary + ": " + e.getMessage());
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      return -1;
    }
    if (out.size() < records.size()) {
      int code = p.exitValue();
      out.add(code > 128 ? "signal=" + (code - 128) : "exit=" + code);
    }
    return out.size() - before;
  }
}
