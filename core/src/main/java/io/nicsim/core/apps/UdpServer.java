package io.nicsim.core.apps;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.cpu.Task;
import io.nicsim.core.net.RxHandler;
import io.nicsim.core.net.Skb;

/**
 * A UDP receiving socket and the process reading it (iperf3 -s): udp_rcv queues each datagram
 * (dropping it when the receive buffer is full), wakes the reader, and the reader takes one
 * datagram per recvmsg() until the queue is empty.
 */
public final class UdpServer extends Task implements RxHandler {
  /** net.core.rmem_default. */
  public static final int RMEM_DEFAULT = 212_992;

  private static final int HEADERS = io.nicsim.core.net.Ethernet.ETH_HLEN
      + io.nicsim.core.net.Ethernet.IP_HLEN + io.nicsim.core.net.Ethernet.UDP_HLEN;
  private final int rcvbuf;
  private long rmemAlloc;
  private final java.util.ArrayDeque<Skb> queue = new java.util.ArrayDeque<>();
  private long received;
  private long receivedBytes;
  private long dropped;

  public UdpServer(int rcvbuf) {
    super("iperf3-s");
    this.rcvbuf = rcvbuf;
  }

  /** udp_rcv → __udp_queue_rcv_skb → sock_queue_rcv_skb → sk_data_ready. */
  @Override
  public void receive(Skb skb, Core core) {
    core.charge(KernelOps.UDP_RCV);
    if (rmemAlloc + skb.truesize > rcvbuf) {
      dropped++;
      skb.free();
      return;
    }
    rmemAlloc += skb.truesize;
    queue.addLast(skb);
    wake();
  }

  @Override
  protected boolean run(Core core) {
    Skb skb = queue.pollFirst();
    if (skb == null) {
      return false;
    }
    core.traceSysEnter("read", 5, 131072); // iperf3 -s: read(2) into its 128 KiB buffer
    core.charge(KernelOps.SOCK_RECVMSG);
    rmemAlloc -= skb.truesize;
    received++;
    int bytes = skb.len - HEADERS;
    receivedBytes += bytes;
    skb.free();
    core.traceSysExit("read", bytes);
    return !queue.isEmpty();
  }

  public long received() {
    return received;
  }

  public long receivedBytes() {
    return receivedBytes;
  }

  /** Datagrams dropped on a full receive buffer. */
  public long dropped() {
    return dropped;
  }
}
