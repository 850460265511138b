package com.example.mymac;

import dagger.Component;
import io.nicsim.core.host.MacModel;
import io.nicsim.core.host.MacModelProvider;
import java.util.Map;

/**
 * How nicsim finds mymac at run time: this class is named in
 * META-INF/services/io.nicsim.core.host.MacModelProvider.
 */
public final class MyMacProvider implements MacModelProvider {

  /** A component holding just this jar's MAC. */
  @Component(modules = MyMacModule.class)
  interface Macs {
    Map<String, MacModel> macModels();
  }

  @Override
  public MacModel macModel() {
    return DaggerMyMacProvider_Macs.create().macModels().get("mymac");
  }
}
