package io.nicsim.core.apps;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.cpu.Task;
import io.nicsim.core.net.Ethernet;
import io.nicsim.core.net.NetDevice;
import io.nicsim.core.net.NetdevTx;
import io.nicsim.core.net.Skb;
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
  private final Event pacer =
      new Event() {
        @Override
        protected void fire() {
          wake();
        }
      };

  /**
   * @param payloadLen UDP payload bytes (iperf3 -l)
   * @param rateBps target rate in bit/s of UDP payload (iperf3 -b), 0 = unlimited
   * @param truesize skb truesize of one datagram (allocation size + struct sk_buff)
   * @param startNs when the first datagram is sent
   * @param durationNs how long to send (iperf3 -t)
   */
  public UdpFlood(Simulator sim, NetDevice dev, UdpSocket socket, UdpDatagram payload,
      int payloadLen, long rateBps, int truesize, long startNs, long durationNs) {
    super("iperf3");
    if (payloadLen < 0 || payloadLen > 65507) {
      throw new IllegalArgumentException("UDP payload " + payloadLen + " (accepted: 0..65507)");
    }
    this.sim = sim;
    this.dev = dev;
    this.socket = socket;
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

  @Override
  protected boolean run(Core core) {
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
    core.charge(KernelOps.UDP_SENDMSG);
    Skb skb = dev.skbs().alloc(frameLen, truesize);
    skb.payload = payload;
    skb.payloadOffset = sent;
    skb.payloadLen = payloadLen;
    skb.hdrLen = frameLen - payloadLen;
    socket.charge(skb);
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
    return true;
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
