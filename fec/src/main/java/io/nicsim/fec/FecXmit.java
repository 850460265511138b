package io.nicsim.fec;

import static io.nicsim.fec.FecBds.*;
import static io.nicsim.fec.FecRegisters.xDesActive;

import io.nicsim.core.net.NetdevQueue;
import io.nicsim.core.net.NetdevTx;
import io.nicsim.core.net.Skb;
import io.nicsim.core.port.KernelPort;

/**
 * ndo_start_xmit: one BD per linear skb, an interrupt requested on every frame, a TDAR kick per
 * frame (no xmit_more batching, no BQL), and the stop threshold. Each method is one C function,
 * same decisions in the same order, the kernel's functions through {@code fep.k}.
 */
public class FecXmit {
  /** CHECKSUM_PARTIAL. */
  static final int CHECKSUM_PARTIAL = 3;
  /** Where the model puts TX bounce buffer {@code i} (a CPU address; 64-byte aligned). */
  static final long TX_BOUNCE_BASE = 0x4000_0000L;

  final FecEnetPrivate fep;
  /** {@code --ports c}: the tree's fec_enet_start_xmit in place of {@link #startXmit}. */
  FecCHooks.StartXmit cStartXmit;
  /** {@code --ports c}: the tree's fec_enet_txq_submit_skb in place of {@link #txqSubmitSkb}. */
  FecCHooks.SubmitSkb cSubmitSkb;

  public FecXmit(FecEnetPrivate fep) {
    this.fep = fep;
  }

