package io.nicsim.cli;

import io.nicsim.cli.env.CliEnv;
import io.nicsim.core.config.BadInputException;
import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.host.HostConfig;
import io.nicsim.runs.Exploration;
import io.nicsim.runs.RunEnv;
import io.nicsim.runs.RunRequest;
import io.nicsim.runs.options.RunOptions;
import io.nicsim.studies.explore.ExploreReport;
import io.nicsim.studies.explore.ExploreTask;
import io.nicsim.studies.plan.Point;
import io.nicsim.studies.plan.PointEngine;
import io.nicsim.studies.plan.PointEngines;
import io.nicsim.studies.plan.PointResult;
import io.nicsim.studies.plan.Progress;
import io.nicsim.studies.sweep.RunPointTask;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code nicsim explore}: many perturbed seeds of one configuration (or of each kernel in a
 * list) on the plan machinery; each distinct liveness finding or failure once, with how often it
 * was hit, a reproducer line checked to hit it again, and an ftrace excerpt of its window.
 */
@Command(
    name = "explore",
    addMethodSubcommands = false, // no method is a subcommand: picocli need not scan them
    mixinStandardHelpOptions = true,
    description = "Look for races and stalls: many seeds with timing perturbation, each distinct"
        + " finding once with a reproducer.")
public final class ExploreCommand implements Callable<Integer> {
  /** Runs per configuration unless --runs says otherwise. */
  public static final int DEFAULT_RUNS = 200;

  private final CliEnv env;

  @Spec CommandSpec spec;

  @Mixin RunOptions options;

  @Option(names = "--runs", paramLabel = "N", defaultValue = "" + DEFAULT_RUNS,
      description = "perturbed seeds per configuration, from --seed on (default: ${DEFAULT-VALUE})")
  int runs;

  @Option(names = "--jitter", paramLabel = "ranges|PCT",
      description = "CPU cost jitter: ranges, each cost within its own documented range (the"
          + " profile number's uncertainty; the default), or PCT, one flat bound for every"
          + " cost, percent either way")
  String jitter;

  @Option(names = "--preempt", paramLabel = "kcsan|DURATION",
      description = "delay injection: at each preemption point hold the CPU, with chance 1/8,"
          + " as an interrupt there would: kcsan (the default: KCSAN's bounds, up to 20us in"
          + " interrupt context, 80us in a task), a DURATION for every context, or 0 for none")
  String preempt;

  @Option(names = "--kernels", paramLabel = "vX.Y,…",
      description = "a grid: explore each of these kernels (instead of --kernel)")
  String kernels;

  @Option(names = "--engine", paramLabel = "NAME", description = "point engine (default local)")
  String engine;

  @Option(names = "--master", paramLabel = "URL", description = "engine master (spark)")
  String master;

  @Option(names = "--threads", paramLabel = "N",
      description = "worker threads (default: all cores)")
  Integer threads;

  public ExploreCommand() {
    this(CliEnv.standard());
  }

  public ExploreCommand(CliEnv env) {
    this.env = env;
  }

  @Override
  public Integer call() {
    if (runs < 1 || runs > 1_000_000) {
      throw BadInputException.field("--runs", runs + " is out of range", "1..1000000");
    }
    int n = threads == null ? env.threads() : threads;
    if (n < 1 || n > 1024) {
      throw BadInputException.field("--threads", n + " is out of range", "1..1024");
    }
    // refuses a bad --jitter now; the points spell it as a reproducer line does
    Exploration x = (jitter == null ? Exploration.ranges() : Exploration.parse(jitter))
        .withPreempt(preempt == null ? Exploration.DEFAULT_PREEMPT : preempt);
    options.request(); // refuses bad input before any point runs
    List<String> kernelList = new ArrayList<>();
    if (kernels != null) {
      if (options.host().kernel() != null) {
        throw BadInputException.field("--kernels", "given with --kernel", "one of them");
      }
      for (String k : kernels.split(",", -1)) {
        KernelVersion.parse(k.trim());
        kernelList.add(k.trim());
      }
    } else {
      kernelList.add(options.host().kernel());
    }
    List<List<String>> configs = new ArrayList<>();
    List<RunRequest> reqs = new ArrayList<>();
    for (String k : kernelList) {
      configs.add(options.configArgs(k));
      reqs.add(options.request().withKernel(k));
    }
    RunPointTask.checkHosts(env.runs(), reqs);
    // every run of a kernel shares its host: a host that cannot be built (an unknown MAC or
    // SoC, a refused patch) is bad input now, not a "finding" in every run. The runs are
    // ExploreTask's, on the standard environment: the host is built there too.
    RunEnv re = RunEnv.standard();
    for (HostConfig c : new LinkedHashSet<>(
        reqs.stream().map(RunRequest::hostConfig).toList())) {
      re.engine().hosts().create(c).host();
    }
    List<Point> points = new ArrayList<>();
    for (List<String> base : configs) {
      for (int i = 0; i < runs; i++) {
        long seed = options.seed() + i;
        List<String> args = new ArrayList<>(base);
        args.add("--seed");
        args.add(Long.toString(seed));
        args.add("--jitter");
        args.add(x.spelling());
        if (x.preempts()) {
          args.add("--preempt");
          args.add(x.preemptSpelling());
        }
        points.add(new Point(points.size(), String.join(" ", args), args));
      }
    }
    PrintWriter err = spec.commandLine().getErr();
    List<PointResult> results;
    try (PointEngine e = PointEngines.open(engine, master, n)) {
      results = e.runAll(points, new ExploreTask(), progress(err));
    }
    PrintWriter out = spec.commandLine().getOut();
    out.print(new ExploreReport(configs, runs, points, results, env.engine()).text());
    out.flush();
    return 0;
  }

  private Progress progress(PrintWriter err) {
    return (done, total) -> {
      if (done == total || done % 20 == 0) {
        err.println("explore: " + done + "/" + total + " runs");
        err.flush();
      }
    };
  }
}
