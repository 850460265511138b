package io.nicsim.ideal;

import io.nicsim.core.host.MacModel;
import io.nicsim.core.host.MacModelProvider;

/**
 * Registers the ideal MAC model with nicsim (listed in
 * {@code META-INF/services/io.nicsim.core.host.MacModelProvider}).
 */
public final class IdealMacProvider implements MacModelProvider {

  @Override
  public MacModel macModel() {
    return new IdealMac();
  }
}
