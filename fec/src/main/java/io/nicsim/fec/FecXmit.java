package io.nicsim.fec;

import static io.nicsim.fec.FecRegisters.xDesActive;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.net.NetdevQueue;
import io.nicsim.core.net.NetdevTx;
import io.nicsim.core.net.Skb;
import io.nicsim.core.nic.DescRing;
import io.nicsim.core.port.KernelPort;

/**
 * ndo_start_xmit: one BD per linear skb, an interrupt requested on every frame, a TDAR kick per
 * frame (no xmit_more batching, no BQL), and the stop threshold.
 */
public final class FecXmit {
  private final FecEnetPrivate fep;

  public FecXmit(FecEnetPrivate fep) {
    this.fep = fep;
  }

  /** Free BDs between {@code bd.cur} and {@code dirty_tx}, one slot kept empty. */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_get_free_txdesc_num",
      versions = FecSources.VERSIONS,
      source = FecSources.S1)
  public static int getFreeTxdescNum(FecTxq txq) {
    int entries;

    entries = (txq.dirtyTx - txq.bd.cur) - 1;

    return entries >= 0 ? entries : entries + txq.bd.size();
  }

  /** Queues one linear skb on its BD and starts the transmitter. */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_txq_submit_skb",
      versions = FecSources.VERSIONS,
      source = FecSources.S1,
      notes = "linear skbs only (nr_frags 0; NETIF_F_SG off in the model, so the stack"
          + " linearises); bounce buffers, DMA mapping errors and timestamps not modelled")
  public int txqSubmitSkb(FecTxq txq, Skb skb) {
    Core core = fep.netdev.kernel().thisCpu();
    DescRing bd = txq.bd;
    int entriesFree;

    entriesFree = getFreeTxdescNum(txq);
    if (entriesFree < FecConsts.MAX_SKB_FRAGS + 1) {
      skb.free(); // dev_kfree_skb_any
      fep.txDropped++; // "NOT enough BD for SG!"
      return NetdevTx.NETDEV_TX_OK;
    }

    core.charge(FecOps.START_XMIT);

    // one BD for the linear skb
    int bdp = bd.cur;
    int lastBdp = bdp;

    bd.setBufLen(bdp, skb.len);
    // status |= BD_ENET_TX_INTR | BD_ENET_TX_LAST (estatus BD_ENET_TX_INT)
    int status = DescRing.IC | DescRing.LS | DescRing.FS;

    // the last BD of the frame keeps the skb for the reaper
    bd.setSkb(lastBdp, skb);

    // hand the BD over: BD_ENET_TX_READY | BD_ENET_TX_TC
    bd.set(bdp, status);
    bd.setOwn(bdp);

    // cur moves on, wrapping at the ring end
    bdp = bd.next(lastBdp);

    bd.cur = bdp;
    txq.queued++;

    // TDAR kick; with ERR007885 only if one of four reads finds the DMA idle
    if ((fep.quirks & FecQuirk.ERR007885) == 0
        || fep.readl(xDesActive(txq.qid)) == 0
        || fep.readl(xDesActive(txq.qid)) == 0
        || fep.readl(xDesActive(txq.qid)) == 0
        || fep.readl(xDesActive(txq.qid)) == 0) {
      fep.writel(0, xDesActive(txq.qid));
    }

    return 0;
  }

  /** ndo_start_xmit. */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_start_xmit",
      versions = FecSources.VERSIONS,
      commits = {"56b3c6ba53d0"},
      source = FecSources.S1,
      notes = "GSO skbs (fec_enet_txq_submit_tso) not ported: the model leaves NETIF_F_TSO"
          + " off so the stack segments them")
  public int startXmit(Skb skb, NetdevQueue nq) {
    int entriesFree;
    int queue;
    FecTxq txq;
    int ret;

    queue = skb.queueMapping;
    txq = fep.txQueue[queue];

    if (skb.isGso()) {
      throw new IllegalStateException("fec model: GSO skb reached the driver (TSO is off)");
    }
    ret = txqSubmitSkb(txq, skb);
    if (ret != 0) {
      return ret;
    }

    entriesFree = getFreeTxdescNum(txq);
    if (entriesFree <= txq.txStopThreshold) {
      if (!nq.stopped()) {
        fep.queueStops++;
      }
      nq.stop(); // netif_tx_stop_queue
    }

    return NetdevTx.NETDEV_TX_OK;
  }
}
