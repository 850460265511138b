package io.nicsim.bench.perf;

import io.nicsim.core.ethtool.CoalesceArgs;
import io.nicsim.core.host.Host;
import io.nicsim.core.host.HostConfig;
import io.nicsim.core.port.exec.KernelC;
import io.nicsim.runs.TrafficRun;
import io.nicsim.runs.UdpFloodRunner;
import io.nicsim.runs.host.NicsimHost;
import io.nicsim.runs.path.PathSpec;
import io.nicsim.runs.traffic.UdpFloodSpec;

/**
 * The flood benchmark's workload: {@code iperf3 -u -b 0 -l 18} (60-byte skbs, 64-byte
 * Ethernet frames, 1.488 Mpps at 1 Gbit/s) through the whole stmmac driver and kernel model
 * on the cyclone5 profile, with every CPU cost scaled by {@link #CPU_SCALE} so that the wire,
 * not the Cortex-A9, is the bound. The traffic is installed by the same runner as
 * {@code nicsim run}'s.
 */
public final class FloodWorkload {
  /** UDP payload of a 64-byte frame: 64 − FCS 4 − Ethernet 14 − IPv4 20 − UDP 8. */
  public static final int PAYLOAD = 18;
  /** CPU cost multiplier: udp_sendmsg 38 µs × 0.005 = 190 ns, well under a 672 ns frame. */
  public static final double CPU_SCALE = 0.005;
  /** A flood longer than any benchmark (iperf3 -t 100000). */
  static final long FOREVER_NS = 100_000L * 1_000_000_000L;

  private final Host host;
  private final TrafficRun traffic;

  public FloodWorkload(String soc, int flows, long seed) {
    this(soc, flows, seed, CPU_SCALE, "");
  }

  /**
   * @param cpuScale multiplier on the profile's CPU costs (1 = the real SoC)
   * @param coalesce {@code ethtool -C} arguments, "" for the driver's defaults
   */
  public FloodWorkload(String soc, int flows, long seed, double cpuScale, String coalesce) {
    this(soc, flows, seed, cpuScale, coalesce, null);
  }

  /**
   * As above, with a tree's C in place of the bridged ports ({@code --ports c}; null: Java),
   * on the tree's release.
   */
  public FloodWorkload(String soc, int flows, long seed, double cpuScale, String coalesce,
      KernelC c) {
    HostConfig config = HostConfig.of("stmmac", soc).withCpuScale(cpuScale).withSeed(seed)
        .withCoalesce(coalesce.isEmpty() ? CoalesceArgs.none() : CoalesceArgs.parse(coalesce));
    if (c != null) {
      config = config.withKernel("v" + c.release().replaceAll("-.*$", "")).withKernelC(c);
    }
    host = NicsimHost.FACTORY.create(config).host();
    traffic = new UdpFloodRunner().start(host,
        new UdpFloodSpec(0, PAYLOAD, FOREVER_NS, 0, flows), PathSpec.direct());
  }

  /** The benchmark's host: cyclone5, one flow. */
  public static FloodWorkload standard() {
    return new FloodWorkload("cyclone5", 1, 1);
  }

  public Host host() {
    return host;
  }

  public TrafficRun traffic() {
    return traffic;
  }

  /** Frames the NIC has put on the wire so far. */
  public long frames() {
    return host.link().framesToPeer();
  }

  /** Runs {@code ns} more simulated time; returns the frames sent meanwhile. */
  public long advance(long ns) {
    long before = frames();
    host.run(ns);
    return frames() - before;
  }

  /** The {@code nicsim run} equivalent, less the CPU scale (which has no flag). */
  public static String runSpelling(String soc, int flows, String seconds) {
    return "nicsim run --mac stmmac --soc " + soc + " --traffic 'iperf3 -u -b 0 -l " + PAYLOAD
        + " -t " + seconds + (flows > 1 ? " -P " + flows : "") + "'";
  }
}
