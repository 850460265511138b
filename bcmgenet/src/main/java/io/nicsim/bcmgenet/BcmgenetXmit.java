package io.nicsim.bcmgenet;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.net.NetdevQueue;
import io.nicsim.core.net.NetdevTx;
import io.nicsim.core.net.Skb;
import io.nicsim.core.nic.DescRing;
import io.nicsim.core.port.KernelPort;

/** ndo_start_xmit. */
final class BcmgenetXmit {
  private final BcmgenetPriv priv;
  long busy;
  /** {@code --ports c}: the tree's bcmgenet_get_txcb in place of {@link #getTxcb}. */
  GenetTxcbBridge.Hook cGetTxcb;

  BcmgenetXmit(BcmgenetPriv priv) {
    this.priv = priv;
  }

  @KernelPort(file = GenetSources.MAIN_C, function = "bcmgenet_get_txcb",
      versions = GenetSources.VERSIONS, source = GenetSources.S612)
  int getTxcb(BcmgenetPriv.TxRing ring) {
    if (cGetTxcb != null) {
      int cb = cGetTxcb.getTxcb(ring);
      if (cb >= 0) {
        return cb;
      }
    }
    int txCbPtr = ring.writePtr;
    // advance the local write pointer
    if (ring.writePtr == ring.endPtr) {
      ring.writePtr = ring.cbPtr;
    } else {
      ring.writePtr++;
    }
    return txCbPtr;
  }

  @KernelPort(file = GenetSources.MAIN_C, function = "bcmgenet_xmit",
      versions = GenetSources.VERSIONS, source = GenetSources.S612,
      notes = "linear skbs only (the model's stack hands no frags: nr_frags 0); TSB insertion, "
          + "checksum offload and DMA mapping are the bcmgenet_xmit cost; ring 0 only")
  int xmit(Skb skb, NetdevQueue txq) {
    Core core = priv.core();
    BcmgenetPriv.TxRing ring = priv.tx;
    DescRing bd = priv.hw.txRing;
    int nrFrags = 0;

    if (ring.freeBds <= nrFrags + 1) {
      if (!txq.stopped()) {
        txq.stop();
      }
      busy++;
      return NetdevTx.NETDEV_TX_BUSY;
    }
    core.charge(GenetOps.XMIT);

    int txCbPtr = getTxcb(ring); // i == 0: the head (and only) buffer
    bd.setBufLen(txCbPtr, skb.len);
    bd.setSkb(txCbPtr, skb);
    bd.set(txCbPtr, DescRing.FS | DescRing.LS); // DMA_SOP | DMA_EOP
    bd.setOwn(txCbPtr);

    // decrement the free BD count and advance the producer index
    ring.freeBds -= nrFrags + 1;
    ring.prodIndex += nrFrags + 1;
    ring.prodIndex &= BcmgenetPriv.DMA_INDEX_MASK;
    ring.queuedBds += nrFrags + 1;

    txq.sentQueue(skb.len); // netdev_tx_sent_queue

    if (ring.freeBds <= BcmgenetPriv.MAX_SKB_FRAGS + 1) {
      txq.stop();
    }
    if (!priv.dev.kernel().netdevXmitMore() || txq.xmitStopped()) {
      // packets are ready: update the producer index
      priv.chargeWrite();
      priv.hw.writeTdmaProdIndex(ring.prodIndex, core.cursor());
    }
    return NetdevTx.NETDEV_TX_OK;
  }
}