  /** Free BDs between {@code bd.cur} and {@code dirty_tx}, one slot kept empty. */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_get_free_txdesc_num",
      versions = FecSources.VERSIONS,
      source = FecSources.S618,
      notes = "the C subtracts BD pointers and shifts by dsize_log2: the BD index difference")
  public static int getFreeTxdescNum(FecTxq txq) {
    int entries;

    entries = (txq.dirtyTx - txq.bd.cur) - 1;

    return entries >= 0 ? entries : entries + txq.ringSize;
  }

  /** Queues one linear skb on its BD and starts the transmitter. */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_txq_submit_skb",
      versions = FecSources.VERSIONS,
      commits = {"20f797399035"},
      source = FecSources.S618,
      notes = "linear skbs (nr_frags 0): the model leaves NETIF_F_SG off, so the stack"
          + " linearises and fec_enet_txq_submit_frag_skb (not ported) is never called;"
          + " tx_skbuff[index] before 20f797399035 (v6.5), tx_buf[index].buf_p after")
  public int txqSubmitSkb(FecTxq txq, Skb skb) {
    if (cSubmitSkb != null) {
      return cSubmitSkb.submit(txq, skb);
    }
    FecBds bds = txq.bds;
    int nrFrags = skb.nrFrags;
    int bdp;
    int lastBdp;
    long bufaddr;
    long addr;
    int status;
    int buflen;
    int estatus = 0;
    int index;
    int entriesFree;

    entriesFree = getFreeTxdescNum(txq);
    if (entriesFree < FecConsts.MAX_SKB_FRAGS + 1) {
      fep.k.devKfreeSkbAny(skb);
      fep.txDropped++;
      if (fep.k.netRatelimit()) {
        fep.k.netdevErr("NOT enough BD for SG!\n");
      }
      return NetdevTx.NETDEV_TX_OK;
    }

    // protocol checksum off-load for TCP and UDP
    if (fep.k.clearCsum(skb) != 0) {
      fep.k.devKfreeSkbAny(skb);
      return NetdevTx.NETDEV_TX_OK;
    }

    fep.charge(FecOps.START_XMIT);

    // fill in a TX ring entry
    bdp = txq.bd.cur;
    lastBdp = bdp;
    status = bds.status(bdp);
    status &= ~BD_ENET_TX_STATS;

    // buffer length and pointer
    bufaddr = fep.k.skbData(skb);
    buflen = skb.len & 0xFFFF; // unsigned short buflen = skb_headlen(skb): a linear skb

    index = bdp;
    if ((bufaddr & fep.txAlign) != 0 || (fep.quirks & FecQuirk.SWAP_FRAME) != 0) {
      fep.k.copyToBounce(index, skb, buflen);
      bufaddr = TX_BOUNCE_BASE + (long) index * 2048;

      if ((fep.quirks & FecQuirk.SWAP_FRAME) != 0) {
        fep.k.swapTxBuffer(bufaddr, buflen);
      }
    }

    // push the data cache so the uDMA does not read stale data
    addr = fep.k.dmaMapSingle(bufaddr, buflen, FecKernel.DMA_TO_DEVICE);
    if (fep.k.dmaMappingError(addr)) {
      fep.k.devKfreeSkbAny(skb);
      if (fep.k.netRatelimit()) {
        fep.k.netdevErr("Tx DMA memory map failed\n");
      }
      return NetdevTx.NETDEV_TX_OK;
    }

    if (nrFrags != 0) {
      throw new IllegalStateException("fec model: a fragmented skb reached the driver"
          + " (NETIF_F_SG is off)");
    } else {
      status |= BD_ENET_TX_INTR | BD_ENET_TX_LAST;
      if (fep.bufdescEx) {
        estatus = BD_ENET_TX_INT;
        if (skb.hwTstamp && fep.hwtsTxEn) {
          estatus |= BD_ENET_TX_TS;
        }
      }
    }
    bds.bufaddr[bdp] = (int) addr;
    txq.bd.setBufLen(bdp, buflen & 0xFFFF);

    if (fep.bufdescEx) {
      if (skb.hwTstamp && fep.hwtsTxEn) {
        skb.tstampInProgress = true;
      }

      if ((fep.quirks & FecQuirk.HAS_AVB) != 0) {
        estatus |= (txq.qid & 0xf) << 20; // FEC_TX_BD_FTYPE(txq->bd.qid)
      }

      if (skb.ipSummed == CHECKSUM_PARTIAL) {
        estatus |= BD_ENET_TX_PINS | BD_ENET_TX_IINS;
      }

      bds.bdu[bdp] = 0;
      bds.setEsc(bdp, estatus);
    }

    index = lastBdp;
    // the last BD of the frame keeps the skb for the reaper
    txq.bd.setSkb(index, skb);

    // hand it over: ready, interrupt when done, last BD of the frame, append the CRC
    status |= BD_ENET_TX_READY | BD_ENET_TX_TC;
    bds.setStatus(bdp, status);

    // cur moves on, wrapping at the ring end
    bdp = txq.bd.next(lastBdp);

    fep.k.skbTxTimestamp(skb);

    txq.bd.cur = bdp;
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

  /**
   * {@code fec_enet_txq_submit_tso}: not ported. The model leaves NETIF_F_TSO off, so no GSO
   * skb reaches the driver; a harness answers for it.
   */
  int txqSubmitTso(FecTxq txq, Skb skb) {
    throw new IllegalStateException("fec model: GSO skb reached the driver (TSO is off)");
  }

  /** ndo_start_xmit. */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_start_xmit",
      versions = FecSources.VERSIONS,
      commits = {"56b3c6ba53d0"},
      source = FecSources.S618,
      notes = "GSO skbs go to fec_enet_txq_submit_tso, which is not ported: the model leaves"
          + " NETIF_F_TSO off")
  public int startXmit(Skb skb, NetdevQueue nq) {
    if (cStartXmit != null) {
      return cStartXmit.startXmit(skb);
    }
    int entriesFree;
    int queue;
    FecTxq txq;
    int ret;

    queue = skb.queueMapping & 0xFFFF;
    txq = fep.txQueue[queue];

    if (skb.isGso()) {
      ret = txqSubmitTso(txq, skb);
    } else {
      ret = txqSubmitSkb(txq, skb);
    }
    if (ret != 0) {
      return ret;
    }

    entriesFree = getFreeTxdescNum(txq);
    if (entriesFree <= txq.txStopThreshold) {
      fep.k.netifTxStopQueue(queue);
    }

    return NetdevTx.NETDEV_TX_OK;
  }
}
