package io.nicsim.tcp.stack;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.sim.Simulator;
import io.nicsim.tcp.TcpPatches;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The receiver's ATO cap, "tcp: fix icsk_ack.ato bitfield overflow" (60837e4b840a, v7.2;
 * 6.12.105): where ATO grows it is capped at min(icsk_rto, TCP_DELACK_MAX), not icsk_rto alone.
 * HZ 250 and a 40 ms RTT give icsk_rto = 60 jiffies, TCP_DELACK_MAX = 50.
 */
class AtoCapTest {
  private static final long MS = 1_000_000L;

  private static TcpReceiver receiver(String kernel) {
    PathConfig cfg = new PathConfig(0, 0, 0, 0, 20 * MS, 20 * MS, 1448, 64 << 20, 250, 0, 0);
    return new TcpReceiver(new Simulator(1), null, (rcvNxt, w, s, e, n) -> { }, cfg,
        TcpPatches.CATALOG.select(KernelVersion.parse(kernel), List.of()));
  }

  /** tcp_delack_timer_handler: a missed delayed ACK doubles ATO 40 to min3(80, 60, 50). */
  private static int atoAfterMissedDelayedAck(String kernel) {
    TcpReceiver r = receiver(kernel);
    assertThat(r.icskRto).isEqualTo(60);
    r.ato = 40;
    r.pending = TcpReceiver.ICSK_ACK_SCHED | TcpReceiver.ICSK_ACK_TIMER;
    r.ackTimeout = 0; // due now (jiffies 0)
    r.delackTimerHandler();
    return r.ato;
  }

  @Test
  void aMissedDelayedAckInflatesAtoToAtMostDelackMax() {
    assertThat(atoAfterMissedDelayedAck("6.12.118")).isEqualTo(50);
    assertThat(atoAfterMissedDelayedAck("6.12.105")).isEqualTo(50);
    assertThat(atoAfterMissedDelayedAck("v7.2")).isEqualTo(50);
  }

  @Test
  void beforeTheFixOnlyTheRtoBoundsIt() {
    assertThat(atoAfterMissedDelayedAck("6.12.104")).isEqualTo(60);
    assertThat(atoAfterMissedDelayedAck("6.1.192")).isEqualTo(60);
    assertThat(atoAfterMissedDelayedAck("6.18.19")).isEqualTo(60);
  }

  /** tcp_event_data_recv: a 30-jiffy gap with ATO 60 gives (60 >> 1) + 30 = 60, capped at 50. */
  private static int atoAfterGap(String kernel) {
    TcpReceiver r = receiver(kernel);
    r.ato = 60;
    r.lrcvtime = -30; // jiffies is 0
    r.eventDataRecv(1448, 1448, false);
    return r.ato;
  }

  @Test
  void anArrivalGapGrowsAtoToAtMostDelackMax() {
    assertThat(atoAfterGap("6.12.118")).isEqualTo(50);
    assertThat(atoAfterGap("6.1.192")).isEqualTo(60);
  }
}
