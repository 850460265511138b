package io.nicsim.runs;

import io.nicsim.core.check.HostAudit;
import io.nicsim.core.cpu.CostOp;
import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.host.Host;
import io.nicsim.core.kernel.Napi;
import io.nicsim.formats.text.ToolFormat;
import io.nicsim.runs.path.PathSpec;
import io.nicsim.runs.traffic.TcpBulkSpec;
import io.nicsim.runs.traffic.TrafficSpec;
import io.nicsim.tcp.CongestionControls;
import io.nicsim.tcp.TcpSock;
import io.nicsim.tcp.stack.FarEnd;
import io.nicsim.tcp.stack.HostTcpReceiver;
import io.nicsim.tcp.stack.PathConfig;
import io.nicsim.tcp.stack.ReverseTcpStack;
import io.nicsim.tcp.stack.TcpCosts;
import io.nicsim.tcp.stack.TcpRxCosts;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;

/**
 * {@code iperf3 [-C bbr|cubic] -t N -R}: the link partner's iperf3 server sends over
 * {@code --path} with tcp-model's sender (a fast Linux server: no CPU model); the host receives
 * through its NIC, NAPI and GRO into its own TCP receiver (delayed ACKs, ACKs through its
 * qdisc and driver) and an iperf3 process that reads {@code -l} bytes (128 KiB) per recvmsg on
 * the application core. -b caps the server's pacing rate.
 */
public final class TcpReverseRunner implements TrafficRunner {
  static final long DRAIN_NS = 500_000_000L;

  @Override
  public String kind() {
    return "tcp-rx";
  }

  @Override
  public List<CostOp> costs() {
    List<CostOp> c = new ArrayList<>(List.of(TcpRxCosts.all()));
    c.add(TcpCosts.TCP_TRANSMIT_SKB);
    c.add(KernelOps.GRO_MERGE);
    return c;
  }

  @Override
  public boolean accepts(TrafficSpec spec) {
    return spec instanceof TcpBulkSpec t && t.reverse();
  }

  @Override
  public TrafficRun start(Host host, TrafficSpec spec, PathSpec path) {
    TcpBulkSpec t = (TcpBulkSpec) spec;
    String algo = t.congestionOrDefault();
    CongestionControls.require("--traffic -C", algo);
    host.cpu().costs().requireAll(costs().toArray(new CostOp[0]));
    PathSpec.refuseAckStall(path, "iperf3 -R (the host receives)");
    PathConfig cfg = TcpBulkRunner.pathConfig(path == null ? PathSpec.direct() : path);
    ReverseTcpStack stack = new ReverseTcpStack(host, cfg.reverseDelayNs());
    // the server's kernel: nicsim's fixed peer, or --path peer-kernel's (the tree's C)
    FarEnd far = FarEnd.of(host, path == null ? null : path.peerKernel(), cfg.receiverHz());
    List<HostTcpReceiver> flows = new ArrayList<>();
    for (int i = 0; i < t.parallel(); i++) {
      HostTcpReceiver r = stack.connect(TcpBulkRunner.congestion(algo), cfg, t.length(), 0,
          t.omitNs() + t.durationNs(), DRAIN_NS, far);
      if (t.rateBps() > 0) {
        TcpBulkRunner.maxPacingRate(r.peer().sock(), t.rateBps() / 8);
      }
      r.waitWith(ReceiveSocket.waitFor(host, t.sock(), "iperf3"));
      flows.add(r);
    }
    return new Run(host, t, flows);
  }

  private static final class Run implements TrafficRun {
    private final Host host;
    private final TcpBulkSpec spec;
    private final List<HostTcpReceiver> flows;
    private final int n;
    private final long[] sentAtMark;
    private final long[] sentAtEnd;
    private final long[] readAtMark;
    private final long[] readAtEnd;
    private final int[] retrAtMark;
    private final int[] retrAtEnd;
    private long acksAtMark;
    private long acksAtEnd;
    private long skbsAtMark;
    private long skbsAtEnd;
    private long framesAtMark;
    private long framesAtEnd;

    Run(Host host, TcpBulkSpec spec, List<HostTcpReceiver> flows) {
      this.host = host;
      this.spec = spec;
      this.flows = List.copyOf(flows);
      this.n = flows.size();
      sentAtMark = new long[n];
      sentAtEnd = new long[n];
      readAtMark = new long[n];
      readAtEnd = new long[n];
      retrAtMark = new int[n];
      retrAtEnd = new int[n];
    }

    private long delivered(HostTcpReceiver r) {
      return r.tcp().bytesReceived();
    }

