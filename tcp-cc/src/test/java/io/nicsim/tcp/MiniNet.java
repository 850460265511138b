package io.nicsim.tcp;

import io.nicsim.core.era.PatchSet;
import java.util.ArrayDeque;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

/**
 * A test-only network around one TCP sender, independent of core's engine: a NIC serialising
 * segments at line rate with a configurable TX-completion delay, a bottleneck with a packet
 * buffer, fixed one-way delays and a receiver that ACKs every second full segment (with SACK
 * blocks for out-of-order data). Enough to drive the ported sender through whole connections.
 */
final class MiniNet implements TcpHost {
  /** Wire bytes per segment beyond payload: headers 66, FCS 4, preamble 8, IFG 12. */
  static final int WIRE_OVERHEAD = 90;

  private record Ev(long at, long seq, Runnable run) {}

  private final PriorityQueue<Ev> events = new PriorityQueue<>(
      (a, b) -> a.at != b.at ? Long.compare(a.at, b.at) : Long.compare(a.seq, b.seq));
  private long seqNo;
  long now;

  final TcpSock sk;
  final SplittableRandom rng;
  final TsqWork tsq = new TsqWork();

  // NIC
  final long lineRateBps;
  long nicBusyUntil;
  /** 0: free a clone as soon as its last segment left; else free at multiples of this. */
  final long completionPeriodNs;
  private final ArrayDeque<Object[]> pendingFree = new ArrayDeque<>();
  private boolean completionTimerArmed;

  // path
  final long bottleneckBps;
  final int bufferPackets;
  final long oneWayNs;
  long bottleneckBusyUntil;
  int queued;
  long drops;

  // receiver
  int rcvNxt;
  int unacked;
  final ArrayDeque<int[]> ooo = new ArrayDeque<>();
  long delackAt = -1;
  long delivered;

  /** Called after every ACK the sender processed. */
  Runnable afterAck;

  private long pacingExpires = -1;
  private long xmitTimerAt = -1;
  private boolean tsqQueued;

  MiniNet(CongestionOps ca, PatchSet patches, TcpSysctl sysctl, long lineRateBps,
      long completionPeriodNs, long bottleneckBps, int bufferPackets, long rttNs, long seed) {
    this.lineRateBps = lineRateBps;
    this.completionPeriodNs = completionPeriodNs;
    this.bottleneckBps = bottleneckBps;
    this.bufferPackets = bufferPackets;
    this.oneWayNs = rttNs / 2;
    this.rng = new SplittableRandom(seed);
    this.sk = new TcpSock(this, sysctl, patches, ca);
    TcpSendmsg.establish(sk, 1000, 1 << 30, rttNs / 1000);
    rcvNxt = sk.sndNxt;
    sk.writeSpace = s -> at(now, this::appWrite);
    appWrite();
  }

  /** The bulk application: write until sndbuf is full. */
  void appWrite() {
    TcpSendmsg.sendmsgLocked(sk, 1L << 40);
  }

  void at(long t, Runnable r) {
    events.add(new Ev(t, seqNo++, r));
  }

  void runUntil(long t) {
    while (!events.isEmpty() && events.peek().at <= t) {
      Ev e = events.poll();
      now = e.at;
      e.run.run();
    }
    now = t;
  }

  /* ---- TcpHost ---- */

  @Override
  public long nowNs() {
    return now;
  }

  @Override
  public int queueXmit(TcpSock s, TcpSkb skb, int truesize) {
    int seq = skb.seq;
    int remaining = skb.len;
    int mss = skb.pcount > 1 ? skb.tcpGsoSize : skb.len;
    long t = Math.max(now, nicBusyUntil);
    while (remaining > 0) {
      int len = Math.min(mss, remaining);
      t += (len + WIRE_OVERHEAD) * 8L * 1_000_000_000L / lineRateBps;
      int segSeq = seq;
      at(t, () -> bottleneck(segSeq, len));
      seq += len;
      remaining -= len;
    }
    nicBusyUntil = t;
    Object[] clone = {skb, truesize, t};
    if (completionPeriodNs == 0) {
      at(t, () -> free(clone));
    } else {
      pendingFree.add(clone);
      if (!completionTimerArmed) {
        completionTimerArmed = true;
        at((t / completionPeriodNs + 1) * completionPeriodNs, this::completionTimer);
      }
    }
    return 0;
  }

