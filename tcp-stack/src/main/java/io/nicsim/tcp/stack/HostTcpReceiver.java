package io.nicsim.tcp.stack;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.cpu.Task;
import io.nicsim.core.host.Host;
import io.nicsim.core.host.InLoopPorts;
import io.nicsim.core.kernel.HrTimer;
import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.kernel.SockWait;
import io.nicsim.core.kernel.Tasklet;
import io.nicsim.core.kernel.TimerList;
import io.nicsim.core.net.NetDevice;
import io.nicsim.core.net.RxHandler;
import io.nicsim.core.net.Skb;
import io.nicsim.core.port.KernelPort;
import io.nicsim.tcp.TcpAckSeg;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * The receiving TCP of the simulated host and the process reading it ({@code iperf3 -R}: the
 * client receives). Data skbs come up from the NIC's NAPI (GRO aggregates when GRO merged
 * them) in NET_RX softirq: tcp_v4_rcv and tcp_rcv_established are charged per skb, tcp-model's
 * {@link TcpReceiver} decides the ACKs (quickack, delayed ACK on a timer_list, SACK
 * compression on an hrtimer) and they leave through dev_queue_xmit. In-order skbs wait on the
 * receive queue until the reader's recvmsg() copies them out (blocks of {@code -l} bytes,
 * default 128 KiB) and frees them; tcp_cleanup_rbuf may then send an ACK. With SO_BUSY_POLL (or
 * epoll busy polling, {@link io.nicsim.core.kernel.SockWait}) the reader busy polls its NAPI
 * before sleeping. The advertised window is what the receive buffer
 * has left (no autotuning: it starts at its maximum); out-of-order data is kept as byte ranges,
 * its skbs freed.
 */
public final class HostTcpReceiver implements RxHandler {
  /** The wait's data test, made once (a lambda per call would allocate in the hot loop). */
  private final BooleanSupplier hasData = () -> this.unread > 0;
  /** tcp_rmem[2] (6 MiB) with tcp_adv_win_scale 1: the window the application may fill. */
  public static final int WINDOW_MAX = 3 << 20;

  private final Host host;
  private final Kernel kernel;
  private final NetDevice dev;
  private final PeerSender peer;
  private final TcpReceiver rcv;
  private final TimerList delack;
  private final HrTimer compressedAck;
  private final Tasklet compressedAckWork;
  private final Reader reader;
  private final int readLen;
  private final long stopReadingNs;
  // the receive queue: in-order data skbs, oldest first, and the bytes not yet read
  private Skb qHead;
  private Skb qTail;
  private int qLen;
  private long unread;
  /** Bytes of the head skb already read. */
  private long headConsumed;
  // ACK payloads, reused once the peer processed them
  private PeerAck freeAcks;
  // how the reader waits (blocking, SO_BUSY_POLL, epoll)
  private SockWait wait;
  private long bytesRead;
  private long reads;
  private long acksSent;
  private long dataSkbs;

  /**
   * @param readLen bytes per recvmsg (iperf3 -l)
   */
  public HostTcpReceiver(Host host, PeerSender peer, PathConfig cfg, int readLen,
      long stopReadingNs) {
    this.host = host;
    this.kernel = host.kernel();
    this.dev = host.dev();
    this.peer = peer;
    this.readLen = readLen;
    this.stopReadingNs = stopReadingNs;
    host.cpu().costs().requireAll(TcpRxCosts.all());
    host.cpu().costs().requireAll(TcpCosts.TCP_TRANSMIT_SKB);
    PathConfig mine = new PathConfig(0, 0, 0, 0, cfg.forwardDelayNs(), cfg.reverseDelayNs(),
        cfg.mss(), WINDOW_MAX, host.cpu().hz(), 0, 0);
    this.delack = new TimerList(kernel, "tcp_delack_timer", t -> rcv().delackTimerHandler());
    this.compressedAckWork = new Tasklet(kernel, "tcp_compressed_ack_kick",
        () -> rcv().compressedAckKick());
    // HRTIMER_MODE_REL_PINNED_SOFT: the callback runs in HRTIMER_SOFTIRQ (a tasklet here)
    this.compressedAck = new HrTimer(kernel, "tcp_compressed_ack_kick", t -> {
      compressedAckWork.schedule();
      return HrTimer.Restart.NORESTART;
    });
    this.rcv = new TcpReceiver(host.sim(), new Env(), this::sendAck, mine,
        TcpStack.patchesOf(host, List.of()));
    // --ports c: the ACK decisions as the host's C (ReceiverBridges); null in every other run
    this.rcv.c = ReceiverNative.of(InLoopPorts.of(host));
    this.wait = SockWait.blocking(kernel);
    this.reader = new Reader();
    host.appCore().attach(reader);
  }

