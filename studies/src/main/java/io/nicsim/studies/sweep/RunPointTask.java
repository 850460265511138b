package io.nicsim.studies.sweep;

import io.nicsim.core.host.HostConfig;
import io.nicsim.core.soc.InputSample;
import io.nicsim.runs.RunEnv;
import io.nicsim.runs.RunRequest;
import io.nicsim.runs.RunResult;
import io.nicsim.runs.options.RunOptions;
import io.nicsim.studies.plan.Point;
import io.nicsim.studies.plan.PointResult;
import io.nicsim.studies.plan.PointTask;
import io.nicsim.studies.uncertainty.LatinHypercube;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * A plan point that is one {@code nicsim run}: the point's args are {@code nicsim run} options
 * (with {@code --seed}) followed by {@code --set KEY=VALUE} knobs applied in order as
 * {@code --vary} would. The result's columns are the run's summary, each value written with
 * {@link Double#toString} so it reads back to the same double on the driver.
 *
 * <p>The task holds no host: in this JVM it runs on the command's environment; deserialized on
 * another JVM (a Spark executor) it runs on nicsim's standard one.
 */
public final class RunPointTask implements PointTask {
  private static final long serialVersionUID = 1L;

  /** The column prefix under which a run reports the coalescing ethtool -c shows (tune). */
  public static final String ETHTOOL = "ethtool.";
  /** The column prefix under which a run reports the /sys/class/net/eth0/ files it reads. */
  public static final String SYSFS = "sysfs.";

  private transient RunEnv env;
  private final boolean coalesce;

  public RunPointTask(RunEnv env) {
    this(env, false);
  }

  /**
   * With {@code coalesce}, the columns also hold the coalescing the run used, as ethtool -c
   * shows it, under {@code ethtool.NAME} (tune prints today's default beside its pick).
   */
  public RunPointTask(RunEnv env, boolean coalesce) {
    this.env = env;
    this.coalesce = coalesce;
  }

  /** The args of a point: the base run options, its seed, then its knobs in order. */
  public static List<String> args(List<String> base, long seed, Map<String, String> knobs) {
    List<String> a = new ArrayList<>(base);
    a.add("--seed");
    a.add(Long.toString(seed));
    knobs.forEach((k, v) -> {
      a.add("--set");
      a.add(k + "=" + v);
    });
    return a;
  }

  /** The request a point's args describe. */
  public static RunRequest request(List<String> args) {
    return request(args, null);
  }

  /**
   * The request a point's args describe under an uncertainty sample: its path parsed with the
   * sample's values and its host resolving the SoC profile with them (null: nominal).
   */
  public static RunRequest request(List<String> args, InputSample sample) {
    PointArgs a = new PointArgs();
    new CommandLine(a).parseArgs(args.toArray(String[]::new));
    return request(a, sample);
  }

  /** The request of args already parsed (picocli's model is built per parse: parse once). */
  private static RunRequest request(PointArgs a, InputSample sample) {
    RunRequest req = a.options.request(sample);
    for (String set : a.sets) {
      int eq = set.indexOf('=');
      req = Vary.parse(set).apply(req, set.substring(eq + 1).trim());
    }
    return req;
  }

  /**
   * Builds the host of every distinct request that writes software-coalescing settings, so a
   * write the kernel refuses (a bad /sys/class/net/eth0/ value, a netlink napi-set before
   * v6.13) stops the plan with the kernel's errno before any point runs, as it does a run.
   */
  public static void checkHosts(RunEnv env, List<RunRequest> requests) {
    RunEnv e = env == null ? RunEnv.standard() : env;
    Set<HostConfig> seen = new HashSet<>();
    for (RunRequest r : requests) {
      if (!r.napi().isEmpty() && seen.add(r.hostConfig())) {
        e.engine().hosts().create(r.hostConfig()).host(); // host() builds it, and refuses
      }
    }
  }

  /**
   * The args of a point that runs under sample {@code k} of an {@code n}-sample Latin hypercube
   * over the inputs' uncertainty ranges, seeded by {@code seed}.
   */
  public static List<String> sampled(List<String> args, long seed, int n, int k) {
    List<String> a = new ArrayList<>(args);
    a.add("--lhs");
    a.add(seed + ":" + n + ":" + k);
    return a;
  }

  @Override
  public PointResult run(Point point) {
    RunEnv e = env == null ? RunEnv.standard() : env;
    PointArgs a = new PointArgs();
    new CommandLine(a).parseArgs(point.args().toArray(String[]::new));
    RunResult r;
    if (a.lhs == null) {
      r = e.engine().run(request(a, null));
    } else {
      String[] f = a.lhs.split(":");
      // the path and the SoC profile carry the sample's values
      r = e.engine().run(request(a, new LatinHypercube(Long.parseLong(f[0]),
          Integer.parseInt(f[1]), Integer.parseInt(f[2]))));
    }
    LinkedHashMap<String, String> cols = new LinkedHashMap<>();
    r.summary().forEach((k, v) -> cols.put(k, Double.toString(v)));
    if (coalesce && r.config().get("coalesce") instanceof Map<?, ?> m) {
      m.forEach((k, v) -> cols.put(ETHTOOL + k, Double.toString(((Number) v)
          .doubleValue())));
    }
    if (coalesce && r.config().get("sysfs") instanceof Map<?, ?> m) {
      m.forEach((k, v) -> cols.put(SYSFS + k, String.valueOf(v)));
    }
    return PointResult.ok(point.index(), cols);
  }

  @Command(name = "point", addMethodSubcommands = false)
  static final class PointArgs {
    @Mixin RunOptions options;

    @Option(names = "--set", paramLabel = "KEY=VALUE")
    List<String> sets = new ArrayList<>();

    @Option(names = "--lhs", paramLabel = "SEED:N:K")
    String lhs;
  }
}
