package io.nicsim.runs;

import io.nicsim.core.apps.EchoPeer;
import io.nicsim.core.apps.IcmpEcho;
import io.nicsim.core.apps.Ping;
import io.nicsim.core.cpu.CostOp;
import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.host.Host;
import io.nicsim.formats.text.ToolFormat;
import io.nicsim.runs.path.NetPath;
import io.nicsim.runs.path.PathSpec;
import io.nicsim.runs.traffic.PingSpec;
import io.nicsim.runs.traffic.TrafficSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * {@code ping}: core's Ping on the application core and an EchoPeer behind the path that
 * answers after the path's way back plus its own turn-around ({@code peer=} in --path).
 */
public final class PingRunner implements TrafficRunner {
  static final String PEER = "10.0.0.2";

  @Override
  public String kind() {
    return "ping";
  }

  @Override
  public List<CostOp> costs() {
    return List.of(KernelOps.PING_SENDMSG,
        KernelOps.ICMP_RCV);
  }

  @Override
  public boolean accepts(TrafficSpec spec) {
    return spec instanceof PingSpec;
  }

  @Override
  public TrafficRun start(Host host, TrafficSpec spec, PathSpec path) {
    PingSpec p = (PingSpec) spec;
    PathSpec route = path == null ? PathSpec.direct() : path;
    EchoPeer echo = new EchoPeer(host.sim(), host.link(), route.peerNs() + route.oneWayNs());
    PathSpec.refuseAckStall(route, "ping");
    PathSpec.refusePeerKernel(route, "ping");
    host.peer().register(IcmpEcho.class, NetPath.wrap(host.sim(), route, echo, host.kernel()));
    Ping ping = Ping.on(host).count(p.count()).intervalNs(p.intervalNs()).size(p.size())
        .wait(ReceiveSocket.waitFor(host, p.sock(), "ping")).build();
    host.stack().register(IcmpEcho.class, ping);
    ping.start(host.appCore());
    return new Run(host, p, ping, route);
  }

  private static final class Run implements TrafficRun {
    private final Host host;
    private final PingSpec spec;
    private final Ping ping;
    private final PathSpec path;

    Run(Host host, PingSpec spec, Ping ping, PathSpec path) {
      this.host = host;
      this.spec = spec;
      this.ping = ping;
      this.path = path;
    }

    @Override
    public void mark() {}

    @Override
    public void endMeasure() {}

    @Override
    public boolean drained() {
      return ping.transmitted() == spec.count() && ping.received() == ping.transmitted();
    }

    @Override
    public long drainLimitNs() {
      return 2_000_000_000L + path.rttNs();
    }

