package io.nicsim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.nicsim.core.era.PatchSet;
import org.junit.jupiter.api.Test;

class TsqTest {
  private final ManualHost host = new ManualHost();
  private final TcpSysctl sysctl = new TcpSysctl();

  private TcpSock cubic(PatchSet p) {
    return host.socket(new Cubic(), p, sysctl, 23_000);
  }

  /** A socket whose rtx queue already holds {@code n} sent skbs (so no TSQ shortcut). */
  private static void fakeRtx(TcpSock sk, int n) {
    for (int i = 0; i < n; i++) {
      TcpSkb s = new TcpSkb();
      s.seq = sk.sndNxt;
      s.len = 1448;
      s.endSeq = s.seq + 1448;
      s.pcount = 1;
      sk.rtxQueue.addTail(s);
      sk.sndNxt = s.endSeq;
      sk.packetsOut++;
    }
  }

  private static TcpSkb skb(int truesize) {
    TcpSkb s = new TcpSkb();
    s.truesize = truesize;
    return s;
  }

  /** The wmem at which TSQ first throttles, found by probing smallQueueCheck. */
  private static long firstThrottledWmem(TcpSock sk, TcpSkb skb, int factor) {
    long lo = 1;
    long hi = 1L << 40;
    while (lo < hi) {
      long mid = (lo + hi) >>> 1;
      sk.skWmemAlloc = mid;
      sk.skTsqFlags = 0;
      if (TcpOutput.smallQueueCheck(sk, skb, factor)) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    return lo;
  }

  @Test
  void limitIsTwoTruesizeWhenThatExceedsOneMsOfPacing() {
    TcpSock sk = cubic(ManualHost.patches(6, 17));
    fakeRtx(sk, 3);
    sk.skPacingRate = 1_000_000; // >> 10 = 976 bytes
    TcpSkb s = skb(4176);

    assertThat(firstThrottledWmem(sk, s, 0)).isEqualTo(2 * 4176 + 1);
    assertThat(sk.skTsqFlags & TcpSock.TSQF_THROTTLED).isNotZero();
  }

  @Test
  void limitIsPacingRateShiftedWhenThatExceedsTwoTruesize() {
    TcpSock sk = cubic(ManualHost.patches(6, 17));
    fakeRtx(sk, 3);
    sk.skPacingRate = 100_000_000;
    TcpSkb s = skb(4176);

    assertThat(firstThrottledWmem(sk, s, 0)).isEqualTo((100_000_000L >> 10) + 1);

    sk.skPacingShift = 8; // a driver lowering sk_pacing_shift allows 4x more
    assertThat(firstThrottledWmem(sk, s, 0)).isEqualTo((100_000_000L >> 8) + 1);
  }

  @Test
  void retransmitsGetTwiceTheLimit() {
    TcpSock sk = cubic(ManualHost.patches(6, 17));
    fakeRtx(sk, 3);
    sk.skPacingRate = 1_000_000;
    TcpSkb s = skb(4176);

    long newData = firstThrottledWmem(sk, s, 0);
    long rtx = firstThrottledWmem(sk, s, 1);
    assertThat(rtx - 1).isEqualTo(2 * (newData - 1));
  }

  @Test
  void limitOutputBytesCapsUnpacedFlowsOnlyUntil6_16() {
    long fastRate = 8_000_000_000L; // >> 10 = 7.6 MB, above every cap
    TcpSkb s = skb(4176);

    // v6.15: CUBIC (SK_PACING_NONE) capped at 1 MB, BBR (NEEDED) uncapped
    TcpSock cubic615 = cubic(ManualHost.patches(6, 15));
    fakeRtx(cubic615, 3);
    cubic615.skPacingRate = fastRate;
    assertThat(firstThrottledWmem(cubic615, s, 0)).isEqualTo(1048576 + 1);

    TcpSock bbr615 = host.socket(new Bbr(), ManualHost.patches(6, 15), sysctl, 23_000);
    fakeRtx(bbr615, 3);
    bbr615.skPacingRate = fastRate;
    assertThat(bbr615.skPacingStatus).isEqualTo(TcpSock.SK_PACING_NEEDED);
    assertThat(firstThrottledWmem(bbr615, s, 0)).isEqualTo((fastRate >> 10) + 1);

    // v6.16: every flow capped, at 4 MB
    TcpSock bbr616 = host.socket(new Bbr(), ManualHost.patches(6, 16), sysctl, 23_000);
    fakeRtx(bbr616, 3);
    bbr616.skPacingRate = fastRate;
    assertThat(firstThrottledWmem(bbr616, s, 0)).isEqualTo(4194304 + 1);

    // before c73e5807e4f6 the 256 KB cap applied to everyone
    TcpSock bbr419 = host.socket(new Bbr(), ManualHost.patches(4, 20), sysctl, 23_000);
    fakeRtx(bbr419, 3);
    bbr419.skPacingRate = fastRate;
    assertThat(firstThrottledWmem(bbr419, s, 0)).isEqualTo(262144 + 1);
  }

  @Test
  void rtxQueueShortcutFollowsItsHistory() {
    TcpSkb s = skb(4176);

    // v6.6+: one skb in the rtx queue still lets data out
    TcpSock v66 = cubic(ManualHost.patches(6, 6));
    v66.skPacingRate = 1_000_000;
    fakeRtx(v66, 1);
    v66.skWmemAlloc = 1 << 20;
    assertThat(TcpOutput.smallQueueCheck(v66, s, 0)).isFalse();
    fakeRtx(v66, 1);
    assertThat(TcpOutput.smallQueueCheck(v66, s, 0)).isTrue();

    // v4.15..v6.5 (rb-tree rtx queue): only an empty rtx queue lets data out
    TcpSock v65 = cubic(ManualHost.patches(6, 5));
    v65.skPacingRate = 1_000_000;
    v65.skWmemAlloc = 1 << 20;
    assertThat(TcpOutput.smallQueueCheck(v65, s, 0)).isFalse();
    fakeRtx(v65, 1);
    assertThat(TcpOutput.smallQueueCheck(v65, s, 0)).isTrue();

    // the stable backport is a patch users can add by name
    PatchSet backported = ManualHost.patches(6, 1).with(TcpPatches.TSQ_RTX_SINGLE_SKB);
    TcpSock v61 = cubic(backported);
    v61.skPacingRate = 1_000_000;
    fakeRtx(v61, 1);
    v61.skWmemAlloc = 1 << 20;
    assertThat(TcpOutput.smallQueueCheck(v61, s, 0)).isFalse();
  }

  /** Sends with CUBIC at a fixed low pacing rate: 2-MSS skbs, TSQ bound by 2 x truesize. */
  private TcpSock lowRateSender() {
    TcpSock sk = cubic(ManualHost.patches(6, 17));
    sk.sndCwndSet(100);
    sk.skPacingRate = 1_000_000;
    sk.writeSpace = x -> { };
    return sk;
  }

  @Test
  void twoSkbsGoOutThenTheSocketWaitsForATxCompletion() {
    TcpSock sk = lowRateSender();
    TcpSendmsg.sendmsgLocked(sk, 1 << 20);

    assertThat(host.xmits).hasSize(2);
    assertThat(host.xmits.get(0).pcount()).isEqualTo(2);
    int truesize = host.xmits.get(0).truesize();
    assertThat(truesize).isEqualTo(896 + 2 * 1448); // 6.17: the small-head-cache head
    assertThat(sk.skWmemAlloc).isEqualTo(1 + 2L * truesize);
    assertThat(sk.skTsqFlags & TcpSock.TSQF_THROTTLED).isNotZero();

    // an ACK alone does not release TSQ: sk_wmem_alloc only falls at TX completion
    TcpOutput.pushPendingFrames(sk, 1448, 0);
    assertThat(host.xmits).hasSize(2);
  }

  @Test
  void txCompletionQueuesTsqWorkWhichSendsTheNextSkb() {
    TcpSock sk = lowRateSender();
    TcpSendmsg.sendmsgLocked(sk, 1 << 20);
    int truesize = host.xmits.get(0).truesize();

    host.complete(sk, 0);
    assertThat(host.tsqWorkQueued).isTrue();
    assertThat(sk.skTsqFlags & TcpSock.TSQF_QUEUED).isNotZero();
    assertThat(sk.skTsqFlags & TcpSock.TSQF_THROTTLED).isZero();
    // tcp_wfree keeps one reference until the work runs
    assertThat(sk.skWmemAlloc).isEqualTo(2 + (long) truesize);

    host.runTsqWork();
    assertThat(host.xmits).hasSize(3);
    assertThat(sk.skTsqFlags & TcpSock.TSQF_THROTTLED).isNotZero();
    assertThat(sk.skWmemAlloc).isEqualTo(1 + 2L * truesize);

    // a completion while already queued does not queue twice
    host.complete(sk, 1);
    host.complete(sk, 2);
    assertThat(sk.skWmemAlloc).isEqualTo(2);
    host.runTsqWork();
    assertThat(host.xmits).hasSize(5);
  }

  @Test
  void completionInKsoftirqdWithDataStillQueuedDoesNotWake() {
    TcpSock sk = lowRateSender();
    TcpSendmsg.sendmsgLocked(sk, 1 << 20);
    host.ksoftirqd = true;

    host.complete(sk, 0); // the other skb is still queued: wait for the queues to drain
    assertThat(host.tsqWorkQueued).isFalse();
    assertThat(sk.skTsqFlags & TcpSock.TSQF_THROTTLED).isNotZero();

    host.complete(sk, 1); // now nothing is left below TCP
    assertThat(host.tsqWorkQueued).isTrue();
  }

  @Test
  void tsqDeferredWhileTheApplicationOwnsTheSocket() {
    TcpSock sk = lowRateSender();
    TcpSendmsg.sendmsgLocked(sk, 1 << 20);
    sk.ownedByUser = true;

    host.complete(sk, 0);
    host.runTsqWork();
    assertThat(host.xmits).hasSize(2);
    assertThat(sk.skTsqFlags & TcpSock.TCPF_TSQ_DEFERRED).isNotZero();

    sk.ownedByUser = false;
    TcpOutput.releaseCb(sk);
    assertThat(host.xmits).hasSize(3);
  }
}
