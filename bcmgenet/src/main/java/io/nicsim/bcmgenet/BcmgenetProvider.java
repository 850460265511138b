package io.nicsim.bcmgenet;

import io.nicsim.core.host.MacModel;
import io.nicsim.core.host.MacModelProvider;

/** The ServiceLoader entry: how nicsim (and any consumer) finds bcmgenet at run time. */
public final class BcmgenetProvider implements MacModelProvider {

  public BcmgenetProvider() {}

  @Override
  public MacModel macModel() {
    return new BcmgenetMacModel();
  }
}