    @Override
    public TrafficReport report(double windowSec) {
      List<String> lines = new ArrayList<>();
      lines.add("PING " + PEER + " (" + PEER + ") " + spec.size() + "(" + (spec.size() + 28)
          + ") bytes of data.");
      List<Long> rtts = ping.rtts();
      if (spec.count() <= 100) {
        // ping prints a line per reply, under its request's icmp_seq (a lost one has none)
        for (int seq = 0; seq < ping.transmitted(); seq++) {
          if (ping.answered(seq)) {
            lines.add((spec.size() + 8) + " bytes from " + PEER + ": icmp_seq=" + (seq + 1)
                + " ttl=64 time=" + ToolFormat.pingTime(ping.rttNs(seq)) + " ms");
          }
        }
      }
      lines.add("");
      lines.add("--- " + PEER + " ping statistics ---");
      int tx = ping.transmitted();
      int rx = ping.received();
      long timeMs = (long) (tx - 1) * spec.intervalNs() / 1_000_000L;
      lines.add(tx + " packets transmitted, " + rx + " received, "
          + ToolFormat.pingLossPct(tx, rx) + "% packet loss, time " + timeMs + "ms");
      List<String> notes = new ArrayList<>();
      long missed = rxMissed();
      if (missed > 0) {
        // ping reports the loss; nicsim says where the replies went
        notes.add("(nicsim: " + missed + " echo " + (missed == 1 ? "reply" : "replies")
            + " dropped by the NIC, its RX ring full: rx_missed)");
      }
      if (ping.enobufs() > 0 || ping.hardErrors() > 0) {
        // ping says nothing of a request it resent; nicsim says where the flood went
        notes.add("(nicsim: sendto() failed with ENOBUFS " + ping.enobufs() + " times, the"
            + " qdisc full; ping sent each request again after "
            + ToolFormat.pingTime(ping.noresIntervalNs()) + " ms, as iputils does"
            + (ping.hardErrors() > 0 ? "; " + ping.hardErrors() + " counted as sent after"
                + " failing for 10 s" : "") + ")");
      }
      double[] s = ping.summaryNs();
      LinkedHashMap<String, Double> m = new LinkedHashMap<>();
      if (rx > 0) {
        lines.add("rtt min/avg/max/mdev = " + ToolFormat.pingSummary(rtts) + " ms");
        m.put("ping_rtt_ms", s[1] / 1e6);
        m.put("ping_rtt_min_ms", s[0] / 1e6);
        m.put("ping_rtt_max_ms", s[2] / 1e6);
        m.put("ping_rtt_mdev_ms", s[3] / 1e6);
        m.put("ping_rtt_p50_ms", percentile(rtts, 50) / 1e6);
        m.put("ping_rtt_p99_ms", percentile(rtts, 99) / 1e6);
      }
      lines.addAll(notes);
      m.put("ping_loss_pct", tx == 0 ? 0.0 : 100.0 * (tx - rx) / tx);
      if (ping.enobufs() > 0) {
        m.put("ping_enobufs", (double) ping.enobufs());
      }
      return new TrafficReport(lines, m);
    }

    /** The nearest-rank percentile of the replies' RTTs, ns. */
    static double percentile(List<Long> rtts, int pct) {
      long[] v = new long[rtts.size()];
      for (int i = 0; i < v.length; i++) {
        v[i] = rtts.get(i);
      }
      Arrays.sort(v);
      int rank = (int) Math.ceil(pct / 100.0 * v.length);
      return v[Math.max(0, rank - 1)];
    }

    @Override
    public List<String> violations() {
      List<String> out = new ArrayList<>();
      // a request still queued on the host (a TX queue the driver never completes, e.g.
      // tx-usecs 0 with a frame counter that never fills: BQL keeps the queue stopped) is a
      // stall the model shows, not a lost reply
      // and a request sendto() never sent (the qdisc full for the whole linger time) is
      // counted transmitted by ping as iputils does, and lost on the host, not on the path;
      // so is a reply the NIC dropped for want of an RX descriptor (the ring full while the
      // CPU was busy), as it would be on the board (rx_missed)
      long missing = ping.transmitted() - ping.received() - ping.hardErrors() - rxMissed();
      long queued = queuedRequests();
      if (path.loss() == 0 && missing > queued) {
        out.add("ping: " + (missing - queued) + " echo replies never arrived on a lossless path"
            + (queued > 0 ? " (" + queued + " requests still queued on the host)" : ""));
      }
      return out;
    }

    /** Frames the NIC dropped with its RX ring full (a driver without the counter: 0). */
    private long rxMissed() {
      return host.driver().counters().getOrDefault("rx_missed", 0L);
    }

    /** Requests the driver and the qdiscs still hold (every live TX skb is one), or 0. */
    private long queuedRequests() {
      long held = host.driver().skbsHeld();
      if (held < 0) {
        return 0;
      }
      for (int i = 0; i < host.dev().numTxQueues(); i++) {
        held += host.dev().queue(i).qdisc().qlen() + host.dev().queue(i).qdisc().requeuedLen();
      }
      return held;
    }

    @Override
    public String comm() {
      return "ping";
    }
  }
}
