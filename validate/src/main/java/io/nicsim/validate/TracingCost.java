package io.nicsim.validate;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * What a traced event costs the kernel that records it on this machine (the tracepoint and its
 * ring-buffer write), measured by validate --cpu itself ({@link CpuTestbed#tracingCost}): the
 * real side's spans and CPU shares come from a traced run, so each event's cost is taken off
 * the time it landed in before the calibration fits the costs and before the real figures are
 * compared with the model's, which has no tracing.
 *
 * @param nsPerEvent the median over the pairs of plain and traced bursts
 * @param lo the smallest pair's figure
 * @param hi the largest pair's figure
 * @param eventsPerSend events on the sending CPU per datagram in the traced bursts
 * @param pairs the pairs measured
 * @param datagrams datagrams per burst
 */
record TracingCost(double nsPerEvent, double lo, double hi, double eventsPerSend, int pairs,
    long datagrams) {

  static TracingCost of(List<Double> perEvent, double eventsPerSend, long datagrams) {
    List<Double> s = new ArrayList<>(perEvent);
    Collections.sort(s);
    int n = s.size();
    double median = n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
    // a negative pair (the traced burst ran on a quieter moment) says the cost is within noise
    return new TracingCost(Math.max(0, median), s.get(0), s.get(n - 1), eventsPerSend, n,
        datagrams);
  }

  /** None: the real side's figures as traced. */
  static final TracingCost NONE = new TracingCost(0, 0, 0, 0, 0, 0);

  String describe() {
    return pairs == 0 ? "not measured (the real figures are the traced run's)"
        : String.format(Locale.ROOT, "%.0f ns per event (pairs %.0f-%.0f; %d pairs of %d-datagram"
            + " CPU-bound bursts without and with the events, the sender's CPU time; %.1f events"
            + " on the sending CPU per datagram)", nsPerEvent, lo, hi, pairs, datagrams,
            eventsPerSend);
  }
}
