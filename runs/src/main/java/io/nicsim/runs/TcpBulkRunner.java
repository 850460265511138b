package io.nicsim.runs;

import io.nicsim.core.cpu.CostOp;
import io.nicsim.core.host.Host;
import io.nicsim.core.sim.Simulator;
import io.nicsim.runs.path.PathSpec;
import io.nicsim.runs.traffic.TcpBulkSpec;
import io.nicsim.runs.traffic.TrafficSpec;
import io.nicsim.tcp.CongestionControls;
import io.nicsim.tcp.CongestionOps;
import io.nicsim.tcp.TcpSock;
import io.nicsim.tcp.TcpSysctl;
import io.nicsim.tcp.stack.AckStalls;
import io.nicsim.tcp.stack.BulkSender;
import io.nicsim.tcp.stack.FarEnd;
import io.nicsim.tcp.stack.PathConfig;
import io.nicsim.tcp.stack.TcpCosts;
import io.nicsim.tcp.stack.TcpFlow;
import io.nicsim.tcp.stack.TcpPath;
import io.nicsim.tcp.stack.TcpStack;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code iperf3 [-C bbr|cubic] -t N [-P n]}: a TCP upload with tcp-model's sender. One
 * {@link TcpStack} on the host, one connection per flow (-P), each through its own
 * {@link TcpPath} built from {@code --path} (tcp-model's path carries one connection, so
 * parallel flows each get a copy of the bottleneck), and an iperf3-like writer per flow on the
 * application core. The TCP patches are those of the host's kernel version; the receivers' those
 * of the far end's ({@link FarEnd}: {@code --path peer-kernel}, else nicsim's fixed v6.17 peer).
 */
public final class TcpBulkRunner implements TrafficRunner {
  /** How often the window's TCP state (cwnd, bw, TSQ) is sampled for its means. */
  static final long SAMPLE_NS = 1_000_000L;
  /** After the window: how long the engine waits for in-flight data to be acknowledged. */
  static final long DRAIN_NS = 500_000_000L;

  @Override
  public String kind() {
    return "tcp";
  }

  @Override
  public List<CostOp> costs() {
    return List.of(TcpCosts.all());
  }

  @Override
  public boolean accepts(TrafficSpec spec) {
    return spec instanceof TcpBulkSpec t && !t.reverse();
  }

  @Override
  public TrafficRun start(Host host, TrafficSpec spec, PathSpec path) {
    TcpBulkSpec t = (TcpBulkSpec) spec;
    String algo = t.congestionOrDefault();
    CongestionControls.require("--traffic -C", algo);
    Simulator sim = host.sim();
    TcpStack stack = new TcpStack(host, new TcpSysctl());
    PathConfig cfg = pathConfig(path);
    // the receivers' kernel: nicsim's fixed peer, or --path peer-kernel's (the tree's C)
    FarEnd far = FarEnd.of(host, path == null ? null : path.peerKernel(), cfg.receiverHz());
    List<TcpFlowRun> flows = new ArrayList<>();
    for (int i = 0; i < t.parallel(); i++) {
      TcpPath p = new TcpPath(sim, host.link(), cfg, host.kernel(), far);
      if (path != null && path.ackStallPerS() > 0) {
        p.ackStalls(new AckStalls(path.ackStallPerS(),
            path.ackStallMeanNs(), sim.random().split()));
      }
      TcpFlow flow = stack.connect(congestion(algo), stack.patches(List.of()), p);
      if (t.rateBps() > 0) {
        maxPacingRate(flow.sock(), t.rateBps() / 8);
      }
      BulkSender app = new BulkSender(sim, flow, t.length(), 0, t.omitNs() + t.durationNs());
      app.start(host.appCore());
      flows.add(new TcpFlowRun(flow, app));
    }
    return new TcpBulkRun(host, t, flows);
  }

  /** tcp-model's path from bench's {@code --path}: the RTT split evenly, frames of bytes. */
  static PathConfig pathConfig(PathSpec spec) {
    PathConfig c = PathConfig.of(spec.rttNs(), spec.rateBps(), 0);
    if (spec.bufferBytes() > 0) {
      c = c.withBufferBytes(spec.bufferBytes());
    }
    if (spec.loss() > 0) {
      c = c.withLoss(spec.loss());
    }
    if (spec.groNs() > 0) {
      c = c.withGro(spec.groNs());
    }
    if (spec.burstBytes() > 0) {
      c = c.withBurst(spec.burstBytes());
    }
    return c;
  }

  static CongestionOps congestion(String algo) {
    return CongestionControls.create("--traffic -C", algo);
  }

  /**
   * setsockopt(SO_MAX_PACING_RATE), which is how nicsim honours iperf3 -b for TCP (iperf3's
   * {@code --fq-rate}): the cap, and internal pacing requested for a flow that had none.
   */
  static void maxPacingRate(TcpSock sk, long bytesPerSec) {
    sk.skMaxPacingRate = bytesPerSec;
    if (sk.skPacingStatus == TcpSock.SK_PACING_NONE) {
      sk.skPacingStatus = TcpSock.SK_PACING_NEEDED;
    }
    if (Long.compareUnsigned(sk.skPacingRate, bytesPerSec) > 0) {
      sk.skPacingRate = bytesPerSec;
    }
  }

  /** One connection and its writer. */
  record TcpFlowRun(TcpFlow flow, BulkSender app) {}
}
