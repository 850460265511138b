package io.nicsim.core.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class LaneTest {

  /**
   * A lane that works through its gaps: at each firing it logs, may schedule or cancel the other
   * lane (a DMA engine adding a frame to the wire), and goes on to its next time in place when it
   * may, else reschedules itself.
   */
  private static final class Worker extends Lane {
    final Simulator sim;
    final String name;
    final List<String> log;
    final List<Integer> gaps;
    Worker other;
    int i;

    Worker(Simulator sim, String name, List<String> log, List<Integer> gaps) {
      super(sim);
      this.sim = sim;
      this.name = name;
      this.log = log;
      this.gaps = gaps;
    }

    @Override
    protected void fire() {
      while (true) {
        log.add(name + "@" + sim.now() + (sim.catchingUp() ? " inside" : ""));
        if (i >= gaps.size()) {
          return;
        }
        int g = gaps.get(i++);
        if (g % 5 == 0 && !other.pending()) {
          other.schedule(sim.now() + g % 7);
        } else if (g % 11 == 0) {
          log.add(name + " cancels " + other.name + ": " + other.cancel());
        }
        long next = sim.now() + g;
        if (!continueAt(next)) {
          schedule(next);
          return;
        }
      }
    }

    @Override
    public boolean nestable() {
      return true;
    }
  }

  private static Simulator run(List<Integer> gapsA, List<Integer> gapsB, List<Integer> others,
      boolean paired, boolean continuing, List<String> log) {
    Simulator sim = new Simulator(5);
    sim.continuation(continuing);
    Worker a = new Worker(sim, "a", log, gapsA);
    Worker b = new Worker(sim, "b", log, gapsB);
    a.other = b;
    b.other = a;
    if (paired) {
      Lane.pair(a, b);
    }
    a.schedule(3);
    for (int k = 0; k < others.size(); k++) {
      int v = others.get(k);
      String n = "o" + k;
      Event e;
      switch (v % 4) {
        case 0 -> e = Event.of(() -> log.add(n + "@" + sim.now()));
        case 1 -> e = Event.of(() -> {
          log.add(n + "@" + sim.now() + " moves a");
          a.schedule(sim.now() + v % 13);
        });
        case 2 -> e = Event.of(() -> log.add(n + "@" + sim.now() + " cancels b: " + b.cancel()));
        default -> e = new Event() {
          @Override
          protected void fire() {
            log.add(n + "@" + sim.now() + " catches up");
            sim.catchUp(this, sim.now() + v % 17);
            log.add(n + " back at " + sim.now());
          }
        };
      }
      sim.schedule(e, v);
    }
    sim.runUntil(120);
    sim.runUntil(() -> log.size() > 400, 400);
    sim.runUntil(2_000);
    return sim;
  }

  @Property
  void pairedLanesFireAsTwoEventsWould(
      @ForAll @Size(max = 40) List<@IntRange(min = 0, max = 40) Integer> gapsA,
      @ForAll @Size(max = 40) List<@IntRange(min = 0, max = 40) Integer> gapsB,
      @ForAll @Size(max = 30) List<@IntRange(min = 0, max = 300) Integer> others) {
    List<String> alone = new ArrayList<>();
    List<String> paired = new ArrayList<>();
    List<String> noContinuation = new ArrayList<>();
    Simulator s1 = run(gapsA, gapsB, others, false, true, alone);
    Simulator s2 = run(gapsA, gapsB, others, true, true, paired);
    Simulator s3 = run(gapsA, gapsB, others, true, false, noContinuation);
    assertThat(paired).isEqualTo(alone);
    assertThat(noContinuation).isEqualTo(alone);
    assertThat(s2.now()).isEqualTo(s1.now());
    assertThat(s2.pending()).isLessThanOrEqualTo(s1.pending());
    assertThat(s3.now()).isEqualTo(s1.now());
  }

  @Test
  void twoAlternatingLanesTakeOneEventBetweenThem() {
    Simulator sim = new Simulator(1);
    List<String> log = new ArrayList<>();
    List<Integer> gaps = new ArrayList<>();
    for (int k = 0; k < 10; k++) {
      gaps.add(10);
    }
    Worker a = new Worker(sim, "a", log, gaps);
    Worker b = new Worker(sim, "b", log, new ArrayList<>(gaps));
    a.other = b;
    b.other = a;
    Lane.pair(a, b);
    a.schedule(0);
    b.schedule(4);
    sim.runUntil(1_000);
    assertThat(log).startsWith("a@0", "b@4", "a@10", "b@14", "a@20");
    assertThat(sim.eventsDispatched()).isEqualTo(1);
    assertThat(sim.pending()).isZero();
  }

  @Test
  void pairingNeedsTwoIdleUnpairedLanesOfOneSimulator() {
    Simulator sim = new Simulator(1);
    List<String> log = new ArrayList<>();
    Worker a = new Worker(sim, "a", log, List.of());
    Worker b = new Worker(sim, "b", log, List.of());
    Worker c = new Worker(new Simulator(1), "c", log, List.of());
    assertThatThrownBy(() -> Lane.pair(a, a)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Lane.pair(a, c)).isInstanceOf(IllegalArgumentException.class);
    a.schedule(5);
    assertThatThrownBy(() -> Lane.pair(a, b)).isInstanceOf(IllegalArgumentException.class);
    assertThat(a.cancel()).isTrue();
    sim.runUntil(10);
    Lane.pair(a, b);
    assertThat(a.paired()).isTrue();
    assertThatThrownBy(() -> Lane.pair(a, c)).isInstanceOf(IllegalArgumentException.class);
  }
}