  private void completionTimer() {
    completionTimerArmed = false;
    while (!pendingFree.isEmpty() && (long) pendingFree.peek()[2] <= now) {
      free(pendingFree.poll());
    }
    if (!pendingFree.isEmpty()) {
      completionTimerArmed = true;
      at((now / completionPeriodNs + 1) * completionPeriodNs, this::completionTimer);
    }
  }

  private void free(Object[] clone) {
    ((TcpSkb) clone[0]).clonesInHost--;
    TcpOutput.wfree(sk, (int) clone[1]);
  }

  @Override
  public void pacingTimerStart(TcpSock s, long expiresNs) {
    pacingExpires = expiresNs;
    at(expiresNs, () -> {
      if (pacingExpires == expiresNs) {
        pacingExpires = -1;
        TcpOutput.paceKick(sk);
      }
    });
  }

  @Override
  public boolean pacingTimerQueued(TcpSock s) {
    return pacingExpires >= 0;
  }

  @Override
  public void queueTsqWork(TsqWork work) {
    if (!tsqQueued) {
      tsqQueued = true;
      at(now, () -> {
        tsqQueued = false;
        tsq.workfn();
      });
    }
  }

  @Override
  public TsqWork tsqWork() {
    return tsq;
  }

  @Override
  public boolean inKsoftirqd() {
    return false;
  }

  @Override
  public void xmitTimerReset(TcpSock s, int expiresJiffies) {
    long at = Math.max(now, sk.jiffiesToNs(expiresJiffies));
    xmitTimerAt = at;
    at(at, () -> {
      if (xmitTimerAt == at) {
        xmitTimerAt = -1;
        TcpTimer.writeTimerHandler(sk);
      }
    });
  }

  @Override
  public void xmitTimerClear(TcpSock s) {
    xmitTimerAt = -1;
  }

  @Override
  public int randomU32Below(int ceil) {
    return rng.nextInt(ceil);
  }

  /* ---- path and receiver ---- */

  private void bottleneck(int seq, int len) {
    if (queued >= bufferPackets) {
      drops++;
      return;
    }
    queued++;
    long t = Math.max(now, bottleneckBusyUntil)
        + (len + WIRE_OVERHEAD) * 8L * 1_000_000_000L / bottleneckBps;
    bottleneckBusyUntil = t;
    at(t, () -> {
      queued--;
      at(now + oneWayNs, () -> receive(seq, len));
    });
  }

  private void receive(int seq, int len) {
    int end = seq + len;
    if (seq == rcvNxt) {
      rcvNxt = end;
      delivered += len;
      // pull in out-of-order data now in sequence
      boolean merged = true;
      while (merged) {
        merged = false;
        for (var it = ooo.iterator(); it.hasNext(); ) {
          int[] b = it.next();
          if (!Seq.after(b[0], rcvNxt)) {
            if (Seq.after(b[1], rcvNxt)) {
              delivered += b[1] - rcvNxt;
              rcvNxt = b[1];
            }
            it.remove();
            merged = true;
          }
        }
      }
      unacked += len;
      if (unacked > sk.mssCache || !ooo.isEmpty()) {
        sendAck();
      } else if (delackAt < 0) {
        delackAt = now + 40_000_000L;
        long at = delackAt;
        at(at, () -> {
          if (delackAt == at) {
            sendAck();
          }
        });
      }
    } else if (Seq.after(seq, rcvNxt)) {
      int[] block = new int[] {seq, end};
      for (var it = ooo.iterator(); it.hasNext(); ) {
        int[] b = it.next();
        if (!Seq.after(block[0], b[1]) && !Seq.before(block[1], b[0])) {
          block[0] = Seq.before(b[0], block[0]) ? b[0] : block[0];
          block[1] = Seq.after(b[1], block[1]) ? b[1] : block[1];
          it.remove();
        }
      }
      ooo.addFirst(block); // the most recent block goes first
      sendAck(); // out of order: ACK at once with SACK
    } else {
      sendAck(); // duplicate
    }
  }

  private void sendAck() {
    unacked = 0;
    delackAt = -1;
    TcpAckSeg a = new TcpAckSeg().set(rcvNxt, 1 << 30);
    for (int[] b : ooo) {
      if (a.numSacks == TcpAckSeg.TCP_NUM_SACKS) {
        break;
      }
      a.addSack(b[0], b[1]);
    }
    at(now + oneWayNs, () -> {
      TcpInput.rcvAck(sk, a);
      if (afterAck != null) {
        afterAck.run();
      }
    });
  }
}
