package io.nicsim.core.nic;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.kernel.IrqLine;
import io.nicsim.core.sim.Event;
import io.nicsim.core.testkit.KernelKit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The throttle's rule: a minimum interval between assertions, per-cause bypass, level re-raise. */
class InterruptThrottleTest {
  static final long US = 1_000;
  static final int TX = 1;
  static final int RX = 2;
  private final KernelKit k = KernelKit.plain();
  private final IrqLine line = new IrqLine(k.kernel, "eth0", 40, k.core(0));
  private final InterruptRegister reg = new InterruptRegister(line).nameCause(TX, "tx")
      .nameCause(RX, "rx");
  private final InterruptThrottle itr = new InterruptThrottle(k.kernel);
  /** The throttle's record of each assertion, read in the handler. */
  private final List<Long> assertedAt = new ArrayList<>();
  private final List<Integer> seen = new ArrayList<>();

  InterruptThrottleTest() {
    reg.throttle(itr);
    reg.setEnable(TX | RX);
    line.request(l -> {
      assertedAt.add(itr.lastAssertNs());
      int p = reg.pending();
      seen.add(p);
      reg.ack(p);
      return p != 0;
    });
  }

  private void setAt(long t, int bits) {
    k.sim.schedule(Event.of(() -> reg.set(bits)), t);
  }

  @Test
  void causesEvery10usAssertAtMostOncePer100us() {
    itr.setIntervalNs(100 * US);
    for (long t = 0; t < 1_000 * US; t += 10 * US) {
      setAt(t, RX);
    }
    k.runUntil(999 * US);
    // assertions at 0, 100, ..., 900 us: the cause set at 990 us waits for 1000 us
    assertThat(line.count()).isEqualTo(10);
    for (int i = 1; i < assertedAt.size(); i++) {
      assertThat(assertedAt.get(i) - assertedAt.get(i - 1)).isEqualTo(100 * US);
    }
    k.runUntil(1_200 * US);
    assertThat(line.count()).isEqualTo(11);
    assertThat(itr.heldCount()).isEqualTo(10);
  }

  @Test
  void aCauseAcknowledgedWhileHeldAssertsNothingAtTheIntervalsEnd() {
    itr.setIntervalNs(100 * US);
    setAt(0, RX);
    setAt(10 * US, RX);
    k.sim.schedule(Event.of(() -> reg.ack(RX)), 50 * US); // e.g. a NAPI poll cleaned it
    k.runUntil(500 * US);
    assertThat(line.count()).isEqualTo(1);
  }

  @Test
  void aCauseOutsideTheThrottledMaskAssertsAtOnceAndRestartsTheInterval() {
    itr.setIntervalNs(100 * US);
    itr.setThrottledCauses(RX);
    setAt(0, RX);
    setAt(10 * US, RX); // held until 100 us ...
    setAt(30 * US, TX); // ... but TX is not throttled: asserts now, carrying RX with it
    setAt(40 * US, RX); // held: the interval restarted at 30 us
    k.runUntil(500 * US);
    assertThat(assertedAt).containsExactly(0L, 30 * US, 130 * US);
    assertThat(seen).containsExactly(RX, TX | RX, RX);
    assertThat(line.causeCounts()).containsEntry("tx", 1L).containsEntry("rx", 3L);
  }

  @Test
  void intervalZeroIsOffAndTurningItOffReleasesAHeldCause() {
    for (long t = 0; t < 100 * US; t += 10 * US) {
      setAt(t, RX);
    }
    k.runUntil(200 * US);
    assertThat(line.count()).isEqualTo(10);
    itr.setIntervalNs(1_000 * US); // from the last assertion (90 us) on
    setAt(300 * US, RX);
    k.runUntil(400 * US);
    assertThat(line.count()).as("held until 1090 us").isEqualTo(10);
    k.sim.schedule(Event.of(() -> itr.setIntervalNs(0)), 450 * US);
    k.runUntil(500 * US);
    assertThat(line.count()).isEqualTo(11);
    assertThat(assertedAt.get(10)).isEqualTo(450 * US);
  }

  @Test
  void reprogrammingTheIntervalAppliesFromTheLastAssertionWithoutRestartingIt() {
    itr.setIntervalNs(1_000 * US);
    setAt(0, RX);
    setAt(10 * US, RX); // held until 1000 us ...
    k.sim.schedule(Event.of(() -> itr.setIntervalNs(100 * US)), 50 * US);
    k.runUntil(2_000 * US);
    assertThat(assertedAt).containsExactly(0L, 100 * US); // ... now until 0 + 100 us
  }

  @Test
  void theLevelReRaiseAfterAHandlerThatLeftACauseWaitsForTheInterval() {
    IrqLine l2 = new IrqLine(k.kernel, "eth1", 41, k.core(1));
    InterruptRegister r2 = new InterruptRegister(l2);
    InterruptThrottle t2 = new InterruptThrottle(k.kernel);
    r2.throttle(t2);
    t2.setIntervalNs(50 * US);
    r2.setEnable(RX);
    List<Long> at = new ArrayList<>();
    l2.request(l -> {
      at.add(t2.lastAssertNs());
      if (at.size() == 2) {
        r2.ack(RX); // the second handler acknowledges
      }
      return true;
    });
    k.sim.schedule(Event.of(() -> r2.set(RX)), 0);
    k.runUntil(500 * US);
    assertThat(at).containsExactly(0L, 50 * US);
  }

  @Test
  void aLineWithoutAThrottleIsUnchanged() {
    IrqLine l2 = new IrqLine(k.kernel, "eth1", 41, k.core(1));
    InterruptRegister r2 = new InterruptRegister(l2);
    r2.setEnable(RX);
    int[] n = {0};
    l2.request(l -> {
      n[0]++;
      r2.ack(RX);
      return true;
    });
    for (long t = 0; t < 100 * US; t += 10 * US) {
      k.sim.schedule(Event.of(() -> r2.set(RX)), t);
    }
    k.runUntil(200 * US);
    assertThat(n[0]).isEqualTo(10);
  }
}
