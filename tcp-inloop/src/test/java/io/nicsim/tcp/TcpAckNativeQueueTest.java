package io.nicsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.port.exec.NativeOut;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * tcp_ack's C output applied to a live socket ({@code TcpAckNative.SockState}): the C's
 * retransmit queue lands on the same skb objects (others below TCP hold them), ACKed skbs leave
 * both lists, a trimmed head stays the same object, an skb SACK tagging split off is new and
 * follows its parent, the sent list takes the C's order and the hints find their skbs.
 */
class TcpAckNativeQueueTest {

  private static TcpSkb skb(TcpSock sk, int seq, int endSeq) {
    TcpSkb s = new TcpSkb();
    s.seq = seq;
    s.endSeq = endSeq;
    s.len = endSeq - seq;
    s.pcount = (endSeq - seq) / 1000;
    s.tcpGsoSize = 1000;
    sk.rtxQueue.addTail(s);
    sk.tsortedSentQueue.moveTail(s);
    return s;
  }

  private static String row(int seq, int endSeq, int sacked) {
    return "skb.seq=" + seq + " skb.end_seq=" + endSeq + " skb.len=" + (endSeq - seq)
        + " skb.truesize=0 skb.pcount=" + (endSeq - seq) / 1000 + " skb.gso_size=1000"
        + " skb.sacked=" + sacked + " skb.tcp_flags=16 skb.mstamp=0 skb.tx.first_tx_mstamp=0"
        + " skb.tx.delivered_mstamp=0 skb.tx.delivered=0 skb.tx.is_app_limited=0 ";
  }

  private static List<TcpSkb> queue(TcpSock sk) {
    List<TcpSkb> out = new ArrayList<>();
    for (TcpSkb s = sk.rtxQueue.head(); s != null; s = s.next()) {
      out.add(s);
    }
    return out;
  }

  private static List<TcpSkb> sent(TcpSock sk) {
    List<TcpSkb> out = new ArrayList<>();
    for (TcpSkb s = sk.tsortedSentQueue.head(); s != null; s = s.tsNext) {
      out.add(s);
    }
    return out;
  }

  @Test
  void theCsQueueEditsLandOnTheLiveSkbs() {
    TcpSock sk = new TcpSock(null, new TcpSysctl(),
        TcpPatches.CATALOG.forKernel(KernelVersion.parse("v6.12.118")), null);
    TcpSkb a = skb(sk, 1000, 4000);
    TcpSkb b = skb(sk, 4000, 7000);
    TcpSkb c = skb(sk, 7000, 10000);
    // the C: a ACKed, b's head trimmed to 5000, c split at 8000 with its tail SACKed and sent
    // list b, d, c
    String out = "highest_sack=8000 retransmit_skb_hint=-1 " + row(5000, 7000, 0)
        + row(7000, 8000, 0) + row(8000, 10000, 1) + "rtx_queue=3 sent=5000 sent=8000 sent=7000";
    new TcpAckNative.SockState().apply(sk, NativeOut.parse(out), null, new long[0]);

    List<TcpSkb> q = queue(sk);
    assertThat(q).hasSize(3);
    assertThat(q.get(0)).isSameAs(b);
    assertThat(b.seq).isEqualTo(5000);
    assertThat(b.pcount).isEqualTo(2);
    assertThat(q.get(1)).isSameAs(c);
    assertThat(c.endSeq).isEqualTo(8000);
    TcpSkb d = q.get(2);
    assertThat(d).isNotIn(a, b, c);
    assertThat(d.seq).isEqualTo(8000);
    assertThat(d.sacked).isEqualTo(TcpSkb.TCPCB_SACKED_ACKED);
    assertThat(sent(sk)).containsExactly(b, d, c);
    assertThat(a.next()).isNull();
    assertThat(a.onTsorted).isFalse();
    assertThat(sk.highestSack).isSameAs(d);
    assertThat(sk.retransmitSkbHint).isNull();
  }
}
