package io.nicsim.fec;

import io.nicsim.core.host.BridgeSite;
import io.nicsim.core.host.PortBridge;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.Arrays;

/**
 * {@code --ports c} for {@code fec_enet_get_queue_num} (fec_probe's queue counts from the
 * device tree): the tree's C in place of {@link FecSetup#getQueueNum}, the inverse of its
 * harness (FecSetupHarnesses): whether the device has an of_node, whether it is available, and
 * each of {@code fsl,num-tx-queues} and {@code fsl,num-rx-queues} readable and its value, as the
 * node the probe reads answers; the C's {@code dev_warn}s to the node in order, its counts back.
 * Installed before the driver is built ({@link #beforeBuild}) and bound by the driver before its
 * probe ({@link FecCHooks.ProbeBinder}).
 */
final class FecQueueNumBridge implements PortBridge {
  @Override
  public String file() {
    return FecSources.MAIN_C;
  }

  @Override
  public String function() {
    return "fec_enet_get_queue_num";
  }

  @Override
  public boolean beforeBuild() {
    return true;
  }

  @Override
  public boolean install(BridgeSite site, NativePort c) {
    Hook hook = new Hook(c);
    return FecBridges.bindAtProbe(site, d -> d.setup().cQueueNum = hook);
  }

  /** The hook fec_probe's call of {@link FecSetup#getQueueNum} takes first. */
  static final class Hook implements FecCHooks.QueueNum {
    private static final long NUM_TX = NativeOut.id("num_tx");
    private static final long NUM_RX = NativeOut.id("num_rx");

    private final NativePort c;
    private final long[] in;

    Hook(NativePort c) {
      this.c = c;
      this.in = new long[c.inputs()];
    }

    @Override
    public int[] getQueueNum(FecOfNode np) {
      Arrays.fill(in, 0);
      if (np != null) {
        in[0] = 1;
        in[1] = np.available() ? 1 : 0;
        Integer tx = np.readU32("fsl,num-tx-queues");
        Integer rx = np.readU32("fsl,num-rx-queues");
        in[2] = tx != null ? 1 : 0;
        in[3] = tx != null ? Integer.toUnsignedLong(tx) : 0;
        in[4] = rx != null ? 1 : 0;
        in[5] = rx != null ? Integer.toUnsignedLong(rx) : 0;
      }
      NativeOut o = c.call(in);
      int[] qs = {1, 1};
      while (o.next()) {
        if (o.kind() == NativeOut.MESSAGE && np != null) {
          np.devWarn(o.message());
        } else if (o.kind() != NativeOut.CALL && o.name() == NUM_TX) {
          qs[0] = (int) o.value();
        } else if (o.kind() != NativeOut.CALL && o.name() == NUM_RX) {
          qs[1] = (int) o.value();
        } else {
          throw PortBridge.cannotApply(c, in, o);
        }
      }
      return qs;
    }
  }
}
