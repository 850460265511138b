package io.nicsim.validate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The ACK clock's pauses in one real run, from the sender's {@code tcp:tcp_probe} events (one
 * per ACK it takes in, with the smoothed RTT after it): each RTT sample is recovered from two
 * successive srtt values (tcp_rtt_estimator's srtt += (m - srtt) / 8), its excess over a
 * local base taken (the median of the {@link #BASE_WINDOW} samples before it, so that tbf's
 * slowly moving backlog is not taken for pauses), and samples more than
 * {@link #THRESHOLD_US} over it within {@link #BOUT_GAP_US} of each other counted as one
 * pause, as long as its largest excess.
 *
 * <p>The model's {@code --path ackstall=RATE/s:MEAN} pauses are a Poisson process with
 * exponential lengths; the fit uses the exponential's memorylessness: pauses longer than the
 * threshold are longer by the mean on average (MEAN = their mean length less the threshold),
 * and they are e^(-threshold/MEAN) of all (RATE = their rate times e^(threshold/MEAN)).
 *
 * @param seconds the time the events span
 * @param pauses pauses longer than the threshold
 * @param lengthSumUs their lengths (largest excess) added up
 */
public record AckPauses(double seconds, int pauses, double lengthSumUs) {
  static final double THRESHOLD_US = 1000;
  static final double BOUT_GAP_US = 30_000;
  /** The samples before one whose median is its base. */
  static final int BASE_WINDOW = 32;
  /** The shortest mean length a fit gives (a pause barely over the threshold). */
  static final double MIN_MEAN_US = 100;
  private static final Pattern EVENT = Pattern.compile(
      "\\s(\\d+\\.\\d+):\\s+tcp_probe:.*\\ssrtt=(\\d+)\\s");

  /** The pauses in {@code trace}'s text (a tracefs {@code trace} file); none without events. */
  static AckPauses of(String trace) {
    List<double[]> ev = new ArrayList<>();
    for (String line : trace.split("\n")) {
      Matcher m = EVENT.matcher(line + " ");
      if (m.find()) {
        ev.add(new double[] {Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2))});
      }
    }
    if (ev.size() < 20) {
      return new AckPauses(0, 0, 0);
    }
    int n = ev.size() - 1;
    double[] t = new double[n];
    double[] sample = new double[n];
    for (int i = 0; i < n; i++) {
      t[i] = ev.get(i + 1)[0];
      sample[i] = 8 * ev.get(i + 1)[1] - 7 * ev.get(i)[1];
    }
    // the base is local: the median of the samples before (queueing in tbf moves it slowly,
    // a pause shows in a few ACKs at once)
    double[] excess = new double[n];
    for (int i = 0; i < n; i++) {
      int from = Math.max(0, i - BASE_WINDOW);
      if (i - from < 8) {
        excess[i] = 0; // too few before it to say
        continue;
      }
      double[] w = Arrays.copyOfRange(sample, from, i);
      Arrays.sort(w);
      excess[i] = sample[i] - w[w.length / 2];
    }
    int pauses = 0;
    double sum = 0;
    double boutEnd = Double.NEGATIVE_INFINITY;
    double boutMax = 0;
    for (int i = 0; i < n; i++) {
      if (excess[i] <= THRESHOLD_US) {
        continue;
      }
      if ((t[i] - boutEnd) * 1e6 > BOUT_GAP_US) {
        sum += boutMax;
        boutMax = 0;
        pauses++;
      }
      boutMax = Math.max(boutMax, excess[i]);
      boutEnd = t[i];
    }
    sum += boutMax;
    return new AckPauses(t[n - 1] - ev.get(0)[0], pauses, sum);
  }

  /** Several runs' pauses as one. */
  static AckPauses pooled(List<AckPauses> runs) {
    double s = 0;
    int p = 0;
    double l = 0;
    for (AckPauses a : runs) {
      s += a.seconds;
      p += a.pauses;
      l += a.lengthSumUs;
    }
    return new AckPauses(s, p, l);
  }

  /** Pauses longer than the threshold, per second. */
  double overThresholdPerS() {
    return seconds > 0 ? pauses / seconds : 0;
  }

  /** The fitted exponential's mean length (µs), NaN without pauses. */
  double meanUs() {
    if (pauses == 0) {
      return Double.NaN;
    }
    return Math.max(MIN_MEAN_US, lengthSumUs / pauses - THRESHOLD_US);
  }

  /** The fitted Poisson rate of all pauses (per second), 0 without pauses. */
  double perS() {
    if (pauses == 0) {
      return 0;
    }
    return Math.min(1000, overThresholdPerS() * Math.exp(THRESHOLD_US / meanUs()));
  }

  /**
   * Why these runs give the model no {@code ackstall=} (so it keeps the default), or null when
   * they give one.
   */
  String whyNone() {
    if (pathValue() != null) {
      return null;
    }
    if (!(seconds > 0)) {
      return "fewer than 20 tcp_probe RTT samples in a run's measured window";
    }
    return String.format(Locale.ROOT, "no RTT sample %.0f ms over its base in %.1f s of"
        + " tcp_probe samples", THRESHOLD_US / 1000, seconds);
  }

  /** The model's {@code ackstall=} value, or null when no pause was seen. */
  String pathValue() {
    if (pauses == 0 || !(seconds > 0)) {
      return null;
    }
    double r = Math.max(0.01, perS());
    return String.format(Locale.ROOT, "%.2f/s:%dus", r, Math.round(meanUs()));
  }
}