    @Override
    public void mark() {
      for (int i = 0; i < n; i++) {
        HostTcpReceiver r = flows.get(i);
        sentAtMark[i] = delivered(r);
        readAtMark[i] = r.bytesRead();
        retrAtMark[i] = r.peer().sock().totalRetrans;
        acksAtMark += r.acksSent();
        skbsAtMark += r.dataSkbs();
        framesAtMark += r.peer().framesSent();
      }
    }

    @Override
    public void endMeasure() {
      for (int i = 0; i < n; i++) {
        HostTcpReceiver r = flows.get(i);
        sentAtEnd[i] = delivered(r);
        readAtEnd[i] = r.bytesRead();
        retrAtEnd[i] = r.peer().sock().totalRetrans;
        acksAtEnd += r.acksSent();
        skbsAtEnd += r.dataSkbs();
        framesAtEnd += r.peer().framesSent();
      }
    }

    @Override
    public boolean drained() {
      for (HostTcpReceiver r : flows) {
        TcpSock sk = r.peer().sock();
        if (sk.sndUna != sk.sndNxt || r.bytesRead() != r.tcp().bytesReceived()) {
          return false;
        }
      }
      return true;
    }

    @Override
    public long drainLimitNs() {
      return DRAIN_NS;
    }

    @Override
    public TrafficReport report(double windowSec) {
      List<String> lines = new ArrayList<>();
      lines.add("Reverse mode, remote host 10.0.0.2 is sending");
      lines.add("[ ID] Interval           Transfer     Bitrate         Retr");
      String interval = String.format(Locale.ROOT, "%6.2f-%-6.2f sec", 0.0, windowSec);
      List<String> receivers = new ArrayList<>();
      long sumSent = 0;
      long sumRead = 0;
      int sumRetr = 0;
      for (int i = 0; i < n; i++) {
        long sent = sentAtEnd[i] - sentAtMark[i];
        long read = readAtEnd[i] - readAtMark[i];
        int retr = retrAtEnd[i] - retrAtMark[i];
        String id = String.format(Locale.ROOT, "[%3d]", 5 + 2 * i);
        lines.add(String.format(Locale.ROOT, "%s %s  %s  %s  %3d             sender", id,
            interval, ToolFormat.iperfBytes(sent), ToolFormat.iperfRate(sent * 8.0 / windowSec),
            retr));
        receivers.add(String.format(Locale.ROOT, "%s %s  %s  %s                  receiver", id,
            interval, ToolFormat.iperfBytes(read), ToolFormat.iperfRate(read * 8.0 / windowSec)));
        sumSent += sent;
        sumRead += read;
        sumRetr += retr;
      }
      lines.addAll(receivers);
      lines.add("");
      lines.add("the server's socket (ss -ti on the peer) at the end of the window:");
      for (int i = 0; i < n; i++) {
        lines.add(String.format(Locale.ROOT, "[%3d] %s", 5 + 2 * i,
            TcpBulkRun.ssLine(flows.get(i).peer().sock())));
      }
      LinkedHashMap<String, Double> m = new LinkedHashMap<>();
      m.put("tcp_mbps", sumRead * 8.0 / windowSec / 1e6);
      m.put("tcp_sender_mbps", sumSent * 8.0 / windowSec / 1e6);
      m.put("tcp_retrans", (double) sumRetr);
      long acks = acksAtEnd - acksAtMark;
      long skbs = skbsAtEnd - skbsAtMark;
      long frames = framesAtEnd - framesAtMark;
      m.put("tcp_acks_per_s", acks / windowSec);
      m.put("tcp_rx_skbs_per_s", skbs / windowSec);
      m.put("gro_segs_per_skb", skbs == 0 ? 0.0 : (double) frames / skbs);
      double srtt = 0;
      for (HostTcpReceiver r : flows) {
        srtt += r.peer().sock().srttUs / 8.0;
      }
      m.put("tcp_srtt_ms", srtt / n / 1000.0);
      return new TrafficReport(lines, m);
    }

    @Override
    public void addChecks(HostAudit audit) {
      audit.addHolder("tcp receive queues", () -> {
        long q = 0;
        for (HostTcpReceiver r : flows) {
          q += r.skbsQueued();
        }
        return q;
      });
    }

    @Override
    public List<String> violations() {
      List<String> out = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        HostTcpReceiver r = flows.get(i);
        if (r.bytesRead() > r.peer().written()) {
          out.add("tcp flow " + i + ": the host read " + r.bytesRead() + " bytes of "
              + r.peer().written() + " written");
        }
      }
      return out;
    }

    @Override
    public String comm() {
      return "iperf3";
    }
  }

  /** The host NAPIs' GRO merges (for tests). */
  static long groMerged(Host h) {
    long n = 0;
    for (Napi napi : h.kernel().napis()) {
      n += napi.groMergedCount();
    }
    return n;
  }
}
