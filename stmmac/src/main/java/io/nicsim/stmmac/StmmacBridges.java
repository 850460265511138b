package io.nicsim.stmmac;

import io.nicsim.core.host.BridgeSite;
import io.nicsim.core.host.PortBridge;
import io.nicsim.core.host.PortBridgeProvider;
import io.nicsim.core.net.NetdevQueue;
import io.nicsim.core.net.NetdevTx;
import io.nicsim.core.net.Skb;
import io.nicsim.core.port.exec.NativePort;
import java.util.List;

/**
 * {@code --ports c} for stmmac_main.c's transmit side: the tree's {@code stmmac_xmit} (with
 * {@code stmmac_tso_xmit}, {@code stmmac_tx_avail}, {@code stmmac_tso_allocator},
 * {@code stmmac_flush_tx_descriptors} and {@code stmmac_tx_timer_arm} inside it, as the tree
 * has them), {@code stmmac_tso_xmit}, {@code stmmac_tx_timer_arm}, the TX coalesce timer's
 * callback {@code stmmac_tx_timer} and the TX NAPI poll {@code stmmac_napi_poll_tx} (with the
 * tree's {@code stmmac_tx_timer_arm} inside; its {@code stmmac_tx_clean} is the model's, run
 * where the C calls it) in place of their ports in {@link StmmacTx}. Each is the inverse of its harness in {@link StmmacTxHarnesses}: the live
 * priv, queue, NAPI, timer and skb become {@link TxHarnessRig}'s record ({@link TxCapture}), and
 * the record the C prints comes back through the same {@link KernelCalls}, {@link StmmacHwif}
 * and {@link UnportedCalls} the Java port calls ({@link TxReplay}), with the port's own counters
 * and CPU charges beside them.
 */
public final class StmmacBridges implements PortBridgeProvider {

  @Override
  public List<PortBridge> bridges() {
    return List.of(new TxBridge("stmmac_tx_timer_arm"), new TxBridge("stmmac_xmit"),
        new TxBridge("stmmac_tso_xmit"), new TxBridge("stmmac_tx_timer"),
        new TxBridge("stmmac_napi_poll_tx"));
  }

  /** One transmit-side function of the shared TX record. */
  static final class TxBridge implements PortBridge {
    private final String function;

    TxBridge(String function) {
      this.function = function;
    }

    @Override
    public String file() {
      return StmmacTx.FILE;
    }

    @Override
    public String function() {
      return function;
    }

    @Override
    public boolean install(BridgeSite site, NativePort c) {
      if (!(site.driver() instanceof StmmacDriver d)) {
        return false;
      }
      StmmacPriv priv = d.priv();
      // the harness covers the hrtimer eras with at most 1024 descriptors
      if (!priv.patches().has(StmmacPatches.HRTIMER) || priv.txQueue[0].ring.size() > 1024) {
        return false;
      }
      // the poll's what-ifs (a re-check after completion, a forgotten arm) are Java the tree
      // does not have; the tree's poll before irq-per-dir is not harnessed
      if (function.equals("stmmac_napi_poll_tx") && (!priv.patches().has(StmmacPatches.IRQ_PER_DIR)
          || priv.patches().has(StmmacPatches.TX_ARM_RECHECK)
          || priv.patches().has(StmmacPatches.NO_PENDING_ARM))) {
        return false;
      }
      Hook hook = new Hook(d.tx(), c);
      switch (function) {
        case "stmmac_tx_timer_arm" -> d.tx().cTimerArm = hook;
        case "stmmac_xmit" -> d.tx().cXmit = hook;
        case "stmmac_tx_timer" -> d.tx().cTxTimer = hook;
        case "stmmac_napi_poll_tx" -> d.tx().cNapiPollTx = hook;
        default -> d.tx().cTsoXmit = hook;
      }
      return true;
    }
  }

  /** The hook {@link StmmacTx}'s ported method calls first. */
  static final class Hook {
    private final StmmacTx tx;
    private final StmmacPriv priv;
    private final NativePort c;
    private final long[] in;
    private final TxReplay replay;

    Hook(StmmacTx tx, NativePort c) {
      this.tx = tx;
      this.priv = tx.priv;
      this.c = c;
      this.in = new long[c.inputs()];
      this.replay = new TxReplay(tx, c);
    }

    /** stmmac_tx_timer_arm(priv, queue). */
    void timerArm(int queue) {
      TxCapture.capture(tx, queue, null, in);
      replay.run(in, queue, null, TxReplay.Kind.TIMER_ARM);
    }

    /** stmmac_tx_timer(&tx_q->txtimer), the hrtimer expiring. */
    void txTimer(int queue) {
      TxCapture.capture(tx, queue, null, in);
      replay.run(in, queue, null, TxReplay.Kind.TIMER);
    }

    /**
     * stmmac_napi_poll_tx(&ch->tx_napi, budget) after its stmmac_tx_clean ran and returned
     * {@code cleaned} and {@code pending}: the C's stub answers with them. The live state is
     * taken after the clean, as the poll's code after the call reads it.
     */
    int napiPollTx(int queue, int budget, int cleaned, boolean pending) {
      TxCapture.capture(tx, queue, null, in);
      in[TxHarnessRig.BUDGET] = budget;
      in[TxHarnessRig.CLEAN_RET] = cleaned;
      in[TxHarnessRig.CLEAN_PENDING] = pending ? 1 : 0;
      return (int) replay.run(in, queue, null, TxReplay.Kind.NAPI_POLL_TX);
    }

    /** stmmac_xmit(skb, dev) or stmmac_tso_xmit(skb, dev); the netdev_tx_t it returns. */
    int xmit(Skb skb, NetdevQueue txq, boolean tso) {
      int queue = skb.queueMapping;
      TxCapture.capture(tx, queue, skb, in);
      long ret = replay.run(in, queue, skb, tso ? TxReplay.Kind.TSO_XMIT : TxReplay.Kind.XMIT);
      return (int) ret == NetdevTx.NETDEV_TX_BUSY ? NetdevTx.NETDEV_TX_BUSY
          : NetdevTx.NETDEV_TX_OK;
    }
  }
}
