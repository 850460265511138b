package io.nicsim.stmmac;

import io.nicsim.core.net.NetdevQueue;
import io.nicsim.core.net.Skb;

/**
 * What a ported function of {@link StmmacTx}, {@link StmmacRx} or {@link StmmacIrq} calls first
 * when {@code --ports c} runs the tree's C in its place: the driver's side of the bridges, which
 * live in the stmmac-inloop module above this one and set these fields when a run bridges the
 * function (null otherwise, the Java port runs).
 */
final class StmmacCHooks {
  private StmmacCHooks() {}

  /** The transmit side's functions on the shared TX record. */
  interface Tx {
    /** stmmac_xmit(skb, dev) or stmmac_tso_xmit(skb, dev); the netdev_tx_t it returns. */
    int xmit(Skb skb, NetdevQueue txq, boolean tso);

    /** stmmac_tx_timer_arm(priv, queue). */
    void timerArm(int queue);

    /** stmmac_tx_timer(&tx_q->txtimer), the hrtimer expiring. */
    void txTimer(int queue);

    /** stmmac_tx_clean(priv, budget, queue[, &pending_packets]): the work done. */
    int txClean(int budget, int queue);

    /** stmmac_napi_poll_tx after its stmmac_tx_clean returned {@code cleaned}, {@code pending}. */
    int napiPollTx(int queue, int budget, int cleaned, boolean pending);
  }

  /** stmmac_napi_check after the model's DMA status read. */
  interface NapiCheck {
    int napiCheck(int chan, DmaDir dir, int status);
  }

  /** The interrupt entry points. */
  interface Irq {
    /** stmmac_interrupt: whether it handled the interrupt. */
    boolean interrupt();

    /** stmmac_dma_interrupt. */
    void dmaInterrupt();

    /** stmmac_msi_intr_rx or stmmac_msi_intr_tx. */
    boolean msiIntr(int chan, DmaDir dir);
  }

  /** stmmac_rx(priv, limit, queue): the frames taken. */
  interface Rx {
    int rx(int limit, int queue);
  }

  /** stmmac_napi_poll_rx after its stmmac_rx returned {@code workDone}. */
  interface NapiPollRx {
    int napiPollRx(int chan, int budget, int workDone);
  }
}
