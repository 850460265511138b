package io.nicsim.stmmac;

import io.nicsim.core.host.PortBridge;
import io.nicsim.core.host.PortBridgeProvider;
import io.nicsim.core.host.Replay;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.net.NetdevQueue;
import io.nicsim.core.net.NetdevTx;
import io.nicsim.core.net.Skb;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
        new TxBridge("stmmac_napi_poll_tx"), new TxBridge("stmmac_tx_clean"),
        new NapiCheckBridge(), new RxPollBridge(), new RxBridge(),
        new IrqBridge("stmmac_interrupt"), new IrqBridge("stmmac_dma_interrupt"),
        new IrqBridge("stmmac_msi_intr_rx"), new IrqBridge("stmmac_msi_intr_tx"),
        new EthtoolBridge("stmmac_get_coalesce"), new EthtoolBridge("stmmac_set_coalesce"),
        new EthtoolBridge("__stmmac_get_coalesce"), new EthtoolBridge("__stmmac_set_coalesce"),
        new EthtoolBridge("stmmac_get_per_queue_coalesce"),
        new EthtoolBridge("stmmac_set_per_queue_coalesce"),
        new EthtoolBridge("stmmac_usec2riwt"), new EthtoolBridge("stmmac_riwt2usec"),
        new EthtoolBridge("stmmac_check_if_running"), new InitCoalesceBridge(),
        new ServiceBridges.TxTimeout(), new ServiceBridges.ServiceTask());
  }

  @Override
  public Map<String, String> notBridged() {
    Map<String, String> m = new LinkedHashMap<>();
    String main = StmmacTx.FILE;
    String dir = "drivers/net/ethernet/stmicro/stmmac/";
    PortBridgeProvider.reason(m, main, "runs as the tree's C inside the bridged stmmac_xmit,"
        + " stmmac_tso_xmit or stmmac_tx_clean, the only callers", "stmmac_tx_avail",
        "stmmac_tso_allocator", "stmmac_flush_tx_descriptors", "stmmac_tso_header_size",
        "stmmac_tso_get_num_desc");
    PortBridgeProvider.reason(m, main, "runs as the tree's C inside the bridged stmmac_rx,"
        + " the only caller", "stmmac_rx_refill", "stmmac_rx_dirty");
    PortBridgeProvider.reason(m, main, "runs as the tree's C inside the bridged"
        + " stmmac_tx_timeout, its only caller in nicsim (the model raises no fatal DMA or"
        + " safety-feature error, the kernel's other way in)", "stmmac_global_err",
        "stmmac_service_event_schedule");
    PortBridgeProvider.reason(m, main, "runs as the tree's C inside the bridged"
        + " stmmac_service_task, its only caller", "stmmac_reset_subtask");
    String hw = "a hardware callback: the bridged stmmac_main.c functions' C calls it as a"
        + " recording stub, replayed on the model's hwif (not compiled in yet: the RX record"
        + " carries no core or descriptor words)";
    PortBridgeProvider.reason(m, dir + "dwmac4_descs.c", hw, "dwmac4_rd_init_rx_desc",
        "dwmac4_set_rx_owner");
    PortBridgeProvider.reason(m, dir + "enh_desc.c", hw, "enh_desc_init_rx_desc",
        "enh_desc_set_rx_owner");
    String isr = "runs as the tree's C inside the bridged stmmac_interrupt, stmmac_dma_interrupt,"
        + " stmmac_msi_intr_rx, stmmac_msi_intr_tx and stmmac_napi_check, its only callers (the"
        + " core's dma op in main.c's ops table; its register reads answered from the model's"
        + " registers, its status clear applied to them)";
    String doorbell = "runs as the tree's C inside the bridged stmmac_xmit and stmmac_tso_xmit,"
        + " its only callers in a run (the core's dma op in main.c's ops table; its register"
        + " write applied to the model's)";
    PortBridgeProvider.reason(m, dir + "dwmac4_lib.c", isr, "dwmac4_dma_interrupt");
    PortBridgeProvider.reason(m, dir + "dwmac4_lib.c", doorbell, "dwmac4_set_tx_tail_ptr");
    PortBridgeProvider.reason(m, dir + "dwmac_lib.c", isr, "dwmac_dma_interrupt");
    PortBridgeProvider.reason(m, dir + "dwmac_lib.c", doorbell, "dwmac_enable_dma_transmission");
    return m;
  }

  /** stmmac_napi_check on the IRQ record ({@link StmmacIrqHarnesses}). */
  static final class NapiCheckBridge extends StmmacPortBridge {
    NapiCheckBridge() {
      super("stmmac_napi_check");
    }

    @Override
    boolean installOn(StmmacDriver d, StmmacPriv priv, NativePort c) {
      // the harness covers irq-per-dir
      if (!priv.patches().has(StmmacPatches.IRQ_PER_DIR)) {
        return false;
      }
      d.irq().cNapiCheck = new IrqBridge.Hook(priv, c);
      return true;
    }
  }

  /** One transmit-side function of the shared TX record. */
  static final class TxBridge extends StmmacPortBridge {
    TxBridge(String function) {
      super(function);
    }

    @Override
    boolean installOn(StmmacDriver d, StmmacPriv priv, NativePort c) {
      // the harness covers rings of at most 1024 descriptors
      if (priv.txQueue[0].ring.size() > 1024) {
        return false;
      }
      String function = function();
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
        case "stmmac_tx_clean" -> d.tx().cTxClean = hook;
        default -> d.tx().cTsoXmit = hook;
      }
      return true;
    }
  }

  /** The hook {@link StmmacTx}'s ported method calls first. */
  static final class Hook implements StmmacCHooks.Tx {
    private final StmmacTx tx;
    private final StmmacPriv priv;
    private final NativePort c;
    private final long[] in;
    private final TxReplay replay;

    Hook(StmmacTx tx, NativePort c) {
      this.tx = tx;
      this.priv = tx.priv;
      this.c = c;
      // tx_clean's record grows to the window the call walks (at most the ring)
      // the others' one word more: the loop's marker (its dwmac callbacks run, HarnessCalls)
      this.in = new long[c.function().equals("stmmac_tx_clean")
          ? Math.max(c.inputs(), TxHarnessRig.FIELDS + TxReplay.MAX_RING * TxHarnessRig.SLOT)
          : c.inputs() + 1];
      this.replay = new TxReplay(tx, c);
    }

    /**
     * stmmac_tx_clean(priv, budget, queue[, &pending_packets]): the record with the window the
     * call walks; the work done. The pending flag goes to {@link StmmacTx#pendingPackets}, as
     * the Java's out-argument.
     */
    @Override
    public int txClean(int budget, int queue) {
      TxCapture.capture(tx, queue, null, in);
      in[TxHarnessRig.BUDGET] = budget;
      int words = TxCapture.cleanWindow(tx, queue, in, replay.ringSkbs);
      return (int) replay.clean(in, words, queue);
    }

    /** stmmac_tx_timer_arm(priv, queue). */
    @Override
    public void timerArm(int queue) {
      TxCapture.capture(tx, queue, null, in);
      in[TxHarnessRig.FIELDS] = 1;
      replay.run(in, queue, null, TxReplay.Kind.TIMER_ARM);
    }

    /** stmmac_tx_timer(&tx_q->txtimer), the hrtimer expiring. */
    @Override
    public void txTimer(int queue) {
      TxCapture.capture(tx, queue, null, in);
      in[TxHarnessRig.FIELDS] = 1;
      replay.run(in, queue, null, TxReplay.Kind.TIMER);
    }

    /**
     * stmmac_napi_poll_tx(&ch->tx_napi, budget) after its stmmac_tx_clean ran and returned
     * {@code cleaned} and {@code pending}: the C's stub answers with them. The live state is
     * taken after the clean, as the poll's code after the call reads it.
     */
    @Override
    public int napiPollTx(int queue, int budget, int cleaned, boolean pending) {
      TxCapture.capture(tx, queue, null, in);
      in[TxHarnessRig.FIELDS] = 1;
      in[TxHarnessRig.BUDGET] = budget;
      in[TxHarnessRig.CLEAN_RET] = cleaned;
      in[TxHarnessRig.CLEAN_PENDING] = pending ? 1 : 0;
      in[68] = 1; // napi_complete_done's usual answer; the replay asks the model and reruns
      return (int) replay.run(in, queue, null, TxReplay.Kind.NAPI_POLL_TX);
    }

    /** stmmac_xmit(skb, dev) or stmmac_tso_xmit(skb, dev); the netdev_tx_t it returns. */
    @Override
    public int xmit(Skb skb, NetdevQueue txq, boolean tso) {
      int queue = skb.queueMapping;
      TxCapture.capture(tx, queue, skb, in);
      in[TxHarnessRig.FIELDS] = 1;
      long ret = replay.run(in, queue, skb, tso ? TxReplay.Kind.TSO_XMIT : TxReplay.Kind.XMIT);
      return (int) ret == NetdevTx.NETDEV_TX_BUSY ? NetdevTx.NETDEV_TX_BUSY
          : NetdevTx.NETDEV_TX_OK;
    }
  }
}
