package io.nicsim.studies.plan;

import java.io.PrintWriter;

/**
 * Progress as a line on stderr at most once per interval (a short plan prints nothing), and a
 * last line when a plan that printed anything finishes.
 */
public final class ThrottledProgress implements Progress {
  private final PrintWriter err;
  private final String label;
  private final long intervalNs;
  private long last = System.nanoTime();
  private boolean printed;

  public ThrottledProgress(PrintWriter err, String label, long intervalMs) {
    this.err = err;
    this.label = label;
    this.intervalNs = intervalMs * 1_000_000L;
  }

  @Override
  public synchronized void pointsDone(int done, int total) {
    long now = System.nanoTime();
    if (now - last >= intervalNs || (printed && done == total)) {
      last = now;
      printed = true;
      err.println(label + ": " + done + "/" + total + " points");
      err.flush();
    }
  }
}
