package io.nicsim.ravb;

import dagger.Binds;
import dagger.Module;
import dagger.multibindings.IntoMap;
import dagger.multibindings.StringKey;
import io.nicsim.core.host.MacModel;

/** Contributes the ravb MAC model under the name "ravb" to a Dagger host component. */
@Module
public interface RavbModule {

  @Binds
  @IntoMap
  @StringKey("ravb")
  MacModel ravb(RavbMacModel model);
}
