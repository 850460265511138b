package io.nicsim.stmmac;

import static io.nicsim.stmmac.Rig.MS;
import static io.nicsim.stmmac.Rig.US;
import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.net.NetdevTx;
import io.nicsim.core.nic.DescRing;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The ring-bound argument of the reply in seed 003, both ways: without the frame counter a
 * batch larger than the ring fills it with no IC descriptor and only the coalesce timer
 * restarts the queue; with it the IC distance is bounded, though not by tx-frames exactly,
 * and a "full" ring is not dma_tx_size descriptors.
 */
class RingBoundTest {
  /** Descriptors in use when stmmac_xmit stops the queue: size - 1 - (MAX_SKB_FRAGS + 1). */
  static int usedAtStop(int ringSize) {
    return ringSize - 1 - (StmmacTx.MAX_SKB_FRAGS + 1);
  }

  /** What one batch left behind: skbs the driver took, and the ring just after. */
  record Batch(int sent, List<Integer> icEntries, long lastXmitNs, long timerExpires) {
    /** Largest descriptor distance from the ring start to an IC, or between two ICs. */
    int maxIcDistance() {
      int max = 0;
      int prev = -1;
      for (int e : icEntries) {
        max = Math.max(max, e - prev);
        prev = e;
      }
      return max;
    }
  }

  /**
   * dev_hard_start_xmit over a list of {@code n} skbs at 1 ms: xmit_more on all but the last,
   * and the rest of the list requeued once the driver stops the queue.
   */
  static Batch[] batchAt1ms(Rig r, int n, int nfrags) {
    Batch[] out = new Batch[1];
    r.at(1 * MS, () -> {
      int sent = 0;
      long last = 0;
      for (int i = 0; i < n; i++) {
        last = r.host.kernel().now();
        int rc = r.xmitNow(nfrags, i < n - 1);
        if (rc != NetdevTx.NETDEV_TX_OK) {
          break;
        }
        sent++;
        if (r.host.dev().queue(0).stopped() && i < n - 1) {
          break;
        }
      }
      DescRing ring = r.txQ().ring;
      List<Integer> ic = new ArrayList<>();
      for (int e = 0; e < ring.cur; e++) {
        if (ring.has(e, DescRing.IC)) {
          ic.add(e);
        }
      }
      out[0] = new Batch(sent, ic, last, r.txQ().hrtimer().expires());
    });
    return out;
  }

  @Test
  void withoutTheCounterABatchLargerThanTheRingRaisesNoCompletionAndWaitsForTheTimer() {
    Rig r = Rig.of("cyclone5", "v6.18", "+ic-burst-end-only");
    Batch[] b = batchAt1ms(r, 600, 0);
    r.runUntil(1 * MS + 1);
    int used = usedAtStop(512);
    assertThat(used).isEqualTo(493);
    assertThat(b[0].sent()).as("the queue stops with the tail still in the qdisc").isEqualTo(used);
    assertThat(b[0].icEntries()).as("every queued skb had xmit_more").isEmpty();
    assertThat(r.host.dev().queue(0).stopped()).isTrue();

    // the hardware drains the whole ring (~0.35 ms at 1 Gbit/s) without a TX interrupt
    long deadline = b[0].timerExpires();
    assertThat(deadline - b[0].lastXmitNs()).isBetween(5 * MS, 5 * MS + 20 * US);
    r.runUntil(deadline - 1);
    assertThat(r.sink.frames()).as("all on the wire").isEqualTo(used);
    assertThat(r.counter("hw_ti_raised")).isZero();
    assertThat(r.counter("tx_irq")).isZero();
    assertThat(r.counter("tx_clean_pkts")).isZero();
    assertThat(r.host.dev().queue(0).stopped()).as("stalled until the timer").isTrue();

    // only the coalesce timer restarts the queue
    r.runUntil(deadline + 300 * US);
    assertThat(r.counter("tx_timer_fire")).isEqualTo(1);
    assertThat(r.counter("tx_clean_pkts")).isEqualTo(used);
    assertThat(r.host.dev().queue(0).stopped()).isFalse();
  }

