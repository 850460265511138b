package io.nicsim.ideal;

import dagger.Binds;
import dagger.Module;
import dagger.multibindings.IntoMap;
import dagger.multibindings.StringKey;
import io.nicsim.core.host.MacModel;

/** Contributes the ideal MAC model under the name "ideal". */
@Module
public interface IdealModule {

  @Binds
  @IntoMap
  @StringKey("ideal")
  MacModel ideal(IdealMac mac);
}
