package io.nicsim.boardtrace.model;

import java.util.function.Consumer;

/**
 * Runs the configuration a compare or calibrate was given (the MAC, kernel, patches, ethtool
 * -C, traffic and path of {@code nicsim run}) on a SoC profile, with nicsim's own ftrace writer
 * on. The bench command line implements it with the run engine; tests may too.
 */
public interface ModelRunner {
  /** The run's measured window and application (the same on every profile). */
  Info info();

  /**
   * One run on {@code soc} (a profile name, or {@code file:PATH}).
   *
   * @param text receives the run's ftrace text, line by line without newlines, as
   *     {@code nicsim run --trace} writes it (with {@code nanoseconds}, 9 decimals instead of 6)
   * @param nanoseconds print 9 decimals (a board traced with trace-cmd report -t)
   * @param observer also receives the run's events (bound to the run's host before the run,
   *     told the application's task, finished after it), or null
   */
  void run(String soc, Consumer<String> text, boolean nanoseconds, TracerEvents observer);

  /**
   * @param fromNs the measured window's start (the end of iperf3's -O)
   * @param toNs its end
   * @param app the application's comm (iperf3, ping)
   * @param description the run's configuration in one line, for reports
   */
  record Info(long fromNs, long toNs, String app, String description) {}
}
