package io.nicsim.fec;

import io.nicsim.core.ethtool.EthtoolCoalesce;
import io.nicsim.core.kernel.KernelException;
import io.nicsim.core.net.Skb;

/**
 * What a ported function of {@link FecNapi}, {@link FecXmit}, {@link FecSetup} or
 * {@link FecCoalesce} calls first when {@code --ports c} runs the tree's C in its place: the
 * driver's side of the bridges, which live in the fec-inloop module above this one and set these
 * fields when a run bridges the function (null otherwise, the Java port runs).
 */
final class FecCHooks {
  private FecCHooks() {}

  /** fec_enet_rx_napi(napi, budget): the work done. */
  interface RxNapi {
    int rxNapi(FecNapi napi, int budget);
  }

  /** fec_enet_interrupt(irq, ndev): IRQ_HANDLED (true) or IRQ_NONE. */
  interface Interrupt {
    boolean interrupt(FecNapi napi);
  }

  /** fec_enet_rx(ndev, budget): the frames taken from every RX ring. */
  interface Rx {
    int rx(int budget);
  }

  /** fec_enet_tx(ndev, budget): every TX ring reclaimed. */
  interface Tx {
    void tx(int budget);
  }

  /** fec_enet_rx_queue(ndev, budget, queue_id): the frames taken. */
  interface RxQueue {
    int rxQueue(int queueId, int budget);
  }

  /** fec_enet_tx_queue(ndev, queue_id, budget). */
  interface TxQueue {
    void txQueue(int queueId, int budget);
  }

  /** fec_enet_start_xmit(skb, ndev): the netdev_tx_t it returns. */
  interface StartXmit {
    int startXmit(Skb skb);
  }

  /** fec_enet_txq_submit_skb(txq, skb, ndev): 0 or the error it returns. */
  interface SubmitSkb {
    int submit(FecTxq txq, Skb skb);
  }

  /**
   * The bridges of functions fec_probe calls, installed before the driver is built: they bind
   * to the driver's objects as it makes them, before its probe runs (on the host's kernel,
   * {@code Kernel.inLoop}).
   */
  interface ProbeBinder {
    void bind(FecDriver driver);
  }

  /** fec_enet_get_queue_num(pdev, &num_tx, &num_rx): {num_tx, num_rx}. */
  interface QueueNum {
    int[] getQueueNum(FecOfNode np);
  }

  /** fec_restart(ndev): the MAC (re)programmed on the live fep and registers. */
  interface Restart {
    void restart();
  }

  /** fec_timeout(ndev, txqueue): dev_watchdog's ndo_tx_timeout on the live fep. */
  interface Timeout {
    void timeout(int txqueue);
  }

  /** fec_enet_timeout_work(work): the restart the timeout scheduled, on the live fep. */
  interface TimeoutWork {
    void timeoutWork();
  }

  /** fec_enet_adjust_link(ndev): phylib's link callback on the live fep and PHY. */
  interface AdjustLink {
    void adjustLink();
  }

  /**
   * fec_main.c's coalescing code on the live fep: the ITR conversion and programming and the
   * ethtool get/set handlers (each field of {@link FecCoalesce} calls its one method).
   */
  interface Coalesce {
    /** fec_enet_us_to_itr_clock(ndev, us). */
    int usToItrClock(int us);

    /** fec_enet_itr_coal_set(ndev). */
    void itrCoalSet();

    /** fec_enet_set_coalesce(ndev, ec, …): returns, or throws the refusal the C returned. */
    void setCoalesce(EthtoolCoalesce ec) throws KernelException;

    /** fec_enet_get_coalesce(ndev, ec, …). */
    void getCoalesce(EthtoolCoalesce ec) throws KernelException;
  }
}
