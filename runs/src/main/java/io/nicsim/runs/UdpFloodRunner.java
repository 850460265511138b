package io.nicsim.runs;

import io.nicsim.core.apps.UdpDatagram;
import io.nicsim.core.apps.UdpFlood;
import io.nicsim.core.apps.UdpSocket;
import io.nicsim.core.check.HostAudit;
import io.nicsim.core.cpu.CostOp;
import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.host.Host;
import io.nicsim.core.net.Ethernet;
import io.nicsim.core.nic.FrameSink;
import io.nicsim.core.sim.InvariantViolation;
import io.nicsim.core.sim.Simulator;
import io.nicsim.formats.text.ToolFormat;
import io.nicsim.runs.path.NetPath;
import io.nicsim.runs.path.PathSpec;
import io.nicsim.runs.traffic.TrafficSpec;
import io.nicsim.runs.traffic.UdpFloodSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;

/**
 * {@code iperf3 -u}: one core UdpFlood per flow (-P) on the application core, each on its own
 * socket with net.core.wmem_default, and an iperf3 server at the far end of the path.
 */
public final class UdpFloodRunner implements TrafficRunner {

  @Override
  public String kind() {
    return "udp";
  }

  @Override
  public List<CostOp> costs() {
    return List.of(KernelOps.UDP_SENDMSG);
  }

  @Override
  public boolean accepts(TrafficSpec spec) {
    return spec instanceof UdpFloodSpec u && !u.reverse();
  }

  @Override
  public TrafficRun start(Host host, TrafficSpec spec, PathSpec path) {
    UdpFloodSpec u = (UdpFloodSpec) spec;
    Simulator sim = host.sim();
    Receiver receiver = new Receiver(sim, u.parallel());
    PathSpec.refuseAckStall(path, "UDP traffic");
    PathSpec.refusePeerKernel(path, "UDP traffic");
    FrameSink far = NetPath.wrap(sim, path, receiver, host.kernel());
    host.peer().register(UdpDatagram.class, far);
    int frameLen = u.length() + Ethernet.UDP_HLEN + Ethernet.IP_HLEN + Ethernet.ETH_HLEN;
    int truesize = (int) host.soc().param("udp_truesize", UdpFlood.defaultTruesize(frameLen), 1, 1 << 20);
    List<UdpFlood> floods = new ArrayList<>();
    List<UdpSocket> sockets = new ArrayList<>();
    for (int i = 0; i < u.parallel(); i++) {
      UdpSocket socket = new UdpSocket(UdpSocket.WMEM_DEFAULT);
      UdpFlood flood = UdpFlood.on(host)
          .socket(socket).payload(new UdpDatagram(i)).length(u.length()).rateBps(u.rateBps())
          .truesize(truesize).durationNs(u.omitNs() + u.durationNs()).build();
      flood.recordSendTimes(SEND_TIME_RING);
      flood.start(host.appCore());
      floods.add(flood);
      sockets.add(socket);
    }
    receiver.floods = floods;
    receiver.floodArray = floods.toArray(new UdpFlood[0]);
    return new Run(host, u, far, receiver, floods, sockets, truesize);
  }

  /**
   * Datagrams whose send time is kept for the receiver's jitter: more than a socket buffer
   * holds (~330 at wmem_default) plus a typical path's queue; a datagram that arrives after
   * more than this many newer ones were sent leaves the jitter as it was.
   */
  static final int SEND_TIME_RING = 1 << 16;

