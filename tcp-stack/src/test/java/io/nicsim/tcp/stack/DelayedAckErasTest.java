package io.nicsim.tcp.stack;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.port.exec.Out;
import io.nicsim.tcp.TcpPatches;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The delayed-ACK engine's eras, as port-check found them against the trees' C: the delay's
 * cap tcp_delack_max() = min(TCP_DELACK_MAX, TCP_RTO_MIN - 1) from "tcp: derive delack_max
 * from rto_min" (v6.7; 49 jiffies at HZ 250 where 6.1 waits 50), icsk_ack.ato an 8-bit field
 * from "tcp: cache RTAX_QUICKACK metric in a hot cache line" (v6.15, 6.12.55; 6.18.19 has it
 * without the later cap), and the RTT bound that applies only once there is an srtt.
 */
class DelayedAckErasTest {

  /** A receiver on the harness's socket (HZ 250, jiffies 1000 after boot, rto 300). */
  private static TcpReceiver receiver(String kernel, long srttUs, Out calls) {
    long[] r = new long[TcpReceiverHarnesses.FIELDS.size()];
    r[0] = 1000;
    r[5] = 1448;
    r[6] = 300;
    r[7] = srttUs;
    r[8] = 65_535;
    return TcpReceiverHarnesses.receiver(
        TcpPatches.CATALOG.select(KernelVersion.parse(kernel), List.of()), r, calls);
  }

  /** The delayed-ACK timer's delay after a PUSHED segment with ATO 200 and a 1 s srtt. */
  private static int pushedDelay(String kernel) {
    TcpReceiver rx = receiver(kernel, 8 * 1_000_000L, new Out());
    int now = rx.ackTimeout; // timeout - jiffies is 0 in the record
    rx.ato = 200;
    rx.pending = TcpReceiver.ICSK_ACK_PUSHED;
    rx.sendDelayedAck();
    return rx.ackTimeout - now;
  }

  @Test
  void theDelayedAckCapIsRtoMinLessOneFromV67() {
    assertThat(pushedDelay("6.1.192")).isEqualTo(50);
    assertThat(pushedDelay("v6.6")).isEqualTo(50);
    assertThat(pushedDelay("v6.7")).isEqualTo(49);
    assertThat(pushedDelay("6.12.118")).isEqualTo(49);
    assertThat(pushedDelay("6.18.19")).isEqualTo(49);
  }

  /** ATO after a missed delayed ACK with ATO 200 and rto 300: min(400, 300), stored. */
  private static int atoAfterMissedAck(String kernel) {
    Out calls = new Out();
    TcpReceiver rx = receiver(kernel, 8 * 40_000L, calls);
    rx.ato = 200;
    rx.pending = TcpReceiver.ICSK_ACK_SCHED | TcpReceiver.ICSK_ACK_TIMER;
    rx.delackTimerHandler();
    assertThat(calls.toString()).contains("tcp_send_ack()");
    return rx.ato;
  }

  @Test
  void anEightBitAtoKeepsTheLowBitsOfWhatItIsGiven() {
    assertThat(atoAfterMissedAck("6.1.192")).isEqualTo(300);
    assertThat(atoAfterMissedAck("6.12.54")).isEqualTo(300);
    // 300 in 8 bits; 6.12.118 has the cap at TCP_DELACK_MAX (50) first
    assertThat(atoAfterMissedAck("6.18.19")).isEqualTo(300 & 0xFF);
    assertThat(atoAfterMissedAck("6.12.118")).isEqualTo(50);
  }

  @Test
  void withoutAnSrttTheDelayIsNotBoundByIt() {
    TcpReceiver rx = receiver("6.1.192", 0, new Out());
    int now = rx.ackTimeout;
    rx.ato = 30;
    rx.pending = 0;
    rx.sendDelayedAck();
    // ato 30 > TCP_DELACK_MIN, max_ato HZ/2; no srtt: 30 jiffies (not TCP_DELACK_MIN's 10)
    assertThat(rx.ackTimeout - now).isEqualTo(30);
  }
}
