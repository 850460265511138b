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

  RavbXmit(RavbPriv priv, RavbNapi napi) {
    this.priv = priv;
    this.napi = napi;
  }

  /** ndo_start_xmit on the queue the stack picked. */
  int startXmit(Skb skb, NetdevQueue txq) {
    return startXmit(skb, txq.index());
  }

  @KernelPort(file = RavbSources.MAIN_C, function = "ravb_start_xmit",
      versions = RavbSources.VERSIONS, source = RavbSources.S612,
      notes = "the queue the stack picked (ravb_select_queue: RAVB_BE without a HW timestamp"
          + " request); CHECKSUM_PARTIAL is never set by the model's stack (the 6.12 GbEth"
          + " checksum check), skb_put_padto pads the descriptor length only, DMA mapping never"
          + " fails; TX timestamps (NC queue) are not modelled; the lock is not modelled")
  int startXmit(Skb skb, int q) {
    int numTxDesc = priv.numTxDesc;
    RavbHw hw = priv.hw;
    Core core = priv.cpu == null ? null : priv.cpu.current();

    if (Integer.compareUnsigned(priv.curTx[q] - priv.dirtyTx[q],
        (priv.numTxRing[q] - 1) * numTxDesc) > 0) {
      // "still transmitting with the full ring!"
      priv.k.netifStopSubqueue(q);
      priv.txBusy++;
      return NetdevTx.NETDEV_TX_BUSY;
    }
    if (core != null) {
      core.charge(RavbOps.XMIT);
    }
    int skbLen = Math.max(skb.len, RavbPriv.ETH_ZLEN); // skb_put_padto(skb, ETH_ZLEN)

    int entry = Integer.remainderUnsigned(priv.curTx[q], priv.numTxRing[q] * numTxDesc);
    priv.txSkb[q][entry / numTxDesc] = skb;
    int desc;
    int len;
    if (numTxDesc > 1) {
      len = (RavbPriv.DPTR_ALIGN - SKB_DATA_MISALIGN) % RavbPriv.DPTR_ALIGN;
      if (len == 0) {
        len = RavbPriv.DPTR_ALIGN; // zero-length descriptors terminate the DMA
      }
      desc = entry;
      hw.txDsTagl[desc] = len;
      len = skbLen - len;
      desc++;
    } else {
      desc = entry;
      len = skbLen;
    }
    hw.txDsTagl[desc] = len;
    // the DMA engine takes the frame from the skb of its last descriptor
    hw.txRing.setSkb(desc, skb);

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
      priv.k.netifStopSubqueue(q);
    }
    return NetdevTx.NETDEV_TX_OK;
  }
}
