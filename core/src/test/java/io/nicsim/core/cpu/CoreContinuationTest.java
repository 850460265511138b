package io.nicsim.core.cpu;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.Simulator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/**
 * A core runs its next piece of work inside the dispatch event that ran the last one when no
 * other event is due before it ({@link Simulator#continueAt}). That must change nothing but
 * the number of events: the same pieces, at the same times, on the same cores, with the same
 * accounting, as with every piece dispatched on its own.
 */
class CoreContinuationTest {
  static final CostOp WORK = CostOp.named("test_work");

  /** Two cores with tasks, hard interrupts, softirqs that restart and spill to ksoftirqd. */
  static final class Rig {
    final Simulator sim = new Simulator(1);
    final Cpu cpu;
    final SplittableRandom rng;
    final List<String> log = new ArrayList<>();
    final List<Task> tasks = new ArrayList<>();
    final HardirqSource[] irqs = new HardirqSource[2];

    Rig(long seed, boolean continuing, boolean idle, boolean jitter) {
      sim.continuation(continuing);
      rng = new SplittableRandom(seed);
      CostTable costs = new CostTable("test", Map.of("irq_entry", 300L, "softirq_entry", 200L,
          "context_switch", 900L, "try_to_wake_up", 150L, "test_work", 1L), 1.0);
      cpu = new Cpu(sim, costs, 2, 250, 50_000, null);
      if (idle) {
        cpu.setIdleState(2_000, 8_000);
      }
      if (jitter) {
        cpu.perturb(new Perturbation(seed, 20, 500));
      }
      for (int c = 0; c < 2; c++) {
        Core core = cpu.core(c);
        for (int i = 0; i < 2; i++) {
          Task t = task("t" + c + i);
          core.attach(t);
          tasks.add(t);
        }
        int id = c;
        irqs[c] = new HardirqSource() {
          @Override
          protected void handle(Core k) {
            note(k, "irq" + id);
            k.charge(WORK, 100 + rng.nextInt(2_000));
            if (rng.nextInt(3) > 0) {
              k.raiseSoftirq(Softirq.NET_RX);
            }
          }

          @Override
          public String irqName() {
            return "test" + id;
          }

          @Override
          public int irqNumber() {
            return 90 + id;
          }
        };
      }
      cpu.openSoftirq(Softirq.NET_RX, k -> {
        note(k, "net_rx");
        k.charge(WORK, 500 + rng.nextInt(30_000));
        if (rng.nextInt(5) == 0) {
          k.raiseSoftirq(Softirq.NET_RX); // re-raised: restart, at length ksoftirqd
        }
        return rng.nextInt(3) == 0; // more polls of this vector
      });
      cpu.openSoftirq(Softirq.NET_TX, k -> {
        note(k, "net_tx");
        k.charge(WORK, 200 + rng.nextInt(3_000));
        return false;
      });
    }

    private Task task(String name) {
      return new Task(name) {
        @Override
        protected boolean run(Core k) {
          note(k, name);
          k.charge(WORK, 50 + rng.nextInt(rng.nextBoolean() ? 500 : 20_000));
          int r = rng.nextInt(10);
          if (r == 0) {
            k.raiseSoftirq(Softirq.NET_TX); // local_bh_enable runs it after this step
          } else if (r == 1) {
            tasks.get(rng.nextInt(tasks.size())).wake();
          } else if (r == 2) {
            k.cpu().core(1 - k.id()).raiseHardirq(irqs[1 - k.id()]); // an IPI of sorts
          }
          return rng.nextInt(6) != 0;
        }
      };
    }

    void note(Core k, String what) {
      log.add(what + " cpu" + k.id() + " @" + sim.now() + " cursor " + k.cursor() + " "
          + k.context());
    }

    /** External stimuli: interrupts and wake-ups at random times, then runs in slices. */
    Rig run(int stimuli, long span) {
      SplittableRandom plan = new SplittableRandom(rng.nextLong());
      for (int i = 0; i < stimuli; i++) {
        long at = plan.nextLong(span);
        int kind = plan.nextInt(3);
        int c = plan.nextInt(2);
        Task t = tasks.get(plan.nextInt(tasks.size()));
        sim.schedule(Event.of(() -> {
          if (kind == 0) {
            cpu.core(c).raiseHardirq(irqs[c]);
          } else {
            t.wake();
          }
        }), at);
      }
      for (long t = span / 7; t < 2 * span; t += span / 7) {
        sim.runUntil(t);
      }
      sim.runUntil(() -> false, 3 * span);
      return this;
    }

    String accounts() {
      StringBuilder sb = new StringBuilder();
      for (int c = 0; c < 2; c++) {
        Core k = cpu.core(c);
        sb.append(c).append(':').append(k.busyNs()).append(',').append(k.cursor()).append(',')
            .append(k.hardirqCount()).append(',').append(k.softirqSessions()).append(',')
            .append(k.ksoftirqdWakeups()).append(',').append(k.contextSwitches()).append(',')
            .append(k.nsCharged(KernelOps.CPUIDLE_EXIT)).append(',')
            .append(k.nsIn(CpuContext.SOFTIRQ)).append(';');
      }
      return sb.toString();
    }
  }

  @Property(tries = 60)
  void theSamePiecesAtTheSameTimesWithOrWithoutContinuing(
      @ForAll @LongRange(min = 1, max = 1_000_000) long seed) {
    boolean idle = seed % 2 == 0;
    boolean jitter = seed % 3 == 0;
    Rig on = new Rig(seed, true, idle, jitter).run(60, 2_000_000);
    Rig off = new Rig(seed, false, idle, jitter).run(60, 2_000_000);
    assertThat(on.log).isEqualTo(off.log);
    assertThat(on.accounts()).isEqualTo(off.accounts());
    assertThat(on.sim.now()).isEqualTo(off.sim.now());
    assertThat(off.sim.continuations()).isZero();
    assertThat(on.sim.eventsDispatched() + on.sim.continuations())
        .isEqualTo(off.sim.eventsDispatched());
  }

  @Test
  void aBusyCoreRunsMostPiecesWithoutAnEventOfTheirOwn() {
    Rig on = new Rig(42, true, false, false).run(60, 2_000_000);
    Rig off = new Rig(42, false, false, false).run(60, 2_000_000);
    assertThat(on.log).isEqualTo(off.log);
    assertThat(on.log.size()).isGreaterThan(200);
    assertThat(on.sim.continuations()).isGreaterThan(on.log.size() / 3);
    assertThat(on.sim.eventsDispatched()).isLessThan(off.sim.eventsDispatched() * 3 / 4);
  }
}
