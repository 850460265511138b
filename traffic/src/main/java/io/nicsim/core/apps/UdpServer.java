package io.nicsim.core.apps;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.cpu.Task;
import io.nicsim.core.kernel.SockWait;
import io.nicsim.core.net.Ethernet;
import io.nicsim.core.net.RxHandler;
import io.nicsim.core.net.Skb;
import java.util.ArrayDeque;
import java.util.function.BooleanSupplier;

/**
 * A UDP receiving socket and the process reading it (iperf3 -s): udp_rcv queues each datagram
 * (dropping it when the receive buffer is full), wakes the reader, and the reader takes one
 * datagram per recvmsg() until the queue is empty.
 */
public final class UdpServer extends Task implements RxHandler {
  /** The wait's data test, made once (a lambda per call would allocate in the hot loop). */
  private final BooleanSupplier hasData = () -> !this.queue.isEmpty();
  /** net.core.rmem_default. */
  public static final int RMEM_DEFAULT = 212_992;

  private static final int HEADERS = Ethernet.ETH_HLEN + Ethernet.IP_HLEN + Ethernet.UDP_HLEN;
  private final int rcvbuf;
  private long rmemAlloc;
  private final ArrayDeque<Skb> queue = new ArrayDeque<>();
  private long received;
  private long receivedBytes;
  private long dropped;
  private SockWait wait;
  private Reader reader;

  /** What the reading process learns of each datagram it reads (iperf3's jitter and loss). */
  @FunctionalInterface
  public interface Reader {
    /** A datagram read at {@code readNs} (its payload offset is the sender's sequence). */
    void read(Skb skb, long readNs);
  }

  public UdpServer(int rcvbuf) {
    this(rcvbuf, "iperf3-s");
  }

  /** A server whose process is named {@code comm} (ftrace's task name). */
  public UdpServer(int rcvbuf, String comm) {
    super(comm);
    this.rcvbuf = rcvbuf;
  }

  /** How the process waits for datagrams (default: blocking recvmsg). */
  public UdpServer waitWith(SockWait w) {
    this.wait = w;
    return this;
  }

  /** Called for each datagram the process reads, before it is freed. */
  public UdpServer onRead(Reader r) {
    this.reader = r;
    return this;
  }

  /** Datagrams waiting on the socket (for skb conservation). */
  public int queued() {
    return queue.size();
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
    if (wait != null) {
      wait.dataReady(skb.napiId); // sk_mark_napi_id, ep_poll_callback
    }
    wake();
  }

  @Override
  protected boolean run(Core core) {
    Skb skb = queue.pollFirst();
    if (skb == null) {
      // __skb_recv_udp: busy poll (SO_BUSY_POLL, or epoll's) before sleeping
      return wait != null && wait.waitStep(core, hasData) || !queue.isEmpty();
    }
    if (wait != null) {
      wait.gotData();
    }
    core.traceSysEnter("read", 5, 131072); // iperf3 -s: read(2) into its 128 KiB buffer
    core.charge(KernelOps.SOCK_RECVMSG);
    rmemAlloc -= skb.truesize;
    received++;
    int bytes = skb.len - HEADERS;
    receivedBytes += bytes;
    if (reader != null) {
      reader.read(skb, core.cursor());
    }
    skb.free();
    core.traceSysExit("read", bytes);
    // a busy-polling reader's next recvmsg finds the queue empty and busy polls there
    return !queue.isEmpty()
        || (wait != null && wait.mode() != SockWait.Mode.BLOCKING);
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
