package io.nicsim.bench.perf;

import io.nicsim.core.host.Host;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How event cost grows: the flood (and the BBR upload) in several shapes — flows, TX ring
 * size, coalescing, CPU-bound vs wire-bound, simulated duration. Every shape first runs
 * briefly so that the JIT has seen all of them; then each is built afresh, ramps up for 0.1
 * simulated s untimed, and a window of 1 or 10 simulated s is timed (1 s windows in three
 * rounds over the shapes, floods before TCP, the median kept). Reported per window: frames on the wire, skbs allocated (datagrams or TCP
 * skbs offered, dropped ones included), events, events per frame, wall ns per event and per
 * frame, and the events pending at the end.
 */
public final class Scaling {
  static final long SEC = 1_000_000_000L;
  static final long RAMP_NS = 100_000_000L;

  /** One measured shape. */
  public record Case(String label, double simSeconds, long frames, long skbs, long events,
      int pending, double wallSeconds) {
    double eventsPerFrame() {
      return events / (double) frames;
    }

    double nsPerEvent() {
      return wallSeconds * 1e9 / events;
    }

    double nsPerFrame() {
      return wallSeconds * 1e9 / frames;
    }
  }

  /** A shape: the flood (soc, flows, CPU scale, ethtool -C) or, with soc null, the BBR upload. */
  private record Shape(String label, String soc, int flows, double cpuScale, String coalesce,
      int seconds) {}

  private final List<Case> cases;

  private Scaling(List<Case> cases) {
    this.cases = cases;
  }

  public List<Case> cases() {
    return cases;
  }

  public static Scaling measure(PrintWriter log) {
    String c5 = "cyclone5";
    double x = FloodWorkload.CPU_SCALE;
    List<Shape> shapes = List.of(
        new Shape("1 flow, 1 s", c5, 1, x, "", 1),
        new Shape("1 flow, 10 s", c5, 1, x, "", 10),
        new Shape("4 flows (-P 4), 1 s", c5, 4, x, "", 1),
        new Shape("16 flows (-P 16), 1 s", c5, 16, x, "", 1),
        new Shape("16 flows (-P 16), 10 s", c5, 16, x, "", 10),
        new Shape("TX ring 64, 1 s", "cyclone5-ring64", 1, x, "", 1),
        new Shape("TX ring 1024, 1 s", "cyclone5-ring1024-bench", 1, x, "", 1),
        new Shape("tx-frames 1 (IC every frame), 1 s", c5, 1, x, "tx-frames 1", 1),
        new Shape("CPU-bound (cyclone5 costs), 1 s", c5, 1, 1.0, "", 1),
        new Shape("CPU-bound (cyclone5 costs), 10 s", c5, 1, 1.0, "", 10),
        new Shape("BBR upload rk3588 +" + BbrUpload.PATCH + ", 1 s", null, 1, 1, "", 1),
        new Shape("BBR upload rk3588 +" + BbrUpload.PATCH + ", 10 s", null, 1, 1, "", 10));
    log.println("nicsim bench scaling: warm-up, every shape for 0.3 simulated s");
    log.flush();
    for (Shape s : shapes) {
      run(s, 300_000_000L);
    }
    // three rounds over the shapes (10 s windows in the last round only), so that a burst of
    // load on a shared machine spreads over all shapes instead of hitting one; median per shape
    List<List<Case>> runs = new ArrayList<>();
    for (int i = 0; i < shapes.size(); i++) {
      runs.add(new ArrayList<>());
    }
    // the flood shapes first, the TCP ones after: switching between them makes the JIT
    // recompile shared code, which the first window after a switch would pay for
    for (boolean tcp : new boolean[] {false, true}) {
      for (int round = 0; round < 3; round++) {
        run(shapes.get(tcp ? shapes.size() - 1 : 0), RAMP_NS); // untimed: back in this path
        for (int i = 0; i < shapes.size(); i++) {
          Shape s = shapes.get(i);
          if ((s.soc() == null) != tcp || (s.seconds() > 1 && round < 2)) {
            continue;
          }
          log.println("nicsim bench scaling: round " + (round + 1) + ", " + s.label());
          log.flush();
          runs.get(i).add(run(s, s.seconds() * SEC));
        }
      }
    }
    List<Case> out = new ArrayList<>();
    for (List<Case> rs : runs) {
      rs.sort((a, b) -> Double.compare(a.wallSeconds(), b.wallSeconds()));
      out.add(rs.get(rs.size() / 2));
    }
    return new Scaling(out);
  }

  private static Case run(Shape s, long windowNs) {
    Host h;
    if (s.soc() == null) {
      BbrUpload u = new BbrUpload(RAMP_NS + windowNs, 1);
      h = u.host();
    } else {
      h = new FloodWorkload(s.soc(), s.flows(), 1, s.cpuScale(), s.coalesce()).host();
    }
    h.run(RAMP_NS);
    long f0 = frames(h);
    long k0 = h.skbs().allocated();
    long e0 = h.sim().eventsDispatched();
    long t0 = System.nanoTime();
    h.run(windowNs);
    double wall = (System.nanoTime() - t0) / 1e9;
    return new Case(s.label(), windowNs / 1e9, frames(h) - f0, h.skbs().allocated() - k0,
        h.sim().eventsDispatched() - e0, h.sim().pending(), wall);
  }

  private static long frames(Host h) {
    return h.link().framesToPeer() + h.link().framesToNic();
  }

  public String text() {
    StringBuilder sb = new StringBuilder();
    sb.append("event cost on ").append(Machine.describe()).append('\n');
    sb.append(String.format(Locale.ROOT, "load average (1 min) %.2f%n%n", Machine.load()));
    sb.append("| shape | sim s | frames | skbs | events | events/frame | ns/event | ns/frame |"
        + " pending | wall s |\n|---|---|---|---|---|---|---|---|---|---|\n");
    for (Case c : cases) {
      sb.append(String.format(Locale.ROOT, "| %s | %s | %d | %d | %d | %.2f | %.1f | %.1f | %d"
              + " | %.2f |%n", c.label(), Stats.fmt(c.simSeconds()), c.frames(), c.skbs(),
          c.events(), c.eventsPerFrame(), c.nsPerEvent(), c.nsPerFrame(), c.pending(),
          c.wallSeconds()));
    }
    sb.append("\n(a timed window after 0.1 simulated s of ramp-up; frames on the wire in both"
        + " directions; skbs allocated, dropped ones included)\n");
    return sb.toString();
  }
}
