package io.nicsim.core.apps;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.cpu.Task;
import io.nicsim.core.host.Host;
import io.nicsim.core.net.Ethernet;
import io.nicsim.core.net.NetDevice;
import io.nicsim.core.net.NetdevTx;
import io.nicsim.core.net.Skb;
import io.nicsim.core.net.SockWfreeNative;
import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.Simulator;

/**
 * The sender of {@code iperf3 -u -b RATE -l LEN}: one sendto() per datagram, as fast as the
 * CPU and the socket buffer allow ({@code -b 0}) or paced to a bit rate. Each datagram is a
 * frame of LEN + 42 bytes (UDP, IPv4, Ethernet headers).
 */
public final class UdpFlood extends Task {
  private final Simulator sim;
  private final NetDevice dev;
  private final UdpSocket socket;
  private final UdpDatagram payload;
  private final int payloadLen;
  private final int frameLen;
  private final int truesize;
  private final long gapNs;
  private final long endNs;
  private long nextSendNs;
  private long sent;
  private long sentBytes;
  private long dropped;
  private long blocked;
  /** udp_sendmsg's copy and stack work is charged; the transmit is the next step. */
  private boolean copied;
  /** When the current sendto() began: iperf3 stamps the datagram then (its gettimeofday). */
  private long sendtoNs;
  /** Send times by datagram number (mod the length), for a receiver's jitter; null if unused. */
  private long[] sendTimes;
  private final Event pacer =
      new Event() {
        @Override
        protected void fire() {
          wake();
        }
      };

  /**
   * A flood on {@code host}'s device; every field has iperf3's default until set:
   *
   * <pre>{@code
   * UdpFlood f = UdpFlood.on(host).length(64).rateBps(0).durationNs(SEC).build();
   * f.start(host.appCore());
   * }</pre>
   */
  public static Builder on(Host host) {
    return new Builder(host.sim(), host.dev());
  }

  /** The named fields of {@code iperf3 -u}, with iperf3's defaults. */
  public static final class Builder {
    private final Simulator sim;
    private final NetDevice dev;
    private UdpSocket socket;
    private UdpDatagram payload;
    private int length = 1460;
    private long rateBps = 1_000_000;
    private int truesize;
    private long startNs;
    private long durationNs = 10_000_000_000L;

    Builder(Simulator sim, NetDevice dev) {
      this.sim = sim;
      this.dev = dev;
    }

    /** The sending socket (default: a new one with the default send buffer). */
    public Builder socket(UdpSocket s) {
      this.socket = s;
      return this;
    }

    /** What the datagrams carry (default: flow 0's {@link UdpDatagram}). */
    public Builder payload(UdpDatagram p) {
      this.payload = p;
      return this;
    }

    /** UDP payload bytes, iperf3 -l (default 1460). */
    public Builder length(int bytes) {
      this.length = bytes;
      return this;
    }

    /** Payload bit rate, iperf3 -b; 0 = as fast as the CPU allows (default 1 Mbit/s). */
    public Builder rateBps(long bps) {
      this.rateBps = bps;
      return this;
    }

    /** skb truesize of one datagram (default: {@link #defaultTruesize} of the frame). */
    public Builder truesize(int bytes) {
      this.truesize = bytes;
      return this;
    }

    /** When the first datagram is sent (default 0). */
    public Builder startNs(long ns) {
      this.startNs = ns;
      return this;
    }

    /** How long to send, iperf3 -t (default 10 s). */
    public Builder durationNs(long ns) {
      this.durationNs = ns;
      return this;
    }

    public UdpFlood build() {
      int frame = length + Ethernet.UDP_HLEN + Ethernet.IP_HLEN + Ethernet.ETH_HLEN;
      return new UdpFlood(sim, dev,
          socket == null ? new UdpSocket(UdpSocket.WMEM_DEFAULT) : socket,
          payload == null ? new UdpDatagram(0) : payload, length, rateBps,
          truesize > 0 ? truesize : defaultTruesize(frame), startNs, durationNs);
    }
  }

  /**
   * SKB_TRUESIZE of a datagram when nothing says otherwise: the kmalloc bucket of headroom,
   * data and skb_shared_info, plus struct sk_buff (estimates for 64-bit arm).
   */
  public static int defaultTruesize(int frameLen) {
    int data = frameLen + 64 + 320;
    int bucket = Integer.highestOneBit(data - 1) << 1;
    return bucket + 256;
  }

