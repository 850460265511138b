package io.nicsim.runs;

import io.nicsim.runs.path.PathSpec;
import io.nicsim.formats.text.ToolFormat;
import io.nicsim.runs.traffic.TrafficSpec;
import io.nicsim.runs.traffic.UdpFloodSpec;
import io.nicsim.core.apps.UdpDatagram;
import io.nicsim.core.apps.Iperf3UdpSender;
import io.nicsim.core.apps.UdpServer;
import io.nicsim.core.check.HostAudit;
import io.nicsim.core.config.BadInputException;
import io.nicsim.core.cpu.CostOp;
import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.host.Host;
import io.nicsim.core.kernel.SockWait;
import io.nicsim.core.net.Skb;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;

/**
 * {@code iperf3 -u -R}: the link partner (iperf3 -s) sends each flow's datagrams straight into
 * the host's link, paced as iperf3 paces -b (bursts on its 1 ms pacing timer; back to back at
 * line rate for -b 0: {@link Iperf3UdpSender}); on the host, an iperf3 socket per
 * flow (net.core.rmem_default) and the process reading it, one recvmsg per datagram, on the
 * application core. The receiver's jitter is iperf3's (RFC 3550 over the transit time from the
 * sender's timestamp to the read), its loss the datagrams sent in the window and never read.
 */
public final class UdpReverseRunner implements TrafficRunner {
  static final long SEC = 1_000_000_000L;

  @Override
  public String kind() {
    return "udp-rx";
  }

  @Override
  public List<CostOp> costs() {
    return List.of(KernelOps.UDP_RCV, KernelOps.SOCK_RECVMSG);
  }

  @Override
  public boolean accepts(TrafficSpec spec) {
    return spec instanceof UdpFloodSpec u && u.reverse();
  }

  @Override
  public TrafficRun start(Host host, TrafficSpec spec, PathSpec path) {
    UdpFloodSpec u = (UdpFloodSpec) spec;
    if (path != null && !path.equals(PathSpec.direct())) {
      throw BadInputException.field("--path", "with iperf3 -u -R: not modelled (the peer's"
          + " datagrams go straight into the host's link)", "no --path for UDP into the host");
    }
    host.cpu().costs().requireAll(costs().toArray(new CostOp[0]));
    long total = u.omitNs() + u.durationNs();
    Flow[] flows = new Flow[u.parallel()];
    for (int i = 0; i < flows.length; i++) {
      Flow f = new Flow();
      f.source = new Iperf3UdpSender(host.sim(), host.link(), new UdpDatagram(i), u.length(),
          u.rateBps(), 0, total);
      SockWait wait = ReceiveSocket.waitFor(host, u.sock(), "iperf3");
      f.server = new UdpServer(UdpServer.RMEM_DEFAULT, "iperf3").waitWith(wait)
          .onRead(f::read);
      f.wait = wait;
      host.appCore().attach(f.server);
      flows[i] = f;
    }
    // the stack hands each datagram to its flow's socket
    host.stack().register(UdpDatagram.class,
        (skb, core) -> flows[((UdpDatagram) skb.payload).flow()].server.receive(skb, core));
    return new Run(host, u, flows);
  }

  /** One stream: the peer's sender, the host's socket and what its reader saw. */
  static final class Flow {
    Iperf3UdpSender source;
    UdpServer server;
    SockWait wait;
    /** The first datagram of the measured window; none before {@code mark()} (the -O seconds). */
    long firstSeq = Long.MAX_VALUE;
    long endSeq = Long.MAX_VALUE;
    long readInWindow;
    long bytesInWindow;
    double jitter;
    double prevTransit;
    boolean measuring;

    /** iperf_udp_recv: transit from the sender's stamp to the read; J += (|D| - J) / 16. */
    void read(Skb skb, long readNs) {
      long seq = skb.payloadOffset;
      double transit = (readNs - source.sendTimeNs(seq)) / 1e9;
      double d = Math.abs(transit - prevTransit);
      prevTransit = transit;
      if (measuring || seq < endSeq) {
        jitter += (d - jitter) * (1.0 / 16);
      }
      if (seq >= firstSeq && seq < endSeq) {
        readInWindow++;
        bytesInWindow += source.payloadLen();
      }
    }
  }

  private static final class Run implements TrafficRun {
    private final Host host;
    private final UdpFloodSpec spec;
    private final Flow[] flows;
    private final long[] sentAtMark;
    private final long[] sentAtEnd;

    Run(Host host, UdpFloodSpec spec, Flow[] flows) {
      this.host = host;
      this.spec = spec;
      this.flows = flows;
      this.sentAtMark = new long[flows.length];
      this.sentAtEnd = new long[flows.length];
    }

    @Override
    public void mark() {
      for (int i = 0; i < flows.length; i++) {
        Flow f = flows[i];
        sentAtMark[i] = f.source.sent();
        f.firstSeq = f.source.sent();
        f.measuring = true;
        f.jitter = 0; // iperf_reset_stats: the jitter restarts, the last transit is kept
      }
    }

