package io.nicsim.bench.perf;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How event cost grows: the flood (and the BBR upload) in several shapes — flows, TX ring
 * size, coalescing, CPU-bound vs wire-bound, simulated duration — each on a fresh host after
 * one JIT warm-up run, reporting packets, events, events per packet, wall time per event and
 * per packet, and the events pending at the end.
 */
public final class Scaling {
  /** One measured shape. */
  public record Case(String label, double simSeconds, long packets, long events, int pending,
      double wallSeconds) {
    double eventsPerPacket() {
      return events / (double) packets;
    }

    double nsPerEvent() {
      return wallSeconds * 1e9 / events;
    }

    double nsPerPacket() {
      return wallSeconds * 1e9 / packets;
    }
  }

  private final List<Case> cases;

  private Scaling(List<Case> cases) {
    this.cases = cases;
  }

  public List<Case> cases() {
    return cases;
  }

  public static Scaling measure(PrintWriter log) {
    // warm-up: the JIT sees the flood and TCP paths before anything is timed
    flood("warm-up", "cyclone5", 1, FloodWorkload.CPU_SCALE, "", 2);
    BbrUpload.upload(2, 1);
    List<Case> out = new ArrayList<>();
    String s = "cyclone5";
    double x = FloodWorkload.CPU_SCALE;
    Object[][] shapes = {
      {"1 flow, 1 s", s, 1, x, "", 1},
      {"1 flow, 10 s", s, 1, x, "", 10},
      {"4 flows (-P 4), 1 s", s, 4, x, "", 1},
      {"16 flows (-P 16), 1 s", s, 16, x, "", 1},
      {"16 flows (-P 16), 10 s", s, 16, x, "", 10},
      {"TX ring 64, 1 s", "cyclone5-ring64-bench", 1, x, "", 1},
      {"TX ring 4096, 1 s", "cyclone5-ring4096-bench", 1, x, "", 1},
      {"tx-frames 1 (IC every frame), 1 s", s, 1, x, "tx-frames 1", 1},
      {"CPU-bound (real cyclone5 costs), 1 s", s, 1, 1.0, "", 1},
      {"CPU-bound (real cyclone5 costs), 10 s", s, 1, 1.0, "", 10},
    };
    for (Object[] sh : shapes) {
      log.println("nicsim bench scaling: flood " + sh[0]);
      log.flush();
      out.add(flood((String) sh[0], (String) sh[1], (Integer) sh[2], (Double) sh[3],
          (String) sh[4], (Integer) sh[5]));
    }
    for (int secs : new int[] {1, 10}) {
      log.println("nicsim bench scaling: BBR upload " + secs + " s");
      log.flush();
      long t0 = System.nanoTime();
      BbrUpload u = new BbrUpload(secs * BbrUpload.SEC, 1);
      u.run(secs * BbrUpload.SEC);
      double wall = (System.nanoTime() - t0) / 1e9;
      out.add(new Case("BBR upload rk3588 +" + BbrUpload.PATCH + ", " + secs + " s", secs,
          u.host().link().framesToPeer() + u.host().link().framesToNic(),
          u.host().sim().eventsDispatched(), u.host().sim().pending(), wall));
    }
    return new Scaling(out);
  }

  private static Case flood(String label, String soc, int flows, double scale, String coalesce,
      int secs) {
    long t0 = System.nanoTime();
    FloodWorkload f = new FloodWorkload(soc, flows, 1, scale, coalesce);
    long pkts = f.advance(secs * BbrUpload.SEC);
    double wall = (System.nanoTime() - t0) / 1e9;
    return new Case(label, secs, pkts, f.host().sim().eventsDispatched(),
        f.host().sim().pending(), wall);
  }

  public String text() {
    StringBuilder sb = new StringBuilder();
    sb.append("event cost on ").append(Machine.describe()).append('\n');
    sb.append(String.format(Locale.ROOT, "load average (1 min) %.2f%n%n", Machine.load()));
    sb.append("| shape | sim s | packets | events | events/pkt | ns/event | ns/pkt | pending |"
        + " wall s |\n|---|---|---|---|---|---|---|---|---|\n");
    for (Case c : cases) {
      sb.append(String.format(Locale.ROOT, "| %s | %s | %d | %d | %.2f | %.1f | %.1f | %d |"
              + " %.2f |%n", c.label(), Stats.fmt(c.simSeconds()), c.packets(), c.events(),
          c.eventsPerPacket(), c.nsPerEvent(), c.nsPerPacket(), c.pending(), c.wallSeconds()));
    }
    sb.append("\n(packets: frames on the wire, both directions for TCP; wall time includes"
        + " building the host)\n");
    return sb.toString();
  }
}
