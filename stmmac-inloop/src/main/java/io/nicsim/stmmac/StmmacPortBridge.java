package io.nicsim.stmmac;

import io.nicsim.core.host.BridgeSite;
import io.nicsim.core.host.PortBridge;
import io.nicsim.core.port.exec.NativePort;

/**
 * A bridge for one stmmac_main.c function: it installs only on a stmmac driver in the hrtimer
 * eras (every stmmac harness's record is of those eras), then {@link #installOn} checks what
 * its own harness further covers and sets the driver's hook.
 */
abstract class StmmacPortBridge implements PortBridge {
  private final String function;

  StmmacPortBridge(String function) {
    this.function = function;
  }

  @Override
  public final String file() {
    return StmmacTx.FILE;
  }

  @Override
  public final String function() {
    return function;
  }

  @Override
  public final boolean install(BridgeSite site, NativePort c) {
    return site.driver() instanceof StmmacDriver d
        && d.priv().patches().has(StmmacPatches.HRTIMER) && installOn(d, d.priv(), c);
  }

  /** Sets the driver's hook if the harness covers this device; false leaves the Java. */
  abstract boolean installOn(StmmacDriver d, StmmacPriv priv, NativePort c);
}
