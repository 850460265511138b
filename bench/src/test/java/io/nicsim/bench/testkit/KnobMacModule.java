package io.nicsim.bench.testkit;

import dagger.Binds;
import dagger.Module;
import dagger.multibindings.IntoMap;
import dagger.multibindings.StringKey;
import io.nicsim.core.host.MacModel;

@Module
public interface KnobMacModule {
  @Binds
  @IntoMap
  @StringKey("knob")
  MacModel knob(KnobMac mac);
}
