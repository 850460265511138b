package io.nicsim.core.check;

import dagger.Binds;
import dagger.Module;
import dagger.multibindings.IntoMap;
import dagger.multibindings.StringKey;
import io.nicsim.core.host.MacModel;

/** Contributes the faulty MAC under the name "faulty". */
@Module
public interface FaultyMacModule {

  @Binds
  @IntoMap
  @StringKey("faulty")
  MacModel faulty(FaultyMac mac);
}
