package io.nicsim.runs.path;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.net.Ethernet;
import io.nicsim.core.nic.FrameSink;
import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.Simulator;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class NetPathTest {

  /** Records arrival times at the far end. */
  private static final class Arrivals implements FrameSink {
    final Simulator sim;
    final List<Long> times = new ArrayList<>();

    Arrivals(Simulator sim) {
      this.sim = sim;
    }

    @Override
    public void receiveFrame(Object payload, long offset, int payloadLen, int len) {
      times.add(sim.now());
    }
  }

  private static void inject(Simulator sim, NetPath path, long at, int len) {
    sim.schedule(Event.of(() -> path.receiveFrame("x", 0, len - 42, len)), at);
  }

  @Test
  void framesQueueBehindTheBottleneckThenTakeHalfTheRtt() {
    Simulator sim = new Simulator(1);
    Arrivals far = new Arrivals(sim);
    PathSpec spec = PathSpec.parse("rtt=2ms,rate=10mbit");
    NetPath path = new NetPath(sim, spec, far);
    inject(sim, path, 0, 1514);
    inject(sim, path, 0, 1514);
    sim.runUntil(10_000_000L);
    long wire = Ethernet.wireBytes(1514) * 8L * 100; // ns at 10 Mbit/s
    assertThat(far.times).containsExactly(wire + 1_000_000L, 2 * wire + 1_000_000L);
  }

  @Test
  void aFullBufferDropsAtTheTail() {
    Simulator sim = new Simulator(1);
    Arrivals far = new Arrivals(sim);
    NetPath path = new NetPath(sim, PathSpec.parse("rate=10mbit,buffer=3pkt"), far);
    for (int i = 0; i < 10; i++) {
      inject(sim, path, 0, 1514);
    }
    sim.runUntil(100_000_000L);
    assertThat(path.dropped()).isPositive();
    assertThat(far.times).hasSize((int) (10 - path.dropped()));
    assertThat(path.delivered()).isEqualTo(far.times.size());
  }

  @Test
  void lossFollowsTheSeed() {
    long[] lost = new long[2];
    for (int run = 0; run < 2; run++) {
      Simulator sim = new Simulator(42);
      NetPath path = new NetPath(sim, PathSpec.parse("loss=0.3"), new Arrivals(sim));
      for (int i = 0; i < 1000; i++) {
        inject(sim, path, i * 1000L, 100);
      }
      sim.runUntil(10_000_000L);
      lost[run] = path.lost();
    }
    assertThat(lost[0]).isEqualTo(lost[1]).isBetween(230L, 370L);
  }
}
