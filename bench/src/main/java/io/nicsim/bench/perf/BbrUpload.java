package io.nicsim.bench.perf;

import io.nicsim.bench.host.NicsimHost;
import io.nicsim.bench.path.PathSpec;
import io.nicsim.core.host.Host;
import io.nicsim.core.host.HostConfig;
import io.nicsim.core.soc.SocProfile;
import io.nicsim.tcp.Bbr;
import io.nicsim.tcp.TcpSysctl;
import io.nicsim.tcp.stack.BulkSender;
import io.nicsim.tcp.stack.PathConfig;
import io.nicsim.tcp.stack.TcpFlow;
import io.nicsim.tcp.stack.TcpPath;
import io.nicsim.tcp.stack.TcpStack;
import java.util.List;

/**
 * The BBR upload of seed 003 after the patch, as the stmmac-xmit-more scenario sets it up:
 * {@code iperf3 -C bbr -t 10} from the Orange Pi 5 Pro (stmmac on rk3588-yt6801, kernel
 * v6.18, shipped coalescing, {@code +burst-end-ic} = d21a374995df) over the scenario's path
 * {@value #PATH}, built from tcp-model's {@code TcpStack}/{@code TcpPath}/{@code BulkSender}
 * the way bench's TCP runner assembles them (one flow, 128 KiB writes).
 */
public final class BbrUpload {
  public static final String PATCH = "burst-end-ic";
  public static final long SEC = 1_000_000_000L;
  public static final String KERNEL = "v6.18";
  public static final String PATH = "rtt=23ms,rate=475mbit,buffer=2bdp";

  private final Host host;
  private final TcpPath path;
  private final TcpFlow flow;

  public BbrUpload(long durationNs, long seed) {
    host = NicsimHost.FACTORY.create(HostConfig.of("stmmac", soc()).withKernel(KERNEL)
        .withPatches(List.of("+" + PATCH)).withSeed(seed)).host();
    TcpStack stack = new TcpStack(host, new TcpSysctl());
    PathSpec spec = PathSpec.parse(PATH);
    path = new TcpPath(host.sim(), host.link(),
        PathConfig.of(spec.rttNs(), spec.rateBps(), 0).withBufferBytes(spec.bufferBytes()));
    flow = stack.connect(new Bbr(), stack.patches(List.of()), path);
    new BulkSender(host.sim(), flow, BulkSender.DEFAULT_LEN, 0, durationNs).start(host.appCore());
  }

  /**
   * rk3588-yt6801 once it gives the tcp_* costs; until then a benchmark-only profile that
   * inherits it and adds stand-in TCP costs.
   */
  public static String soc() {
    return SocProfile.load("rk3588-yt6801").costs().containsKey("tcp_sendmsg")
        ? "rk3588-yt6801" : "rk3588-yt6801-tcpbench";
  }

  public Host host() {
    return host;
  }

  /** Runs {@code ns} more simulated time. */
  public void run(long ns) {
    host.run(ns);
  }

  /** Bytes the receiver has taken in order. */
  public long bytesReceived() {
    return path.receiver().bytesReceived();
  }

  public TcpFlow flow() {
    return flow;
  }

  /** One whole upload of {@code seconds}; returns receiver goodput, Mbit/s. */
  public static double upload(int seconds, long seed) {
    BbrUpload u = new BbrUpload(seconds * SEC, seed);
    u.run(seconds * SEC);
    return u.bytesReceived() * 8.0 / seconds / 1e6;
  }
}
