package io.nicsim.boardtrace.model;

import io.nicsim.formats.trace.FtraceWriter;
import io.nicsim.formats.trace.TeeTracer;
import io.nicsim.formats.trace.TraceFile;
import io.nicsim.runs.RunEngine;
import io.nicsim.runs.RunRequest;
import io.nicsim.runs.RunSinks;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The model's runs through the run API: the request of a {@code nicsim run} on the profile
 * asked for, its trace written by nicsim's own ftrace writer into memory (and, for a
 * calibration, also handed to the observer that attributes its costs).
 */
public final class RunModelRunner implements ModelRunner {
  private final RunEngine engine;
  private final RunRequest request;
  private final String app;

  public RunModelRunner(RunEngine engine, RunRequest request) {
    this.engine = engine;
    this.request = request.withTimeline(0);
    // the comm the traffic's runner gives its task (TrafficRun.comm)
    this.app = request.traffic().kind().equals("ping") ? "ping" : "iperf3";
  }

  @Override
  public Info info() {
    long omit = request.traffic().omitNs();
    return new Info(omit, omit + request.traffic().durationNs(), app,
        request.mac() + " on " + request.soc() + ", " + request.traffic().spelling());
  }

  @Override
  public void run(String soc, Consumer<String> text, boolean nanoseconds,
      TracerEvents observer) {
    List<TraceFile> files = new ArrayList<>();
    LineWriter lines = new LineWriter(text);
    files.add(new FtraceWriter(lines, nanoseconds));
    if (observer != null) {
      files.add(observer);
    }
    engine.run(request.withSoc(soc), new RunSinks(TeeTracer.ofFiles(files), null));
    lines.close();
  }
}
