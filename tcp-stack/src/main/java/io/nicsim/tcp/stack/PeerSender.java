package io.nicsim.tcp.stack;

import io.nicsim.core.net.Ethernet;
import io.nicsim.core.nic.Link;
import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.Simulator;
import io.nicsim.tcp.CongestionOps;
import io.nicsim.tcp.TcpAckSeg;
import io.nicsim.tcp.TcpBridges;
import io.nicsim.tcp.TcpHost;
import io.nicsim.tcp.TcpInput;
import io.nicsim.tcp.TcpOutput;
import io.nicsim.tcp.TcpSendmsg;
import io.nicsim.tcp.TcpSkb;
import io.nicsim.tcp.TcpSock;
import io.nicsim.tcp.TcpSysctl;
import io.nicsim.tcp.TcpTimer;
import io.nicsim.tcp.TsqWork;
import java.util.SplittableRandom;

/**
 * The link partner sending TCP to the simulated host: {@code iperf3 -s} in reverse mode (the
 * client runs {@code iperf3 -R}) on a Linux server, writing as fast as its socket takes data for
 * the test's duration. It is tcp-model's sender (CUBIC or BBR, TSQ, pacing, SACK, RACK) on the
 * far end's clock, with no CPU model: the server is taken to be fast. Its NIC sends at the
 * host's link rate and completes each skb when its last frame has left (tcp_wfree then); the
 * frames cross the path (random loss, a bottleneck with a tail-drop buffer, the one-way delay),
 * a store-and-forward switch, and the host's link into its NIC. The host's ACKs come back over
 * the reverse delay to {@link TcpInput#rcvAck}.
 */
public final class PeerSender implements TcpHost {
  /** Ethernet + IPv4 + TCP with the timestamp option. */
  public static final int HDR_LEN = TcpFlow.HDR_LEN;
  static final int ISS = 0x20000000;

  private final Simulator sim;
  private final Link link;
  private final PathConfig cfg;
  private final SplittableRandom rng;
  final TcpSock sk;
  private final int flowHash;
  private final long stopWritingNs;
  private final TsqWork tsq = new TsqWork();

  // the peer's NIC
  private long nicBusy;
  // frames on their way to the host's link, in arrival order: a ring of parallel arrays
  private long[] arrive = new long[1024];
  private long[] offsets = new long[1024];
  private int[] lens = new int[1024];
  private PeerSegment[] segs = new PeerSegment[1024];
  private int head;
  private int count;
  private long bottleneckBusy;
  // bottleneck departures of frames still queued there, for the buffer's occupancy
  private long[] bnDepart = new long[1024];
  private int[] bnLen = new int[1024];
  private int bnHead;
  private int bnCount;
  private long bnBytes;
  // skbs the NIC completes, in order: when, and what
  private long[] doneAt = new long[256];
  private TcpSkb[] doneSkb = new TcpSkb[256];
  private int[] doneTruesize = new int[256];
  private int doneHead;
  private int doneCount;

  private long written;
  private long framesSent;
  private long bufferDrops;
  private long randomDrops;
  private int refSeq = ISS;
  private long refOffset;
  private boolean pacingQueued;
  private boolean started;
  /** The host's receiving socket of this connection. */
  HostTcpReceiver receiver;

  private final Event deliver = new Event() {
    @Override
    protected void fire() {
      deliverDue();
    }

    @Override
    public boolean nestable() {
      return true; // the far end
    }
  };
  private final Event nicDone = new Event() {
    @Override
    protected void fire() {
      completeDue();
    }

    @Override
    public boolean nestable() {
      return true;
    }
  };
  private final Event pacing = new Event() {
    @Override
    protected void fire() {
      pacingQueued = false;
      TcpOutput.paceKick(sk);
    }

    @Override
    public boolean nestable() {
      return true;
    }
  };
  private final Event tsqRun = new Event() {
    @Override
    protected void fire() {
      tsq.workfn();
    }

    @Override
    public boolean nestable() {
      return true;
    }
  };
  private final Event writeTimer = new Event() {
    @Override
    protected void fire() {
      TcpTimer.writeTimerHandler(sk);
    }

    @Override
    public boolean nestable() {
      return true;
    }
  };
  private final Event start = new Event() {
    @Override
    protected void fire() {
      started = true;
      write();
    }

    @Override
    public boolean nestable() {
      return true;
    }
  };

  /**
   * A connection from the peer to the host, established; it starts writing at {@code startNs}
   * and stops at {@code startNs + durationNs}.
   *
   * @param hostWindow the host's advertised window at the handshake, bytes
   */
  public PeerSender(Simulator sim, Link link, PathConfig cfg, CongestionOps ca, int flowHash,
      int hostWindow, long startNs, long durationNs) {
    this(sim, link, cfg, ca, flowHash, hostWindow, startNs, durationNs, FarEnd.fixed());
  }

