package io.nicsim.core.cpu;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.Simulator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link Cpu#preemptionPoint(String)}: a core in the middle of a long piece of work lets the other cores'
 * hard interrupts and nestable softirq steps that are due before its cursor run first, when
 * timing is perturbed; never a task, and never without perturbation.
 */
class CatchUpTest {
  static final CostOp WORK = CostOp.named("test_work");

  /** Core 0 runs one 100 us task step that catches up at 80 us; core 1 gets work at 30 us. */
  static final class Rig {
    final Simulator sim = new Simulator(1);
    final Cpu cpu;
    final List<String> log = new ArrayList<>();
    /** What core 0 saw after catching up: the work core 1 had done by then. */
    final List<String> seen = new ArrayList<>();
    boolean netTxNestable;

    Rig(boolean perturbed) {
      CostTable costs = new CostTable("test", Map.of("irq_entry", 1_000L, "softirq_entry",
          1_000L, "context_switch", 900L, "try_to_wake_up", 150L, "test_work", 1L), 1.0);
      cpu = new Cpu(sim, costs, 2, 250, 50_000, null);
      if (perturbed) {
        cpu.perturb(new Perturbation(1, 0, 0)); // no jitter, no skew: only the catch-up
      }
      Task long0 = new Task("long0") {
        @Override
        protected boolean run(Core k) {
          k.charge(WORK, 80_000);
          k.cpu().preemptionPoint("test");
          seen.addAll(log);
          log.add("long0 continues @" + k.cursor() + " now " + sim.now());
          k.charge(WORK, 20_000);
          return false;
        }
      };
      cpu.core(0).attach(long0);
      cpu.openSoftirq(Softirq.NET_TX, new SoftirqHandler() {
        @Override
        public boolean step(Core k) {
          log.add("net_tx cpu" + k.id() + " @" + sim.now());
          k.charge(WORK, 5_000);
          return false;
        }

        @Override
        public boolean mayRunInsideCatchUp(Core core) {
          return netTxNestable;
        }
      });
      sim.schedule(Event.of(long0::wake), 0);
    }

    HardirqSource irq(String name, boolean raiseNetTx) {
      return new HardirqSource() {
        @Override
        protected void handle(Core k) {
          log.add(name + " cpu" + k.id() + " @" + sim.now()
              + (sim.catchingUp() ? " inside" : ""));
          k.charge(WORK, 2_000);
          if (raiseNetTx) {
            k.raiseSoftirq(Softirq.NET_TX);
          }
        }

        @Override
        public String irqName() {
          return name;
        }

        @Override
        public int irqNumber() {
          return 99;
        }
      };
    }

    Rig interruptCore1At(long at, HardirqSource src) {
      sim.schedule(Event.of(() -> cpu.core(1).raiseHardirq(src)), at);
      return this;
    }

    Rig run() {
      sim.runUntil(1_000_000);
      return this;
    }
  }

  /** An event that may run inside a catch-up and raises core 1's interrupt. */
  private static Event nestableRaise(Rig r, HardirqSource src) {
    return new Event() {
      @Override
      protected void fire() {
        r.cpu.core(1).raiseHardirq(src);
      }

      @Override
      public boolean nestable() {
        return true;
      }
    };
  }

  @Test
  void unperturbedTheOtherCoresInterruptAndNestableSoftirqRunFirstAlike() {
    // the catch-up is the kernel's order, not a perturbation: every run has it
    Rig r = new Rig(false);
    r.netTxNestable = true;
    r.sim.schedule(nestableRaise(r, r.irq("irq1", true)), 30_000);
    r.run();
    assertThat(r.seen).containsExactly("irq1 cpu1 @30000 inside", "net_tx cpu1 @33000");
    assertThat(r.log).endsWith("long0 continues @80000 now 33000");
    assertThat(r.cpu.core(0).cursor()).isEqualTo(100_000);
  }

