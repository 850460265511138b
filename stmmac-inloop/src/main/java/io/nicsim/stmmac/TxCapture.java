package io.nicsim.stmmac;

import io.nicsim.core.kernel.HrTimer;
import io.nicsim.core.net.NetdevQueue;
import io.nicsim.core.net.Skb;
import io.nicsim.core.nic.DescRing;
import java.util.Arrays;

/**
 * A live queue and skb as {@link TxHarnessRig}'s TX record: what {@code TxHarnessRig.set}
 * builds from a record, read back from the simulation ({@code --ports c}). The answers the C's
 * stubs give from the record are the model's own answers now ({@link LiveKernelCalls},
 * {@link ModelUnported}, the hardware's {@code is_jumbo_frm}); {@link TxReplay} checks each
 * answer the C was given against the model when it replays the call.
 */
final class TxCapture {
  private TxCapture() {}

  static void capture(StmmacTx tx, int queue, Skb skb, long[] r) {
    Arrays.fill(r, 0, Math.min(r.length, TxHarnessRig.FIELDS), 0);
    StmmacPriv priv = tx.priv;
    StmmacTxQueue txQueue = priv.txQueue[queue];
    DescRing ring = txQueue.ring;
    NetdevQueue txq = priv.dev.queue(queue);
    HrTimer timer = txQueue.txtimer;
    r[TxHarnessRig.QUEUE] = queue;
    r[TxHarnessRig.TX_CNT] = priv.plat.txQueuesToUse();
    r[TxHarnessRig.RING_ORDER] = Integer.numberOfTrailingZeros(ring.size());
    r[TxHarnessRig.CUR_TX] = ring.cur;
    r[TxHarnessRig.DIRTY_TX] = ring.dirty;
    r[5] = Integer.toUnsignedLong(txQueue.txCountFrames);
    r[TxHarnessRig.MSS] = Integer.toUnsignedLong(txQueue.mss);
    r[7] = txQueue.tbs;
    r[8] = priv.extendDesc ? 1 : 0;
    r[9] = txQueue.dmaTxPhy;
    r[10] = Integer.toUnsignedLong(priv.txCoalFrames[queue]);
    r[11] = Integer.toUnsignedLong(priv.txCoalTimer[queue]);
    r[12] = priv.hwtsTxEn ? 1 : 0;
    r[13] = priv.sarcType;
    r[14] = priv.txPathInLpiMode ? 1 : 0;
    r[15] = priv.eeeSwTimerEn ? 1 : 0;
    r[16] = priv.eeeEnabled ? 1 : 0;
    r[17] = priv.tso ? 1 : 0;
    r[18] = TxHarnessRig.coreField(priv.plat.core());
    if (priv.est != null) {
      r[19] = 1;
      r[20] = priv.est.enable ? 1 : 0;
      r[21] = Integer.toUnsignedLong(priv.est.maxSdu[queue]);
    }
    r[22] = priv.dmaCapVlins ? 1 : 0;
    r[23] = priv.dmaCapAddr64;
    r[24] = priv.txCoeUnsupported[queue] ? 1 : 0;
    r[25] = priv.enhDesc ? 1 : 0;
    r[26] = priv.mode;
    r[27] = txq.stopped() ? 1 : 0;
    r[28] = tx.txNapi(txQueue.queueIndex).isScheduled() ? 1 : 0;
    r[29] = timer != null && timer.active() ? 1 : 0;
    r[30] = tx.kernel.netdevXmitMore() ? 1 : 0;
    r[TxHarnessRig.STALE_ENTRY] = -1;
    r[TxHarnessRig.MAP_ERR_AT] = 0; // the model's mappings never fail
    r[71] = timer == null || !timer.active() ? 0 : timer.callbackRunning() ? -1 : 1;
    if (skb == null) {
      return;
    }
    // the entries the C will look at: a stale skb there is the C's WARN_ON, as the Java's
    int entry = ring.cur;
    for (int k = 0; k <= skb.nrFrags + 2 && k < ring.size(); k++) {
      if (ring.skb((entry + k) & (ring.size() - 1)) != null) {
        r[TxHarnessRig.STALE_ENTRY] = (entry + k) & (ring.size() - 1);
        break;
      }
    }
    r[33] = priv.unported.vlanInsert(skb, txQueue) ? 1 : 0;
    r[34] = priv.unported.hasIpEthertype(skb) ? 1 : 0;
    r[35] = 0; // __vlan_hwaccel_push_inside: the model's skbs carry no VLAN tag to push
    r[36] = 0; // skb_checksum_help: the model's never needs it
    r[37] = 0;
    r[38] = priv.hwif.isJumboFrm(skb.len, priv.enhDesc) ? 1 : 0;
    // jumbo_frm's answer: -1 (-EPERM) sends the C to dma_map_err, indexing nothing; the
    // replay's jumbo_frm then asks the model's, which refuses the frame as the Java's call does
    r[39] = -1;
    r[TxHarnessRig.SKB_LEN] = Integer.toUnsignedLong(skb.len);
    r[TxHarnessRig.NR_FRAGS] = skb.nrFrags;
    for (int i = 0; i < skb.nrFrags && i < 17; i++) {
      r[TxHarnessRig.FRAG0 + i] = skb.fragSize(i);
    }
    r[TxHarnessRig.GSO_SIZE] = skb.gsoSize;
    r[60] = Integer.toUnsignedLong(skb.gsoType);
    r[61] = skb.hwTstamp ? 1 : 0;
    r[62] = skb.ipSummed;
    r[63] = skb.vlanTagPresent ? 1 : 0;
    r[64] = skb.transportOffset;
    r[65] = skb.hdrLen - skb.transportOffset;
    r[66] = skb.tstamp;
    r[72] = 0;
  }

  /**
   * tx_clean's window after the TX record, as {@code tx_clean.c} reads it in the loop: the
   * entries from dirty_tx up to cur_tx or to the first one the DMA owns (included), each with
   * its status (the hardware's, as the C's tx_status stub gives it), its tx_skbuff_dma and its
   * skb's length; {@code skbs} gets each entry's skb, by entry, for the replay. The record's
   * length in words.
   */
  static int cleanWindow(StmmacTx tx, int queue, long[] r, Skb[] skbs) {
    StmmacPriv priv = tx.priv;
    StmmacTxQueue txQueue = priv.txQueue[queue];
    DescRing ring = txQueue.ring;
    int size = ring.size();
    int kind = tx.descKind(txQueue);
    int k = 0;
    while (k < size) {
      int e = (ring.dirty + k) & (size - 1);
      if (e == ring.cur) {
        break;
      }
      int w = TxHarnessRig.FIELDS + k * TxHarnessRig.SLOT;
      int status = priv.hwif.txStatus(txQueue, kind, e);
      Skb s = ring.skb(e);
      r[w] = status;
      r[w + 1] = txQueue.dmaBuf[e];
      r[w + 2] = txQueue.mapAsPage[e] ? 1 : 0;
      r[w + 3] = Integer.toUnsignedLong(txQueue.dmaLen[e]);
      r[w + 4] = txQueue.lastSegment[e] ? 1 : 0;
      r[w + 5] = txQueue.isJumbo[e] ? 1 : 0;
      r[w + 6] = txQueue.bufType[e];
      r[w + 7] = s == null ? 0 : Integer.toUnsignedLong(s.len);
      skbs[e] = s;
      k++;
      if ((status & StmmacHwif.TX_DMA_OWN) != 0) {
        break;
      }
    }
    return TxHarnessRig.FIELDS + k * TxHarnessRig.SLOT;
  }
}