  /**
   * The iperf3 server: datagrams and bytes per flow since the mark, and the bytes that
   * arrived inside the measured window (the rate; datagrams still queued when the sender
   * stops arrive later and count as received, not as rate).
   */
  static final class Receiver implements FrameSink {
    final Simulator sim;
    final long[] frames;
    final long[] bytes;
    final long[] windowBytes;
    /** iperf3's per-stream jitter (RFC 3550 section 6.4.1), seconds, and its last transit. */
    final double[] jitter;
    final double[] prevTransit;
    /**
     * The longest gap between consecutive datagrams of a flow, at the receiver or in their send
     * times, or the first one's transit: each |D| of the jitter is at most that when both come
     * in order, so the jitter is too (the audit's bound).
     */
    final long[] maxGapNs;
    final long[] lastArrivalNs;
    final long[] lastSendNs;
    /**
     * The first datagram whose send time ran backwards or lay after its arrival (one path, in
     * order: neither can happen), as a line for the audit; null while none did.
     */
    String misread;
    List<UdpFlood> floods;
    /** {@link #floods} as an array, for the per-frame path. */
    UdpFlood[] floodArray;
    long total;

    Receiver(Simulator sim, int flows) {
      this.sim = sim;
      this.frames = new long[flows];
      this.bytes = new long[flows];
      this.windowBytes = new long[flows];
      this.jitter = new double[flows];
      this.prevTransit = new double[flows];
      this.maxGapNs = new long[flows];
      this.lastArrivalNs = new long[flows];
      this.lastSendNs = new long[flows];
      Arrays.fill(lastArrivalNs, -1);
    }

    @Override
    public void receiveFrame(Object payload, long offset, int payloadLen, int len) {
      int f = ((UdpDatagram) payload).flow();
      frames[f]++;
      bytes[f] += payloadLen;
      total++;
      // iperf_udp_recv: transit = arrival - the sender's timestamp; J += (|D| - J) / 16
      UdpFlood flood = floodArray[f];
      if (flood.sent() - offset > SEND_TIME_RING) {
        return;
      }
      long now = sim.now();
      long sendNs = flood.sendTimeNs(offset);
      if (sendNs > now || (lastArrivalNs[f] >= 0 && sendNs < lastSendNs[f])) {
        if (misread == null) {
          misread = "datagram " + offset + " of flow " + f + " arrived at " + now
              + " ns with send time " + sendNs + " ns (the previous one's: " + lastSendNs[f]
              + " ns)";
        }
      } else {
        // the first |D| is the first transit itself (iperf3 starts from a transit of 0)
        long gap = lastArrivalNs[f] < 0 ? now - sendNs
            : Math.max(now - lastArrivalNs[f], sendNs - lastSendNs[f]);
        maxGapNs[f] = Math.max(maxGapNs[f], gap);
      }
      lastArrivalNs[f] = now;
      lastSendNs[f] = sendNs;
      double transit = (now - sendNs) / 1e9;
      double d = Math.abs(transit - prevTransit[f]);
      prevTransit[f] = transit;
      jitter[f] += (d - jitter[f]) * (1.0 / 16); // exactly / 16.0: a power of two
    }

    void mark() {
      Arrays.fill(frames, 0);
      Arrays.fill(bytes, 0);
      Arrays.fill(jitter, 0); // iperf_reset_stats: jitter restarts, transit kept
    }

    void endWindow() {
      System.arraycopy(bytes, 0, windowBytes, 0, bytes.length);
    }
  }

  private static final class Run implements TrafficRun {
    private final Host host;
    private final UdpFloodSpec spec;
    private final FrameSink far;
    private final Receiver receiver;
    private final List<UdpFlood> floods;
    private final List<UdpSocket> sockets;
    private final long[] sentAtMark;
    private final long[] bytesAtMark;
    private final long[] sentAtEnd;
    private final long[] bytesAtEnd;
    private final int truesize;

    Run(Host host, UdpFloodSpec spec, FrameSink far, Receiver receiver, List<UdpFlood> floods,
        List<UdpSocket> sockets, int truesize) {
      this.truesize = truesize;
      this.host = host;
      this.spec = spec;
      this.far = far;
      this.receiver = receiver;
      this.floods = floods;
      this.sockets = sockets;
      int n = floods.size();
      sentAtMark = new long[n];
      bytesAtMark = new long[n];
      sentAtEnd = new long[n];
      bytesAtEnd = new long[n];
    }

