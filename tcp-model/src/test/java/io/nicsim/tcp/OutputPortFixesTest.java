package io.nicsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.era.PatchSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * tcp_output.c ports that running them whole beside the trees' C corrected: 6.1's
 * tcp_write_xmit counts an skb's segments before the cwnd test, __tcp_retransmit_skb compares
 * skb->len with its int len unsigned, __tcp_transmit_skb takes the unsigned max of the u64
 * stamps, tcp_tsq_write passes the socket's nonagle, and only the transmitted clone of a GSO
 * skb carries PSH.
 */
class OutputPortFixesTest {

  private static PatchSet patches(String kernel) {
    return TcpPatches.CATALOG.select(KernelVersion.parse(kernel), List.of());
  }

  /** A socket record with everything at 0 but what the test sets. */
  private static long[] record() {
    long[] r = new long[TcpOutputHarnesses.SK + 4];
    r[6] = 64; // sk_gso_max_segs
    r[7] = 1; // sk_wmem_alloc
    r[9] = 1 << 20; // sk_sndbuf
    r[14] = 50; // icsk_rto
    r[20] = 1 << 30; // snd_wnd
    r[22] = 1448; // mss_cache
    r[56] = 1 << 20; // tcp_limit_output_bytes
    r[58] = 2; // tcp_min_tso_segs
    r[61] = 1280; // head truesize
    return r;
  }

  private static HarnessSocket sendHeadUncounted(String kernel) {
    long[] r = record();
    r[31] = 0; // snd_cwnd: the cwnd test stops the loop
    r[TcpOutputHarnesses.WQ] = 1;
    r[TcpOutputHarnesses.WQ + 1] = 2896; // len
    r[TcpOutputHarnesses.WQ + 2] = 0; // pcount: not yet counted
    r[TcpOutputHarnesses.WQ + 6] = 4608; // truesize
    TcpOutputHarnesses.socketInvariants(r);
    HarnessSocket h = HarnessSocket.of(patches(kernel), r);
    TcpOutput.writeXmit(h.sk, 1448, 0, 0);
    return h;
  }

  @Test
  void before610TheSegmentsAreCountedBeforeTheCwndTest() {
    assertThat(sendHeadUncounted("6.1.192").wq[0].pcount).isEqualTo(2);
    assertThat(sendHeadUncounted("6.12.118").wq[0].pcount).isZero();
  }

  @Test
  void aRetransmitLengthPastIntMaxDoesNotSplitTheSkb() {
    long[] r = record();
    r[22] = 47_471; // mss_cache: 47471 * 55818 wraps the int len negative
    r[31] = 10;
    r[TcpOutputHarnesses.RQ] = 1;
    int b = TcpOutputHarnesses.RQ + 2;
    r[b] = 1; // len
    r[b + 1] = 1; // pcount
    r[b + 6] = 578; // truesize
    TcpOutputHarnesses.socketInvariants(r);
    HarnessSocket h = HarnessSocket.of(patches("6.12.118"), r);
    int err = TcpOutput.retransmitSkbInner(h.sk, h.rq[0], 55_818);
    assertThat(err).isZero();
    assertThat(h.out.toString()).contains("queue_xmit(").doesNotContain("WARN");
  }

  @Test
  void theDepartureStampIsTheUnsignedMaxOfTheStamps() {
    long[] r = record();
    r[41] = 1L << 63; // tcp_wstamp_ns past 2^63 (a u64)
    r[40] = 5; // tcp_clock_cache
    r[31] = 10;
    r[TcpOutputHarnesses.WQ] = 1;
    r[TcpOutputHarnesses.WQ + 1] = 100;
    r[TcpOutputHarnesses.WQ + 2] = 1;
    r[TcpOutputHarnesses.WQ + 6] = 1380;
    TcpOutputHarnesses.socketInvariants(r);
    HarnessSocket h = HarnessSocket.of(patches("6.12.118"), r);
    TcpOutput.transmitSkb(h.sk, h.wq[0], true);
    assertThat(h.wq[0].skbMstampNs).isEqualTo(1L << 63);
  }

  @Test
  void theTransmittedCloneCarriesPshNotTheQueuedSkb() {
    long[] r = record();
    r[31] = 10;
    r[TcpOutputHarnesses.WQ] = 1;
    r[TcpOutputHarnesses.WQ + 1] = 2896;
    r[TcpOutputHarnesses.WQ + 2] = 2;
    r[TcpOutputHarnesses.WQ + 3] = 1448;
    r[TcpOutputHarnesses.WQ + 6] = 4608;
    TcpOutputHarnesses.socketInvariants(r);
    HarnessSocket h = HarnessSocket.of(patches("6.12.118"), r);
    TcpOutput.transmitSkb(h.sk, h.wq[0], true);
    assertThat(h.wq[0].tcpFlags & TcpSkb.TCPHDR_PSH).isZero();
  }
}
