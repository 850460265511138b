package io.nicsim.fec;

import dagger.Binds;
import dagger.Module;
import dagger.multibindings.IntoMap;
import dagger.multibindings.StringKey;
import io.nicsim.core.host.MacModel;

/** Contributes the fec MAC model under the name "fec". */
@Module
public interface FecModule {

  @Binds
  @IntoMap
  @StringKey("fec")
  MacModel fec(FecMacModel model);
}
