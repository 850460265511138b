package io.nicsim.core.apps;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.cpu.Task;
import io.nicsim.core.host.Host;
import io.nicsim.core.kernel.SockWait;
import io.nicsim.core.net.Ethernet;
import io.nicsim.core.net.NetDevice;
import io.nicsim.core.net.NetdevTx;
import io.nicsim.core.net.RxHandler;
import io.nicsim.core.net.Skb;
import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.Simulator;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * {@code ping -c COUNT -i INTERVAL -s SIZE}: sends echo requests at a fixed interval and
 * records each reply's round-trip time the way iputils ping does with SO_TIMESTAMP: from the
 * send timestamp taken before sendmsg() to the kernel's receive timestamp at
 * netif_receive_skb (skb->tstamp).
 */
public final class Ping extends Task implements RxHandler {
  /** The wait's data test, made once (a lambda per call would allocate in the hot loop). */
  private final BooleanSupplier hasReply = () -> this.repliesQueued > 0;
  private final Simulator sim;
  private final NetDevice dev;
  private final int count;
  private final long intervalNs;
  private final int frameLen;
  private final int payloadLen;
  private final long[] rttNs;
  private final boolean[] answered;
  private int nextSeq;
  private int received;
  private long nextSendNs;
  private final SockWait wait;
  /** The process is in recvmsg waiting for a reply. */
  private boolean awaitingReply;
  /** Replies on the socket not yet read. */
  private int repliesQueued;
  private long recvmsgs;
  /** Consecutive ENOBUFS failures (pinger's oom_count; a successful send clears it). */
  private long oomCount;
  private long enobufs;
  private int hardErrors;
  private final Event timer =
      new Event() {
        @Override
        protected void fire() {
          wake();
        }
      };

  /**
   * {@code ping} from {@code host}; register the result for echo replies and start it:
   *
   * <pre>{@code
   * Ping p = Ping.on(host).count(3).intervalNs(10 * MS).build();
   * host.stack().register(IcmpEcho.class, p);
   * p.start(host.appCore());
   * }</pre>
   */
  public static Builder on(Host host) {
    return new Builder(host.sim(), host.dev());
  }

  /** The named fields of {@code ping -c COUNT -i INTERVAL -s SIZE}, with ping's defaults. */
  public static final class Builder {
    private final Simulator sim;
    private final NetDevice dev;
    private int count = 1;
    private long intervalNs = 1_000_000_000L;
    private int size = 56;
    private long startNs;
    private SockWait wait;

    Builder(Simulator sim, NetDevice dev) {
      this.sim = sim;
      this.dev = dev;
    }

    /** Echo requests to send, ping -c (default 1). */
    public Builder count(int n) {
      this.count = n;
      return this;
    }

    /** Between requests, ping -i (default 1 s). */
    public Builder intervalNs(long ns) {
      this.intervalNs = ns;
      return this;
    }

    /** ICMP data bytes, ping -s (default 56). */
    public Builder size(int bytes) {
      this.size = bytes;
      return this;
    }

    /** When the first request is sent (default 0). */
    public Builder startNs(long ns) {
      this.startNs = ns;
      return this;
    }

    /**
     * How the process waits for each reply in recvmsg (default: blocking; SO_BUSY_POLL or
     * epoll busy polling through {@link SockWait}).
     */
    public Builder wait(SockWait w) {
      this.wait = w;
      return this;
    }

    public Ping build() {
      return new Ping(sim, dev, count, intervalNs, size, startNs, wait);
    }
  }

  /**
   * Positional form kept for code written before {@link #on}; use the builder.
   *
   * @param size ICMP data bytes (ping -s, default 56)
   */
  @Deprecated
  public Ping(Simulator sim, NetDevice dev, int count, long intervalNs, int size, long startNs) {
    this(sim, dev, count, intervalNs, size, startNs, null);
  }

  private Ping(Simulator sim, NetDevice dev, int count, long intervalNs, int size, long startNs,
      SockWait wait) {
    super("ping");
    this.wait = wait != null ? wait : SockWait.blocking(dev.kernel());
    this.sim = sim;
    this.dev = dev;
    this.count = count;
    this.intervalNs = intervalNs;
    this.payloadLen = size + Ethernet.ICMP_HLEN;
    this.frameLen = payloadLen + Ethernet.IP_HLEN + Ethernet.ETH_HLEN;
    this.rttNs = new long[count];
    this.answered = new boolean[count];
    this.nextSendNs = startNs;
  }

  public void start(Core core) {
    core.attach(this);
    sim.schedule(timer, Math.max(sim.now(), nextSendNs));
  }

