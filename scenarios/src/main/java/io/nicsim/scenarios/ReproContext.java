package io.nicsim.scenarios;

import io.nicsim.core.soc.InputSample;
import io.nicsim.formats.trace.Timeline;
import io.nicsim.runs.Exploration;
import io.nicsim.runs.ExploreRequest;
import io.nicsim.runs.ExploreResult;
import io.nicsim.runs.RunEngine;
import io.nicsim.runs.RunRequest;
import io.nicsim.runs.RunResult;
import io.nicsim.runs.host.HostFactory;
import io.nicsim.runs.path.PathSpec;
import io.nicsim.studies.plan.ParallelRuns;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What a scenario runs with: the run engine, a base seed, worker threads for independent
 * runs, and the plots it asks for beyond the published-vs-simulated bars.
 */
public final class ReproContext {
  private final RunEngine engine;
  private final long seed;
  private final int threads;
  private final boolean check;
  private final InputSample sample;
  private PortsCCheck portsC;
  private String scenario;
  private final List<KnobPlot> knobPlots = new ArrayList<>();
  private final List<TimelinePlot> timelines = new ArrayList<>();

  /** A metric against a knob, one line per series ({@code series → [[x, y], …]}). */
  public record KnobPlot(String title, String xLabel, String yLabel,
      Map<String, double[][]> series, List<String> categories) {
    /** A numeric knob. */
    public KnobPlot(String title, String xLabel, String yLabel, Map<String, double[][]> series) {
      this(title, xLabel, yLabel, series, null);
    }
  }

  /** Events of one run between two times. */
  public record TimelinePlot(String title, Timeline timeline, long fromNs, long toNs) {}

  public ReproContext(RunEngine engine, long seed, int threads) {
    this(engine, seed, threads, true);
  }

  /** @param check run the invariant audit and end-of-run checks (off: reproduce --no-check) */
  public ReproContext(RunEngine engine, long seed, int threads, boolean check) {
    this(engine, seed, threads, check, null);
  }

  /**
   * @param check run the invariant audit and end-of-run checks (off: reproduce --no-check)
   * @param sample an uncertainty study's draw of the inputs (null: nominal): every host the
   *     scenario builds through this context resolves its SoC profile with it, and every path
   *     it parses through {@link #path} takes its values
   */
  public ReproContext(RunEngine engine, long seed, int threads, boolean check,
      InputSample sample) {
    this.engine = engine;
    this.seed = seed;
    this.threads = threads;
    this.check = check;
    this.sample = sample;
  }

  /** The seed scenarios should give their runs (--seed). */
  public long seed() {
    return seed;
  }

  /** The host components, for scenarios that drive a host directly (with the sample). */
  public HostFactory hosts() {
    HostFactory hosts = engine.hosts();
    return sample == null ? hosts : c -> hosts.create(c.withSample(sample));
  }

  /** A {@code --path} spelling as this context's runs take it (with the sample's values). */
  public PathSpec path(String text) {
    return PathSpec.parse(text, sample);
  }

  /**
   * {@code reproduce --ports c}: every run of {@code scenario} goes through {@code check} (the
   * Java against the tree's C, on the tree's release) instead of straight to the engine.
   */
  void checkPortsC(PortsCCheck check, String scenario) {
    this.portsC = check;
    this.scenario = scenario;
  }

  public RunResult run(RunRequest req) {
    return portsC != null ? portsC.run(scenario, checked(req)) : engine.run(checked(req));
  }

  /** Runs independent requests on the worker threads; results in request order. */
  public List<RunResult> runAll(List<RunRequest> reqs) {
    List<RunRequest> out = new ArrayList<>();
    for (RunRequest r : reqs) {
      out.add(checked(r));
    }
    if (portsC != null) {
      List<Supplier<RunResult>> jobs = new ArrayList<>();
      for (RunRequest r : out) {
        jobs.add(() -> portsC.run(scenario, r));
      }
      return ParallelRuns.map(jobs, threads);
    }
    return ParallelRuns.run(engine, out, threads);
  }

  private RunRequest checked(RunRequest req) {
    RunRequest r = sampled(req);
    return check ? r : r.withCheck(false);
  }

  private RunRequest sampled(RunRequest req) {
    return sample == null ? req : req.withHost(req.host().withSample(sample));
  }

  /** A perturbed run watched for races ({@code run --jitter}); failures come back as rows. */
  public ExploreResult explore(RunRequest req, Exploration x) {
    return engine.explore(new ExploreRequest(sampled(req).withCheck(true), x));
  }

  /** Independent jobs (each driving its own host) on the worker threads; results in order. */
  public <T> List<T> parallel(List<Supplier<T>> jobs) {
    return ParallelRuns.map(jobs, threads);
  }

  public void plotKnob(String title, String xLabel, String yLabel,
      Map<String, double[][]> series) {
    knobPlots.add(new KnobPlot(title, xLabel, yLabel, series));
  }

  /**
   * A metric against a categorical knob (patch on/off, kernel eras): x value i of each series
   * is {@code categories.get(i)}; drawn on a category axis, marks without lines.
   */
  public void plotCategories(String title, String xLabel, String yLabel,
      List<String> categories, Map<String, double[][]> series) {
    knobPlots.add(new KnobPlot(title, xLabel, yLabel, series, List.copyOf(categories)));
  }

  /** A timeline of a run made with {@link RunRequest#withTimeline}. */
  public void plotTimeline(String title, Timeline timeline, long fromNs, long toNs) {
    timelines.add(new TimelinePlot(title, timeline, fromNs, toNs));
  }

  List<KnobPlot> knobPlots() {
    return knobPlots;
  }

  List<TimelinePlot> timelines() {
    return timelines;
  }
}
