package io.nicsim.fec;

import io.nicsim.core.host.BridgeSite;
import io.nicsim.core.host.PortBridge;
import io.nicsim.core.host.Replay;
import io.nicsim.core.net.Skb;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.Arrays;

/**
 * {@code --ports c} for {@code fec_enet_start_xmit} (the tree's
 * {@code fec_enet_get_free_txdesc_num} inside): the tree's ndo_start_xmit in place of
 * {@link FecXmit#startXmit}, the inverse of its harness in {@link FecDataHarnesses}: the skb's
 * queue and GSO flag, the ring's dirty_tx, cur and stop threshold, and the answer of its
 * {@code fec_enet_txq_submit_skb} stub (the return and the BDs it took). The model's submit
 * (the Java port, or its own bridge) runs where the C calls it, on the live skb; the record
 * first says it takes one BD and returns NETDEV_TX_OK, and where the model's does otherwise the
 * record takes its answer and the C runs again, the calls already applied skipped. The C's
 * {@code netif_tx_stop_queue} goes to the model's queue.
 */
final class FecStartXmitBridge implements PortBridge {
  @Override
  public String file() {
    return FecSources.MAIN_C;
  }

  @Override
  public String function() {
    return "fec_enet_start_xmit";
  }

  @Override
  public boolean install(BridgeSite site, NativePort c) {
    if (!(site.driver() instanceof FecDriver d)) {
      return false;
    }
    d.xmitPorts().cStartXmit = new Hook(d.xmitPorts(), c);
    return true;
  }

  /** The hook {@link FecXmit#startXmit} calls first. */
  static final class Hook implements Replay.Tokens, FecCHooks.StartXmit {
    private static final long SUBMIT_SKB = NativeOut.id("fec_enet_txq_submit_skb");
    private static final long SUBMIT_TSO = NativeOut.id("fec_enet_txq_submit_tso");
    private static final long STOP = NativeOut.id("netif_tx_stop_queue");
    private static final long STOPPED = NativeOut.id("stopped");
    /** The record's answers of the submit stub. */
    private static final int SUBMIT_RET = 2;
    private static final int SUBMIT_BDS = 3;

    private final FecXmit xmit;
    private final FecEnetPrivate fep;
    private final NativePort c;
    private final long[] in;
    private final Replay replay;
    private Skb skb;

    Hook(FecXmit xmit, NativePort c) {
      this.xmit = xmit;
      this.fep = xmit.fep;
      this.c = c;
      this.in = new long[c.inputs()];
      this.replay = new Replay(c, in);
    }

    /** fec_enet_start_xmit(skb, ndev): NETDEV_TX_OK or the submit's return. */
    @Override
    public int startXmit(Skb skb) {
      int queue = skb.queueMapping & 0xFFFF;
      FecTxq txq = fep.txQueue[queue];
      Arrays.fill(in, 0);
      in[0] = queue;
      in[1] = skb.isGso() ? 1 : 0;
      in[SUBMIT_RET] = 0; // NETDEV_TX_OK, one BD: a linear skb queued
      in[SUBMIT_BDS] = 1;
      in[4] = Integer.numberOfTrailingZeros(txq.bd.size());
      in[5] = txq.dirtyTx;
      in[6] = txq.bd.cur;
      in[7] = txq.txStopThreshold;
      this.skb = skb;
      int ret = (int) replay.run(this);
      this.skb = null;
      return ret;
    }

    @Override
    public int apply(NativeOut o) {
      long n = o.name();
      if (o.kind() != NativeOut.CALL) {
        if (n != STOPPED) {
          throw PortBridge.cannotApply(c, in, o);
        }
        return Replay.NEXT;
      }
      if (n == SUBMIT_SKB || n == SUBMIT_TSO) {
        if (o.arg(1) != 1) {
          throw PortBridge.cannotApply(c, in, o);
        }
        FecTxq txq = fep.txQueue[(int) o.arg(0)];
        int before = txq.bd.cur;
        int ret = n == SUBMIT_SKB ? xmit.txqSubmitSkb(txq, skb) : xmit.txqSubmitTso(txq, skb);
        int bds = Math.floorMod(txq.bd.cur - before, txq.bd.size());
        if (in[SUBMIT_RET] != ret || in[SUBMIT_BDS] != bds) {
          in[SUBMIT_RET] = ret;
          in[SUBMIT_BDS] = bds;
          return Replay.RERUN;
        }
      } else if (n == STOP) {
        fep.k.netifTxStopQueue((int) o.arg(0));
      } else {
        throw PortBridge.cannotApply(c, in, o);
      }
      return Replay.NEXT;
    }
  }
}