  /**
   * As above, the server on {@code far}'s kernel: its TCP patches, and where it runs a tree's
   * C ({@code --ports c}, {@code --path peer-kernel} the tree's release), the socket's and the
   * congestion module's bridged functions as that C, hooked in as the host's sockets take
   * theirs ({@link TcpBridges}).
   */
  public PeerSender(Simulator sim, Link link, PathConfig cfg, CongestionOps ca, int flowHash,
      int hostWindow, long startNs, long durationNs, FarEnd far) {
    this.sim = sim;
    this.link = link;
    this.cfg = cfg;
    this.rng = sim.random().split();
    this.flowHash = flowHash;
    this.stopWritingNs = startNs + durationNs;
    TcpSysctl sysctl = new TcpSysctl();
    sysctl.hz = cfg.receiverHz();
    // nicsim's fixed peer (a current server kernel) unless --path peer-kernel names one
    TcpBridges.attach(ca, far.c); // --ports c on the tree's release: the module's C, if any
    this.sk = new TcpSock(this, sysctl, far.patches, ca);
    TcpBridges.attach(sk, far.c); // and the socket's
    TcpSendmsg.establish(sk, ISS, hostWindow, (cfg.baseRttNs() + 2 * link.propagationNs()) / 1000);
    sk.writeSpace = s -> write();
    sim.schedule(start, Math.max(sim.now(), startNs));
  }

  public TcpSock sock() {
    return sk;
  }

  /** Bytes the server wrote into its socket. */
  public long written() {
    return written;
  }

  public long framesSent() {
    return framesSent;
  }

  /** Frames the path's bottleneck buffer dropped, and those lost at random. */
  public long bufferDrops() {
    return bufferDrops;
  }

  public long randomDrops() {
    return randomDrops;
  }

  /** iperf3's send loop: write while the socket takes data and the test runs. */
  private void write() {
    if (!started || sim.now() >= stopWritingNs) {
      return;
    }
    while (!sk.sockNoSpace && sim.now() < stopWritingNs) {
      long n = TcpSendmsg.sendmsgLocked(sk, 128 * 1024);
      written += n;
      if (n == 0) {
        break;
      }
    }
  }

  /** Stream offset of a sequence number (within 2 GB of the last one mapped). */
  private long offsetOf(int seq) {
    long off = refOffset + (seq - refSeq);
    refSeq = seq;
    refOffset = off;
    return off;
  }

  int seqOf(long offset) {
    return ISS + (int) offset;
  }

  /* ---------------- TcpHost ---------------- */

  @Override
  public long nowNs() {
    return sim.now();
  }

  /**
   * The clone leaves through the NIC as its segments (TSO), each a frame that crosses the
   * path; the clone is complete when the last has left the NIC.
   */
  @Override
  public int queueXmit(TcpSock s, TcpSkb skb, int truesize) {
    long off = offsetOf(skb.seq);
    int mss = skb.pcount > 1 ? skb.tcpGsoSize : skb.len;
    // the TCP header a receiver's GRO compares: ack_seq and window do not change (the host
    // sends no data), the timestamp's TSval does every millisecond (tcp_time_stamp_ts)
    PeerSegment p = new PeerSegment(this, flowHash, skb.skbMstampNs / 1_000_000L,
        off + skb.len);
    long now = sim.now();
    int left = skb.len;
    long o = off;
    long last = now;
    while (left > 0) {
      int len = Math.min(mss, left);
      int frameLen = HDR_LEN + len;
      long d = Math.max(now, nicBusy) + link.wireTimeNs(frameLen);
      nicBusy = d;
      last = d;
      framesSent++;
      path(p, d, o, len, frameLen);
      o += len;
      left -= len;
    }
    completeAt(last, skb, truesize);
    return TcpOutput.NET_XMIT_SUCCESS;
  }

  /** A frame that left the NIC at {@code t}: loss, the bottleneck, the delay, the switch. */
  private void path(PeerSegment p, long t, long offset, int len, int frameLen) {
    if (cfg.lossRate() > 0 && rng.nextDouble() < cfg.lossRate()) {
      randomDrops++;
      return;
    }
    long d = t;
    if (cfg.bottleneckBps() > 0) {
      while (bnCount > 0 && bnDepart[bnHead] <= t) {
        bnBytes -= bnLen[bnHead];
        bnHead = (bnHead + 1) & (bnDepart.length - 1);
        bnCount--;
      }
      if ((cfg.bufferPackets() > 0 && bnCount >= cfg.bufferPackets())
          || (cfg.bufferBytes() > 0 && bnBytes + frameLen > cfg.bufferBytes())) {
        bufferDrops++;
        return;
      }
      long wire = (Ethernet.wireBytes(frameLen) * 8L * 1_000_000_000L + cfg.bottleneckBps() - 1)
          / cfg.bottleneckBps();
      d = Math.max(t, bottleneckBusy) + wire;
      bottleneckBusy = d;
      if (bnCount == bnDepart.length) {
        growBottleneck();
      }
      int i = (bnHead + bnCount) & (bnDepart.length - 1);
      bnDepart[i] = d;
      bnLen[i] = frameLen;
      bnCount++;
      bnBytes += frameLen;
    }
    if (count == arrive.length) {
      grow();
    }
    int s = (head + count) & (arrive.length - 1);
    // the switch in front of the host stores the frame, then sends it over the host's link
    arrive[s] = d + cfg.forwardDelayNs();
    offsets[s] = offset;
    lens[s] = len;
    segs[s] = p;
    count++;
    if (count == 1) {
      sim.schedule(deliver, arrive[s]);
    }
  }

