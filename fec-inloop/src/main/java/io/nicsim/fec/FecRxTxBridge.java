package io.nicsim.fec;

import io.nicsim.core.host.BridgeSite;
import io.nicsim.core.host.PortBridge;
import io.nicsim.core.host.Replay;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.Arrays;

/**
 * {@code --ports c} for the loops over the rings: {@code fec_enet_rx} in place of
 * {@link FecNapi#rx} and {@code fec_enet_tx} in place of {@link FecNapi#tx} (both called by the
 * poll, {@code fec_enet_rx_napi}, bridged or not), the inverse of their harnesses in
 * {@link FecDataHarnesses}: the queue count and the budget in; each {@code fec_enet_rx_queue}
 * or {@code fec_enet_tx_queue} the C calls is the model's (the Java port, or its own bridge)
 * run where the C calls it, with the queue and budget the C passes. An RX queue's work answers
 * the C's stub from the record (guessed 0, as a ring without frames gives); another answer
 * reruns the C with it, the calls already applied skipped.
 */
final class FecRxTxBridge implements PortBridge {
  private final boolean tx;

  FecRxTxBridge(boolean tx) {
    this.tx = tx;
  }

  @Override
  public String file() {
    return FecSources.MAIN_C;
  }

  @Override
  public String function() {
    return tx ? "fec_enet_tx" : "fec_enet_rx";
  }

  @Override
  public boolean install(BridgeSite site, NativePort c) {
    if (!(site.driver() instanceof FecDriver d)) {
      return false;
    }
    Hook h = new Hook(d.napiPorts(), d.fep(), c, tx);
    if (tx) {
      d.napiPorts().cTx = h;
    } else {
      d.napiPorts().cRx = h;
    }
    return true;
  }

  /** The hook {@link FecNapi#rx} or {@link FecNapi#tx} calls first. */
  static final class Hook implements Replay.Tokens, FecCHooks.Rx, FecCHooks.Tx {
    private static final long RX_QUEUE = NativeOut.id("fec_enet_rx_queue");
    private static final long TX_QUEUE = NativeOut.id("fec_enet_tx_queue");
    /** The record's first queue answer (fec_enet_rx.c: num_rx_queues, budget, then done[q]). */
    private static final int DONE = 2;

    private final FecNapi napi;
    private final FecEnetPrivate fep;
    private final NativePort c;
    private final boolean tx;
    private final long[] in;
    private final Replay replay;

    Hook(FecNapi napi, FecEnetPrivate fep, NativePort c, boolean tx) {
      this.napi = napi;
      this.fep = fep;
      this.c = c;
      this.tx = tx;
      this.in = new long[c.inputs()];
      this.replay = new Replay(c, in);
    }

    @Override
    public int rx(int budget) {
      return run(budget);
    }

    @Override
    public void tx(int budget) {
      run(budget);
    }

    /** fec_enet_rx(ndev, budget): the frames received; fec_enet_tx(ndev, budget): 0. */
    private int run(int budget) {
      Arrays.fill(in, 0);
      in[0] = tx ? fep.numTxQueues : fep.numRxQueues;
      in[1] = budget;
      return (int) replay.run(this);
    }

    @Override
    public int apply(NativeOut o) {
      long n = o.name();
      if (o.kind() == NativeOut.CALL && !tx && n == RX_QUEUE) {
        int q = (int) o.arg(0);
        return replay.answer(DONE + q, napi.rxQueue(q, (int) o.arg(1)));
      }
      if (o.kind() == NativeOut.CALL && tx && n == TX_QUEUE) {
        // before v6.5 the C passes no budget: the Java's tx(budget) passes its own on
        napi.txQueue((int) o.arg(0), o.args() > 1 ? (int) o.arg(1) : (int) in[1]);
        return Replay.NEXT;
      }
      throw PortBridge.cannotApply(c, in, o);
    }
  }
}
