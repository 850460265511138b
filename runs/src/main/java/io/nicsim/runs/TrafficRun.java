package io.nicsim.runs;

import io.nicsim.core.check.HostAudit;
import java.util.List;

/** One installed traffic pattern while the host runs. */
public interface TrafficRun {

  /** The measured window starts now (after iperf3's -O omit time). */
  void mark();

  /** The measured window ends now; the sender has stopped or stops now. */
  void endMeasure();

  /** True once what was sent has arrived, been answered or been lost. */
  boolean drained();

  /** How long the engine waits for {@link #drained()} after the window, ns. */
  long drainLimitNs();

  /**
   * The tool's own report (iperf3's sender/receiver lines, ping's statistics) and the
   * traffic's metrics, over a window of {@code windowSec} seconds.
   */
  TrafficReport report(double windowSec);

  /** Broken expectations after the drain (e.g. socket memory never returned), empty if none. */
  List<String> violations();

  /**
   * Adds the traffic's own invariants to the periodic audit (socket memory bounds, skbs its
   * sockets hold); called once before the host runs, only when checks are on.
   */
  default void addChecks(HostAudit audit) {}

  /** The application's name, as ftrace shows its task. */
  String comm();
}
