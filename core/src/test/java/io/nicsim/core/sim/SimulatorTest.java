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

  /** An event that does pieces of work at the given times, continuing in place when allowed. */
  private static final class Worker extends Event {
    final Simulator sim;
    final long[] at;
    final List<String> log;
    int next;

    Worker(Simulator sim, List<String> log, long... at) {
      this.sim = sim;
      this.log = log;
      this.at = at;
    }

    @Override
    protected void fire() {
      log.add("w" + next + "@" + sim.now());
      next++;
      while (next < at.length) {
        if (!sim.continueAt(this, at[next])) {
          sim.schedule(this, at[next]);
          return;
        }
        log.add("w" + next + "@" + sim.now() + " in place");
        next++;
      }
    }
  }

  @Test
  void workContinuesInPlaceOnlyWhenNothingElseIsDueUpToItsTime() {
    Simulator sim = new Simulator(1);
    List<String> log = new ArrayList<>();
    Worker w = new Worker(sim, log, 10, 20, 30, 40, 50);
    sim.schedule(w, 10);
    sim.schedule(record(log, sim, "x"), 30); // due at the worker's third time: x runs first
    sim.schedule(record(log, sim, "y"), 45);
    long events = sim.eventsDispatched();
    sim.runUntil(100);
    assertThat(log).containsExactly("w0@10", "w1@20 in place", "x@30", "w2@30", "w3@40 in place",
        "y@45", "w4@50");
    assertThat(sim.continuations()).isEqualTo(2);
    assertThat(sim.eventsDispatched() - events).isEqualTo(5);
  }

  @Test
  void workDoesNotContinuePastTheRunsEndNorUnderAConditionNorWhenOff() {
    Simulator sim = new Simulator(1);
    List<String> log = new ArrayList<>();
    Worker w = new Worker(sim, log, 10, 20, 30, 40);
    sim.schedule(w, 10);
    sim.runUntil(25);
    assertThat(log).containsExactly("w0@10", "w1@20 in place");
    assertThat(sim.now()).isEqualTo(25);
    sim.runUntil(() -> log.size() == 3, 100); // checked after every event: no continuing
    assertThat(log).containsExactly("w0@10", "w1@20 in place", "w2@30");
    assertThat(sim.now()).isEqualTo(30);
    sim.continuation(false);
    sim.runUntil(100);
    assertThat(log).endsWith("w3@40");
    assertThat(sim.continuations()).isEqualTo(1);
    // and never for an event that is not the one firing
    assertThat(sim.continueAt(w, 100)).isFalse();
  }

  @Property
  void continuingInPlaceChangesNothingButTheEventCount(
      @ForAll @Size(min = 1, max = 12) List<@IntRange(min = 0, max = 30) Integer> gaps,
      @ForAll @Size(max = 30) List<@IntRange(min = 0, max = 200) Integer> others) {
    List<String> on = new ArrayList<>();
    List<String> off = new ArrayList<>();
    Simulator a = workload(gaps, others, on, true);
    Simulator b = workload(gaps, others, off, false);
    assertThat(on.stream().map(l -> l.replace(" in place", "")).toList()).isEqualTo(off);
    assertThat(a.eventsDispatched() + a.continuations()).isEqualTo(b.eventsDispatched());
    assertThat(a.now()).isEqualTo(b.now());
  }

  private static Simulator workload(List<Integer> gaps, List<Integer> others, List<String> log,
      boolean continuing) {
    Simulator sim = new Simulator(3);
    sim.continuation(continuing);
    long[] at = new long[gaps.size()];
    long t = 5;
    for (int i = 0; i < at.length; i++) {
      t += gaps.get(i);
      at[i] = t;
    }
    sim.schedule(new Worker(sim, log, at), at[0]);
    for (int i = 0; i < others.size(); i++) {
      sim.schedule(record(log, sim, "o" + i), others.get(i));
    }
    sim.runUntil(150);
    sim.runUntil(1_000);
    return sim;
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

  private static Event nestable(List<String> log, Simulator sim, String name) {
    return new Event() {
      @Override
      protected void fire() {
        log.add(name + "@" + sim.now() + (sim.catchingUp() ? " inside" : ""));
      }

      @Override
      public boolean nestable() {
        return true;
      }
    };
  }

  @Test
  void catchUpFiresNestableEventsDueBeforeTheCursorInOrderAndStopsAtTheFirstOtherOne() {
    Simulator sim = new Simulator(1);
    List<String> log = new ArrayList<>();
    Event self = new Event() {
      boolean once;

      @Override
      protected void fire() {
        log.add("self@" + sim.now());
        if (once) {
          return;
        }
        once = true;
        sim.catchUp(this, 100);
        log.add("self continues, clock " + sim.now());
        assertThat(sim.continueAt(this, 120)).isFalse(); // it left the queue
        sim.schedule(this, 120); // and comes back like any event
      }
    };
    sim.schedule(self, 0);
    sim.schedule(nestable(log, sim, "b"), 30);
    sim.schedule(nestable(log, sim, "c"), 60);
    sim.schedule(record(log, sim, "d"), 70);
    sim.schedule(nestable(log, sim, "e"), 80);
    sim.schedule(nestable(log, sim, "f"), 150);
    sim.runUntil(110);
    assertThat(log).containsExactly("self@0", "b@30 inside", "c@60 inside",
        "self continues, clock 60", "d@70", "e@80");
    assertThat(sim.catchingUp()).isFalse();
    sim.runUntil(200);
    assertThat(log).endsWith("self@120", "f@150");
  }
}
