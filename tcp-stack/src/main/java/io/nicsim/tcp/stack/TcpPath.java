package io.nicsim.tcp.stack;

import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.net.Ethernet;
import io.nicsim.core.net.TbfBucket;
import io.nicsim.core.nic.Link;
import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.Simulator;
import java.util.SplittableRandom;

/**
 * What lies beyond the host's link for one TCP connection: random loss, a bottleneck that
 * serialises frames at its rate (or passes them as a tbf's token bucket does) into a finite
 * FIFO buffer (tail drop), a one-way delay to the
 * {@link TcpReceiver}, and the ACKs' way back into the link towards the host's NIC.
 */
public final class TcpPath implements TcpReceiver.AckSink {
  private final Simulator sim;
  private final Link link;
  private final PathConfig cfg;
  private final SplittableRandom rng;
  final TcpReceiver receiver;
  private TcpFlow flow;

  // frames past the loss stage, in departure order: a ring of parallel arrays
  private long[] depart = new long[1024];
  private long[] arrive = new long[1024];
  private long[] offsets = new long[1024];
  private int[] lens = new int[1024];
  private int[] frameLens = new int[1024];
  private boolean[] psh = new boolean[1024];
  private int head;
  private int count;
  private int queuedFrom; // index (relative to head) of the first frame not yet departed
  private long queuedBytes;
  private long busyUntil;
  /** The bottleneck as a tbf (a burst given), else null: a serialising link. */
  private final TbfBucket bucket;

  /** Pauses of the ACKs' way back, or null (none). */
  private AckStalls ackStalls;

  private long outageUntilNs = -1;
  long outageDrops;
  long randomDrops;
  long bufferDrops;
  long framesIn;
  long maxQueuePackets;

  private final Event deliver = new Event() {
    @Override
    protected void fire() {
      deliverDue();
    }

    @Override
    public boolean nestable() {
      return true; // the path and the far end
    }
  };

  public TcpPath(Simulator sim, Link link, PathConfig cfg) {
    this(sim, link, cfg, null);
  }

  /**
   * As above; a burst's token bucket runs its tbf_dequeue as the tree's C where
   * {@code kernel} (the run's host's) runs with {@code --ports c}.
   */
  public TcpPath(Simulator sim, Link link, PathConfig cfg, Kernel kernel) {
    this(sim, link, cfg, kernel, FarEnd.fixed());
  }

  /** As above, the receiver on {@code far}'s kernel (its TCP patches, and its tree's C if any). */
  public TcpPath(Simulator sim, Link link, PathConfig cfg, Kernel kernel, FarEnd far) {
    this.sim = sim;
    this.link = link;
    this.cfg = cfg;
    this.rng = sim.random().split();
    this.bucket = cfg.burstBytes() > 0
        ? new TbfBucket(kernel, cfg.bottleneckBps(), cfg.burstBytes()) : null;
    this.receiver = new TcpReceiver(sim, null, this, cfg, far.patches);
    this.receiver.c = ReceiverNative.of(far.c); // null unless the far end runs a tree's C
  }

  void attach(TcpFlow f) {
    if (this.flow != null) {
      throw new IllegalStateException("a path carries one connection");
    }
    this.flow = f;
  }

  public PathConfig config() {
    return cfg;
  }

  public TcpReceiver receiver() {
    return receiver;
  }

  int receiveWindow() {
    return cfg.receiveWindow();
  }

  /** RTT of path plus host link propagation, both ways. */
  long baseRttNs() {
    return cfg.baseRttNs() + 2 * link.propagationNs();
  }

  /** The ACKs' way back pauses now and then (see {@link AckStalls}); null: never. */
  public void ackStalls(AckStalls s) {
    this.ackStalls = s;
  }

  /** Drops every data frame arriving before {@code untilNs} (a path outage). */
  public void outageUntil(long untilNs) {
    this.outageUntilNs = untilNs;
  }

  public long outageDrops() {
    return outageDrops;
  }

  public long randomDrops() {
    return randomDrops;
  }

  public long bufferDrops() {
    return bufferDrops;
  }

  public long maxQueuePackets() {
    return maxQueuePackets;
  }

