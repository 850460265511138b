package io.nicsim.stmmac;

import static io.nicsim.stmmac.Rig.MS;
import static io.nicsim.stmmac.Rig.US;
import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.kernel.HrTimer;
import io.nicsim.core.kernel.Napi;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The TX coalesce timer's semantics, era by era, with exact expiry times. */
class TxTimerTest {

  /**
   * Single-descriptor skbs {@code gapNs} apart; returns each xmit's timer expiry minus the
   * time the xmit began, and fills {@code starts} with those times.
   */
  private static List<Long> burst(Rig r, int count, long gapNs, List<Long> starts) {
    List<Long> expiries = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      r.at(1 * MS + i * gapNs, () -> {
        starts.add(r.host.kernel().now());
        r.xmitNow(0, false);
        expiries.add(r.txQ().hrtimer().expires());
      });
    }
    return expiries;
  }

  @Test
  void v6_7SlidesTheDeadlineToTheLastPacketPlusTxUsecs() {
    Rig r = Rig.of("cyclone5", "v6.7");
    List<Long> starts = new ArrayList<>();
    List<Long> exp = burst(r, 10, 100 * US, starts);
    r.runUntil(2 * MS);
    assertThat(exp).hasSize(10);
    for (int i = 1; i < exp.size(); i++) {
      assertThat(exp.get(i) - exp.get(i - 1))
          .as("pushed by the gap between xmits")
          .isEqualTo(starts.get(i) - starts.get(i - 1));
      assertThat(starts.get(i) - starts.get(i - 1)).isGreaterThanOrEqualTo(100 * US);
    }
    // each deadline is its own xmit's start plus the xmit's work plus tx-usecs
    assertThat(exp.get(9) - starts.get(9)).isBetween(5 * MS, 5 * MS + 20 * US);
    long deadline = exp.get(9);
    assertThat(r.counter("hrtimer_start")).isEqualTo(10);
    r.runUntil(deadline - 1);
    assertThat(r.counter("tx_timer_fire")).isZero();
    r.runUntil(deadline + 200 * US);
    assertThat(r.counter("tx_timer_fire")).isEqualTo(1);
    assertThat(r.counter("tx_clean_pkts")).isEqualTo(10);
  }

  @Test
  void hrtimerActiveFixesTheDeadlineAtTheFirstPacket() {
    Rig r = Rig.of("cyclone5", "v6.7", "+hrtimer-active");
    List<Long> starts = new ArrayList<>();
    List<Long> exp = burst(r, 10, 100 * US, starts);
    r.runUntil(2 * MS);
    assertThat(exp).containsOnly(exp.get(0));
    assertThat(r.counter("hrtimer_start")).isEqualTo(1);
    assertThat(r.counter("hrtimer_active_checks")).isEqualTo(10);
    long firstDeadline = exp.get(0);
    assertThat(firstDeadline - starts.get(0)).isBetween(5 * MS, 5 * MS + 20 * US);
    // nine gaps of 100 us, give or take the arm path's CPU cost difference between the first
    // xmit (hrtimer_start + reprogram) and the tenth (hrtimer_active only)
    assertThat(starts.get(9) + 5 * MS - firstDeadline).as("fires this much sooner")
        .isBetween(900 * US - 5 * US, 900 * US + 5 * US);
    // the same burst without the patch would fire 900 us later
    r.runUntil(firstDeadline - 1);
    assertThat(r.counter("tx_timer_fire")).isZero();
    r.runUntil(firstDeadline + 200 * US);
    assertThat(r.counter("tx_timer_fire")).isEqualTo(1);
    assertThat(r.counter("tx_clean_pkts")).isEqualTo(10);
  }

  @Test
  void theDeadlineIsTxUsecsAfterTheArm() {
    Rig r = new Rig("cyclone5", "v6.7", List.of(), "tx-usecs 300");
    long[] armedAt = new long[1];
    r.at(1 * MS, () -> {
      r.xmitNow(0, false);
      armedAt[0] = r.host.kernel().now();
    });
    r.runUntil(2 * MS);
    HrTimer t = r.txQ().hrtimer();
    // the arm is the last thing xmit does: the deadline is tx-usecs after it, give or take
    // the hrtimer's own reprogramming work
    assertThat(t.expires() - armedAt[0]).isBetween(300 * US - 2 * US, 300 * US);
  }

  @Test
  void napiScheduledMeansTryToCancelAndNeverAStart() {
    Rig r = Rig.of("cyclone5", "v6.7");
    r.xmitAt(1 * MS, 0, false);
    long[] before = new long[2];
    r.at(2 * MS, () -> {
      Napi napi = r.priv.channel(0).txNapi();
      before[0] = r.counter("hrtimer_start");
      before[1] = r.counter("hrtimer_try_to_cancel");
      // the TX NAPI is claimed (as by the TX interrupt on another CPU), then an skb comes
      assertThat(napi.schedulePrep()).isTrue();
      napi.schedule();
      r.xmitNow(0, false);
      assertThat(r.counter("hrtimer_start")).isEqualTo(before[0]);
      assertThat(r.counter("hrtimer_try_to_cancel")).isEqualTo(before[1] + 1);
      assertThat(r.txQ().hrtimer().isQueued()).as("the pending timer was cancelled").isFalse();
    });
    r.runUntil(3 * MS);
    assertThat(before[0]).isEqualTo(1);
  }

  @Test
  void v6_6StartsEvenWhileNapiIsScheduled() {
    Rig r = Rig.of("cyclone5", "v6.6");
    r.at(1 * MS, () -> {
      Napi napi = r.priv.channel(0).txNapi();
      napi.schedulePrep();
      napi.schedule();
      r.xmitNow(0, false);
      assertThat(r.counter("hrtimer_start")).isEqualTo(1);
      assertThat(r.counter("hrtimer_try_to_cancel")).isZero();
    });
    r.runUntil(2 * MS);
  }

  @Test
  void txUsecsZeroStartsNoTimerFrom6_6() {
    Rig r = new Rig("cyclone5", "v6.6", List.of(), "tx-usecs 0 tx-frames 25");
    for (int i = 0; i < 5; i++) {
      r.xmitAt(1 * MS + i * 10 * US, 0, false);
    }
    r.runUntil(20 * MS);
    assertThat(r.counter("tx_timer_arm")).isEqualTo(5);
    assertThat(r.counter("hrtimer_start")).isZero();
    assertThat(r.counter("tx_timer_fire")).isZero();
    assertThat(r.counter("tx_clean_pkts")).as("nothing completes: no IC, no timer").isZero();
  }

  @Test
  void txUsecsZeroFiresAtOnceBefore6_6() {
    Rig r = new Rig("cyclone5", "v6.5", List.of(), "tx-usecs 0 tx-frames 25");
    r.xmitAt(1 * MS, 0, false);
    r.runUntil(2 * MS);
    assertThat(r.counter("hrtimer_start")).isEqualTo(1);
    assertThat(r.counter("tx_timer_fire")).isEqualTo(1);
  }

  @Test
  void jiffiesEraRoundsTxUsecsUpToWholeTicks() {
    // v5.4 at HZ=100: 1000 us is one jiffy, 15000 us two
    for (int[] c : new int[][] {{1000, 1}, {15000, 2}, {20000, 2}, {20001, 3}}) {
      Rig r = new Rig("cyclone5", "v5.4", List.of(), "rx-usecs 100 tx-frames 25 tx-usecs " + c[0]);
      long[] jiffiesAtArm = new long[1];
      r.at(3 * MS + 123 * US, () -> {
        r.xmitNow(0, false);
        jiffiesAtArm[0] = r.host.cpu().jiffies();
      });
      r.runUntil(4 * MS);
      long expires = r.txQ().timerList().expires();
      assertThat(expires - jiffiesAtArm[0]).as("tx-usecs %d", c[0]).isEqualTo(c[1]);
      long fireTick = r.host.cpu().jiffyStart(expires);
      r.runUntil(fireTick - 1);
      assertThat(r.counter("tx_timer_fire")).isZero();
      r.runUntil(fireTick + 500 * US);
      assertThat(r.counter("tx_timer_fire")).isEqualTo(1);
    }
  }

  @Test
  void v4_19ArmsOnlyWhenNoIcIsSet() {
    Rig r = Rig.of("cyclone5", "v4.19");
    for (int i = 0; i < 30; i++) {
      r.xmitAt(1 * MS + i * 20 * US, 0, false);
    }
    r.runUntil(5 * MS);
    assertThat(r.counter("tx_ic_set")).isEqualTo(1);
    assertThat(r.counter("tx_timer_arm")).isEqualTo(29);
    assertThat(r.counter("mod_timer")).isEqualTo(29);
  }

  @Test
  void armAtEndArmsOnEveryXmitFrom5_5() {
    Rig r = Rig.of("cyclone5", "v5.5");
    for (int i = 0; i < 30; i++) {
      r.xmitAt(1 * MS + i * 20 * US, 0, false);
    }
    r.runUntil(5 * MS);
    assertThat(r.counter("tx_ic_set")).isEqualTo(1);
    assertThat(r.counter("tx_timer_arm")).isGreaterThanOrEqualTo(30);
  }

  @Test
  void theCallbackMasksTxAndSchedulesTheTxNapi() {
    Rig r = Rig.of("cyclone5", "v6.7");
    r.xmitAt(1 * MS, 0, false);
    r.runUntil(10 * MS);
    assertThat(r.counter("tx_timer_fire")).isEqualTo(1);
    assertThat(r.counter("napi_poll_tx")).isEqualTo(1);
    assertThat(r.counter("tx_clean_pkts")).isEqualTo(1);
    // the poll completed and re-enabled the TX interrupt
    assertThat(r.priv.hw().irqs.enabled(0) & DmaIrqs.TI).isNotZero();
  }
}
