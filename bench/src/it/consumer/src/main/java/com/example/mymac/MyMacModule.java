package com.example.mymac;

import dagger.Binds;
import dagger.Module;
import dagger.multibindings.IntoMap;
import dagger.multibindings.StringKey;
import io.nicsim.core.host.MacModel;

/** Contributes "mymac" to any host component that lists this module. */
@Module
public interface MyMacModule {

  @Binds
  @IntoMap
  @StringKey("mymac")
  MacModel mymac(MyMac mac);
}