  private TcpReceiver rcv() {
    return rcv;
  }

  /** How the reader waits for data (SO_BUSY_POLL, epoll busy polling; default blocking). */
  public void waitWith(SockWait w) {
    this.wait = w;
  }

  public TcpReceiver tcp() {
    return rcv;
  }

  public PeerSender peer() {
    return peer;
  }

  /** Bytes the application read. */
  public long bytesRead() {
    return bytesRead;
  }

  public long reads() {
    return reads;
  }

  public long acksSent() {
    return acksSent;
  }

  /** Data skbs that came up the stack (GRO aggregates count once). */
  public long dataSkbs() {
    return dataSkbs;
  }

  /** Skbs waiting on the receive queue (for skb conservation). */
  public int skbsQueued() {
    return qLen;
  }

  /** tcp_v4_rcv → tcp_rcv_established for a data skb, in NET_RX softirq. */
  @Override
  public void receive(Skb skb, Core core) {
    core.charge(TcpRxCosts.TCP_RCV_ESTABLISHED);
    dataSkbs++;
    long before = rcv.rcvNxt();
    long seq = skb.payloadOffset;
    int len = skb.payloadLen;
    int gsoSize = skb.gsoSegs > 1 ? skb.gsoSize : len;
    rcv.rcvEstablished(seq, len, gsoSize, skb.tcpPsh);
    long advanced = rcv.rcvNxt() - before;
    if (seq == before && advanced > 0) {
      // tcp_queue_rcv: the skb waits for the reader
      skb.next = null;
      if (qTail == null) {
        qHead = skb;
      } else {
        qTail.next = skb;
      }
      qTail = skb;
      qLen++;
    } else {
      skb.free(); // out of order (kept as a byte range) or old data
    }
    if (advanced > 0) {
      unread += advanced;
      wait.dataReady(skb.napiId); // sk_mark_napi_id; ep_poll_callback
      reader.wake(); // tcp_data_ready → sk_data_ready (SO_RCVLOWAT 1)
    }
  }

  /** tcp_send_ack: an ACK skb through dev_queue_xmit, to the peer. */
  private void sendAck(long rcvNxt, int window, long[] sackStart, long[] sackEnd, int n) {
    Core core = kernel.thisCpu();
    core.charge(TcpCosts.TCP_TRANSMIT_SKB);
    PeerAck a = freeAcks;
    if (a == null) {
      a = new PeerAck(this);
    } else {
      freeAcks = a.nextFree;
      a.nextFree = null;
    }
    a.seg.set(peer.seqOf(rcvNxt), window);
    for (int i = 0; i < n; i++) {
      a.seg.addSack(peer.seqOf(sackStart[i]), peer.seqOf(sackEnd[i]));
    }
    int len = PeerSender.HDR_LEN + (n > 0 ? 4 + 8 * n : 0);
    Skb skb = dev.skbs().alloc(len, 768);
    skb.hdrLen = len;
    skb.payload = a;
    acksSent++;
    dev.queueXmit(skb);
  }

  /** The peer's side of an ACK frame: after the reverse delay, its tcp_ack. */
  void ackAtPeer(PeerAck a) {
    peer.ack(a.seg);
    a.nextFree = freeAcks;
    freeAcks = a;
  }