    @Override
    public void mark() {
      for (int i = 0; i < floods.size(); i++) {
        sentAtMark[i] = floods.get(i).sent();
        bytesAtMark[i] = floods.get(i).sentBytes();
      }
      receiver.mark();
    }

    @Override
    public void endMeasure() {
      for (int i = 0; i < floods.size(); i++) {
        sentAtEnd[i] = floods.get(i).sent();
        bytesAtEnd[i] = floods.get(i).sentBytes();
      }
      receiver.endWindow();
    }

    @Override
    public boolean drained() {
      for (UdpSocket s : sockets) {
        if (s.wmemAlloc() != 0) {
          return false;
        }
      }
      if (far instanceof NetPath p && p.inFlight() > 0) {
        return false;
      }
      return host.link().txBusyUntil() + host.link().propagationNs() < host.sim().now();
    }

    @Override
    public long drainLimitNs() {
      return 1_000_000_000L;
    }

    @Override
    public TrafficReport report(double windowSec) {
      List<String> lines = new ArrayList<>();
      lines.add("[ ID] Interval           Transfer     Bitrate         Jitter    Lost/Total"
          + " Datagrams");
      String interval = String.format(Locale.ROOT, "%6.2f-%-6.2f sec", 0.0, windowSec);
      long sumSent = 0;
      long sumTotal = 0;
      long sumSentBytes = 0;
      long sumRecv = 0;
      long sumRecvBytes = 0;
      double jitterSum = 0;
      int n = floods.size();
      List<String> receivers = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        long sent = sentAtEnd[i] - sentAtMark[i];
        // iperf3's Total: every datagram the sender sent after the omit time, the last sendto
        // that began inside the window and reached the wire after it included (as on the wire)
        long total = floods.get(i).sent() - sentAtMark[i];
        long sentBytes = bytesAtEnd[i] - bytesAtMark[i];
        long recv = receiver.frames[i];
        long recvBytes = receiver.windowBytes[i];
        String id = String.format(Locale.ROOT, "[%3d]", 5 + 2 * i);
        lines.add(line(id, interval, sentBytes, windowSec, 0, 0, total, "sender"));
        receivers.add(line(id, interval, recvBytes, windowSec, receiver.jitter[i],
            Math.max(0, total - recv), total, "receiver"));
        jitterSum += receiver.jitter[i];
        sumSent += sent;
        sumTotal += total;
        sumSentBytes += sentBytes;
        sumRecv += recv;
        sumRecvBytes += recvBytes;
      }
      lines.addAll(receivers);
      if (n > 1) {
        // iperf3's [SUM] jitter is the streams' mean
        lines.add(line("[SUM]", interval, sumSentBytes, windowSec, 0, 0, sumTotal, "sender"));
        lines.add(line("[SUM]", interval, sumRecvBytes, windowSec, jitterSum / n,
            Math.max(0, sumTotal - sumRecv), sumTotal, "receiver"));
      }
      LinkedHashMap<String, Double> m = new LinkedHashMap<>();
      m.put("udp_mbps", sumRecvBytes * 8.0 / windowSec / 1e6);
      m.put("udp_sender_mbps", sumSentBytes * 8.0 / windowSec / 1e6);
      m.put("udp_sent_pps", sumSent / windowSec);
      m.put("udp_lost_pct",
          sumTotal == 0 ? 0.0 : 100.0 * Math.max(0, sumTotal - sumRecv) / sumTotal);
      m.put("udp_jitter_ms", jitterSum / n * 1e3);
      return new TrafficReport(lines, m);
    }

    /** iperf3's UDP summary line: {@code ... Bitrate  %5.3f ms  lost/total (pct%)  role}. */
    private static String line(String id, String interval, long bytes, double sec,
        double jitterSec, long lost, long total, String role) {
      long pct = total == 0 ? 0 : Math.round(100.0 * lost / total);
      return String.format(Locale.ROOT, "%s %s  %s  %s  %5.3f ms  %d/%d (%d%%)  %s", id,
          interval, ToolFormat.iperfBytes(bytes), ToolFormat.iperfRate(bytes * 8.0 / sec),
          jitterSec * 1e3, lost, total, pct, role);
    }

