package io.nicsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The decisions of tcp_write_xmit come in the kernel's order. */
class WriteXmitOrderTest {
  private final ManualHost host = new ManualHost();
  private final TcpSysctl sysctl = new TcpSysctl();

  private TcpSock bbr() {
    TcpSock sk = host.socket(new Bbr(), ManualHost.patches(6, 17), sysctl, 23_000);
    sk.sndCwndSet(1000);
    sk.skPacingRate = 1_000_000;
    sk.skSndbuf = 64 << 20;
    sk.writeSpace = x -> { };
    return sk;
  }

  @Test
  void pacingIsCheckedBeforeTsq() {
    TcpSock sk = bbr();
    sk.dataSegsOut = 100; // past the unpaced start
    TcpSendmsg.sendmsgLocked(sk, 1 << 20);
    // one skb left and armed the pacing timer; TSQ never got to look
    assertThat(host.xmits).hasSize(1);
    assertThat(host.pacingTimerExpires).isGreaterThan(host.now);
    assertThat(sk.skTsqFlags & TcpSock.TSQF_THROTTLED).isZero();
  }

  @Test
  void cwndIsCheckedBeforeTsq() {
    TcpSock sk = bbr();
    sk.skPacingStatus = TcpSock.SK_PACING_FQ; // no internal pacing in the way
    sk.sndCwndSet(2);
    TcpSendmsg.sendmsgLocked(sk, 1 << 20);
    // cwnd 2: tcp_cwnd_test allows half a cwnd per skb, so two 1-segment skbs, then the
    // full cwnd stops the loop before TSQ looks
    assertThat(host.xmits).hasSize(2);
    assertThat(host.xmits).allSatisfy(x -> assertThat(x.pcount()).isEqualTo(1));
    assertThat(sk.skTsqFlags & TcpSock.TSQF_THROTTLED).isZero();
    assertThat(sk.isCwndLimited).isTrue();
  }

  @Test
  void tsqThrottlesOnlyAfterSkbSizingAndSplitting() {
    TcpSock sk = bbr();
    sk.skPacingStatus = TcpSock.SK_PACING_FQ;
    TcpSendmsg.sendmsgLocked(sk, 1 << 20);
    // the write queue held 64 KB skbs; TSQ saw the split 2-segment skb (its truesize)
    assertThat(host.xmits).hasSize(2);
    assertThat(host.xmits).allSatisfy(x -> assertThat(x.len()).isEqualTo(2 * 1448));
    assertThat(sk.skTsqFlags & TcpSock.TSQF_THROTTLED).isNotZero();
  }

  @Test
  void aRetransmitWhoseCloneIsStillInTheHostIsDeferred() {
    TcpSock sk = bbr();
    sk.skPacingStatus = TcpSock.SK_PACING_FQ;
    TcpSendmsg.sendmsgLocked(sk, 1 << 20);
    TcpSkb head = sk.rtxQueue.head();
    assertThat(head.fcloneBusy()).isTrue();
    sk.skTsqFlags = 0;

    assertThat(TcpOutput.retransmitSkb(sk, head, 1)).isEqualTo(-16); // -EBUSY
    assertThat(sk.skTsqFlags & TcpSock.TSQF_THROTTLED).isNotZero();
    assertThat(sk.retransOut).isZero();

    host.complete(sk, 0);
    assertThat(head.fcloneBusy()).isFalse();
    assertThat(TcpOutput.retransmitSkb(sk, head, 2)).isZero();
    assertThat(sk.retransOut).isEqualTo(2);
  }
}
