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
 * Everything one run is made of: the host (MAC, SoC, kernel, patches, ethtool -C), the
 * traffic, the path and the seed. Which files a run's streams go to is not part of it: the
 * caller hands {@link RunEngine} its {@link RunSinks}.
 *
 * @param kernel {@code vX.Y} or null for the MAC model's default
 * @param patches {@code +ID}/{@code -ID} edits
 * @param check run the end-of-run checks (off with --no-check)
 * @param timelineToNs record timer and IRQ events up to this time for plots (0 = none,
 *     {@link #WHOLE_RUN} = omit time and measured window)
 * @param napi the kernel's software-coalescing settings after ifup ({@code --sysfs},
 *     {@code --napi-set})
 * @param kernelC a tree's C run in place of the bridged Java ports ({@code --ports c}), or null
 */
public record RunRequest(
    String mac,
    String soc,
    String kernel,
    List<String> patches,
    CoalesceArgs coalesce,
    TrafficSpec traffic,
    PathSpec path,
    long seed,
    boolean check,
    long timelineToNs,
    long bqlLimitMax,
    NapiWrites napi,
    KernelC kernelC) {

  public RunRequest {
    Objects.requireNonNull(mac, "mac");
    Objects.requireNonNull(soc, "soc");
    Objects.requireNonNull(traffic, "traffic");
    patches = patches == null ? List.of() : List.copyOf(patches);
    coalesce = coalesce == null ? CoalesceArgs.none() : coalesce;
    path = path == null ? PathSpec.direct() : path;
    napi = napi == null ? NapiWrites.none() : napi;
  }

  /** A request whose ports all run as Java. */
  public RunRequest(String mac, String soc, String kernel, List<String> patches,
      CoalesceArgs coalesce, TrafficSpec traffic, PathSpec path, long seed, boolean check,
      long timelineToNs, long bqlLimitMax, NapiWrites napi) {
    this(mac, soc, kernel, patches, coalesce, traffic, path, seed, check, timelineToNs,
        bqlLimitMax, napi, null);
  }

  /** A request without software-coalescing settings of its own. */
  public RunRequest(String mac, String soc, String kernel, List<String> patches,
      CoalesceArgs coalesce, TrafficSpec traffic, PathSpec path, long seed, boolean check,
      long timelineToNs, long bqlLimitMax) {
    this(mac, soc, kernel, patches, coalesce, traffic, path, seed, check, timelineToNs,
        bqlLimitMax, NapiWrites.none());
  }

  /** {@link #timelineToNs} that records the whole run (a run plot). */
  public static final long WHOLE_RUN = Long.MAX_VALUE;

  /** {@link #bqlLimitMax} when the request leaves BQL's limit_max at the kernel's default. */
  public static final long BQL_DEFAULT = -1;

  /** The request without a limit_max of its own (every caller before the knob existed). */
  public RunRequest(String mac, String soc, String kernel, List<String> patches,
      CoalesceArgs coalesce, TrafficSpec traffic, PathSpec path, long seed, boolean check,
      long timelineToNs) {
    this(mac, soc, kernel, patches, coalesce, traffic, path, seed, check, timelineToNs,
        BQL_DEFAULT);
  }

  /** A request with defaults: default kernel, no patches or coalescing, seed 1, checks on. */
  public static RunRequest of(String mac, String soc, TrafficSpec traffic) {
    return new RunRequest(mac, soc, null, List.of(), CoalesceArgs.none(), traffic,
        PathSpec.direct(), 1, true, 0);
  }

  /**
   * The host part of the request. {@code --bql-limit-max} is one more sysfs write after
   * {@code --sysfs}'s ({@code echo N > queues/tx-*}{@code /byte_queue_limits/limit_max}), so
   * the host applies every write after ifup in one place, through bql_set.
   */
  public HostConfig hostConfig() {
    NapiWrites writes = bqlLimitMax == BQL_DEFAULT ? napi
        : napi.then(new NapiWrites(List.of(new NapiWrites.Sysfs(
            "queues/tx-*/byte_queue_limits/limit_max", Long.toString(bqlLimitMax))), List.of()));
    return HostConfig.of(mac, soc).withKernel(kernel).withPatches(patches).withCoalesce(coalesce)
        .withSeed(seed).withNapi(writes).withKernelC(kernelC);
  }

  /** The same request with these software-coalescing settings. */
  public RunRequest withNapi(NapiWrites w) {
    return new RunRequest(mac, soc, kernel, patches, coalesce, traffic, path, seed, check,
        timelineToNs, bqlLimitMax, w, kernelC);
  }

  public RunRequest withKernel(String k) {
    return new RunRequest(mac, soc, k, patches, coalesce, traffic, path, seed, check,
        timelineToNs, bqlLimitMax, napi, kernelC);
  }

  public RunRequest withSoc(String s) {
    return new RunRequest(mac, s, kernel, patches, coalesce, traffic, path, seed, check,
        timelineToNs, bqlLimitMax, napi, kernelC);
  }

  public RunRequest withPatches(List<String> p) {
    return new RunRequest(mac, soc, kernel, p, coalesce, traffic, path, seed, check,
        timelineToNs, bqlLimitMax, napi, kernelC);
  }

  public RunRequest withCoalesce(CoalesceArgs c) {
    return new RunRequest(mac, soc, kernel, patches, c, traffic, path, seed, check,
        timelineToNs, bqlLimitMax, napi, kernelC);
  }

  public RunRequest withTraffic(TrafficSpec t) {
    return new RunRequest(mac, soc, kernel, patches, coalesce, t, path, seed, check,
        timelineToNs, bqlLimitMax, napi, kernelC);
  }

  public RunRequest withPath(PathSpec p) {
    return new RunRequest(mac, soc, kernel, patches, coalesce, traffic, p, seed, check,
        timelineToNs, bqlLimitMax, napi, kernelC);
  }

  public RunRequest withSeed(long s) {
    return new RunRequest(mac, soc, kernel, patches, coalesce, traffic, path, s, check,
        timelineToNs, bqlLimitMax, napi, kernelC);
  }

  public RunRequest withCheck(boolean c) {
    return new RunRequest(mac, soc, kernel, patches, coalesce, traffic, path, seed, c,
        timelineToNs, bqlLimitMax, napi, kernelC);
  }

  /**
   * /sys/class/net/eth0/queues/tx-N/byte_queue_limits/limit_max written after the interface
   * is up (bql_set: 0..DQL_MAX_LIMIT bytes; {@link #BQL_DEFAULT} leaves the kernel's).
   */
  public RunRequest withBqlLimitMax(long bytes) {
    return new RunRequest(mac, soc, kernel, patches, coalesce, traffic, path, seed, check,
        timelineToNs, bytes, napi, kernelC);
  }

  /** Records timer/IRQ events from 0 to {@code toNs} for a timeline plot. */
  public RunRequest withTimeline(long toNs) {
    return new RunRequest(mac, soc, kernel, patches, coalesce, traffic, path, seed, check,
        toNs, bqlLimitMax, napi, kernelC);
  }

  /** The same request running {@code c}'s functions as C ({@code --ports c}); null: Java. */
  public RunRequest withKernelC(KernelC c) {
    return new RunRequest(mac, soc, kernel, patches, coalesce, traffic, path, seed, check,
        timelineToNs, bqlLimitMax, napi, c);
  }
}
