package io.nicsim.tcp.stack;

import io.nicsim.core.cpu.CostOp;

/**
 * The CPU operations of TCP receive on the simulated host ({@link HostTcpReceiver}); ACKs it
 * sends are charged {@link TcpCosts#TCP_TRANSMIT_SKB}. Every shipped base profile gives them.
 */
public final class TcpRxCosts {
  private TcpRxCosts() {}

  /** tcp_v4_rcv + tcp_rcv_established + tcp_data_queue for one data skb (a GRO aggregate once). */
  public static final CostOp TCP_RCV_ESTABLISHED = CostOp.named("tcp_rcv_established");
  /** One recvmsg() call: syscall, lock_sock, tcp_recvmsg_locked, tcp_cleanup_rbuf. */
  public static final CostOp TCP_RECVMSG = CostOp.named("tcp_recvmsg");
  /** Copying one KiB to user space. */
  public static final CostOp TCP_COPY_OUT_KB = CostOp.named("tcp_copy_out_kb");

  public static CostOp[] all() {
    return new CostOp[] {TCP_RCV_ESTABLISHED, TCP_RECVMSG, TCP_COPY_OUT_KB};
  }
}
