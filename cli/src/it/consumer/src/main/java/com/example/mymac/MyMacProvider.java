package com.example.mymac;

import io.nicsim.core.host.MacModel;
import io.nicsim.core.host.MacModelProvider;

/**
 * How nicsim finds mymac at run time: this class is named in
 * META-INF/services/io.nicsim.core.host.MacModelProvider.
 */
public final class MyMacProvider implements MacModelProvider {

  @Override
  public MacModel macModel() {
    return new MyMac();
  }
}
