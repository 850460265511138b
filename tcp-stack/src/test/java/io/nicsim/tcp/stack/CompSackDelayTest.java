package io.nicsim.tcp.stack;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.era.KernelVersion;
import io.nicsim.tcp.TcpPatches;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * __tcp_ack_snd_check's SACK-compression delay: rtt * (NSEC_PER_USEC >> 3) / 20 (5 % of the
 * RTT, rtt being srtt_us or the receive RTT estimate, both shifted by 3) before
 * "tcp: add net.ipv4.tcp_comp_sack_rtt_percent" (eab39089417d, in the 6.18.19 tree), then
 * (rtt + rtt / 4) * 33; at most tcp_comp_sack_delay_ns (1 ms) in both.
 */
class CompSackDelayTest {

  /** The delay the compressed-ACK hrtimer is started with, for srtt_us {@code srtt}. */
  private static long delay(String kernel, long srtt) {
    long[] started = {-1};
    TcpReceiver.Env env = new TcpReceiver.Env() {
      @Override public int jiffies() {
        return 0;
      }

      @Override public void delackTimerReset(int expires) {}

      @Override public void delackTimerCancel() {}

      @Override public boolean compressedAckTimerQueued() {
        return false;
      }

      @Override public void compressedAckTimerStart(long delayNs) {
        started[0] = delayNs;
      }

      @Override public void compressedAckTimerCancel() {}
    };
    TcpReceiver rx = new TcpReceiver(null, env, (n, w, s, e, k) -> { },
        TcpPatches.CATALOG.select(KernelVersion.parse(kernel), List.of()), 250, 1448,
        3_145_728, 0, srtt, 60);
    rx.rcvMss = 1448;
    rx.dataQueue(2896, 1448, 1448, false); // out of order: a hole at 0
    rx.quick = 0;
    rx.compressedAckRcvNxt = rx.rcvNxt;
    rx.dupAckCounter = 3; // past DupThresh: compress
    rx.ackSndCheck(1);
    return started[0];
  }

  @Test
  void fivePercentOfTheShiftedRttWithoutRoundingItFirst() {
    // 15 * 125 / 20 = 93 ns (not (15 >> 3) * 1000 / 20 = 50)
    assertThat(delay("6.12.118", 15)).isEqualTo(93);
    assertThat(delay("6.1.192", 8 * 1000)).isEqualTo(50_000);
    assertThat(delay("6.18.9", 8 * 1000)).isEqualTo(50_000);
    assertThat(delay("6.12.118", 8 * 200_000)).isEqualTo(1_000_000);
  }

  @Test
  void aThirdOfTheRttOnceThePercentageIsASysctl() {
    // (8000 + 2000) * 33 = 330 us for a 1 ms RTT
    assertThat(delay("6.18.19", 8 * 1000)).isEqualTo(330_000);
    assertThat(delay("6.18.10", 15)).isEqualTo((15 + 3) * 33);
    assertThat(delay("v6.19", 8 * 23_000)).isEqualTo(1_000_000);
  }
}
