package io.nicsim.bench.perf;

import io.nicsim.core.host.Host;
import io.nicsim.core.host.HostConfig;
import io.nicsim.runs.RunEnv;
import io.nicsim.runs.RunRequest;
import io.nicsim.runs.RunResult;
import io.nicsim.runs.TcpBulkRunner;
import io.nicsim.runs.host.NicsimHost;
import io.nicsim.runs.path.PathSpec;
import io.nicsim.runs.traffic.TrafficParser;
import java.util.List;

/**
 * The BBR upload of the stmmac-xmit-more scenario after the patch, run for 10 seconds:
 * {@code iperf3 -C bbr -t 10} from the Orange Pi 5 Pro (stmmac on rk3588-yt6801, kernel
 * v6.18, shipped coalescing, {@code +burst-end-ic} = d21a374995df) over the scenario's path
 * {@value #PATH}. {@link #request} is exactly {@link #COMMAND}; the constructor builds the
 * same host and traffic (bench's TCP runner) without the run engine, for stepping it.
 */
public final class BbrUpload {
  public static final String PATCH = "burst-end-ic";
  public static final String SOC = "rk3588-yt6801";
  public static final String KERNEL = "v6.18";
  public static final String PATH = "rtt=23ms,rate=475mbit,buffer=2bdp";
  public static final long SEC = 1_000_000_000L;
  public static final String COMMAND = "nicsim run --mac stmmac --soc " + SOC + " --kernel "
      + KERNEL + " --patch +" + PATCH + " --traffic 'iperf3 -C bbr -t 10' --path '" + PATH + "'";

  private final Host host;

  public BbrUpload(long durationNs, long seed) {
    host = NicsimHost.FACTORY.create(HostConfig.of("stmmac", SOC).withKernel(KERNEL)
        .withPatches(List.of("+" + PATCH)).withSeed(seed)).host();
    new TcpBulkRunner().start(host,
        TrafficParser.parse("iperf3 -C bbr -t " + (durationNs / 1e9)), PathSpec.parse(PATH));
  }

  /** {@link #COMMAND} as a request: {@code seconds} measured, no omit. */
  public static RunRequest request(int seconds) {
    return RunRequest.of("stmmac", SOC, TrafficParser.parse("iperf3 -C bbr -t " + seconds))
        .withKernel(KERNEL).withPatches(List.of("+" + PATCH)).withPath(PathSpec.parse(PATH));
  }

  /** One whole {@code nicsim run} of the upload (build, run, drain, checks); goodput Mbit/s. */
  public static double upload(int seconds) {
    RunResult r = RunEnv.standard().engine().run(request(seconds));
    return r.metric("tcp_mbps");
  }

  public Host host() {
    return host;
  }

  /** Runs {@code ns} more simulated time. */
  public void run(long ns) {
    host.run(ns);
  }
}
