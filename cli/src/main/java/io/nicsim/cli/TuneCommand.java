package io.nicsim.cli;

import io.nicsim.cli.env.CliEnv;
import io.nicsim.core.config.BadInputException;
import io.nicsim.formats.output.Outputs;
import io.nicsim.runs.RunRequest;
import io.nicsim.runs.options.HostOptions;
import io.nicsim.runs.traffic.TrafficParser;
import io.nicsim.studies.plan.Point;
import io.nicsim.studies.plan.PointEngine;
import io.nicsim.studies.plan.PointResult;
import io.nicsim.studies.sweep.RunPointTask;
import io.nicsim.studies.sweep.Vary;
import io.nicsim.studies.tune.Objective;
import io.nicsim.studies.tune.TuneFront;
import io.nicsim.studies.tune.TunePlan;
import io.nicsim.studies.tune.TunePlot;
import io.nicsim.studies.tune.TuneText;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code nicsim tune}: recommended coalescing for one SoC, driver and kernel. Every setting of
 * the {@code --vary} knobs (and today's default) runs under every {@code --traffic}; the
 * settings that meet the {@code --objective} limits are ranked by its goals; out come the
 * Pareto front, the recommended {@code ethtool -C} line beside today's default, and a plot.
 */
@Command(
    name = "tune",
    addMethodSubcommands = false, // no method is a subcommand: picocli need not scan them
    mixinStandardHelpOptions = true,
    description = {
      "Search coalescing settings for a traffic mix; print the Pareto front and the"
          + " recommended ethtool -C line beside today's default.",
      "Objectives: 'min METRIC', 'max METRIC', 'METRIC<=X', 'METRIC>=X' with X a number,"
          + " F*best or F*default. METRIC is a run summary name (nicsim run --json); with"
          + " several traffics NAME@N reads traffic N, a bare NAME the largest value among the"
          + " traffics that report it."})
public final class TuneCommand implements Callable<Integer> {
  private final CliEnv env;

  @Spec CommandSpec spec;

  @Mixin HostOptions host;

  @Option(names = "--traffic", required = true, paramLabel = "'iperf3 …'|'ping …'",
      description = "a traffic of the mix (repeatable), e.g. 'ping -c 200 -i 0.01',"
          + " 'iperf3 -C bbr -t 5'")
  List<String> traffics = new ArrayList<>();

  @Option(names = "--objective", required = true, paramLabel = "GOAL|LIMIT",
      description = "e.g. 'ping_rtt_ms<=0.6', 'min cpu_pct', 'tcp_mbps>=0.95*best'"
          + " (repeatable; goals rank in the order given)")
  List<String> objectives = new ArrayList<>();

  @Option(names = "--path", paramLabel = "'rtt=…,rate=…'",
      description = "the network beyond the link partner (as in run)")
  String path;

  @Option(names = "--seed", paramLabel = "N", defaultValue = "1",
      description = "base seed; each traffic's seed is derived from it (default: ${DEFAULT-VALUE})")
  long seed;

  @Option(names = "--duration", paramLabel = "SECS",
      description = "measured time of every traffic, overriding iperf3 -t (ping: caps -c)")
  String duration;

  @Option(names = "--sysfs", paramLabel = "'FILE=VALUE …'",
      description = "write /sys/class/net/eth0/ files on every setting's host, as in run (a"
          + " --vary of the same file overrides it)")
  List<String> sysfs = new ArrayList<>();

  @Option(names = "--napi-set", paramLabel = "'[id=N] KEY=VALUE …'",
      description = "netlink napi-set (v6.13) on every setting's host, as in run")
  List<String> napiSet = new ArrayList<>();

  @Mixin PlanOptions grid;

  public TuneCommand() {
    this(CliEnv.standard());
  }

  public TuneCommand(CliEnv env) {
    this.env = env;
  }

  @Override
  public Integer call() {
    try (Outputs outs = Outputs.begin()) {
      return call(outs);
    }
  }

  private int call(Outputs outs) {
    // refused now, not after the points have run
    List<Vary> vs = grid.begin(outs, env.threads());
    List<String> ts = new ArrayList<>();
    for (String t : traffics) {
      ts.add(TrafficParser.parse(t).spelling()); // refused here, before anything runs
    }
    List<Objective> os = new ArrayList<>();
    for (String o : objectives) {
      Objective parsed = Objective.parse(o, ts.size());
      for (Objective before : os) {
        if (before.spelling().equals(parsed.spelling())
            || before.goal() && parsed.goal() && before.label().equals(parsed.label())) {
          throw BadInputException.field("--objective", "'" + o + "' repeats the goal or limit"
              + " '" + before.spelling() + "'", "each metric once as a goal (min or max), and"
              + " each limit once");
        }
      }
      os.add(parsed);
    }
    int samples = grid.samples(1000);
    TunePlan plan = new TunePlan(vs, traffics, seed, samples);
    List<String> prefix = runPrefix();
    List<Point> points = new ArrayList<>();
    for (int s = 0; s < plan.settings().size(); s++) {
      for (int t = 0; t < traffics.size(); t++) {
        List<String> base = new ArrayList<>(prefix);
        base.addAll(List.of("--traffic", traffics.get(t)));
        List<String> args = RunPointTask.args(base, plan.seed(t), plan.settings().get(s));
        points.add(new Point(plan.point(s, t), "setting=" + s + ";traffic=" + t, args));
        for (int k = 0; k < samples; k++) {
          points.add(new Point(plan.point(s, t, k + 1), "setting=" + s + ";traffic=" + t
              + ";sample=" + k, RunPointTask.sampled(args, seed, samples, k)));
        }
      }
    }
    // the host is refused once, here, rather than once per point
    RunPointTask.request(points.get(0).args());
    List<RunRequest> reqs = new ArrayList<>();
    for (int s = 0; s < plan.settings().size(); s++) {
      reqs.add(RunPointTask.request(points.get(plan.point(s, 0)).args()));
    }
    RunPointTask.checkHosts(env.runs(), reqs);
    TuneFront front;
    TuneText text;
    try (PointEngine pe = grid.engine.open(env.threads())) {
      List<PointResult> results = pe.runAll(points, new RunPointTask(env.runs(), true),
          EngineOptions.progress(spec.commandLine().getErr(), "tune"));
      front = new TuneFront(plan, os, results);
      text = new TuneText(front);
      if (grid.engine.out != null) {
        pe.save(text.table(), grid.engine.out);
      }
    }
    if (grid.csv != null) {
      outs.writeText(grid.csv, "--csv", text.csv());
    }
    if (grid.plot != null) {
      TunePlot.write(front, outs, grid.plot, "--plot");
    }
    outs.commit();
    PrintWriter out = spec.commandLine().getOut();
    String hostLine = host.describe();
    out.print(text.text(hostLine, prefix));
    out.flush();
    return front.recommended() < 0 ? 1 : 0;
  }

  /** The run options every point shares (host, path, duration), without traffic or seed. */
  private List<String> runPrefix() {
    List<String> a = new ArrayList<>(host.args());
    if (path != null) {
      a.addAll(List.of("--path", path));
    }
    if (duration != null) {
      a.addAll(List.of("--duration", duration));
    }
    for (String s : sysfs) {
      a.addAll(List.of("--sysfs", s));
    }
    for (String s : napiSet) {
      a.addAll(List.of("--napi-set", s));
    }
    if (traffics.isEmpty()) {
      throw BadInputException.field("--traffic", "missing", "one or more --traffic");
    }
    return a;
  }
}
