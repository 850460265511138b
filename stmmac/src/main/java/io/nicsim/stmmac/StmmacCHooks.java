package io.nicsim.stmmac;

import io.nicsim.core.ethtool.EthtoolCoalesce;
import io.nicsim.core.kernel.KernelException;
import io.nicsim.core.net.NetdevQueue;
import io.nicsim.core.net.Skb;

/**
 * What a ported function of {@link StmmacTx}, {@link StmmacRx}, {@link StmmacIrq},
 * {@link StmmacEthtool} or {@link StmmacLifecycle} calls first
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

  /** stmmac_napi_check, the tree's dma_interrupt callback inside. */
  interface NapiCheck {
    int napiCheck(int chan, DmaDir dir);
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

  /**
   * An ethtool entry of stmmac_ethtool.c ({@code stmmac_get_coalesce}, {@code
   * __stmmac_set_coalesce}, {@code stmmac_check_if_running} …) on the live priv.
   */
  interface Ethtool {
    /**
     * Whether the C's record holds this call; when not, the Java port runs (the hook counts it
     * in the run header).
     */
    boolean holds(EthtoolCoalesce ec);

    /** The function on {@code ec} (null for {@code .begin}) and {@code queue} (-1: all). */
    void call(EthtoolCoalesce ec, int queue) throws KernelException;
  }

  /** stmmac_usec2riwt or stmmac_riwt2usec. */
  interface Conversion {
    /** Whether the C's record holds this call (else the Java runs, counted). */
    boolean holds(long value);

    long convert(long value);
  }

  /** stmmac_init_coalesce(priv): the per-queue defaults and each TX queue's timer set-up. */
  interface InitCoalesce {
    void initCoalesce();
  }

  /** stmmac_tx_timeout(dev, txqueue): dev_watchdog's ndo_tx_timeout on the live priv. */
  interface TxTimeout {
    void txTimeout(int txqueue);
  }

  /** stmmac_service_task(work): the service work (the adapter's reset) on the live priv. */
  interface ServiceTask {
    void serviceTask();
  }
}
