package io.nicsim.core.host;

import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.net.DevWatchdogNative;
import io.nicsim.core.port.exec.NativePort;
import java.util.List;

/**
 * {@code --ports c} for the TX watchdog: net/sched/sch_generic.c's dev_watchdog on the host's
 * device ({@link DevWatchdogNative}); the driver's ndo_tx_timeout runs where the C calls it.
 */
public final class WatchdogBridges implements PortBridgeProvider {

  @Override
  public List<PortBridge> bridges() {
    return List.of(new PortBridge() {
      @Override
      public String file() {
        return "net/sched/sch_generic.c";
      }

      @Override
      public String function() {
        return "dev_watchdog";
      }

      @Override
      public boolean install(BridgeSite site, NativePort c) {
        Kernel k = site.host().kernel();
        k.putInLoop(DevWatchdogNative.class, new DevWatchdogNative(c,
            (label, why) -> k.inLoop(InLoopPorts.class).ranAsJava(label, why)));
        return true;
      }
    });
  }
}