  /**
   * tcp_cleanup_rbuf after the reader copied {@code copied} bytes: an ACK now when one is
   * scheduled and more than a segment is unacknowledged, or the reader drained a pushed
   * segment.
   */
  @KernelPort(file = "net/ipv4/tcp.c", function = "__tcp_cleanup_rbuf",
      versions = "v6.1..v6.18", source = TcpReceiver.SRC,
      notes = "the window-update ACK is not modelled (the window never shrinks below the reader);"
          + " v6.18 refreshes tcp_mstamp before the ACK, a clock the receiver does not keep")
  void cleanupRbuf(long copied) {
    boolean timeToAck = false;
    if ((rcv.pending & TcpReceiver.ICSK_ACK_SCHED) != 0) {
      if (rcv.rcvNxt - rcv.rcvWup > rcv.rcvMss
          || (copied > 0 && ((rcv.pending & TcpReceiver.ICSK_ACK_PUSHED2) != 0
              || (rcv.pending & TcpReceiver.ICSK_ACK_PUSHED) != 0)
              && unread == 0)) {
        timeToAck = true;
      }
    }
    if (timeToAck) {
      rcv.sendAckNow();
    }
  }

  /** The reading process: iperf3's receive loop of blocking recvmsg() calls. */
  private final class Reader extends Task {
    Reader() {
      super("iperf3");
    }

    @Override
    protected boolean run(Core core) {
      if (core.cursor() >= stopReadingNs && unread == 0) {
        return false;
      }
      if (unread == 0) {
        // tcp_recvmsg: busy poll the socket's NAPI before sleeping in sk_wait_data
        if (wait.waitStep(core, hasData)) {
          return true;
        }
        if (unread == 0) {
          return false;
        }
      }
      wait.gotData();
      recvmsg(core);
      // the loop's next recvmsg: a busy-polling one finds the queue empty and polls there
      return unread > 0 || wait.mode() != SockWait.Mode.BLOCKING;
    }

    /** tcp_recvmsg_locked: copy out up to -l bytes, free what was read, clean up. */
    private void recvmsg(Core core) {
      core.charge(TcpRxCosts.TCP_RECVMSG);
      long n = Math.min(readLen, unread);
      core.charge(TcpRxCosts.TCP_COPY_OUT_KB, (n + 1023) / 1024);
      unread -= n;
      bytesRead += n;
      reads++;
      // free the skbs whose data has all been copied (tcp_eat_recv_skb)
      long left = n + headConsumed;
      while (qHead != null && qHead.payloadLen <= left) {
        Skb s = qHead;
        left -= s.payloadLen;
        qHead = s.next;
        s.next = null;
        if (qHead == null) {
          qTail = null;
        }
        qLen--;
        core.charge(KernelOps.SKB_FREE);
        s.free();
      }
      headConsumed = qHead == null ? 0 : left;
      cleanupRbuf(n);
    }
  }

  /** The receiver's environment on this host: its CPUs' clock, a timer_list, an hrtimer. */
  private final class Env implements TcpReceiver.Env {
    @Override
    public int jiffies() {
      return (int) kernel.cpu().jiffies();
    }

    @Override
    public void delackTimerReset(int expires) {
      delack.modTimer(expires);
    }

    @Override
    public void delackTimerCancel() {
      if (delack.pending()) {
        delack.delTimer();
      }
    }

    @Override
    public boolean compressedAckTimerQueued() {
      return compressedAck.isQueued();
    }

    @Override
    public void compressedAckTimerStart(long delayNs) {
      compressedAck.start(delayNs);
    }

    @Override
    public void compressedAckTimerCancel() {
      if (compressedAck.isQueued()) {
        compressedAck.tryToCancel();
      }
    }

    @Override
    public long unread() {
      return unread;
    }

    @Override
    public int window(int rcvWnd) {
      return (int) Math.max(0, Math.min(rcvWnd, WINDOW_MAX - unread));
    }
  }
}
