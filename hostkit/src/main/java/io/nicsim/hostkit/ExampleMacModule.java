package io.nicsim.hostkit;

import dagger.Binds;
import dagger.Module;
import dagger.multibindings.IntoMap;
import dagger.multibindings.StringKey;
import io.nicsim.core.host.MacModel;

/** Contributes the example MAC under the name "example": all a library consumer writes. */
@Module
public interface ExampleMacModule {

  @Binds
  @IntoMap
  @StringKey("example")
  MacModel example(ExampleMac mac);
}
