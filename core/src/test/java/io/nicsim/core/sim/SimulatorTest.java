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

class SimulatorTest {

  private static Event record(List<String> log, Simulator sim, String name) {
    return Event.of(() -> log.add(name + "@" + sim.now()));
  }

  @Test
  void equalTimestampsRunInSchedulingOrder() {
    Simulator sim = new Simulator(1);
    List<String> log = new ArrayList<>();
    sim.schedule(record(log, sim, "a"), 10);
    sim.schedule(record(log, sim, "b"), 5);
    sim.schedule(record(log, sim, "c"), 10);
    sim.schedule(record(log, sim, "d"), 10);
    sim.runUntil(100);
    assertThat(log).containsExactly("b@5", "a@10", "c@10", "d@10");
    assertThat(sim.now()).isEqualTo(100);
  }

  @Test
  void reschedulingMovesAnEventAndCancelRemovesIt() {
    Simulator sim = new Simulator(1);
    List<String> log = new ArrayList<>();
    Event a = record(log, sim, "a");
    Event b = record(log, sim, "b");
    sim.schedule(a, 10);
    sim.schedule(b, 20);
    sim.schedule(a, 30);
    assertThat(sim.cancel(b)).isTrue();
    assertThat(sim.cancel(b)).isFalse();
    sim.runUntil(100);
    assertThat(log).containsExactly("a@30");
  }

  @Test
  void runUntilAConditionStopsAtTheEventThatMetIt() {
    Simulator sim = new Simulator(1);
    int[] n = {0};
    Event tick = new Event() {
      @Override
      protected void fire() {
        n[0]++;
        sim.scheduleIn(this, 7);
      }
    };
    sim.schedule(tick, 0);
    assertThat(sim.runUntil(() -> n[0] == 5, 1_000)).isTrue();
    assertThat(sim.now()).isEqualTo(28);
    assertThat(sim.runUntil(() -> false, 50)).isFalse();
    assertThat(sim.now()).isEqualTo(50);
  }

  @Test
  void schedulingInThePastOrWithANegativeDelayIsRefused() {
    Simulator sim = new Simulator(1);
    sim.runUntil(100);
    Event e = Event.of(() -> {});
    assertThatThrownBy(() -> sim.schedule(e, 99))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("before now");
    assertThatThrownBy(() -> sim.scheduleIn(e, -1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("negative delay");
  }

  @Test
  void theSameSeedGivesTheSameRandomSequence() {
    assertThat(new Simulator(42).random().nextLong())
        .isEqualTo(new Simulator(42).random().nextLong())
        .isNotEqualTo(new Simulator(43).random().nextLong());
  }

  @Property
  void eventsRunInTimeThenSchedulingOrder(
      @ForAll @Size(min = 1, max = 200) List<@IntRange(min = 0, max = 50) Integer> times,
      @ForAll @Size(max = 50) List<@IntRange(min = 0, max = 199) Integer> cancels) {
    Simulator sim = new Simulator(7);
    List<long[]> fired = new ArrayList<>();
    List<Event> events = new ArrayList<>();
    for (int i = 0; i < times.size(); i++) {
      final int idx = i;
      Event e = Event.of(() -> fired.add(new long[] {sim.now(), idx}));
      events.add(e);
      sim.schedule(e, times.get(i));
    }
    java.util.Set<Integer> cancelled = new java.util.HashSet<>();
    for (int c : cancels) {
      if (c < events.size()) {
        sim.cancel(events.get(c));
        cancelled.add(c);
      }
    }
    sim.runUntil(1_000);
    assertThat(fired).hasSize(times.size() - cancelled.size());
    for (int i = 1; i < fired.size(); i++) {
      long[] p = fired.get(i - 1);
      long[] q = fired.get(i);
      assertThat(p[0] < q[0] || (p[0] == q[0] && p[1] < q[1])).isTrue();
    }
  }
}