  private void deliverDue() {
    do {
      long now = sim.now();
      while (count > 0 && arrive[head] <= now) {
        PeerSegment p = segs[head];
        segs[head] = null;
        int len = lens[head];
        link.transmitToNic(now, p, offsets[head], len, HDR_LEN + len);
        head = (head + 1) & (arrive.length - 1);
        count--;
      }
      if (count == 0) {
        return;
      }
    } while (sim.continueAt(deliver, arrive[head]));
    sim.schedule(deliver, arrive[head]);
  }

  private void completeAt(long t, TcpSkb skb, int truesize) {
    if (doneCount == doneAt.length) {
      int n = doneAt.length;
      long[] a = new long[2 * n];
      TcpSkb[] b = new TcpSkb[2 * n];
      int[] c = new int[2 * n];
      for (int i = 0; i < doneCount; i++) {
        int j = (doneHead + i) & (n - 1);
        a[i] = doneAt[j];
        b[i] = doneSkb[j];
        c[i] = doneTruesize[j];
      }
      doneAt = a;
      doneSkb = b;
      doneTruesize = c;
      doneHead = 0;
    }
    int i = (doneHead + doneCount) & (doneAt.length - 1);
    doneAt[i] = t;
    doneSkb[i] = skb;
    doneTruesize[i] = truesize;
    doneCount++;
    if (doneCount == 1) {
      sim.schedule(nicDone, t);
    }
  }

  /** The NIC's TX completions: the clone is freed, tcp_wfree runs. */
  private void completeDue() {
    long now = sim.now();
    while (doneCount > 0 && doneAt[doneHead] <= now) {
      TcpSkb skb = doneSkb[doneHead];
      int truesize = doneTruesize[doneHead];
      doneSkb[doneHead] = null;
      doneHead = (doneHead + 1) & (doneAt.length - 1);
      doneCount--;
      skb.clonesInHost--;
      TcpOutput.wfree(sk, truesize);
    }
    if (doneCount > 0) {
      sim.schedule(nicDone, doneAt[doneHead]);
    }
  }

  private void grow() {
    int n = arrive.length;
    long[] a = new long[2 * n];
    long[] o = new long[2 * n];
    int[] l = new int[2 * n];
    PeerSegment[] g = new PeerSegment[2 * n];
    for (int i = 0; i < count; i++) {
      int s = (head + i) & (n - 1);
      a[i] = arrive[s];
      o[i] = offsets[s];
      l[i] = lens[s];
      g[i] = segs[s];
    }
    arrive = a;
    offsets = o;
    lens = l;
    segs = g;
    head = 0;
  }

  private void growBottleneck() {
    int n = bnDepart.length;
    long[] d = new long[2 * n];
    int[] l = new int[2 * n];
    for (int i = 0; i < bnCount; i++) {
      int s = (bnHead + i) & (n - 1);
      d[i] = bnDepart[s];
      l[i] = bnLen[s];
    }
    bnDepart = d;
    bnLen = l;
    bnHead = 0;
  }

  /** The host's ACK arrived at the peer (after the reverse delay): tcp_ack. */
  void ack(TcpAckSeg seg) {
    TcpInput.rcvAck(sk, seg);
  }

  @Override
  public void pacingTimerStart(TcpSock s, long expiresNs) {
    pacingQueued = true;
    sim.schedule(pacing, Math.max(sim.now(), expiresNs));
  }

  @Override
  public boolean pacingTimerQueued(TcpSock s) {
    return pacingQueued;
  }

  @Override
  public void queueTsqWork(TsqWork work) {
    if (!tsqRun.isScheduled()) {
      sim.schedule(tsqRun, sim.now());
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
    sim.schedule(writeTimer, Math.max(sim.now(), sk.jiffiesToNs(expiresJiffies)));
  }

  @Override
  public void xmitTimerClear(TcpSock s) {
    sim.cancel(writeTimer);
  }

  @Override
  public int randomU32Below(int ceil) {
    return rng.nextInt(ceil);
  }

  /** The path's reverse delay, for the host's ACKs. */
  long reverseDelayNs() {
    return cfg.reverseDelayNs();
  }

  Simulator sim() {
    return sim;
  }
}
