package io.nicsim.validate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One case once on the host's kernel: the holders started (completion hold at LOCAL_OUT of the
 * sender, return-path delay at the receiver's), an iperf3 server in the receiver's namespace,
 * {@code iperf3 -J} from the sender's, {@code ss -tinm} sampled every 200 ms of the measured
 * window for the TSQ state.
 */
final class RealRunner {
  static final long SAMPLE_MS = 200;
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Testbed bed;

  RealRunner(Testbed bed) {
    this.bed = bed;
  }

  /**
   * One real run's figures. {@code lateUs}: how late the completion holder's releases were, on
   * average, against their due times (NaN without a hold); {@code wakeLateUs}: its wake-ups'
   * lateness after the earliest due time each served, min, p10, p50, p90, p99, p99.9 and max
   * (null without a hold).
   */
  record Run(double mbps, double senderMbps, long retrans, double cwnd, double pacingMbps,
      double wmemBytes, double unacked, double held, double skbBytes, int samples,
      double lateUs, double lateP10Us, double lateP90Us, double[] wakeLateUs,
      AckPauses pauses, double ssthresh) {

    /** A run whose ss samples never showed an ssthresh (still in its first slow start). */
    Run(double mbps, double senderMbps, long retrans, double cwnd, double pacingMbps,
        double wmemBytes, double unacked, double held, double skbBytes, int samples,
        double lateUs, double lateP10Us, double lateP90Us, double[] wakeLateUs,
        AckPauses pauses) {
      this(mbps, senderMbps, retrans, cwnd, pacingMbps, wmemBytes, unacked, held, skbBytes,
          samples, lateUs, lateP10Us, lateP90Us, wakeLateUs, pauses, Double.NaN);
    }
  }

  /** The holder's wake-up lateness figures, in {@link Run#wakeLateUs}'s order. */
  static final String[] WAKE_KEYS = {"wake_min_us", "wake_p10_us", "wake_p50_us",
      "wake_p90_us", "wake_p99_us", "wake_p999_us", "wake_max_us"};

