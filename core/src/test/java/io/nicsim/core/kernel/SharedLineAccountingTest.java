package io.nicsim.core.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nicsim.core.nic.InterruptRegister;
import io.nicsim.core.sim.Event;
import io.nicsim.core.testkit.KernelKit;
import org.junit.jupiter.api.Test;

/**
 * The rule for counting a shared line: an assertion counts once for the line however many
 * causes it carries, and once under each cause pending when its handler starts; a raise that
 * finds the line already pending on its core merges into that assertion.
 */
class SharedLineAccountingTest {
  static final int TX0 = 1;
  static final int TX1 = 2;
  static final int RX = 4;
  private final KernelKit k = KernelKit.plain();
  private final IrqLine line = new IrqLine(k.kernel, "eth0", 40, k.core(0));
  private final InterruptRegister reg = new InterruptRegister(line)
      .nameCause(TX0 | TX1, "tx").nameCause(RX, "rx");

  SharedLineAccountingTest() {
    reg.setEnable(TX0 | TX1 | RX);
    line.request(l -> {
      reg.ack(reg.pending());
      return true;
    });
  }

  private void setAt(long t, int bits) {
    k.sim.schedule(Event.of(() -> reg.set(bits)), t);
  }

  @Test
  void anAssertionCarryingTxAndRxCountsOnceForTheLineAndOnceUnderEachCause() {
    setAt(0, TX0 | RX); // one vector, both causes: one assertion
    setAt(100_000, TX0); // TX alone
    setAt(200_000, TX0 | TX1); // two TX queues' bits: one assertion, one "tx"
    setAt(300_000, RX);
    k.runUntil(1_000_000);
    assertThat(line.count()).isEqualTo(4);
    assertThat(line.causeCount("tx")).isEqualTo(3);
    assertThat(line.causeCount("rx")).isEqualTo(2);
    assertThat(line.causeCount(TX0)).isEqualTo(3);
    assertThat(line.causeCount(TX1)).isEqualTo(1);
    assertThat(line.causeCounts()).containsExactly(
        java.util.Map.entry("rx", 2L), java.util.Map.entry("tx", 3L));
    // the causes of a shared line add up to more than its assertions
    assertThat(line.causeCount("tx") + line.causeCount("rx")).isGreaterThan(line.count());
  }

  @Test
  void causesRaisedWhileTheLineIsPendingMergeIntoOneAssertion() {
    // both at the same instant: the second raise finds the line queued on core 0
    setAt(0, TX0);
    setAt(0, RX);
    k.runUntil(1_000_000);
    assertThat(line.count()).isEqualTo(1);
    assertThat(line.causeCounts()).containsEntry("tx", 1L).containsEntry("rx", 1L);
  }

  @Test
  void anUnnamedBitIsReportedByItsNumberAndCauseCountTakesOneBit() {
    setAt(0, 8);
    reg.setEnable(15);
    k.runUntil(1_000_000);
    assertThat(line.causeCounts()).containsEntry("bit3", 1L);
    assertThatThrownBy(() -> line.causeCount(TX0 | RX))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
