package io.nicsim.tcp.stack;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.Task;
import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.Simulator;
import io.nicsim.tcp.TcpSendmsg;
import io.nicsim.tcp.TcpSock;

/**
 * The sender of {@code iperf3 -c} (TCP upload): writes blocks of {@code -l} bytes (128 KiB by
 * default) as fast as the socket takes them, sleeping while the send buffer is full, for
 * {@code -t} seconds. Each write is one system call that charges its cost to the core.
 */
public final class BulkSender extends Task {
  /** iperf3's default TCP write length. */
  public static final int DEFAULT_LEN = 128 * 1024;

  private final Simulator sim;
  private final TcpFlow flow;
  private final TcpSock sk;
  private final int len;
  private final long startNs;
  private final long endNs;
  private long written;
  private long writes;
  private long blocked;
  private final Event start = new Event() {
    @Override
    protected void fire() {
      wake();
    }
  };

  public BulkSender(Simulator sim, TcpFlow flow, int len, long startNs, long durationNs) {
    super("iperf3");
    this.sim = sim;
    this.flow = flow;
    this.sk = flow.sock();
    this.len = len;
    this.startNs = startNs;
    this.endNs = startNs + durationNs;
    // sk_write_space wakes the writer blocked on sndbuf
    sk.writeSpace = s -> wake();
  }

  /** Starts the application on {@code core}. */
  public void start(Core core) {
    core.attach(this);
    sim.schedule(start, Math.max(sim.now(), startNs));
  }

  @Override
  protected boolean run(Core core) {
    if (core.cursor() >= endNs) {
      return false;
    }
    core.traceSysEnter("write", 5, len); // iperf3's write(2) of its -l buffer
    core.charge(TcpCosts.TCP_SENDMSG);
    long n = TcpSendmsg.sendmsgLocked(sk, len);
    core.charge(TcpCosts.TCP_COPY_KB, (n + 1023) / 1024);
    core.traceSysExit("write", n);
    written += n;
    writes++;
    if (sk.sockNoSpace) {
      blocked++;
      return false; // sk_stream_wait_memory
    }
    return true;
  }

  /** Bytes accepted by the socket. */
  public long written() {
    return written;
  }

  public long writes() {
    return writes;
  }

  /** Times the writer slept on a full send buffer. */
  public long blockedCount() {
    return blocked;
  }

  public TcpFlow flow() {
    return flow;
  }
}
