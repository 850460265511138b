package io.nicsim.core.kernel;

import java.util.ArrayDeque;

/** Per-CPU softnet_data: the NAPI poll list, the qdisc output queue, xmit_more. */
public final class Softnet {
  final ArrayDeque<Napi> pollList = new ArrayDeque<>();
  final ArrayDeque<TxQdisc> outputQueue = new ArrayDeque<>();
  final ArrayDeque<Tasklet> tasklets = new ArrayDeque<>();
  /** softnet_data.xmit.more: what netdev_xmit_more() reads in ndo_start_xmit. */
  boolean xmitMore;
  /** softnet_data.in_net_rx_action (v6.4): net_rx_action is taking this CPU's poll list. */
  boolean inNetRxAction;
  long timeSqueeze;
  long processed;

  public long timeSqueeze() {
    return timeSqueeze;
  }

  /** Whether {@code q} waits on this CPU's output_queue for net_tx_action. */
  public boolean onOutputQueue(TxQdisc q) {
    return outputQueue.contains(q);
  }

  public int pollListLength() {
    return pollList.size();
  }
}
