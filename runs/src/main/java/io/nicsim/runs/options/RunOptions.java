package io.nicsim.runs.options;

import io.nicsim.core.config.BadInputException;
import io.nicsim.core.ethtool.CoalesceArgs;
import io.nicsim.core.host.HostConfig;
import io.nicsim.core.host.ModuleParams;
import io.nicsim.core.net.Dql;
import io.nicsim.core.port.exec.KernelC;
import io.nicsim.core.soc.InputSample;
import io.nicsim.runs.RunRequest;
import io.nicsim.runs.path.PathSpec;
import io.nicsim.runs.traffic.TrafficParser;
import io.nicsim.runs.traffic.TrafficSpec;
import io.nicsim.runs.traffic.Units;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** What {@code run} and {@code sweep} share: the host, coalescing, traffic, path and seed. */
public final class RunOptions {
  @Mixin HostOptions host;

  @Option(names = {"-C", "--coalesce"}, paramLabel = "k v", arity = "1..*",
      description = "ethtool -C parameters applied after the interface is up, as ethtool takes"
          + " them: -C tx-usecs 100 tx-frames 1 (the words up to the next option; quoting them"
          + " as one word works too)")
  List<String> coalesce;

  @Option(names = "--traffic", required = true, paramLabel = "'iperf3 …'|'ping …'",
      description = "e.g. 'iperf3 -u -b 0 -l 64 -t 1', 'iperf3 -C bbr -t 10',"
          + " 'ping -c 20 -i 0.2'")
  String traffic;

  @Option(names = "--path", paramLabel = "'rtt=…,rate=…'",
      description = "the network beyond the link partner:"
          + " rtt=23ms,rate=1gbit,buffer=1bdp,loss=0.0001,peer=20us; also gro=20us (receiver"
          + " GRO), burst=256kb (the rate as tbf's bucket), ackstall=4/s:1.9ms (the ACKs' way"
          + " back pauses at random), peer-kernel=host|v6.12.118 (the far end's TCP: the host's"
          + " kernel or a release, else nicsim's fixed v6.17 peer; under --ports c a far end on"
          + " the tree's release runs the tree's C); a value may end in ~N%% (its range)")
  String path;

  @Option(names = "--seed", paramLabel = "N", defaultValue = "1",
      description = "random seed (default: ${DEFAULT-VALUE})")
  long seed;

  @Option(names = "--duration", paramLabel = "SECS",
      description = "measured time, overriding iperf3 -t (ping: caps -c); seconds or 500ms")
  String duration;

  @Option(names = "--bql-limit-max", paramLabel = "BYTES|max",
      description = "write byte_queue_limits/limit_max of every TX queue after the interface"
          + " is up, as echo N > /sys/class/net/eth0/queues/tx-0/byte_queue_limits/limit_max")
  String bqlLimitMax;

  @Option(names = "--sysfs", paramLabel = "'FILE=VALUE …'",
      description = "write /sys/class/net/eth0/ files after the interface is up, as echo VALUE >"
          + " FILE: napi_defer_hard_irqs, gro_flush_timeout (ns), threaded,"
          + " queues/tx-N/byte_queue_limits/limit_min and limit_max (bytes, or max)"
          + " (repeatable), e.g. --sysfs 'napi_defer_hard_irqs=2 gro_flush_timeout=200000'")
  List<String> sysfs;

  @Option(names = "--napi-set", paramLabel = "'[id=N] KEY=VALUE …'",
      description = "netlink napi-set (v6.13) for NAPI id N or every NAPI of eth0, after the"
          + " sysfs writes: defer-hard-irqs, gro-flush-timeout, irq-suspend-timeout (repeatable)")
  List<String> napiSet;

  @Option(names = "--fault", paramLabel = "'tx-hang at=T[,queue=N][,for=D]'",
      description = "a fault the run injects: tx-hang hangs a TX queue's DMA at T (it ignores"
          + " doorbells until the driver's reset, or for D), so dev_watchdog's timeout and the"
          + " driver's recovery run; fec and stmmac (repeatable)")
  List<String> fault;

  @Option(names = "--module-param", paramLabel = "'MODULE.PARAM=VALUE …'",
      description = "driver module parameters, read at probe as modprobe's: stmmac.watchdog=MS"
          + " (the TX timeout; an int, negative: 5000) (repeatable)")
  List<String> moduleParam;

  @Option(names = "--no-check",
      description = "skip the invariant audit and the end-of-run checks (benchmarks)")
  boolean noCheck;

