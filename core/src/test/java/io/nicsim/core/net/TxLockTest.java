package io.nicsim.core.net;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.cpu.CostOp;
import io.nicsim.core.cpu.CostTable;
import io.nicsim.core.cpu.Cpu;
import io.nicsim.core.cpu.Perturbation;
import io.nicsim.core.cpu.Task;
import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.Simulator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The _xmit_lock: a CPU that reaches it while another CPU's earlier piece still holds it (by
 * that CPU's cursor) spins until the release, in every run, perturbed or not.
 */
class TxLockTest {
  static final CostOp WORK = CostOp.named("test_work");

  /** Core 0 holds the lock from 1 us to 11 us of its piece; core 1 takes it at 5 us. */
  static List<Long> run(boolean perturbed) {
    Simulator sim = new Simulator(1);
    CostTable costs = new CostTable("test", Map.of("irq_entry", 0L, "softirq_entry", 0L,
        "context_switch", 0L, "try_to_wake_up", 0L, "test_work", 1L), 1.0);
    Cpu cpu = new Cpu(sim, costs, 2, 250, 50_000, null);
    if (perturbed) {
      cpu.perturb(new Perturbation(1, 0, 0));
    }
    TxLock lock = new TxLock(cpu);
    List<Long> took = new ArrayList<>();
    Task holder = new Task("holder") {
      @Override
      protected boolean run(io.nicsim.core.cpu.Core k) {
        k.charge(WORK, 1_000);
        lock.lock(k);
        k.charge(WORK, 10_000);
        lock.unlock(k);
        return false;
      }
    };
    Task taker = new Task("taker") {
      @Override
      protected boolean run(io.nicsim.core.cpu.Core k) {
        k.charge(WORK, 4_000);
        lock.lock(k);
        took.add(k.cursor());
        lock.unlock(k);
        return false;
      }
    };
    cpu.core(0).attach(holder);
    cpu.core(1).attach(taker);
    sim.schedule(Event.of(holder::wake), 0);
    sim.schedule(Event.of(taker::wake), 1_000);
    sim.runUntil(1_000_000);
    took.add(lock.spinCount());
    return took;
  }

  @Test
  void perturbedASecondCpuSpinsUntilTheHolderLetsGo() {
    assertThat(run(true)).containsExactly(11_000L, 1L);
  }

  @Test
  void unperturbedTheSecondCpuSpinsAlike() {
    assertThat(run(false)).containsExactly(11_000L, 1L);
  }
}
