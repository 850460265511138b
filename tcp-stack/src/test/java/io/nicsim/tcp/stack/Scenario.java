package io.nicsim.tcp.stack;

import io.nicsim.core.host.Host;
import io.nicsim.core.host.HostConfig;
import io.nicsim.hostkit.ExampleMac;
import io.nicsim.hostkit.MacHosts;
import io.nicsim.tcp.Bbr;
import io.nicsim.tcp.CongestionOps;
import io.nicsim.tcp.TcpSysctl;
import java.util.ArrayList;
import java.util.List;

/** A bulk TCP upload from a test-NIC host over a path, sampled once per interval. */
final class Scenario {
  /**
   * Hosts of hostkit's example MAC under the audit: tcptestsoc gives it a TX and an RX NAPI,
   * and tcptestsoc-5ms its periodic TX clean (completions held back 5 ms, what TSQ must live
   * with).
   */
  static final MacHosts HOSTS = MacHosts.of(new ExampleMac());
  static final long SEC = 1_000_000_000L;
  static final long MS = 1_000_000L;

  final Host host;
  final TcpStack stack;
  final TcpPath path;
  final TcpFlow flow;
  final BulkSender app;
  final List<Double> goodputMbps = new ArrayList<>();
  long lastBytes;

  Scenario(String soc, CongestionOps ca, PathConfig pathCfg, long durationNs, long seed) {
    host = HOSTS.host(HostConfig.of("example", soc).withKernel("v6.17").withSeed(seed)
        .withLink(1_000_000_000L, 100));
    stack = new TcpStack(host, new TcpSysctl());
    path = new TcpPath(host.sim(), host.link(), pathCfg);
    flow = stack.connect(ca, stack.patches(List.of()), path);
    app = new BulkSender(host.sim(), flow, BulkSender.DEFAULT_LEN, 0, durationNs);
    app.start(host.appCore());
  }

  /** 23 ms RTT, a 1 Gbit/s bottleneck with a one-BDP buffer. */
  static PathConfig gigabit23ms() {
    long rtt = 23 * MS;
    int bdpPackets = (int) (1_000_000_000L / 8 * rtt / SEC / 1538);
    return PathConfig.of(rtt - 200, 1_000_000_000L, bdpPackets);
  }

  /** Runs {@code n} intervals, recording receiver goodput (Mbit/s) of each. */
  Scenario run(int n, long intervalNs) {
    for (int i = 0; i < n; i++) {
      host.run(intervalNs);
      long b = path.receiver().bytesReceived();
      goodputMbps.add((b - lastBytes) * 8.0 / (intervalNs / 1e9) / 1e6);
      lastBytes = b;
    }
    return this;
  }

  double bbrBwMbps() {
    return flow.sock().ca instanceof Bbr b ? b.bwBytesPerSec(flow.sock()) * 8 / 1e6 : 0;
  }

  String summary() {
    var sk = flow.sock();
    return String.format("%s goodput=%s cwnd=%d pacing=%.1f Mbit/s wmem=%d bw=%.2f Mbit/s "
            + "drops=%d/%d rtx=%d acks=%d", sk.ca.name(), goodputMbps, sk.sndCwnd(),
        sk.skPacingRate * 8 / 1e6, sk.skWmemAlloc, bbrBwMbps(), path.randomDrops(),
        path.bufferDrops(), sk.totalRetrans, path.receiver().acksSent());
  }
}
