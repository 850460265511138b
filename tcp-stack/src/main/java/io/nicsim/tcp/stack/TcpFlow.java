package io.nicsim.tcp.stack;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.era.PatchSet;
import io.nicsim.core.host.Host;
import io.nicsim.core.kernel.HrTimer;
import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.kernel.Tasklet;
import io.nicsim.core.kernel.TimerList;
import io.nicsim.core.net.Ethernet;
import io.nicsim.core.net.NetDevice;
import io.nicsim.core.net.NetdevTx;
import io.nicsim.core.net.Skb;
import io.nicsim.core.net.SkbDestructor;
import io.nicsim.core.port.KernelPort;
import io.nicsim.tcp.CongestionOps;
import io.nicsim.tcp.Seq;
import io.nicsim.tcp.TcpHost;
import io.nicsim.tcp.TcpOutput;
import io.nicsim.tcp.TcpSendmsg;
import io.nicsim.tcp.TcpSkb;
import io.nicsim.tcp.TcpSock;
import io.nicsim.tcp.TcpTimer;
import io.nicsim.tcp.TsqWork;

/**
 * One TCP connection from a simulated host to a {@link TcpPath}: the socket and everything it
 * needs from the host — clones as core skbs with {@code tcp_wfree} as destructor, the pacing
 * hrtimer, the retransmit timer, TSQ work, and the mapping of sequence numbers to stream
 * offsets the far end sees.
 */
public final class TcpFlow implements TcpHost {
  /** Ethernet + IPv4 + TCP with the timestamp option. */
  public static final int HDR_LEN = Ethernet.ETH_HLEN + Ethernet.IP_HLEN + 32;
  static final int ISS = 0x10000000;

  private final TcpStack stack;
  private final Host host;
  private final Kernel kernel;
  private final NetDevice dev;
  final TcpSock sk;
  final TcpPath path;
  private final Tasklet pacingSoftirq;
  private final HrTimer pacingTimer;
  private boolean pacingQueued;
  private final TimerList writeTimer;
  private final Wfree wfree = new Wfree();
  private TcpAckPacket freeAcks;
  private int refSeq = ISS;
  private long refOffset;

  /* counters */
  long clonesSent;
  long segmentsSent;
  /** Data skbs handed to the device and not yet freed (software-GSO segments each count). */
  private long skbsInHost;

  TcpFlow(TcpStack stack, CongestionOps ca, PatchSet patches, TcpPath path) {
    this.stack = stack;
    this.host = stack.host();
    this.kernel = host.kernel();
    this.dev = host.dev();
    this.path = path;
    this.sk = new TcpSock(this, stack.sysctl(), patches, ca);
    this.pacingSoftirq = new Tasklet(kernel, "tcp_pace_kick", this::paceKick);
    this.pacingTimer = new HrTimer(kernel, "tcp_pace_kick", t -> {
      // HRTIMER_MODE_ABS_PINNED_SOFT: the callback runs in HRTIMER_SOFTIRQ
      pacingSoftirq.schedule();
      return HrTimer.Restart.NORESTART;
    });
    this.writeTimer = new TimerList(kernel, "tcp_write_timer", this::writeTimer);
    path.attach(this);
    TcpSendmsg.establish(sk, ISS, path.receiveWindow(), path.baseRttNs() / 1000);
  }

  private void paceKick() {
    pacingQueued = false;
    kernel.thisCpu().charge(TcpCosts.TCP_TSQ_HANDLER);
    TcpOutput.paceKick(sk);
  }

  private void writeTimer(TimerList t) {
    TcpTimer.writeTimerHandler(sk);
  }

  public TcpSock sock() {
    return sk;
  }

  public TcpPath path() {
    return path;
  }

  public Host host() {
    return host;
  }

  /** Data clones handed to the device. */
  public long clonesSent() {
    return clonesSent;
  }

  /**
   * Data skbs below TCP right now: transmitted clones, or their software-GSO segments, that
   * the qdisc or the driver still holds (their {@code tcp_wfree} has not run).
   */
  public long skbsInHost() {
    return skbsInHost;
  }

  /** Stream offset of a sequence number (valid within 2 GB of the last one mapped). */
  long offsetOf(int seq) {
    long off = refOffset + (seq - refSeq);
    refSeq = seq;
    refOffset = off;
    return off;
  }

  /** The sequence number of a stream offset. */
  int seqOf(long offset) {
    return ISS + (int) offset;
  }

  /* ---------------- TcpHost ---------------- */

  @Override
  public long nowNs() {
    return kernel.now();
  }

