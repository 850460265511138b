package io.nicsim.core.host;

import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.kernel.NetTxActionNative;
import io.nicsim.core.port.exec.NativePort;
import java.util.List;

/**
 * {@code --ports c} for the NET_TX softirq: the tree's net_tx_action on every CPU's output
 * queue ({@link NetTxActionNative}); the model's qdiscs run where the C calls qdisc_run.
 */
public final class NetTxBridges implements PortBridgeProvider {

  @Override
  public List<PortBridge> bridges() {
    return List.of(new PortBridge() {
      @Override
      public String file() {
        return "net/core/dev.c";
      }

      @Override
      public String function() {
        return "net_tx_action";
      }

      @Override
      public boolean install(BridgeSite site, NativePort c) {
        Kernel k = site.host().kernel();
        k.putInLoop(NetTxActionNative.class, new NetTxActionNative(c,
            (label, why) -> k.inLoop(InLoopPorts.class).ranAsJava(label, why)));
        return true;
      }
    });
  }
}
