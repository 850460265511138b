package io.nicsim.runs;

import io.nicsim.core.check.HostAudit;
import io.nicsim.core.host.Host;
import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.InvariantViolation;
import io.nicsim.formats.text.ToolFormat;
import io.nicsim.runs.TcpBulkRunner.TcpFlowRun;
import io.nicsim.runs.traffic.TcpBulkSpec;
import io.nicsim.tcp.CongestionOps;
import io.nicsim.tcp.SsInfo;
import io.nicsim.tcp.TcpOutput;
import io.nicsim.tcp.TcpPatches;
import io.nicsim.tcp.TcpSock;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * An installed {@code iperf3} TCP upload: counts what the writers handed to their sockets and
 * what the receivers got inside the measured window, samples each socket's state every
 * millisecond of the window (cwnd, BBR's bandwidth, the TSQ limit, what sits below TCP), and
 * reports iperf3's sender/receiver lines plus an {@code ss -ti}-like line per flow.
 */
public final class TcpBulkRun implements TrafficRun {
  private final Host host;
  private final TcpBulkSpec spec;
  private final List<TcpFlowRun> flows;
  private final int n;
  private final long[] writtenAtMark;
  private final long[] writtenAtEnd;
  private final long[] recvAtMark;
  private final long[] recvAtEnd;
  private final int[] retransAtMark;
  private final int[] retransAtEnd;
  private final FlowSamples[] samples;
  private boolean sampling;
  private final Event sample =
      new Event() {
        @Override
        protected void fire() {
          sampleAll();
        }
      };

  TcpBulkRun(Host host, TcpBulkSpec spec, List<TcpFlowRun> flows) {
    this.host = host;
    this.spec = spec;
    this.flows = List.copyOf(flows);
    this.n = flows.size();
    writtenAtMark = new long[n];
    writtenAtEnd = new long[n];
    recvAtMark = new long[n];
    recvAtEnd = new long[n];
    retransAtMark = new int[n];
    retransAtEnd = new int[n];
    samples = new FlowSamples[n];
    for (int i = 0; i < n; i++) {
      samples[i] = new FlowSamples();
    }
  }

  /** The flows, for tests. */
  public List<TcpFlowRun> flows() {
    return flows;
  }

  @Override
  public void mark() {
    for (int i = 0; i < n; i++) {
      TcpFlowRun f = flows.get(i);
      writtenAtMark[i] = f.app().written();
      recvAtMark[i] = f.flow().path().receiver().bytesReceived();
      retransAtMark[i] = f.flow().sock().totalRetrans;
    }
    sampling = true;
    host.sim().schedule(sample, host.sim().now() + TcpBulkRunner.SAMPLE_NS);
  }

  @Override
  public void endMeasure() {
    sampling = false;
    host.sim().cancel(sample);
    for (int i = 0; i < n; i++) {
      TcpFlowRun f = flows.get(i);
      writtenAtEnd[i] = f.app().written();
      recvAtEnd[i] = f.flow().path().receiver().bytesReceived();
      retransAtEnd[i] = f.flow().sock().totalRetrans;
    }
  }

  private void sampleAll() {
    for (int i = 0; i < n; i++) {
      samples[i].add(flows.get(i).flow().sock(), flows.get(i).flow().skbsInHost());
    }
    if (sampling) {
      host.sim().schedule(sample, host.sim().now() + TcpBulkRunner.SAMPLE_NS);
    }
  }

  /** Everything written has arrived and every transmitted skb has been freed. */
  @Override
  public boolean drained() {
    for (TcpFlowRun f : flows) {
      TcpSock sk = f.flow().sock();
      if (f.flow().path().receiver().bytesReceived() != f.app().written()
          || f.flow().skbsInHost() != 0 || sk.skWmemAlloc != 1) {
        return false;
      }
    }
    return true;
  }

  @Override
  public long drainLimitNs() {
    return TcpBulkRunner.DRAIN_NS;
  }

  @Override
  public TrafficReport report(double windowSec) {
    List<String> lines = new ArrayList<>();
    lines.add("[ ID] Interval           Transfer     Bitrate         Retr");
    String interval = String.format(Locale.ROOT, "%6.2f-%-6.2f sec", 0.0, windowSec);
    List<String> receivers = new ArrayList<>();
    long sumSent = 0;
    long sumRecv = 0;
    int sumRetr = 0;
    for (int i = 0; i < n; i++) {
      long sent = writtenAtEnd[i] - writtenAtMark[i];
      long recv = recvAtEnd[i] - recvAtMark[i];
      int retr = retransAtEnd[i] - retransAtMark[i];
      String id = String.format(Locale.ROOT, "[%3d]", 5 + 2 * i);
      lines.add(sender(id, interval, sent, windowSec, retr));
      receivers.add(receiver(id, interval, recv, windowSec));
      sumSent += sent;
      sumRecv += recv;
      sumRetr += retr;
    }
    lines.addAll(receivers);
    if (n > 1) {
      lines.add(sender("[SUM]", interval, sumSent, windowSec, sumRetr));
      lines.add(receiver("[SUM]", interval, sumRecv, windowSec));
    }
    lines.add("");
    lines.add("ss -ti at the end of the window, then the window's means:");
    for (int i = 0; i < n; i++) {
      TcpSock sk = flows.get(i).flow().sock();
      String id = String.format(Locale.ROOT, "[%3d]", 5 + 2 * i);
      lines.add(id + " " + ssLine(sk));
      lines.add(id + " " + samples[i].line());
    }

    LinkedHashMap<String, Double> m = new LinkedHashMap<>();
    m.put("tcp_mbps", sumRecv * 8.0 / windowSec / 1e6);
    m.put("tcp_sender_mbps", sumSent * 8.0 / windowSec / 1e6);
    m.put("tcp_retrans", (double) sumRetr);
    m.put("tcp_cwnd", mean(s -> s.mean(s.cwnd)));
    m.put("tcp_srtt_ms", mean(s -> s.mean(s.srttUs)) / 1000.0);
    m.put("tcp_pacing_mbps", mean(s -> s.mean(s.pacingBps)) / 1e6);
    m.put("tcp_tso_segs", mean(s -> s.mean(s.tsoSegs)));
    m.put("tsq_limit_bytes", mean(s -> s.mean(s.tsqLimit)));
    m.put("tcp_wmem_alloc_bytes", mean(s -> s.mean(s.wmemAlloc)));
    m.put("skbs_below_tcp", mean(s -> s.mean(s.skbsInHost)));
    m.put("tcp_unacked", mean(s -> s.mean(s.unacked)));
    CongestionOps ca = flows.get(0).flow().sock().ca;
    if (ca.bandwidthBps(flows.get(0).flow().sock()) >= 0) {
      m.put(ca.name() + "_bw_mbps", mean(s -> s.mean(s.caBwBps)) / 1e6);
    }
    return new TrafficReport(lines, m);
  }

  private double mean(ToDoubleFunction<FlowSamples> f) {
    double sum = 0;
    for (FlowSamples s : samples) {
      sum += f.applyAsDouble(s);
    }
    return sum / n;
  }

  /** iperf3's report_bw_retrans_format. */
  private static String sender(String id, String interval, long bytes, double sec, int retr) {
    return String.format(Locale.ROOT, "%s %s  %s  %s  %3d             sender", id, interval,
        ToolFormat.iperfBytes(bytes), ToolFormat.iperfRate(bytes * 8.0 / sec), retr);
  }

  /** iperf3's report_bw_format. */
  private static String receiver(String id, String interval, long bytes, double sec) {
    return String.format(Locale.ROOT, "%s %s  %s  %s                  receiver", id, interval,
        ToolFormat.iperfBytes(bytes), ToolFormat.iperfRate(bytes * 8.0 / sec));
  }

  /** The fields of {@code ss -ti} the model has, in ss's order and spelling. */
  static String ssLine(TcpSock sk) {
    StringBuilder sb = new StringBuilder(sk.ca.name());
    sb.append(String.format(Locale.ROOT, " rtt:%.3f/%.3f mss:%d cwnd:%d", sk.srttUs / 8 / 1000.0,
        sk.mdevUs / 4 / 1000.0, sk.mssCache, sk.sndCwnd()));
    if (sk.sndSsthresh < TcpSock.TCP_INFINITE_SSTHRESH) {
      sb.append(" ssthresh:").append(sk.sndSsthresh);
    }
    sb.append(" bytes_acked:").append(sk.bytesAcked);
    sb.append(" retrans:").append(sk.retransOut).append('/').append(sk.totalRetrans);
    SsInfo info = sk.ca.getInfo(sk);
    if (info != null) {
      sb.append(' ').append(sk.ca.name()).append(":(");
      for (int i = 0; i < info.fields().size(); i++) {
        SsInfo.Field f = info.fields().get(i);
        sb.append(i == 0 ? "" : ",").append(f.name()).append(':').append(switch (f.unit()) {
          case BPS -> ssRate(f.value());
          case MS -> String.format(Locale.ROOT, "%.3f", f.value());
          case GAIN -> gain(f.value());
        });
      }
      sb.append(')');
    }
    if (sk.skPacingRate != TcpSock.UNLIMITED_RATE) {
      sb.append(" pacing_rate ").append(ssRate(sk.skPacingRate * 8.0));
    }
    if (sk.rateIntervalUs > 0) {
      sb.append(" delivery_rate ")
          .append(ssRate((double) sk.rateDelivered * sk.mssCache * 8e6 / sk.rateIntervalUs));
    }
    sb.append(" unacked:").append(sk.packetsOut);
    return sb.toString();
  }

  /** ss's sprint_bw: bps, Kbps, Mbps, Gbps with one decimal. */
  static String ssRate(double bps) {
    if (bps > 1e9) {
      return String.format(Locale.ROOT, "%.1fGbps", bps / 1e9);
    }
    if (bps > 1e6) {
      return String.format(Locale.ROOT, "%.1fMbps", bps / 1e6);
    }
    if (bps > 1e3) {
      return String.format(Locale.ROOT, "%.1fKbps", bps / 1e3);
    }
    return String.format(Locale.ROOT, "%.0fbps", bps);
  }

  /** A BBR gain in BBR_UNIT (256) as ss prints it (1.25, 2.89). */
  private static String gain(double g) {
    return new BigDecimal(g).setScale(2, RoundingMode.HALF_EVEN)
        .stripTrailingZeros().toPlainString();
  }

  /**
   * TSQ's byte limit for the skb the socket would send next: tcp_small_queue_check's first
   * lines for an skb of tso_segs full segments, with the tcp_limit_output_bytes cap where the
   * kernel era applies it.
   */
  static long tsqLimit(TcpSock sk) {
    int segs = TcpOutput.tsoSegsForReport(sk, sk.mssCache);
    long truesize = sk.skbHeadTruesize + (long) segs * sk.mssCache;
    long limit = Math.max(2 * truesize, sk.skPacingRate >>> sk.skPacingShift);
    if (!sk.patches.has(TcpPatches.TSQ_PACED_UNCAPPED) || sk.patches.has(TcpPatches.TSQ_ALWAYS_LIMIT)
        || sk.skPacingStatus == TcpSock.SK_PACING_NONE) {
      limit = Math.min(limit, sk.limitOutputBytes);
    }
    return limit;
  }

  /**
   * At every audit: each socket's sk_wmem_alloc at or above 1, and back to exactly its base (1,
   * or 2 while its TSQ work is queued) whenever none of its skbs is below TCP; and, since every live skb of a TCP run is
   * a data clone or segment of one of its flows, the flows' skbs below TCP add up to the live
   * skbs.
   */
  @Override
  public void addChecks(HostAudit audit) {
    audit.addCheck(() -> {
      long below = 0;
      for (int i = 0; i < n; i++) {
        TcpFlowRun f = flows.get(i);
        TcpSock sk = f.flow().sock();
        long inHost = f.flow().skbsInHost();
        // the base: the socket's own reference, plus the one tcp_wfree keeps while the TSQ
        // work for the socket is queued (dropped when the work runs)
        long base = 1 + ((sk.skTsqFlags & TcpSock.TSQF_QUEUED) != 0 ? 1 : 0);
        if (sk.skWmemAlloc < 1 || inHost < 0 || (inHost == 0 && sk.skWmemAlloc != base)) {
          throw new InvariantViolation("tcp flow " + i, "sk_wmem_alloc "
              + sk.skWmemAlloc + " with " + inHost + " skbs below TCP (base " + base
              + " when none)");
        }
        below += inHost;
      }
      long live = host.skbs().live();
      if (below != live) {
        throw new InvariantViolation("tcp flows", below + " skbs below TCP"
            + " but " + live + " live skbs");
      }
    });
  }

  @Override
  public List<String> violations() {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      TcpFlowRun f = flows.get(i);
      long recv = f.flow().path().receiver().bytesReceived();
      if (recv > f.app().written()) {
        out.add("tcp flow " + i + ": the receiver got " + recv + " bytes of "
            + f.app().written() + " written");
      }
      TcpSock sk = f.flow().sock();
      if (sk.skWmemAlloc < 1 || f.flow().skbsInHost() < 0) {
        out.add("tcp flow " + i + ": sk_wmem_alloc " + sk.skWmemAlloc + ", skbs below TCP "
            + f.flow().skbsInHost() + " (a destructor ran twice)");
      }
    }
    return out;
  }

  @Override
  public String comm() {
    return "iperf3";
  }

  /** One flow's samples over the window: sums for the means. */
  static final class FlowSamples {
    long count;
    double cwnd;
    double srttUs;
    double pacingBps;
    double tsoSegs;
    double tsqLimit;
    double wmemAlloc;
    double skbsInHost;
    double caBwBps;
    String caName;
    double unacked;

    void add(TcpSock sk, long skbsBelow) {
      count++;
      unacked += sk.packetsOut;
      cwnd += sk.sndCwnd();
      srttUs += sk.srttUs / 8.0;
      pacingBps += sk.skPacingRate == TcpSock.UNLIMITED_RATE ? 0 : sk.skPacingRate * 8.0;
      tsoSegs += TcpOutput.tsoSegsForReport(sk, sk.mssCache);
      tsqLimit += tsqLimit(sk);
      wmemAlloc += sk.skWmemAlloc - 1;
      skbsInHost += skbsBelow;
      double bw = sk.ca.bandwidthBps(sk);
      if (bw >= 0) {
        caBwBps += bw;
        caName = sk.ca.name();
      }
    }

    double mean(double sum) {
      return count == 0 ? 0 : sum / count;
    }

    String line() {
      StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
          "means: cwnd %.1f, tso_segs %.1f, TSQ limit %.0f B, sk_wmem_alloc %.0f B, skbs below"
              + " TCP %.2f", mean(cwnd), mean(tsoSegs), mean(tsqLimit), mean(wmemAlloc),
          mean(skbsInHost)));
      if (caBwBps > 0) {
        sb.append(", ").append(caName).append(" bw ").append(ssRate(mean(caBwBps)));
      }
      return sb.toString();
    }
  }
}
