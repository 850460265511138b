package io.nicsim.bench.boardtrace;

import io.nicsim.bench.run.RunEngine;
import io.nicsim.bench.run.RunRequest;
import io.nicsim.bench.trace.FtraceWriter;
import io.nicsim.bench.trace.TraceFile;
import io.nicsim.boardtrace.model.ModelRunner;
import io.nicsim.boardtrace.model.TracerEvents;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * boardtrace's model runs through the run engine: the request of a {@code nicsim run}, on the
 * profile asked for, with nicsim's ftrace writer writing to memory (and an observer of the
 * events, for the attribution of costs).
 */
public final class RunModelRunner implements ModelRunner {
  private final RunEngine engine;
  private final RunRequest request;
  private final String app;

  public RunModelRunner(RunEngine engine, RunRequest request) {
    this.engine = engine;
    this.request = request.withOutputs(null, null, null);
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
    List<TraceFile> observers = new ArrayList<>();
    LineWriter lines = new LineWriter(text);
    observers.add(new FtraceWriter(lines, nanoseconds));
    if (observer != null) {
      observers.add(new ObserverFile(observer));
    }
    engine.run(request.withSoc(soc), observers);
    lines.close();
  }
}
