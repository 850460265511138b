package io.nicsim.stmmac;

import io.nicsim.core.host.MacModel;
import io.nicsim.core.host.MacModelProvider;

/**
 * Registers the stmmac MAC model with nicsim (listed in
 * {@code META-INF/services/io.nicsim.core.host.MacModelProvider}).
 */
public final class StmmacMacProvider implements MacModelProvider {

  @Override
  public MacModel macModel() {
    return new StmmacMacModel();
  }
}