  /**
   * Positional form kept for code written before {@link #on}; use the builder.
   *
   * @param payloadLen UDP payload bytes (iperf3 -l)
   * @param rateBps target rate in bit/s of UDP payload (iperf3 -b), 0 = unlimited
   * @param truesize skb truesize of one datagram (allocation size + struct sk_buff)
   * @param startNs when the first datagram is sent
   * @param durationNs how long to send (iperf3 -t)
   */
  @Deprecated
  public UdpFlood(Simulator sim, NetDevice dev, UdpSocket socket, UdpDatagram payload,
      int payloadLen, long rateBps, int truesize, long startNs, long durationNs) {
    super("iperf3");
    if (payloadLen < 0 || payloadLen > 65507) {
      throw new IllegalArgumentException("UDP payload " + payloadLen + " (accepted: 0..65507)");
    }
    this.sim = sim;
    this.dev = dev;
    this.socket = socket;
    // --ports c: the tree's sock_wfree frees what this flood sends, where the host bridges it
    socket.c = dev.kernel().inLoop(SockWfreeNative.class);
    this.payload = payload;
    this.payloadLen = payloadLen;
    this.frameLen = payloadLen + Ethernet.UDP_HLEN + Ethernet.IP_HLEN + Ethernet.ETH_HLEN;
    this.truesize = truesize;
    this.gapNs = rateBps <= 0 ? 0 : Math.max(1, payloadLen * 8L * 1_000_000_000L / rateBps);
    this.nextSendNs = startNs;
    this.endNs = startNs + durationNs;
  }

  /** Starts the application on {@code core}. */
  public void start(Core core) {
    core.attach(this);
    sim.schedule(pacer, Math.max(sim.now(), nextSendNs));
  }

  /**
   * One sendto() in two steps, so that the driver code runs when the CPU reaches it and not
   * when the system call starts: first the socket checks and udp_sendmsg's copy and IP output
   * (hard interrupts may be taken after it), then dev_queue_xmit down to the driver.
   */
  @Override
  protected boolean run(Core core) {
    if (copied) {
      copied = false;
      int rc = transmit();
      core.traceSysExit("write", rc == NetdevTx.NET_XMIT_SUCCESS ? payloadLen : -ENOBUFS);
      return true;
    }
    long now = core.cursor();
    if (now >= endNs) {
      return false;
    }
    if (gapNs > 0 && now < nextSendNs) {
      sim.schedule(pacer, nextSendNs);
      return false;
    }
    if (!socket.hasSpace()) {
      blocked++;
      socket.waitForSpace(this);
      return false;
    }
    sendtoNs = now;
    core.traceSysEnter("write", FD, payloadLen); // iperf3 writes its datagrams with write(2)
    core.charge(KernelOps.UDP_SENDMSG);
    core.chargePerKibIfGiven(KernelOps.UDP_SEND_KB, payloadLen);
    copied = true;
    return true;
  }

  /** The socket's file descriptor as iperf3's first data socket has it (traces only). */
  private static final int FD = 5;

  /** -ENOBUFS: what write(2) returns for a datagram the qdisc dropped. */
  private static final int ENOBUFS = 105;

  private int transmit() {
    Skb skb = dev.skbs().alloc(frameLen, truesize);
    skb.payload = payload;
    skb.payloadOffset = sent;
    skb.payloadLen = payloadLen;
    skb.hdrLen = frameLen - payloadLen;
    socket.charge(skb);
    if (sendTimes != null) {
      // iperf3 writes the timestamp into the datagram before sendto: the frame may reach the
      // receiver before dev_queue_xmit returns here (another CPU's work caught up meanwhile);
      // a dropped datagram's slot is taken by the next one, which reuses its number
      sendTimes[(int) (sent & (sendTimes.length - 1))] = sendtoNs;
    }
    int rc = dev.queueXmit(skb);
    if (rc == NetdevTx.NET_XMIT_SUCCESS) {
      sent++;
      sentBytes += payloadLen;
    } else {
      dropped++;
    }
    if (gapNs > 0) {
      nextSendNs += gapNs;
    }
    return rc;
  }

  /**
   * Keeps the send time of the last {@code ring} datagrams (a power of two), as iperf3 writes
   * it into each datagram, for {@link #sendTimeNs}.
   */
  public void recordSendTimes(int ring) {
    if (Integer.bitCount(ring) != 1) {
      throw new IllegalArgumentException("ring " + ring + " is not a power of two");
    }
    sendTimes = new long[ring];
  }

  /** When datagram {@code n} (its payload offset) was sent, if within the recorded ring. */
  public long sendTimeNs(long n) {
    return sendTimes[(int) (n & (sendTimes.length - 1))];
  }

  /** Datagrams accepted by dev_queue_xmit. */
  public long sent() {
    return sent;
  }

  public long sentBytes() {
    return sentBytes;
  }

  /** sendto() calls that failed with ENOBUFS (qdisc full). */
  public long dropped() {
    return dropped;
  }

  /** Times the sender slept on a full socket buffer. */
  public long blockedCount() {
    return blocked;
  }

  public int frameLen() {
    return frameLen;
  }
}
