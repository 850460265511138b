package io.nicsim.fec;

import io.nicsim.core.host.MacModel;
import io.nicsim.core.host.MacModelProvider;

/**
 * Registers the fec MAC model with nicsim (listed in
 * {@code META-INF/services/io.nicsim.core.host.MacModelProvider}).
 */
public final class FecMacProvider implements MacModelProvider {

  @Override
  public MacModel macModel() {
    return new FecMacModel();
  }
}
