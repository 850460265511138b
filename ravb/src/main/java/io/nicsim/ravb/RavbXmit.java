package io.nicsim.ravb;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.net.NetdevQueue;
import io.nicsim.core.net.NetdevTx;
import io.nicsim.core.net.Skb;
import io.nicsim.core.port.KernelPort;

/** ndo_start_xmit: ravb_start_xmit's ring, descriptor and queue-stop decisions. */
final class RavbXmit {
  /**
   * Where the model's skb->data sits modulo DPTR_ALIGN: the stack reserves
   * LL_RESERVED_SPACE (a multiple of 16) and pushes the 14-byte Ethernet header, so the data
   * starts 2 bytes past a 4-byte boundary and the GbEth head copy is 2 bytes. An assumption of
   * the model, not a kernel constant.
   */
  static final int SKB_DATA_MISALIGN = 2;

  private final RavbPriv priv;
  private final RavbNapi napi;
  /** {@code --ports c}: the tree's ravb_start_xmit in place of {@link #startXmit(Skb, int)}. */
  RavbXmitBridge.Hook cXmit;

  RavbXmit(RavbPriv priv, RavbNapi napi) {
    this.priv = priv;
    this.napi = napi;
  }

  /** ndo_start_xmit on the queue the stack picked. */
  int startXmit(Skb skb, NetdevQueue txq) {
    return startXmit(skb, txq.index());
  }

  @KernelPort(file = RavbSources.MAIN_C, function = "ravb_start_xmit",
      versions = RavbSources.VERSIONS, source = RavbSources.S612, commits = {"6c8e2803ef36"},
      notes = "the queue the stack picked (ravb_select_queue); skb_put_padto pads in place"
          + " (the model's skb keeps its length, the descriptor takes the padded one); from"
          + " gbeth-tx-csum (v6.9) CHECKSUM_PARTIAL asks ravb_can_tx_csum_gbeth; the DMA"
          + " mappings, the ts_skb and its list are RavbKernel calls; the lock is not modelled")
  int startXmit(Skb skb, int q) {
    if (cXmit != null) {
      return cXmit.xmit(skb, q);
    }
    int numTxDesc = priv.numTxDesc;
    RavbHw hw = priv.hw;
    RavbKernel k = priv.k;
    Core core = priv.cpu == null ? null : priv.cpu.current();

    if (priv.patches.has(RavbPatches.GBETH_TX_CSUM) && skb.ipSummed == Skb.CHECKSUM_PARTIAL
        && !k.canTxCsumGbeth(skb)) {
      k.skbChecksumHelp(skb);
    }
    if (Integer.compareUnsigned(priv.curTx[q] - priv.dirtyTx[q],
        (priv.numTxRing[q] - 1) * numTxDesc) > 0) {
      // netif_err: "still transmitting with the full ring!"
      k.netifErr("still transmitting with the full ring!\n");
      k.netifStopSubqueue(q);
      priv.txBusy++;
      return NetdevTx.NETDEV_TX_BUSY;
    }
    if (core != null) {
      core.charge(RavbOps.XMIT);
    }
    if (k.skbPutPadto(skb, RavbPriv.ETH_ZLEN) != 0) {
      return NetdevTx.NETDEV_TX_OK; // goto exit: skb_put_padto freed the skb
    }
    int skbLen = Math.max(skb.len, RavbPriv.ETH_ZLEN);

    int entry = Integer.remainderUnsigned(priv.curTx[q], priv.numTxRing[q] * numTxDesc);
    int slot = Integer.divideUnsigned(entry, numTxDesc);
    priv.txSkb[q][slot] = skb;
    int desc;
    int len;
    int dmaAddr;
    if (numTxDesc > 1) {
      len = (RavbPriv.DPTR_ALIGN - k.skbDataMisalign(skb)) % RavbPriv.DPTR_ALIGN;
      if (len == 0) {
        len = RavbPriv.DPTR_ALIGN; // zero-length descriptors terminate the DMA
      }
      dmaAddr = k.dmaMapTx(true, slot * RavbPriv.DPTR_ALIGN, len);
      if (k.dmaMappingError(dmaAddr)) {
        return drop(skb, q, slot);
      }
      desc = entry;
      hw.txDsTagl[desc] = len;
      hw.txDptr[desc] = dmaAddr;
      int head = len;
      len = skbLen - len;
      dmaAddr = k.dmaMapTx(false, head, len);
      if (k.dmaMappingError(dmaAddr)) {
        return unmap(skb, q, slot, desc);
      }
      desc++;
    } else {
      desc = entry;
      len = skbLen;
      dmaAddr = k.dmaMapTx(false, 0, skbLen);
      if (k.dmaMappingError(dmaAddr)) {
        return drop(skb, q, slot);
      }
    }
    hw.txDsTagl[desc] = len & 0xFFFF;
    hw.txDptr[desc] = dmaAddr;
    // the DMA engine takes the frame from the skb of its last descriptor
    hw.txRing.setSkb(desc, skb);

    // TX timestamp required
    if (priv.info.txTimestamps) {
      if (q == RavbPriv.RAVB_NC) {
        if (!k.tsSkbAlloc()) {
          if (numTxDesc > 1) {
            desc--;
            k.dmaUnmapSingle(dmaAddr, len);
          }
          return unmap(skb, q, slot, desc);
        }
        int tag = priv.tsSkbTag++;
        priv.tsSkbTag &= 0x3ff;
        k.tsSkbQueue(skb, tag);
        skb.tstampInProgress = true; // SKBTX_IN_PROGRESS
        hw.txTaghTsr[desc] = ((tag >> 4) | RavbPriv.TX_TSR) & 0xFF;
        hw.txDsTagl[desc] = (hw.txDsTagl[desc] | (tag << 12)) & 0xFFFF;
      }
      k.skbTxTimestamp(skb);
    }

    if (numTxDesc > 1) {
      hw.setTxDieDt(desc, RavbHw.DT_FEND);
      desc--;
      hw.setTxDieDt(desc, RavbHw.DT_FSTART); // after DT_FEND (dma_wmb)
    } else {
      hw.setTxDieDt(desc, RavbHw.DT_FSINGLE);
    }
    priv.modify(RavbReg.TCCR, RavbHw.TCCR_TSRQ0 << q, RavbHw.TCCR_TSRQ0 << q);

    priv.curTx[q] += numTxDesc;
    priv.queuedDescs += numTxDesc;
    if (Integer.compareUnsigned(priv.curTx[q] - priv.dirtyTx[q],
        (priv.numTxRing[q] - 1) * numTxDesc) > 0 && napi.txFree(q, true) == 0) {
      k.netifStopSubqueue(q);
    }
    return NetdevTx.NETDEV_TX_OK;
  }

  /** unmap: the descriptor's own mapping, then drop. */
  private int unmap(Skb skb, int q, int slot, int desc) {
    priv.k.dmaUnmapSingle(priv.hw.txDptr[desc], priv.hw.txDsTagl[desc] & 0xFFFF);
    return drop(skb, q, slot);
  }

  /** drop: the skb freed and its slot cleared; NETDEV_TX_OK. */
  private int drop(Skb skb, int q, int slot) {
    priv.k.devKfreeSkbAny(skb);
    priv.txSkb[q][slot] = null;
    return NetdevTx.NETDEV_TX_OK;
  }
}
