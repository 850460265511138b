package io.nicsim.stmmac;

import dagger.Binds;
import dagger.Module;
import dagger.multibindings.IntoMap;
import dagger.multibindings.StringKey;
import io.nicsim.core.host.MacModel;

/** Contributes the stmmac MAC model under the name "stmmac". */
@Module
public interface StmmacModule {

  @Binds
  @IntoMap
  @StringKey("stmmac")
  MacModel stmmac(StmmacMacModel mac);
}
