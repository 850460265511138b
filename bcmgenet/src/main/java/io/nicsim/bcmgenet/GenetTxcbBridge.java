package io.nicsim.bcmgenet;

import io.nicsim.core.host.BridgeSite;
import io.nicsim.core.host.InLoopPorts;
import io.nicsim.core.host.PortBridge;
import io.nicsim.core.host.Replay;
import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;

/**
 * {@code --ports c} for {@code bcmgenet_get_txcb}: the tree's control-block pick of the xmit in
 * place of {@link BcmgenetXmit#getTxcb}, the inverse of its harness in
 * {@link GenetDataHarnesses} (TX ring 0's cb_ptr, size and write_ptr, its cbs at
 * tx_cbs[cb_ptr]): the control block the C returns (its index in tx_cbs) is the xmit's, the
 * write_ptr it advanced goes back to the live ring. A ring past the harness's 256 control blocks
 * runs the Java (counted in the run's header).
 */
final class GenetTxcbBridge implements PortBridge {
  @Override
  public String file() {
    return GenetSources.MAIN_C;
  }

  @Override
  public String function() {
    return "bcmgenet_get_txcb";
  }

  @Override
  public boolean install(BridgeSite site, NativePort c) {
    if (!(site.driver() instanceof BcmgenetDriver d)) {
      return false;
    }
    d.xmitPorts().cGetTxcb = new Hook(c, site.host().kernel());
    return true;
  }

  /** The hook {@link BcmgenetXmit#getTxcb} calls first. */
  static final class Hook implements Replay.Tokens {
    private static final long CB = NativeOut.id("cb");
    private static final long WRITE_PTR = NativeOut.id("write_ptr");

    private final NativePort c;
    private final Kernel kernel;
    private final long[] in;
    private final Replay replay;
    private BcmgenetPriv.TxRing ring;
    private int cb;

    Hook(NativePort c, Kernel kernel) {
      this.c = c;
      this.kernel = kernel;
      this.in = new long[c.inputs()];
      this.replay = new Replay(c, in);
    }

    /** bcmgenet_get_txcb(priv, ring): the control block's index, or -1 for the Java's. */
    int getTxcb(BcmgenetPriv.TxRing ring) {
      int size = ring.endPtr - ring.cbPtr + 1;
      if (ring.cbPtr < 0 || ring.endPtr >= GenetTxPollBridge.CBS || size < 1
          || ring.writePtr < ring.cbPtr || ring.writePtr > ring.endPtr) {
        InLoopPorts ports = kernel.inLoop(InLoopPorts.class);
        if (ports != null) {
          ports.ranAsJava(new GenetTxcbBridge().label(),
              "a ring past the harness's 256 control blocks");
        }
        return -1;
      }
      in[0] = ring.cbPtr;
      in[1] = size;
      in[2] = ring.writePtr - ring.cbPtr;
      this.ring = ring;
      cb = -1;
      replay.run(this);
      if (cb < 0) {
        throw new IllegalStateException("bcmgenet_get_txcb's C returned no control block: "
            + PortBridge.record(c, in));
      }
      return cb;
    }

    @Override
    public int apply(NativeOut o) {
      if (o.kind() != NativeOut.CALL && o.name() == CB) {
        cb = (int) o.value();
      } else if (o.kind() != NativeOut.CALL && o.name() == WRITE_PTR) {
        ring.writePtr = (int) o.value();
      } else {
        throw PortBridge.cannotApply(c, in, o);
      }
      return Replay.NEXT;
    }
  }
}