  Run run(ValidateCase c, long durationS, long omitS, int index) throws IOException {
    bed.configure(c.cc(), c.tso(), c.rateMbit(), c.rttUs());
    Path dir = bed.work();
    String tag = c.name() + "-" + index;
    List<Process> mine = new ArrayList<>();
    try {
      Process data = null;
      if (c.hold() != ValidateCase.Hold.NONE) {
        data = holder(bed.sender, 1, c.hold().word(), c.delayUs(), dir.resolve(tag + ".hold"));
        mine.add(data);
      }
      Process ack = null;
      if (c.ackDelayUs() > 0) {
        ack = holder(bed.receiver, 2, "fixed", c.ackDelayUs(), dir.resolve(tag + ".ack"));
        mine.add(ack);
      }
      Process server = bed.start(bed.receiver, false, dir.resolve(tag + ".server"),
          "iperf3", "-s", "-1", "-B", Testbed.RECEIVER_IP, "-p", "5201");
      mine.add(server);
      awaitListening();
      Process client = bed.start(bed.sender, false, dir.resolve(tag + ".json"),
          "iperf3", "-c", Testbed.RECEIVER_IP, "-p", "5201", "-C", c.cc(),
          "-t", Long.toString(durationS), "-O", Long.toString(omitS), "-J");
      mine.add(client);
      List<Sample> samples = new ArrayList<>();
      long start = System.nanoTime();
      sleepUntil(start, omitS * 1000 + 100);
      reset(data);
      ProbeTrace probe = bed.probe();
      if (probe != null) {
        probe.start();
      }
      long endMs = (omitS + durationS) * 1000 - 100;
      while (client.isAlive() && (System.nanoTime() - start) / 1_000_000 < endMs) {
        long t = System.nanoTime();
        Sample s = sample();
        if (s != null) {
          if (s.cc() != null && !s.cc().equals(c.cc())) {
            // a comparison of the wrong algorithm is worse than none
            throw new IOException(c.name() + ": the connection runs " + s.cc() + ", not "
                + c.cc() + " (ss -tinm)");
          }
          samples.add(s);
        }
        sleepUntil(t, SAMPLE_MS);
      }
      // the measured window ends: the holder reports it, and goes on holding until iperf3 has
      // finished (a holder gone early drops what it still had queued and lets the tail go
      // unheld: retransmits and a burst the model does not have)
      snapshot(data);
      AckPauses pauses = probe == null ? null : AckPauses.of(probe.stop());
      if (!client.waitFor(durationS + omitS + 60, TimeUnit.SECONDS)) {
        throw new IOException(c.name() + ": iperf3 did not finish");
      }
      String[] dataStats = stop(data, dir.resolve(tag + ".hold"));
      stop(ack, dir.resolve(tag + ".ack"));
      server.waitFor(5, TimeUnit.SECONDS);
      if (Testbed.goingDown()) {
        throw new IOException("interrupted");
      }
      JsonNode j = JSON.readTree(Testbed.read(dir.resolve(tag + ".json")));
      if (j == null || j.has("error") || !j.path("end").has("sum_received")) {
        throw new IOException(c.name() + ": iperf3 failed: "
            + (j == null || !j.has("error") ? "no summary in its output" : j.get("error").asText()));
      }
      JsonNode end = j.path("end");
      double rx = end.path("sum_received").path("bits_per_second").asDouble() / 1e6;
      double tx = end.path("sum_sent").path("bits_per_second").asDouble() / 1e6;
      long retrans = end.path("sum_sent").path("retransmits").asLong();
      double held = dataStats == null ? Double.NaN : num(dataStats, "held_avg");
      double pk = dataStats == null ? Double.NaN : num(dataStats, "packets");
      double by = dataStats == null ? Double.NaN : num(dataStats, "bytes");
      double late = dataStats == null ? Double.NaN : num(dataStats, "late_avg_us");
      double p10 = dataStats == null ? Double.NaN : num(dataStats, "late_p10_us");
      double p90 = dataStats == null ? Double.NaN : num(dataStats, "late_p90_us");
      double[] wake = null;
      if (dataStats != null && num(dataStats, "wakes") > 0) {
        wake = new double[WAKE_KEYS.length];
        for (int i = 0; i < wake.length; i++) {
          wake[i] = num(dataStats, WAKE_KEYS[i]);
        }
      }
      return new Run(rx, tx, retrans, mean(samples, 0), mean(samples, 1), mean(samples, 2),
          mean(samples, 3), held, pk > 0 ? by / pk : Double.NaN, samples.size(), late, p10,
          p90, wake, pauses, min(samples, 4));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted");
    } finally {
      for (Process p : mine) {
        if (p.isAlive()) {
          p.descendants().forEach(ProcessHandle::destroyForcibly);
          p.destroyForcibly();
        }
      }
    }
  }

  private Process holder(String ns, int queue, String mode, long us, Path out)
      throws IOException, InterruptedException {
    Process p = bed.start(ns, true, out, bed.holder.toString(), Integer.toString(queue), mode,
        Long.toString(us));
    long t0 = System.nanoTime();
    while (!Testbed.read(out).contains("ready")) {
      if (!p.isAlive() || System.nanoTime() - t0 > 5_000_000_000L) {
        throw new Sh.SetupException("the completion holder (NFQUEUE, nfnetlink_queue) did not"
            + " start: " + Testbed.read(out).strip());
      }
      Thread.sleep(10);
    }
    return p;
  }

  private static void reset(Process holder) throws IOException {
    if (holder != null) {
      OutputStream o = holder.getOutputStream();
      o.write('r');
      o.flush();
    }
  }

  /** Asks the holder for its statistics of the window so far ('s'); it goes on holding. */
  private static void snapshot(Process holder) throws IOException {
    if (holder != null) {
      OutputStream o = holder.getOutputStream();
      o.write('s');
      o.flush();
    }
  }

  /**
   * Ends the holder (stdin closed: it accepts what it holds and exits) and returns its first
   * statistics line: the measured window's ({@link #snapshot}).
   */
  private static String[] stop(Process holder, Path out) throws IOException, InterruptedException {
    if (holder == null) {
      return null;
    }
    holder.getOutputStream().close();
    if (!holder.waitFor(5, TimeUnit.SECONDS)) {
      holder.destroyForcibly();
    }
    for (String line : Testbed.read(out).split("\n")) {
      if (line.startsWith("packets=")) {
        return line.trim().split("\\s+");
      }
    }
    return null;
  }

  private void awaitListening() throws IOException, InterruptedException {
    long t0 = System.nanoTime();
    while (System.nanoTime() - t0 < 5_000_000_000L) {
      Sh.Result r = Sh.run(5_000, Sh.in(bed.receiver, "ss", "-ltnH", "sport", "=", ":5201"));
      if (r.out().contains("5201")) {
        return;
      }
      Thread.sleep(20);
    }
    throw new IOException("iperf3 -s did not start listening in " + bed.receiver);
  }

