package io.nicsim.tcp.stack;

import io.nicsim.core.cpu.CostOp;

/**
 * The CPU operations the TCP sender charges. A SoC profile used for TCP runs gives a cost for
 * each (ns); they are charged by the glue around the ported functions, once per call.
 */
public final class TcpCosts {
  private TcpCosts() {}

  /** One sendmsg() call: syscall, socket lock, tcp_sendmsg_locked bookkeeping. */
  public static final CostOp TCP_SENDMSG = CostOp.named("tcp_sendmsg");
  /** Copying one KiB of user data into the write queue. */
  public static final CostOp TCP_COPY_KB = CostOp.named("tcp_copy_kb");
  /** tcp_transmit_skb + ip_queue_xmit for one skb (clone, headers, checksum setup). */
  public static final CostOp TCP_TRANSMIT_SKB = CostOp.named("tcp_transmit_skb");
  /** tcp_v4_rcv + tcp_ack for one incoming ACK, before congestion control. */
  public static final CostOp TCP_ACK = CostOp.named("tcp_ack");
  /** tcp_wfree, the TX completion destructor, per freed skb. */
  public static final CostOp TCP_WFREE = CostOp.named("tcp_wfree");
  /** One TSQ handler or pacing-timer run (tcp_tsq_handler entry, socket lock). */
  public static final CostOp TCP_TSQ_HANDLER = CostOp.named("tcp_tsq_handler");

  public static CostOp[] all() {
    return new CostOp[] {TCP_SENDMSG, TCP_COPY_KB, TCP_TRANSMIT_SKB, TCP_ACK, TCP_WFREE,
        TCP_TSQ_HANDLER};
  }
}
