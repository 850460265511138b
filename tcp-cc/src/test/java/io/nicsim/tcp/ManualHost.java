package io.nicsim.tcp;

import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.era.PatchSet;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A hand-driven {@link TcpHost} for unit tests: the test sets the clock, sees every transmitted
 * clone, completes them when it wants, and fires timers and TSQ work itself.
 */
final class ManualHost implements TcpHost {
  /** One transmitted clone as IP received it. */
  record Xmit(TcpSkb skb, int seq, int len, int pcount, int truesize, long tstampNs, long atNs) {}

  long now;
  final List<Xmit> xmits = new ArrayList<>();
  long pacingTimerExpires = -1;
  int pacingTimerStarts;
  int xmitTimerJiffies;
  boolean xmitTimerArmed;
  boolean tsqWorkQueued;
  final TsqWork tsq = new TsqWork();
  boolean ksoftirqd;
  final SplittableRandom rng = new SplittableRandom(1);
  int xmitResult;

  @Override
  public long nowNs() {
    return now;
  }

  @Override
  public int queueXmit(TcpSock sk, TcpSkb skb, int truesize) {
    xmits.add(new Xmit(skb, skb.seq, skb.len, skb.pcount, truesize, skb.skbMstampNs, now));
    return xmitResult;
  }

  @Override
  public void pacingTimerStart(TcpSock sk, long expiresNs) {
    pacingTimerExpires = expiresNs;
    pacingTimerStarts++;
  }

  @Override
  public boolean pacingTimerQueued(TcpSock sk) {
    return pacingTimerExpires >= 0;
  }

  @Override
  public void queueTsqWork(TsqWork work) {
    tsqWorkQueued = true;
  }

  @Override
  public TsqWork tsqWork() {
    return tsq;
  }

  @Override
  public boolean inKsoftirqd() {
    return ksoftirqd;
  }

  @Override
  public void xmitTimerReset(TcpSock sk, int expiresJiffies) {
    xmitTimerArmed = true;
    xmitTimerJiffies = expiresJiffies;
  }

  @Override
  public void xmitTimerClear(TcpSock sk) {
    xmitTimerArmed = false;
  }

  @Override
  public int randomU32Below(int ceil) {
    return rng.nextInt(ceil);
  }

  /** How many WARN_ONs the kernel would have printed. */
  int warnings;

  @Override
  public void warnOn(TcpSock sk) {
    warnings++;
  }

  /** Frees the i-th transmitted clone: its destructor and its fclone reference. */
  void complete(TcpSock sk, int i) {
    Xmit x = xmits.get(i);
    x.skb().clonesInHost--;
    TcpOutput.wfree(sk, x.truesize());
  }

  /** Runs queued TSQ work (as the BH workqueue would). */
  void runTsqWork() {
    if (tsqWorkQueued) {
      tsqWorkQueued = false;
      tsq.workfn();
    }
  }

  /** Fires the pacing hrtimer if it is due at the current time. */
  boolean firePacingTimer() {
    if (pacingTimerExpires >= 0 && pacingTimerExpires <= now) {
      pacingTimerExpires = -1;
      return true;
    }
    return false;
  }

  static PatchSet patches(int major, int minor) {
    return TcpPatches.CATALOG.forKernel(KernelVersion.of(major, minor));
  }

  /** A socket on this host, established, with a large peer window and the given SYN RTT. */
  TcpSock socket(CongestionOps ca, PatchSet patches, TcpSysctl sysctl, long synRttUs) {
    TcpSock sk = new TcpSock(this, sysctl, patches, ca);
    TcpSendmsg.establish(sk, 0x7fff0000, 64 << 20, synRttUs);
    return sk;
  }
}
