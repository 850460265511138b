package io.nicsim.bcmgenet;

import dagger.Binds;
import dagger.Module;
import dagger.multibindings.IntoMap;
import dagger.multibindings.StringKey;
import io.nicsim.core.host.MacModel;

/** Contributes the bcmgenet MAC model under the name "bcmgenet" to a Dagger host component. */
@Module
public interface BcmgenetModule {

  @Binds
  @IntoMap
  @StringKey("bcmgenet")
  MacModel bcmgenet(BcmgenetMacModel model);
}
