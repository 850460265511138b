package io.nicsim.bench.cli;

import io.nicsim.core.nic.FrameTap;
import io.nicsim.formats.output.AtomicFile;
import io.nicsim.formats.pcap.FrameSynth;
import io.nicsim.formats.pcap.PcapWriter;
import io.nicsim.formats.plot.Plots;
import io.nicsim.formats.trace.TraceFile;
import io.nicsim.formats.trace.TraceFormat;
import io.nicsim.runs.RunRequest;
import io.nicsim.runs.RunResult;
import io.nicsim.runs.RunSinks;
import java.nio.file.Path;

/**
 * The files of one {@code nicsim run} ({@code --trace}, {@code --pcap}, {@code --plot}): opened
 * through formats before the run, handed to it as sinks, and committed together after it
 * succeeded; closing without a commit discards them.
 */
final class RunFiles implements AutoCloseable {
  private final AtomicFile traceFile;
  private final AtomicFile pcapFile;
  private final Path plot;
  private final RunSinks sinks;

  private RunFiles(AtomicFile traceFile, AtomicFile pcapFile, Path plot, RunSinks sinks) {
    this.traceFile = traceFile;
    this.pcapFile = pcapFile;
    this.plot = plot;
    this.sinks = sinks;
  }

  /** Checks the plot's name and opens the trace and capture files (each may be null). */
  static RunFiles open(Path trace, TraceFormat format, Path pcap, Path plot) {
    if (plot != null) {
      Plots.checkPlotFile(plot, "--plot");
    }
    AtomicFile t = null;
    AtomicFile p = null;
    try {
      TraceFile tf = null;
      if (trace != null) {
        t = AtomicFile.open(trace, "--trace");
        tf = format.open(t.writer());
      }
      FrameTap capture = null;
      if (pcap != null) {
        p = AtomicFile.open(pcap, "--pcap");
        capture = new PcapWriter(p.stream(), new FrameSynth());
      }
      return new RunFiles(t, p, plot, new RunSinks(tf, capture));
    } catch (RuntimeException e) {
      if (t != null) {
        t.close();
      }
      throw e;
    }
  }

  RunSinks sinks() {
    return sinks;
  }

  /** The request, recording the whole run's timeline when it is to be plotted. */
  RunRequest request(RunRequest req) {
    return plot == null ? req : req.withTimeline(RunRequest.WHOLE_RUN);
  }

  /** Puts the trace and the capture in place and writes the plot of {@code r}. */
  void commit(RunResult r) {
    if (traceFile != null) {
      traceFile.commit();
    }
    if (pcapFile != null) {
      pcapFile.commit();
    }
    if (plot != null) {
      Plots.runPlot(r.timeline(), r.title(), plot, "--plot");
    }
  }

  @Override
  public void close() {
    if (traceFile != null) {
      traceFile.close();
    }
    if (pcapFile != null) {
      pcapFile.close();
    }
  }
}