  /** A data frame arrived from the host's link. */
  void frame(TcpPacket p, long offset, int payloadLen, int len) {
    framesIn++;
    long now = sim.now();
    if (now < outageUntilNs) {
      outageDrops++;
      return;
    }
    if (cfg.lossRate() > 0 && rng.nextDouble() < cfg.lossRate()) {
      randomDrops++;
      return;
    }
    // frames that left the bottleneck free their buffer space
    while (queuedFrom < count && depart[slot(queuedFrom)] <= now) {
      queuedBytes -= frameLens[slot(queuedFrom)];
      queuedFrom++;
    }
    int queued = count - queuedFrom;
    if (cfg.bottleneckBps() > 0
        && ((cfg.bufferPackets() > 0 && queued >= cfg.bufferPackets())
            || (cfg.bufferBytes() > 0 && queuedBytes + len > cfg.bufferBytes()))) {
      bufferDrops++;
      return;
    }
    long d = now;
    if (bucket != null) {
      d = bucket.leave(Math.max(now, busyUntil), len); // tbf counts the frame, not the wire
      busyUntil = d;
    } else if (cfg.bottleneckBps() > 0) {
      long wire = (Ethernet.wireBytes(len) * 8L * 1_000_000_000L + cfg.bottleneckBps() - 1)
          / cfg.bottleneckBps();
      d = Math.max(now, busyUntil) + wire;
      busyUntil = d;
    }
    if (count == depart.length) {
      grow();
    }
    int s = slot(count);
    depart[s] = d;
    arrive[s] = d + cfg.forwardDelayNs();
    offsets[s] = offset;
    lens[s] = payloadLen;
    frameLens[s] = len;
    psh[s] = offset + payloadLen == p.endOffset;
    count++;
    queuedBytes += len;
    maxQueuePackets = Math.max(maxQueuePackets, count - queuedFrom);
    if (count == 1) {
      sim.schedule(deliver, arrive[s]);
    }
  }

  private int slot(int i) {
    return (head + i) & (depart.length - 1);
  }

  /** Delivers the segments due now; then the next ones in place while no other event comes first. */
  private void deliverDue() {
    do {
      long now = sim.now();
      while (count > 0 && arrive[head] <= now) {
        long off = offsets[head];
        int len = lens[head];
        boolean p = psh[head];
        if (queuedFrom > 0) {
          queuedFrom--;
        } else {
          queuedBytes -= frameLens[head];
        }
        head = (head + 1) & (depart.length - 1);
        count--;
        receiver.segment(off, len, p);
      }
      if (count == 0) {
        return;
      }
    } while (sim.continueAt(deliver, arrive[head]));
    sim.schedule(deliver, arrive[head]);
  }

  private void grow() {
    int n = depart.length;
    long[] d = new long[2 * n];
    long[] a = new long[2 * n];
    long[] o = new long[2 * n];
    int[] l = new int[2 * n];
    int[] fl = new int[2 * n];
    boolean[] ps = new boolean[2 * n];
    for (int i = 0; i < count; i++) {
      int s = slot(i);
      d[i] = depart[s];
      a[i] = arrive[s];
      o[i] = offsets[s];
      l[i] = lens[s];
      fl[i] = frameLens[s];
      ps[i] = psh[s];
    }
    depart = d;
    arrive = a;
    offsets = o;
    lens = l;
    frameLens = fl;
    psh = ps;
    head = 0;
  }

  /** The receiver sends an ACK: back over the reverse delay into the link to the NIC. */
  @Override
  public void ack(long rcvNxt, int window, long[] sackStart, long[] sackEnd, int nsacks) {
    TcpAckPacket p = flow.allocAck();
    p.seg.set(flow.seqOf(rcvNxt), window);
    for (int i = 0; i < nsacks; i++) {
      p.seg.addSack(flow.seqOf(sackStart[i]), flow.seqOf(sackEnd[i]));
    }
    int len = TcpFlow.HDR_LEN + (nsacks > 0 ? 4 + 8 * nsacks : 0);
    long sent = ackStalls == null ? sim.now() : ackStalls.leave(sim.now());
    link.transmitToNic(sent + cfg.reverseDelayNs(), p, 0, 0, len);
  }
}
