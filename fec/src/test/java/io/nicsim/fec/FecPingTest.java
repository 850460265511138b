package io.nicsim.fec;

import static io.nicsim.hostkit.MacHosts.MS;
import static io.nicsim.hostkit.MacHosts.SEC;
import static io.nicsim.fec.FecRegisters.FEC_ENET_RXF_0;
import static io.nicsim.fec.FecRegisters.FEC_ENET_TXF_0;
import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.apps.IcmpEcho;
import io.nicsim.core.apps.Ping;
import io.nicsim.core.host.Host;
import io.nicsim.hostkit.MacHosts;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Seed 004's ping on i.MX8QXP. The model's own event times give the mechanism: with rx-usecs
 * 1000 the TX coalescer, armed when the request left, fires first and its interrupt's NAPI
 * poll delivers the reply; with rx-usecs 100 the RX timer, armed when the reply arrived, does.
 */
class FecPingTest {
  private static final MacHosts HOSTS = MacHosts.classPath();
  static final long AHB = 333_333_333L;
  static final long ICTT_1000 = EnetCoalescer.ticksToNs(5208, AHB);
  static final long ICTT_100 = EnetCoalescer.ticksToNs(520, AHB);

  /** One ping run: RTTs and the event times of its last echo. */
  record Run(List<Long> rtts, long requestDone, long replyArrived, long txEvent, long rxEvent,
      long replyReceived) {
    long rtt() {
      return rtts.get(rtts.size() - 1);
    }
  }

  static Run run(String coalesce, String kernel, String... patches) {
    Host h = HOSTS.host("fec", "imx8qxp", coalesce, kernel, patches);
    Ping ping = MacHosts.ping(h, 3, MacHosts.SEC, 10 * MS);
    long[] received = new long[1];
    h.stack().register(IcmpEcho.class, (skb, core) -> {
      received[0] = skb.tstamp;
      ping.receive(skb, core);
    });
    h.run(3 * SEC + 10 * MS);
    assertThat(ping.received()).isEqualTo(3);
    FecEnet enet = ((FecDriver) h.driver()).enet();
    return new Run(ping.rtts(), enet.txCoalescer(0).windowStartNs(),
        enet.rxCoalescer(0).windowStartNs(), enet.lastRaisedNs(FEC_ENET_TXF_0),
        enet.lastRaisedNs(FEC_ENET_RXF_0), received[0]);
  }

  @Test
  void rttDifferenceIsTheIcttDifferenceMinusWhatTheTxTimerHides() {
    Run slow = run("rx-usecs 1000", null);
    Run fast = run("rx-usecs 100", null);
    assertThat(slow.rtts()).containsOnly(slow.rtt());
    assertThat(fast.rtts()).containsOnly(fast.rtt());

    // rx-usecs 1000: the TX timer (tx-usecs 1000 from the request's completion) fires first
    assertThat(slow.txEvent()).isEqualTo(slow.requestDone() + ICTT_1000);
    assertThat(slow.rxEvent()).isEqualTo(slow.replyArrived() + ICTT_1000);
    assertThat(slow.txEvent()).isLessThan(slow.rxEvent());

    // rx-usecs 100: the RX timer from the reply's arrival fires first
    assertThat(fast.rxEvent()).isEqualTo(fast.replyArrived() + ICTT_100);
    assertThat(fast.rxEvent()).isLessThan(fast.txEvent());

    // the winning event's interrupt delivers the reply: the same wake-up and RX path after it
    long wakeAndRx = slow.replyReceived() - slow.txEvent();
    assertThat(fast.replyReceived() - fast.rxEvent()).isEqualTo(wakeAndRx);

    long hidden = fast.replyArrived() - fast.requestDone(); // wire + peer + wire
    assertThat(hidden).isPositive();
    assertThat(slow.rtt() - fast.rtt()).isEqualTo(ICTT_1000 - ICTT_100 - hidden);

  }

  @Test
  void theBeforeFigureIsTheCalibrationPoint() {
    // params.cpuidle_exit_ns of imx8qxp is fitted so that this is the seed's 1.32 ms
    assertThat(run("rx-usecs 1000", null).rtt()).isEqualTo(1_320_000L);
  }

  @Test
  void theProposedPatchGivesTheSameRttAsEthtool() {
    Run patched = run(null, "v6.10", "+soc-rx-usecs");
    Run tuned = run("rx-usecs 100", "v6.10");
    assertThat(patched.rtts()).isEqualTo(tuned.rtts());
    assertThat(run(null, "v6.10").rtt()).isEqualTo(run("rx-usecs 1000", "v6.10").rtt());
  }

  @Test
  void rxUsecsZeroDisablesRxCoalescingOnlyAfterB7ad21258f9e() {
    Run off = run("rx-usecs 0", "v6.17");
    Run fast = run("rx-usecs 100", "v6.17");
    // per-frame RX interrupt: the reply no longer waits ICTT at all
    assertThat(fast.rtt() - off.rtt()).isEqualTo(ICTT_100);
    // before it, a zero left RXIC as it was: 1000 us, the TX timer still decides
    Run old = run("rx-usecs 0", "v6.16");
    assertThat(old.rtt()).isEqualTo(run("rx-usecs 1000", "v6.16").rtt());
  }

  @Test
  void beforeDf727ALinkFlapForgetsRxUsecs() {
    Host h = HOSTS.host("fec", "imx8qxp", "rx-usecs 100", "v6.0");
    FecDriver d = (FecDriver) h.driver();
    assertThat(d.regs().rxic(0) & 0xffff).isEqualTo(520);
    d.phyLink(false);
    d.phyLink(true);
    assertThat(d.regs().rxic(0) & 0xffff).isEqualTo(5208);

    Host kept = HOSTS.host("fec", "imx8qxp", "rx-usecs 100", "v6.1");
    FecDriver k = (FecDriver) kept.driver();
    k.phyLink(false);
    k.phyLink(true);
    assertThat(k.regs().rxic(0) & 0xffff).isEqualTo(520);
  }
}