  @Test
  void withTheCounterAFullRingHoldsFloorOf493Over25CompletionPointsAndWakesEarly() {
    Rig r = Rig.of("cyclone5", "v6.18", "+burst-end-ic");
    Batch[] b = batchAt1ms(r, 600, 0);
    r.runUntil(1 * MS + 1);
    int used = usedAtStop(512);
    assertThat(b[0].sent()).isEqualTo(used);
    // the reply counts dma_tx_size / tx_coal_frames = 20; the queue stops at 493 used
    assertThat(b[0].icEntries()).hasSize(used / 25).hasSize(19);
    assertThat(b[0].maxIcDistance()).isEqualTo(25);
    assertThat(r.host.dev().queue(0).stopped()).isTrue();

    r.runUntil(1 * MS + 1 * MS);
    assertThat(r.counter("hw_ti_raised")).isPositive();
    assertThat(r.counter("tx_clean_pkts")).as("cleaned without the timer").isPositive();
    assertThat(r.host.dev().queue(0).stopped()).as("woken long before the 5 ms timer").isFalse();
    assertThat(b[0].timerExpires()).isGreaterThan(r.host.kernel().now() + 3 * MS);
  }

  @Test
  void theMinimumRingHoldsOneCompletionPointNotTwo() {
    Rig r = Rig.of("cyclone5-ring64", "v6.18", "+burst-end-ic");
    assertThat(r.txQ().ring.size()).isEqualTo(64);
    Batch[] b = batchAt1ms(r, 100, 0);
    r.runUntil(1 * MS + 1);
    assertThat(b[0].sent()).isEqualTo(usedAtStop(64)).isEqualTo(45);
    // the reply: "even the minimum 64-descriptor ring still holds two"
    assertThat(b[0].icEntries()).containsExactly(24);
    r.runUntil(1 * MS + 1 * MS);
    assertThat(r.counter("hw_ti_raised")).isPositive();
    assertThat(r.host.dev().queue(0).stopped()).isFalse();
    assertThat(r.counter("tx_clean_pkts")).as("the 20 after the IC wait for the timer")
        .isLessThan(45);
  }

  @Test
  void theDistanceBoundIsTxFramesMinusOnePlusTheSkbsDescriptors() {
    // 3-descriptor skbs: the count runs 3, 6, .. 24, 27; 27 % 25 = 2 < 3 sets IC at 27
    Rig r = Rig.of("cyclone5", "v6.18", "+burst-end-ic");
    Batch[] b = batchAt1ms(r, 300, 2);
    r.runUntil(1 * MS + 1);
    assertThat(b[0].maxIcDistance()).isEqualTo(27).isEqualTo(25 - 1 + 3);
    assertThat(b[0].icEntries()).allSatisfy(e -> assertThat((e + 1) % 27).isZero());
  }

  @Test
  void oneSkbWithMoreDescriptorsThanTxFramesGetsItsOwnIc() {
    Rig r = new Rig("cyclone5", "v6.18", List.of("+burst-end-ic"), "tx-frames 4");
    Batch[] b = batchAt1ms(r, 3, 5);
    r.runUntil(1 * MS + 1);
    assertThat(b[0].sent()).isEqualTo(3);
    // tx_packets 6 > 4 on every skb
    assertThat(b[0].icEntries()).containsExactly(5, 11, 17);
  }

  @Test
  void txFramesZeroKeepsTheUnboundedTimerOnlyModeEvenWithTheBurstEndPatch() {
    Rig r = new Rig("cyclone5", "v6.18", List.of("+burst-end-ic"), "tx-frames 0");
    Batch[] b = batchAt1ms(r, 600, 0);
    r.runUntil(1 * MS + 1);
    assertThat(b[0].sent()).isEqualTo(493);
    assertThat(b[0].icEntries()).isEmpty();
    r.runUntil(b[0].timerExpires() - 1);
    assertThat(r.counter("hw_ti_raised")).isZero();
    assertThat(r.host.dev().queue(0).stopped()).isTrue();
  }

  @Test
  void aShortBatchGetsItsTailIcFromTheBurstEndClauseButNotWithoutIt() {
    Rig with = Rig.of("cyclone5", "v6.18", "+burst-end-ic");
    Rig without = Rig.of("cyclone5", "v6.18");
    Batch[] bw = batchAt1ms(with, 7, 0);
    Batch[] bo = batchAt1ms(without, 7, 0);
    with.runUntil(2 * MS);
    without.runUntil(2 * MS);
    assertThat(bw[0].icEntries()).containsExactly(6);
    assertThat(bo[0].icEntries()).isEmpty();
    assertThat(with.counter("tx_clean_pkts")).isEqualTo(7);
    assertThat(without.counter("tx_clean_pkts")).as("held for the timer").isZero();
  }
}
