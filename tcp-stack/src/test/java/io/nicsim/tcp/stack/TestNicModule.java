package io.nicsim.tcp.stack;

import dagger.Binds;
import dagger.Module;
import dagger.multibindings.IntoMap;
import dagger.multibindings.StringKey;
import io.nicsim.core.host.MacModel;

/** Contributes the test NIC as "testnic". */
@Module
public interface TestNicModule {
  @Binds
  @IntoMap
  @StringKey("testnic")
  MacModel testnic(TestNic mac);
}