    /**
     * Socket memory, checked at every audit: each socket's sk_wmem_alloc stays within
     * 0 .. sk_sndbuf + one datagram (sock_alloc_send_pskb charges only below sk_sndbuf), and,
     * since every live skb of a UDP flood is one of its datagrams, all sockets together are
     * charged exactly one truesize per live skb.
     */
    @Override
    public void addChecks(HostAudit audit) {
      audit.addCheck(() -> {
        long sum = 0;
        for (int i = 0; i < sockets.size(); i++) {
          UdpSocket s = sockets.get(i);
          long w = s.wmemAlloc();
          if (w < 0 || w >= (long) s.sndbuf() + truesize) {
            throw new InvariantViolation("udp socket " + i, "sk_wmem_alloc " + w
                + " bytes outside 0.." + ((long) s.sndbuf() + truesize - 1));
          }
          sum += w;
        }
        long live = host.skbs().live();
        if (sum != live * truesize) {
          throw new InvariantViolation("udp sockets", "sk_wmem_alloc totals " + sum
              + " bytes for " + live + " live datagrams of truesize " + truesize);
        }
        if (receiver.misread != null) {
          throw new InvariantViolation("iperf3 receiver", receiver.misread);
        }
        for (int f = 0; f < receiver.jitter.length; f++) {
          // in order, each |D| of RFC 3550's J is at most the longest gap seen: so is J
          double bound = receiver.maxGapNs[f] / 1e9;
          if (receiver.jitter[f] > bound * (1 + 1e-9) + 1e-12) {
            throw new InvariantViolation("iperf3 receiver flow " + f, String.format(
                Locale.ROOT, "jitter %.6f ms above the longest inter-arrival or inter-send gap"
                    + " %.6f ms (a datagram's send time misread)", receiver.jitter[f] * 1e3,
                bound * 1e3));
          }
        }
      });
    }

    @Override
    public List<String> violations() {
      List<String> out = new ArrayList<>();
      // After the drain socket memory is back to zero, except for datagrams still in flight: a
      // driver may leave the last skbs on its TX ring when no completion comes (the flow is
      // idle, nothing triggers a clean). Those the driver reports are allowed, and charged.
      long inFlight = inFlight();
      long total = 0;
      for (int i = 0; i < sockets.size(); i++) {
        long w = sockets.get(i).wmemAlloc();
        total += w;
        if (inFlight < 0 && w != 0) {
          out.add("udp socket " + i + ": sk_wmem_alloc is " + w
              + " bytes after the drain (skbs never freed by the driver)");
        }
      }
      if (inFlight >= 0 && total != inFlight * truesize) {
        out.add("udp sockets: sk_wmem_alloc totals " + total + " bytes after the drain, but only "
            + inFlight + " datagrams of " + truesize + " bytes are still on the rings and in the"
            + " qdiscs (skbs leaked, or freed without their destructor)");
      }
      long sent = 0;
      for (UdpFlood f : floods) {
        sent += f.sent();
      }
      if (receiver.total > sent) {
        out.add("the receiver got " + receiver.total + " datagrams of " + sent + " sent");
      }
      return out;
    }

    /** skbs the driver and the qdiscs still hold, or -1 when the driver does not say. */
    private long inFlight() {
      long held = host.driver().skbsHeld();
      if (held < 0) {
        return -1;
      }
      for (int i = 0; i < host.dev().numTxQueues(); i++) {
        held += host.dev().queue(i).qdisc().qlen() + host.dev().queue(i).qdisc().requeuedLen();
      }
      return held;
    }

    @Override
    public String comm() {
      return "iperf3";
    }
  }
}