  /** One ss sample of the data connection: its figures and its congestion control's name. */
  record Sample(double[] v, String cc) {}

  private static final Pattern CC = Pattern.compile("\\)\\s+([a-z0-9_]+)\\s+wscale:");

  private static final Pattern CWND = Pattern.compile("\\bcwnd:(\\d+)");
  private static final Pattern PACING = Pattern.compile("\\bpacing_rate ([\\d.]+)([KMG]?)bps");
  private static final Pattern WMEM = Pattern.compile("skmem:\\([^)]*\\bt(\\d+)");
  private static final Pattern UNACKED = Pattern.compile("\\bunacked:(\\d+)");
  private static final Pattern SENT = Pattern.compile("\\bbytes_sent:(\\d+)");
  private static final Pattern SSTHRESH = Pattern.compile("\\bssthresh:(\\d+)");

  /** The data connection's line of {@code ss -tinm} (the one that sent the most). */
  private Sample sample() throws IOException {
    Sh.Result r = Sh.run(5_000, Sh.in(bed.sender, "ss", "-tinmH", "dst", Testbed.RECEIVER_IP));
    return parseSs(r.out());
  }

  static Sample parseSs(String out) {
    List<String> blocks = new ArrayList<>();
    StringBuilder cur = null;
    for (String line : out.split("\n")) {
      if (!line.isEmpty() && !Character.isWhitespace(line.charAt(0))) {
        if (cur != null) {
          blocks.add(cur.toString());
        }
        cur = new StringBuilder(line);
      } else if (cur != null) {
        cur.append(' ').append(line.trim());
      }
    }
    if (cur != null) {
      blocks.add(cur.toString());
    }
    String best = null;
    long most = -1;
    for (String b : blocks) {
      Matcher m = SENT.matcher(b);
      long sent = m.find() ? Long.parseLong(m.group(1)) : 0;
      if (sent > most) {
        most = sent;
        best = b;
      }
    }
    if (best == null) {
      return null;
    }
    // ss shows ssthresh once the first slow start has ended (a loss or a HyStart exit)
    double[] v = {group(CWND, best), pacingMbps(best), group(WMEM, best), unacked(best),
        group(SSTHRESH, best)};
    Matcher cc = CC.matcher(best);
    return new Sample(v, cc.find() ? cc.group(1) : null);
  }

  static double[] parse(String out) {
    Sample s = parseSs(out);
    return s == null ? null : s.v();
  }

  private static double group(Pattern p, String s) {
    Matcher m = p.matcher(s);
    return m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
  }

  private static double unacked(String s) {
    Matcher m = UNACKED.matcher(s);
    return m.find() ? Double.parseDouble(m.group(1)) : 0;
  }

  private static double pacingMbps(String s) {
    Matcher m = PACING.matcher(s);
    if (!m.find()) {
      return Double.NaN;
    }
    double v = Double.parseDouble(m.group(1));
    double scale = switch (m.group(2)) {
      case "K" -> 1e3;
      case "M" -> 1e6;
      case "G" -> 1e9;
      default -> 1;
    };
    return v * scale / 1e6;
  }

  /** The smallest figure {@code k} over the samples (NaN when none had it). */
  private static double min(List<Sample> s, int k) {
    double m = Double.NaN;
    for (Sample x : s) {
      double v = x.v()[k];
      if (!Double.isNaN(v) && !(v >= m)) {
        m = v;
      }
    }
    return m;
  }

  private static double mean(List<Sample> s, int k) {
    double sum = 0;
    int n = 0;
    for (Sample x : s) {
      if (!Double.isNaN(x.v()[k])) {
        sum += x.v()[k];
        n++;
      }
    }
    return n == 0 ? Double.NaN : sum / n;
  }

  private static double num(String[] kv, String key) {
    for (String f : kv) {
      if (f.startsWith(key + "=")) {
        return Double.parseDouble(f.substring(key.length() + 1));
      }
    }
    return Double.NaN;
  }

  private static void sleepUntil(long startNs, long ms) throws InterruptedException {
    long left = ms - (System.nanoTime() - startNs) / 1_000_000;
    if (left > 0) {
      Thread.sleep(left);
    }
  }

  static String fmt(double v) {
    return String.format(Locale.ROOT, "%.1f", v);
  }
}