  /**
   * These options as {@code nicsim run} arguments, without {@code --seed} (a plan gives each
   * point its own): what a {@link io.nicsim.studies.plan.PointTask} parses on another JVM.
   */
  public List<String> argsWithoutSeed() {
    List<String> a = new ArrayList<>(host.args());
    if (coalesce != null) {
      a.addAll(List.of("-C", EthtoolStyle.join(coalesce)));
    }
    a.addAll(List.of("--traffic", traffic));
    if (path != null) {
      a.addAll(List.of("--path", path));
    }
    if (duration != null) {
      a.addAll(List.of("--duration", duration));
    }
    if (bqlLimitMax != null) {
      a.addAll(List.of("--bql-limit-max", bqlLimitMax));
    }
    for (String s : sysfs == null ? List.<String>of() : sysfs) {
      a.addAll(List.of("--sysfs", s));
    }
    for (String s : napiSet == null ? List.<String>of() : napiSet) {
      a.addAll(List.of("--napi-set", s));
    }
    for (String s : fault == null ? List.<String>of() : fault) {
      a.addAll(List.of("--fault", s));
    }
    for (String s : moduleParam == null ? List.<String>of() : moduleParam) {
      a.addAll(List.of("--module-param", s));
    }
    if (noCheck) {
      a.add("--no-check");
    }
    return a;
  }

  /** {@code --mac …}. */
  public HostOptions host() {
    return host;
  }

  /** {@code --seed}. */
  public long seed() {
    return seed;
  }

  /**
   * The {@code nicsim run} arguments of one configuration on {@code kernel} (null: the MAC's
   * default), without seed and jitter: explore's points, one configuration per kernel.
   */
  public List<String> configArgs(String kernel) {
    List<String> a = new ArrayList<>();
    a.add("--mac");
    a.add(host.mac);
    if (host.soc != null) {
      a.add("--soc");
      a.add(host.soc);
    }
    if (host.socFile != null) {
      a.add("--soc-file");
      a.add(host.socFile.toAbsolutePath().normalize().toString());
    }
    if (kernel != null) {
      a.add("--kernel");
      a.add(kernel);
    }
    for (String p : host.patchEdits()) {
      a.add("--patch");
      a.add(p);
    }
    if (coalesce != null) {
      a.add("-C");
      a.add(EthtoolStyle.join(coalesce));
    }
    a.add("--traffic");
    a.add(traffic);
    if (path != null) {
      a.add("--path");
      a.add(path);
    }
    if (duration != null) {
      a.add("--duration");
      a.add(duration);
    }
    if (bqlLimitMax != null) {
      a.add("--bql-limit-max");
      a.add(bqlLimitMax);
    }
    return a;
  }

  /** The request these options describe (no output files). */
  public RunRequest request() {
    return request(null);
  }

  /**
   * The same under an uncertainty sample: the path parsed with its values and the host
   * resolving its SoC profile with them ({@link HostConfig#withSample}); null: nominal.
   */
  public RunRequest request(InputSample sample) {
    TrafficSpec t = TrafficParser.parse(traffic);
    if (duration != null) {
      long ns = Units.durationNs("--duration", duration, "s");
      if (ns <= 0) {
        throw BadInputException.field("--duration", "must be positive",
            "seconds > 0, e.g. 1 or 500ms");
      }
      t = t.withDurationNs(ns);
    }
    PathSpec p = path == null ? PathSpec.direct() : PathSpec.parse(path, sample);
    CoalesceArgs c = coalesce == null ? CoalesceArgs.none() : CoalesceArgs.parse(EthtoolStyle.join(coalesce));
    KernelC kc = host.kernelC();
    HostConfig h = HostConfig.of(host.mac, host.socName()).withKernel(host.kernelVersion(kc))
        .withPatches(host.patchEdits()).withCoalesce(c).withSeed(seed)
        .withNapi(NapiArgs.parse(sysfs, napiSet)).withKernelC(kc).withSample(sample)
        .withModuleParams(ModuleParams.parse("--module-param",
            moduleParam == null ? List.of() : moduleParam))
        .withFaults(FaultArgs.parse(fault));
    return new RunRequest(h, t, p, !noCheck, 0, bqlLimitMax());
  }

  /** --bql-limit-max as bql_set parses it: "max" or a u32 up to DQL_MAX_LIMIT, else -EINVAL. */
  private long bqlLimitMax() {
    if (bqlLimitMax == null) {
      return RunRequest.BQL_DEFAULT;
    }
    long max = Dql.maxLimitAccepted();
    if (bqlLimitMax.equals("max")) {
      return max;
    }
    String accepted = "max or 0.." + max + " bytes (bql_set refuses anything else with"
        + " EINVAL)";
    if (!bqlLimitMax.matches("[0-9]{1,10}")) {
      throw BadInputException.field("--bql-limit-max",
          "'" + bqlLimitMax + "' is not a decimal integer", accepted);
    }
    long v = Long.parseLong(bqlLimitMax);
    if (v > max) {
      throw BadInputException.field("--bql-limit-max",
          v + " is out of range", accepted);
    }
    return v;
  }
}