  @Override
  public int queueXmit(TcpSock s, TcpSkb skb, int truesize) {
    Core core = kernel.thisCpu();
    core.charge(TcpCosts.TCP_TRANSMIT_SKB);
    Skb clone = dev.skbs().alloc(HDR_LEN + skb.len, truesize);
    clone.hdrLen = HDR_LEN;
    clone.gsoSegs = skb.pcount;
    clone.gsoSize = skb.pcount > 1 ? skb.tcpGsoSize : 0;
    clone.gsoType = skb.pcount > 1 ? Skb.SKB_GSO_TCPV4 : 0;
    clone.nrFrags = 1;
    TcpPacket packet = new TcpPacket(this, skb);
    clone.payload = packet;
    clone.payloadOffset = offsetOf(skb.seq);
    packet.endOffset = clone.payloadOffset + skb.len;
    clone.payloadLen = skb.len;
    clone.sk = sk;
    clone.destructor = wfree;
    clone.tstamp = skb.skbMstampNs;
    clonesSent++;
    skbsInHost++;
    segmentsSent += skb.pcount;
    int rc = dev.queueXmit(clone);
    return rc == NetdevTx.NET_XMIT_SUCCESS ? TcpOutput.NET_XMIT_SUCCESS
        : rc == NetdevTx.NET_XMIT_CN ? TcpOutput.NET_XMIT_CN : TcpOutput.NET_XMIT_DROP;
  }

  @Override
  public void pacingTimerStart(TcpSock s, long expiresNs) {
    pacingQueued = true;
    pacingTimer.start(Math.max(0, expiresNs - kernel.now()));
  }

  @Override
  public boolean pacingTimerQueued(TcpSock s) {
    return pacingQueued;
  }

  @Override
  public void queueTsqWork(TsqWork work) {
    stack.tsqTasklet(work).schedule();
  }

  @Override
  public TsqWork tsqWork() {
    return stack.tsqWork(kernel.thisCpu());
  }

  @Override
  public boolean inKsoftirqd() {
    Core c = kernel.cpu().current();
    return c != null && c.inKsoftirqd();
  }

  @Override
  public void xmitTimerReset(TcpSock s, int expiresJiffies) {
    writeTimer.modTimer(Seq.u32(expiresJiffies - sk.initialJiffies()));
  }

  @Override
  public void xmitTimerClear(TcpSock s) {
    writeTimer.delTimer();
  }

  @Override
  public int randomU32Below(int ceil) {
    return host.sim().random().nextInt(ceil);
  }

  /* ---------------- ACKs from the far end ---------------- */

  TcpAckPacket allocAck() {
    TcpAckPacket p = freeAcks;
    if (p == null) {
      return new TcpAckPacket(this);
    }
    freeAcks = p.nextFree;
    p.nextFree = null;
    return p;
  }

  void releaseAck(TcpAckPacket p) {
    p.nextFree = freeAcks;
    freeAcks = p;
  }

  /**
   * The destructor of transmitted clones ({@code tcp_wfree}) and, after software GSO, of
   * their segments ({@code tcp_gso_segment} moves it there and re-charges sk_wmem_alloc with
   * the segments' truesize).
   */
  private final class Wfree implements SkbDestructor {
    @Override
    public void destruct(Skb skb) {
      kernel.thisCpu().charge(TcpCosts.TCP_WFREE);
      skbsInHost--;
      TcpPacket p = (TcpPacket) skb.payload;
      if (!p.segmented) {
        p.skb.clonesInHost--;
      }
      TcpOutput.wfree(sk, skb.truesize);
    }

    @Override
    @KernelPort(file = "net/ipv4/tcp_offload.c", function = "tcp_gso_segment",
        versions = "v4.20..v6.18",
        source = "greearb/linux-ct-6.18@20d53be573f5062a1e92d65a8d66002a4baf3865",
        notes = "only the destructor move (copy_destructor) is modelled; core segments; v6.18"
            + " keeps CWR on AccECN segments (header bits the model does not carry)")
    public void segmented(Skb gso, Skb[] segs, int count) {
      long sumTruesize = 0;
      for (int i = 0; i < count; i++) {
        segs[i].destructor = this;
        segs[i].sk = gso.sk;
        sumTruesize += segs[i].truesize;
      }
      gso.destructor = null;
      skbsInHost += count - 1; // the GSO clone is gone without its destructor, its segments count
      // the GSO clone is consumed: charge the segments' truesize instead of its own
      sk.skWmemAlloc += sumTruesize - gso.truesize;
      TcpPacket p = (TcpPacket) gso.payload;
      p.segmented = true;
      p.skb.clonesInHost--;
    }
  }
}
