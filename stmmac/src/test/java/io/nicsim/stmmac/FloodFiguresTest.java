package io.nicsim.stmmac;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Seed 000's experiment: {@code iperf3 -u -b 0 -l 64} for one second on Cyclone V, on v6.6
 * (timer armed on every xmit, no NAPI check), v6.7 (napi-aware arm, sliding window) and v6.7
 * with edceeba4af3d (hrtimer_active: no restart of a queued timer). The assertions are about
 * the mechanism; the figures are printed for the report and are not pinned. udp_sendmsg in the
 * cyclone5 profile was fitted to the seed's "before" (~45200 pps), never to its "after".
 */
class FloodFiguresTest {

  @Test
  void cyclone5HrtimerActiveRemovesTheRestartsAndTheirCpu() {
    Flood.Figures v66 = Flood.run("cyclone5", "v6.6", List.of());
    Flood.Figures v67 = Flood.run("cyclone5", "v6.7", List.of());
    Flood.Figures fix = Flood.run("cyclone5", "v6.7", List.of("+hrtimer-active"));

    // v6.6 arms on every skb and never cancels from the arm path
    assertThat(v66.hrtimerStartPerPkt()).isGreaterThan(0.9);
    assertThat(v66.tryToCancelPerPkt()).isZero();
    // v6.7 still restarts on (nearly) every skb while NAPI is idle
    assertThat(v67.hrtimerStartPerPkt()).isGreaterThan(0.5);
    // the patch: a queued timer is not restarted
    assertThat(fix.hrtimerStartPerPkt()).isLessThan(v67.hrtimerStartPerPkt() / 10);
    assertThat(fix.hrtimerCpuPercent()).isLessThan(v67.hrtimerCpuPercent() / 2);
    assertThat(fix.pps()).isGreaterThan(v67.pps());
    // the deadline no longer slides: completion work comes at least as often
    assertThat(fix.tiRaisedPerSec() + fix.counters().get("tx_timer_expiry"))
        .isGreaterThanOrEqualTo(1);
    assertThat(fix.counters().get("tx_timer_expiry"))
        .isGreaterThanOrEqualTo(v67.counters().get("tx_timer_expiry"));
  }

  @Test
  void agilex5ShowsTheSameMechanism() {
    Flood.Figures v67 = Flood.run("agilex5", "v6.7", List.of());
    Flood.Figures fix = Flood.run("agilex5", "v6.7", List.of("+hrtimer-active"));
    assertThat(fix.hrtimerStartPerPkt()).isLessThan(v67.hrtimerStartPerPkt());
    assertThat(fix.hrtimerCpuPercent()).isLessThan(v67.hrtimerCpuPercent());
    assertThat(fix.pps()).isGreaterThanOrEqualTo(v67.pps());
  }
}