    @Override
    public void endMeasure() {
      for (int i = 0; i < flows.length; i++) {
        sentAtEnd[i] = flows[i].source.sent();
        flows[i].endSeq = sentAtEnd[i];
        flows[i].measuring = false;
      }
    }

    @Override
    public boolean drained() {
      for (Flow f : flows) {
        if (f.server.queued() > 0) {
          return false;
        }
      }
      return host.sim().now() > host.link().txBusyUntil() + 2 * host.link().propagationNs()
          + 1_000_000L;
    }

    @Override
    public long drainLimitNs() {
      return SEC;
    }

    @Override
    public TrafficReport report(double windowSec) {
      List<String> lines = new ArrayList<>();
      lines.add("Reverse mode, remote host 10.0.0.2 is sending");
      lines.add("[ ID] Interval           Transfer     Bitrate         Jitter    Lost/Total"
          + " Datagrams");
      String interval = String.format(Locale.ROOT, "%6.2f-%-6.2f sec", 0.0, windowSec);
      long sumSent = 0;
      long sumRead = 0;
      long sumReadBytes = 0;
      long drops = 0;
      double jitterSum = 0;
      List<String> receivers = new ArrayList<>();
      for (int i = 0; i < flows.length; i++) {
        Flow f = flows[i];
        long sent = sentAtEnd[i] - sentAtMark[i];
        long sentBytes = sent * spec.length();
        String id = String.format(Locale.ROOT, "[%3d]", 5 + 2 * i);
        lines.add(line(id, interval, sentBytes, windowSec, 0, 0, sent, "sender"));
        receivers.add(line(id, interval, f.bytesInWindow, windowSec, f.jitter,
            Math.max(0, sent - f.readInWindow), sent, "receiver"));
        sumSent += sent;
        sumRead += f.readInWindow;
        sumReadBytes += f.bytesInWindow;
        drops += f.server.dropped();
        jitterSum += f.jitter;
      }
      lines.addAll(receivers);
      int n = flows.length;
      if (n > 1) {
        lines.add(line("[SUM]", interval, sumSent * spec.length(), windowSec, 0, 0, sumSent,
            "sender"));
        lines.add(line("[SUM]", interval, sumReadBytes, windowSec, jitterSum / n,
            Math.max(0, sumSent - sumRead), sumSent, "receiver"));
      }
      LinkedHashMap<String, Double> m = new LinkedHashMap<>();
      m.put("udp_mbps", sumReadBytes * 8.0 / windowSec / 1e6);
      m.put("udp_sender_mbps", sumSent * spec.length() * 8.0 / windowSec / 1e6);
      m.put("udp_rcv_pps", sumRead / windowSec);
      m.put("udp_lost_pct", sumSent == 0 ? 0.0 : 100.0 * Math.max(0, sumSent - sumRead) / sumSent);
      m.put("udp_jitter_ms", jitterSum / n * 1e3);
      m.put("udp_rcvbuf_errors", (double) drops);
      return new TrafficReport(lines, m);
    }

    private static String line(String id, String interval, long bytes, double sec,
        double jitterSec, long lost, long total, String role) {
      long pct = total == 0 ? 0 : Math.round(100.0 * lost / total);
      return String.format(Locale.ROOT, "%s %s  %s  %s  %5.3f ms  %d/%d (%d%%)  %s", id,
          interval, ToolFormat.iperfBytes(bytes), ToolFormat.iperfRate(bytes * 8.0 / sec),
          jitterSec * 1e3, lost, total, pct, role);
    }

    @Override
    public void addChecks(HostAudit audit) {
      audit.addHolder("udp sockets", () -> {
        long n = 0;
        for (Flow f : flows) {
          n += f.server.queued();
        }
        return n;
      });
    }

    @Override
    public List<String> violations() {
      List<String> out = new ArrayList<>();
      for (int i = 0; i < flows.length; i++) {
        Flow f = flows[i];
        long sentInWindow = sentAtEnd[i] - sentAtMark[i];
        if (f.readInWindow > sentInWindow) {
          out.add("udp flow " + i + ": the receiver read " + f.readInWindow
              + " datagrams of the measured window, the sender sent " + sentInWindow);
        }
        if (f.server.received() + f.server.dropped() > f.source.sent()) {
          out.add("udp flow " + i + ": " + f.server.received() + " read and "
              + f.server.dropped() + " dropped of " + f.source.sent() + " sent");
        }
      }
      // what was read in the window crossed the link in it: its payload alone cannot exceed the
      // link's rate (one datagram per flow of slack for the window's edges)
      long readBytes = 0;
      for (Flow f : flows) {
        readBytes += f.bytesInWindow;
      }
      double linkBytes = host.link().rateBps() / 8.0 * spec.durationNs() / 1e9
          + (double) flows.length * spec.length();
      if (readBytes > linkBytes) {
        out.add("udp: the receivers read " + readBytes + " bytes in the measured window, more"
            + " than the " + host.link().rateBps() / 1_000_000 + " Mbit/s link carries in it");
      }
      return out;
    }

    @Override
    public String comm() {
      return "iperf3";
    }
  }
}
