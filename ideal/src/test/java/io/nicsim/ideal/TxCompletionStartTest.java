package io.nicsim.ideal;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.Simulator;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Where a fixed completion delay starts: at the write-back (a NIC's timer) or at xmit (a holder
 * before the qdisc, nicsim validate's emulation). An skb queued at 0 and written back at 300 µs
 * (its time on the wire) with a 1 ms delay completes at 1.3 ms or at 1 ms.
 */
class TxCompletionStartTest {
  static final long US = 1_000;

  private static List<Long> completions(boolean fromXmit, long delayUs, long wireUs) {
    Simulator sim = new Simulator(1);
    List<Long> at = new ArrayList<>();
    TxCompletion[] c = new TxCompletion[1];
    c[0] = new TxCompletion(sim, () -> at.add(sim.now()), fromXmit);
    c[0].set(delayUs, 1);
    // two skbs queued 10 µs apart, each written back wireUs after its xmit
    for (long t : new long[] {0, 10 * US}) {
      sim.schedule(Event.of(() -> c[0].queued(sim.now())), t);
      sim.schedule(Event.of(c[0]::writtenBack), t + wireUs * US);
    }
    sim.runUntil(100_000 * US);
    assertThat(c[0].released()).isEqualTo(2);
    return at;
  }

  @Test
  void fromTheWriteBackTheDelayFollowsTheWire() {
    assertThat(completions(false, 1000, 300)).containsExactly(1300 * US, 1310 * US);
  }

  @Test
  void fromXmitTheWireDoesNotAddToIt() {
    assertThat(completions(true, 1000, 300)).containsExactly(1000 * US, 1010 * US);
  }

  @Test
  void fromXmitAnSkbStillOnTheWireCompletesAtItsWriteBack() {
    assertThat(completions(true, 100, 300)).containsExactly(300 * US, 310 * US);
  }
}
