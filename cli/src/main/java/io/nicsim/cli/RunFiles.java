package io.nicsim.cli;

import io.nicsim.core.nic.FrameTap;
import io.nicsim.formats.output.AtomicFile;
import io.nicsim.formats.output.OutputPath;
import io.nicsim.formats.output.Outputs;
import io.nicsim.formats.pcap.FrameSynth;
import io.nicsim.formats.pcap.PcapWriter;
import io.nicsim.formats.plot.Plots;
import io.nicsim.formats.trace.TraceFile;
import io.nicsim.formats.trace.TraceFormat;
import io.nicsim.runs.RunResult;
import io.nicsim.runs.RunSinks;
import java.nio.file.Path;

/**
 * The files of one {@code nicsim run} ({@code --trace}, {@code --pcap}, {@code --plot}): claimed
 * and opened through formats' {@link Outputs} before the run, handed to it as sinks, and
 * committed together after it succeeded; closing without a commit discards them.
 */
final class RunFiles implements AutoCloseable {
  private final Outputs outs;
  private final Path plot;
  private final RunSinks sinks;
  private final boolean toStdout;

  private RunFiles(Outputs outs, Path plot, RunSinks sinks, boolean toStdout) {
    this.outs = outs;
    this.plot = plot;
    this.sinks = sinks;
    this.toStdout = toStdout;
  }

  /** Checks every output first, then opens the trace and capture files (each may be null). */
  static RunFiles open(Path trace, TraceFormat format, Path pcap, Path plot) {
    Outputs outs = Outputs.begin();
    try {
      if (plot != null) {
        Plots.checkPlotFile(plot, "--plot");
      }
      outs.claim(plot, "--plot");
      outs.claim(trace, "--trace");
      outs.claim(pcap, "--pcap");
      TraceFile tf = null;
      if (trace != null) {
        tf = format.open(outs.open(trace, "--trace").writer());
      }
      FrameTap capture = null;
      if (pcap != null) {
        AtomicFile p = outs.open(pcap, "--pcap");
        capture = new PcapWriter(p.stream(), new FrameSynth());
      }
      boolean stdout = (trace != null && OutputPath.isStdout(trace))
          || (pcap != null && OutputPath.isStdout(pcap));
      return new RunFiles(outs, plot, new RunSinks(tf, capture), stdout);
    } catch (RuntimeException e) {
      outs.close();
      throw e;
    }
  }

  RunSinks sinks() {
    return sinks;
  }

  /** Whether a trace or capture goes to standard output (the summary then goes to stderr). */
  boolean streamsToStdout() {
    return toStdout;
  }

  /** Writes the plot of {@code r} and puts every file in place. */
  void commit(RunResult r) {
    if (plot != null) {
      Plots.runPlot(outs, r.timeline(), r.title(), plot, "--plot");
    }
    outs.commit();
  }

  @Override
  public void close() {
    outs.close();
  }
}
