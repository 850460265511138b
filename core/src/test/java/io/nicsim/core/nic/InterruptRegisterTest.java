package io.nicsim.core.nic;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.kernel.IrqLine;
import io.nicsim.core.sim.Event;
import io.nicsim.core.testkit.KernelKit;
import org.junit.jupiter.api.Test;

class InterruptRegisterTest {
  private final KernelKit k = KernelKit.plain();

  @Test
  void aMaskedCauseFiresWhenUnmaskedAndAnUnackedCauseFiresAgain() {
    IrqLine line = new IrqLine(k.kernel, "eth0", 40, k.core(0));
    InterruptRegister reg = new InterruptRegister(line);
    int[] handled = {0};
    line.request(l -> {
      handled[0]++;
      if (handled[0] >= 2) {
        reg.ack(reg.status()); // the second time the handler acknowledges
      }
      return true;
    });
    k.sim.schedule(Event.of(() -> reg.set(1)), 0);
    k.runUntil(10_000);
    assertThat(handled[0]).as("masked: nothing").isZero();
    k.sim.schedule(Event.of(() -> reg.setEnable(1)), 20_000);
    k.runUntil(100_000);
    assertThat(handled[0]).as("level-triggered until acknowledged").isEqualTo(2);
    assertThat(line.count()).isEqualTo(2);
  }

  @Test
  void aLineDisabledWithDisableIrqReplaysOnEnable() {
    IrqLine line = new IrqLine(k.kernel, "eth0", 41, k.core(1));
    int[] handled = {0};
    line.request(l -> ++handled[0] > 0);
    line.disable();
    k.sim.schedule(Event.of(line::raise), 0);
    k.runUntil(10_000);
    assertThat(handled[0]).isZero();
    k.sim.schedule(Event.of(line::enable), 20_000);
    k.runUntil(100_000);
    assertThat(handled[0]).isEqualTo(1);
  }
}
