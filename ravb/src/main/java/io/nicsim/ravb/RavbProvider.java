package io.nicsim.ravb;

import io.nicsim.core.host.MacModel;
import io.nicsim.core.host.MacModelProvider;

/** The ServiceLoader entry: how nicsim (and any consumer) finds ravb at run time. */
public final class RavbProvider implements MacModelProvider {

  public RavbProvider() {}

  @Override
  public MacModel macModel() {
    return new RavbMacModel();
  }
}