  @Test
  void perturbedTheOtherCoresInterruptAndNestableSoftirqRunFirst() {
    Rig r = new Rig(true);
    r.netTxNestable = true;
    r.sim.schedule(nestableRaise(r, r.irq("irq1", true)), 30_000);
    r.run();
    // the interrupt at 30 us, then its NET_TX at its cursor (30 us + 1 us entry + 2 us work)
    assertThat(r.seen).containsExactly("irq1 cpu1 @30000 inside", "net_tx cpu1 @33000");
    assertThat(r.log).endsWith("long0 continues @80000 now 33000");
    // core 0 still ends its piece at 100 us: its own timing is untouched
    assertThat(r.cpu.core(0).cursor()).isEqualTo(100_000);
  }

  @Test
  void aStepThatMayNotRunInsideStopsTheCatchUpThere() {
    Rig r = new Rig(true);
    r.netTxNestable = false; // e.g. a tasklet that takes the socket lock core 0 holds
    r.sim.schedule(nestableRaise(r, r.irq("irq1", true)), 30_000);
    r.sim.schedule(nestableRaise(r, r.irq("late", false)), 50_000);
    r.run();
    // the interrupt ran inside; its NET_TX (33 us) may not, so the 50 us event waits too
    assertThat(r.seen).containsExactly("irq1 cpu1 @30000 inside");
    assertThat(r.log).containsSubsequence("long0 continues @80000 now 30000",
        "net_tx cpu1 @33000", "late cpu1 @50000");
  }

  @Test
  void anEventThatIsNotNestableIsNotRunInsideNorAnythingAfterIt() {
    Rig r = new Rig(true);
    r.interruptCore1At(30_000, r.irq("plain", false)); // Event.of: not nestable
    r.sim.schedule(nestableRaise(r, r.irq("irq1", false)), 40_000);
    r.run();
    assertThat(r.seen).isEmpty();
    assertThat(r.log).containsExactly("long0 continues @80000 now 0", "plain cpu1 @30000",
        "irq1 cpu1 @40000");
  }

  @Test
  void eventsDueAfterTheCursorWait() {
    Rig r = new Rig(true);
    r.sim.schedule(nestableRaise(r, r.irq("irq1", false)), 90_000);
    r.run();
    assertThat(r.seen).isEmpty();
    assertThat(r.log).containsExactly("long0 continues @80000 now 0", "irq1 cpu1 @90000");
  }

  /** An event that may run inside a catch-up and raises core 0's interrupt. */
  private static Event nestableRaiseOn0(Rig r, HardirqSource src) {
    return new Event() {
      @Override
      protected void fire() {
        r.cpu.core(0).raiseHardirq(src);
      }

      @Override
      public boolean nestable() {
        return true;
      }
    };
  }

  @Test
  void anInterruptThatReachedTheBusyCoreMeanwhilePreemptsItAtThePoint() {
    Rig r = new Rig(true);
    r.netTxNestable = false;
    r.sim.schedule(nestableRaiseOn0(r, r.irq("irq0", true)), 30_000);
    r.run();
    // taken inside core 0's piece at the preemption point (80 us), not after it
    assertThat(r.seen).containsExactly("irq0 cpu0 @30000");
    // the interrupt's entry (1 us) and work (2 us) delay the rest of the piece: it ends at 103
    // us, then the NET_TX it raised (1 us entry, 5 us work) ends at 109 us
    assertThat(r.cpu.core(0).cursor()).isEqualTo(109_000);
    assertThat(r.cpu.core(0).hardirqCount()).isEqualTo(1);
    // its 3 us count as hardirq time, not as the interrupted task's
    assertThat(r.cpu.core(0).nsIn(CpuContext.HARDIRQ)).isEqualTo(3_000);
    assertThat(r.cpu.core(0).nsIn(CpuContext.TASK)).isEqualTo(100_000);
    // the NET_TX it raised from inside the task's piece runs after that piece, not inside it
    assertThat(r.log).containsSubsequence("irq0 cpu0 @30000", "long0 continues @83000 now 30000",
        "net_tx cpu0 @103000");
  }
}
