package io.nicsim.core.nic;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.Simulator;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class DelayLineTest {

  /**
   * Frames sent at random times with random delays (kept in order), among other events that
   * look at the line; logs what arrives and what the others see, and when.
   */
  static List<String> run(long seed, boolean continuing, Simulator sim) {
    sim.continuation(continuing);
    List<String> log = new ArrayList<>();
    long[] last = {0}; // due times never decrease on one line, as on a wire
    DelayLine[] line = new DelayLine[1];
    line[0] = new DelayLine(sim, (payload, offset, payloadLen, len) -> {
      log.add("frame " + offset + " @" + sim.now());
      if (offset % 7 == 3) {
        last[0] = Math.max(last[0], sim.now() + len);
        line[0].add(last[0], payload, offset + 1000, payloadLen, len); // the sink adds one
      }
    });
    SplittableRandom rng = new SplittableRandom(seed);
    for (int i = 0; i < 200; i++) {
      long at = rng.nextLong(1_000_000);
      int len = 64 + rng.nextInt(1400);
      long offset = i;
      sim.schedule(Event.of(() -> {
        last[0] = Math.max(last[0], sim.now() + len * 8L);
        line[0].add(last[0], "p", offset, len, len);
      }), at);
      if (rng.nextInt(3) == 0) {
        sim.schedule(Event.of(() -> log.add("look " + line[0].inFlight() + " @" + sim.now())),
            rng.nextLong(1_200_000));
      }
    }
    sim.runUntil(600_000);
    sim.runUntil(3_000_000);
    log.add("delivered " + line[0].delivered() + " at end " + sim.now());
    return log;
  }

  @Property(tries = 30)
  void framesArriveAtTheSameTimesWithOrWithoutContinuing(
      @ForAll @LongRange(min = 1, max = 1_000_000) long seed) {
    Simulator on = new Simulator(1);
    Simulator off = new Simulator(1);
    assertThat(run(seed, true, on)).isEqualTo(run(seed, false, off));
    assertThat(on.eventsDispatched() + on.continuations()).isEqualTo(off.eventsDispatched());
  }

  @Test
  void framesBackToBackAreDeliveredWithoutAnEventEach() {
    Simulator sim = new Simulator(1);
    List<Long> at = new ArrayList<>();
    DelayLine line = new DelayLine(sim, (p, o, pl, l) -> at.add(sim.now()));
    for (int i = 0; i < 10; i++) {
      line.add(1_000 + 100L * i, null, i, 0, 64);
    }
    sim.schedule(Event.of(() -> {}), 1_450);
    sim.runUntil(10_000);
    assertThat(at).containsExactly(1_000L, 1_100L, 1_200L, 1_300L, 1_400L, 1_500L, 1_600L,
        1_700L, 1_800L, 1_900L);
    assertThat(sim.eventsDispatched()).isEqualTo(3); // the first frame, the other event, 1_500
    assertThat(sim.continuations()).isEqualTo(8);
  }
}