  @Override
  protected boolean run(Core core) {
    if (repliesQueued > 0) {
      // ping_recvmsg of the reply that woke the process (recvmsg(2), untraced)
      core.systemCall(true);
      core.charge(KernelOps.SOCK_RECVMSG);
      core.systemCall(false);
      recvmsgs++;
      repliesQueued--;
      awaitingReply = false;
      wait.gotData();
      return repliesQueued > 0 || (nextSeq < count && core.cursor() >= nextSendNs);
    }
    if (nextSeq >= count) {
      if (awaitingReply && wait.waitStep(core, hasReply)) {
        return true;
      }
      return repliesQueued > 0;
    }
    if (core.cursor() < nextSendNs) {
      // in recvmsg until the reply or the next send: busy polling first, if asked
      if (awaitingReply && wait.waitStep(core, hasReply)) {
        return true;
      }
      if (repliesQueued > 0) {
        return true;
      }
      if (!timer.isScheduled()) {
        sim.schedule(timer, nextSendNs);
      }
      return false;
    }
    long sentAt = core.cursor(); // gettimeofday() before sendmsg()
    core.traceSysEnter("sendto", 3, payloadLen); // iputils ping: sendto(2) on fd 3
    core.charge(KernelOps.PING_SENDMSG);
    Skb skb = dev.skbs().alloc(frameLen, frameLen + 576);
    skb.payload = new IcmpEcho(nextSeq, sentAt, false);
    skb.payloadLen = payloadLen;
    skb.hdrLen = frameLen - payloadLen;
    int rc = dev.queueXmit(skb);
    if (rc == NetdevTx.NET_XMIT_DROP) {
      // the qdisc was full: sendto() fails with ENOBUFS (a ping socket returns it; iputils
      // sets IP_RECVERR on a raw one, which makes it return it too). iputils' pinger: "Packet
      // is not sent": the request is not counted, and the same icmp_seq goes again after
      // nores_interval = SCHINT(interval / 2), at most 500 ms; only when that has gone on for
      // the linger time (10 s) does it pretend it sent the packet (a hard local error)
      core.traceSysExit("sendto", -ENOBUFS);
      oomCount++;
      long nores = noresIntervalNs();
      if (oomCount * nores < LINGER_NS) {
        enobufs++;
        nextSendNs = core.cursor() + nores;
        sim.schedule(timer, Math.max(nextSendNs, sim.now()));
        // back into recvmsg for any reply still due (a busy-polling socket polls)
        return awaitingReply && wait.mode() != SockWait.Mode.BLOCKING;
      }
      hardErrors++;
    } else {
      oomCount = 0;
      core.traceSysExit("sendto", payloadLen);
    }
    nextSeq++;
    awaitingReply = true;
    nextSendNs += intervalNs;
    if (nextSeq < count) {
      sim.schedule(timer, Math.max(nextSendNs, sim.now()));
    }
    // then into recvmsg for the reply: a busy-polling socket polls now, a blocking one sleeps
    return wait.mode() != SockWait.Mode.BLOCKING;
  }

  /** icmp_rcv → ping socket: takes the receive timestamp now (netif_receive_skb time). */
  @Override
  public void receive(Skb skb, Core core) {
    long rxTimestamp = skb.tstamp;
    core.charge(KernelOps.ICMP_RCV);
    IcmpEcho echo = (IcmpEcho) skb.payload;
    skb.free();
    if (!echo.reply() || echo.seq() >= count || answered[echo.seq()]) {
      return;
    }
    answered[echo.seq()] = true;
    rttNs[echo.seq()] = rxTimestamp - echo.sentNs();
    received++;
    // the reply waits on the socket for the process's recvmsg (sk_data_ready wakes it)
    repliesQueued++;
    wait.dataReady(skb.napiId);
    wake();
  }

  /** -ENOBUFS: what sendto(2) returns for a request the qdisc dropped. */
  private static final int ENOBUFS = 105;
  /** iputils' MIN_INTERVAL_MS: SCHINT's floor. */
  private static final long MIN_INTERVAL_NS = 10_000_000L;
  /** iputils' lingertime: MAXWAIT (10 s) when no -W is given. */
  private static final long LINGER_NS = 10_000_000_000L;

  /** pinger's nores_interval: SCHINT(interval / 2), capped at 500 ms. */
  public long noresIntervalNs() {
    return Math.min(500_000_000L, Math.max(MIN_INTERVAL_NS, intervalNs / 2));
  }

  /**
   * sendto() calls that failed with ENOBUFS (the qdisc full) and were retried: requests ping
   * never sent, so neither transmitted nor lost.
   */
  public long enobufs() {
    return enobufs;
  }

  /**
   * Requests ping counted as transmitted although sendto() failed (ENOBUFS for the whole
   * linger time: iputils' "Hard local error. Pretend we sent packet."): lost on the host.
   */
  public int hardErrors() {
    return hardErrors;
  }

  /** recvmsg calls that returned a reply. */
  public long recvmsgCount() {
    return recvmsgs;
  }

  public int transmitted() {
    return nextSeq;
  }

  public int received() {
    return received;
  }

  /** Whether request {@code seq} (0-based; ping's icmp_seq is seq + 1) was answered. */
  public boolean answered(int seq) {
    return seq >= 0 && seq < nextSeq && answered[seq];
  }

  /** The round trip of answered request {@code seq}, ns. */
  public long rttNs(int seq) {
    if (!answered(seq)) {
      throw new IllegalArgumentException("request " + seq + " was not answered");
    }
    return rttNs[seq];
  }

  /** RTTs of answered requests in sequence order, ns. */
  public List<Long> rtts() {
    List<Long> out = new ArrayList<>();
    for (int i = 0; i < nextSeq; i++) {
      if (answered[i]) {
        out.add(rttNs[i]);
      }
    }
    return Collections.unmodifiableList(out);
  }

  /** ping's summary: min, avg, max, mdev (ns), as iputils computes them. */
  public double[] summaryNs() {
    List<Long> r = rtts();
    if (r.isEmpty()) {
      return new double[] {0, 0, 0, 0};
    }
    double min = Double.MAX_VALUE;
    double max = 0;
    double sum = 0;
    double sum2 = 0;
    for (long v : r) {
      min = Math.min(min, v);
      max = Math.max(max, v);
      sum += v;
      sum2 += (double) v * v;
    }
    double avg = sum / r.size();
    double mdev = Math.sqrt(Math.max(0, sum2 / r.size() - avg * avg));
    return new double[] {min, avg, max, mdev};
  }
}
