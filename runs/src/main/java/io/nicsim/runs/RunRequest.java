package io.nicsim.runs;

import io.nicsim.core.ethtool.CoalesceArgs;
import io.nicsim.core.host.HostConfig;
import io.nicsim.core.host.NapiWrites;
import io.nicsim.core.port.exec.KernelC;
import io.nicsim.runs.path.PathSpec;
import io.nicsim.runs.traffic.TrafficSpec;
import java.util.List;
import java.util.Objects;

/**
 * Everything one run is made of: the host (a {@link HostConfig}: MAC, SoC, kernel, patches,
 * ethtool -C, seed, sysfs and netlink writes, a tree's C), the traffic and the path. Which
 * files a run's streams go to is not part of it: the caller hands {@link RunEngine} its
 * {@link RunSinks}, and the engine gives the host its tracer as it builds it.
 *
 * @param host the host as the run builds it, less its tracer and {@code --bql-limit-max}
 * @param check run the end-of-run checks (off with --no-check)
 * @param timelineToNs record timer and IRQ events up to this time for plots (0 = none,
 *     {@link #WHOLE_RUN} = omit time and measured window)
 * @param bqlLimitMax {@code --bql-limit-max}: one more sysfs write after the host's own
 *     ({@link #hostConfig}), kept apart because it is not software coalescing (a run reports
 *     the NAPI files only when those are written)
 */
public record RunRequest(
    HostConfig host,
    TrafficSpec traffic,
    PathSpec path,
    boolean check,
    long timelineToNs,
    long bqlLimitMax) {

  public RunRequest {
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(traffic, "traffic");
    path = path == null ? PathSpec.direct() : path;
  }

  /** {@link #timelineToNs} that records the whole run (a run plot). */
  public static final long WHOLE_RUN = Long.MAX_VALUE;

  /** {@link #bqlLimitMax} when the request leaves BQL's limit_max at the kernel's default. */
  public static final long BQL_DEFAULT = -1;

  /** A request with defaults: default kernel, no patches or coalescing, seed 1, checks on. */
  public static RunRequest of(String mac, String soc, TrafficSpec traffic) {
    return new RunRequest(HostConfig.of(mac, soc), traffic, PathSpec.direct(), true, 0,
        BQL_DEFAULT);
  }

  /** A request for this host, its traffic on a direct path, checks on. */
  public static RunRequest of(HostConfig host, TrafficSpec traffic) {
    return new RunRequest(host, traffic, PathSpec.direct(), true, 0, BQL_DEFAULT);
  }

  /**
   * The host the run builds. {@code --bql-limit-max} is one more sysfs write after
   * {@code --sysfs}'s ({@code echo N > queues/tx-*}{@code /byte_queue_limits/limit_max}), so
   * the host applies every write after ifup in one place, through bql_set.
   */
  public HostConfig hostConfig() {
    if (bqlLimitMax == BQL_DEFAULT) {
      return host;
    }
    return host.withNapi(host.napi().then(new NapiWrites(List.of(new NapiWrites.Sysfs(
        "queues/tx-*/byte_queue_limits/limit_max", Long.toString(bqlLimitMax))), List.of())));
  }

  public String mac() {
    return host.mac();
  }

  public String soc() {
    return host.soc();
  }

  /** {@code vX.Y} or null for the MAC model's default. */
  public String kernel() {
    return host.kernel();
  }

  /** {@code +ID}/{@code -ID} edits. */
  public List<String> patches() {
    return host.patches();
  }

  public CoalesceArgs coalesce() {
    return host.coalesce();
  }

  public long seed() {
    return host.seed();
  }

  /** The kernel's software-coalescing settings after ifup ({@code --sysfs}, {@code --napi-set}). */
  public NapiWrites napi() {
    return host.napi();
  }

  /** A tree's C run in place of the bridged Java ports ({@code --ports c}), or null. */
  public KernelC kernelC() {
    return host.kernelC();
  }

  /** The same request on this host. */
  public RunRequest withHost(HostConfig h) {
    return new RunRequest(h, traffic, path, check, timelineToNs, bqlLimitMax);
  }

  /** The same request with these software-coalescing settings. */
  public RunRequest withNapi(NapiWrites w) {
    return withHost(host.withNapi(w));
  }

  public RunRequest withKernel(String k) {
    return withHost(host.withKernel(k));
  }

  public RunRequest withSoc(String s) {
    return withHost(host.withSoc(s));
  }

  public RunRequest withPatches(List<String> p) {
    return withHost(host.withPatches(p));
  }

  public RunRequest withCoalesce(CoalesceArgs c) {
    return withHost(host.withCoalesce(c));
  }

  public RunRequest withSeed(long s) {
    return withHost(host.withSeed(s));
  }

  /** The same request running {@code c}'s functions as C ({@code --ports c}); null: Java. */
  public RunRequest withKernelC(KernelC c) {
    return withHost(host.withKernelC(c));
  }

  public RunRequest withTraffic(TrafficSpec t) {
    return new RunRequest(host, t, path, check, timelineToNs, bqlLimitMax);
  }

  public RunRequest withPath(PathSpec p) {
    return new RunRequest(host, traffic, p, check, timelineToNs, bqlLimitMax);
  }

  public RunRequest withCheck(boolean c) {
    return new RunRequest(host, traffic, path, c, timelineToNs, bqlLimitMax);
  }

  /**
   * /sys/class/net/eth0/queues/tx-N/byte_queue_limits/limit_max written after the interface
   * is up (bql_set: 0..DQL_MAX_LIMIT bytes; {@link #BQL_DEFAULT} leaves the kernel's).
   */
  public RunRequest withBqlLimitMax(long bytes) {
    return new RunRequest(host, traffic, path, check, timelineToNs, bytes);
  }

  /** Records timer/IRQ events from 0 to {@code toNs} for a timeline plot. */
  public RunRequest withTimeline(long toNs) {
    return new RunRequest(host, traffic, path, check, toNs, bqlLimitMax);
  }
}
