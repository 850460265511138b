package io.nicsim.core.check;

import dagger.BindsInstance;
import dagger.Component;
import io.nicsim.core.host.HostComponent;
import io.nicsim.core.host.HostConfig;
import io.nicsim.core.host.HostModule;
import io.nicsim.core.host.HostScope;

/** Core plus the faulty MAC (no audit attached: each test decides). */
@HostScope
@Component(modules = {HostModule.class, FaultyMacModule.class})
public interface FaultyHost extends HostComponent {

  @Component.Factory
  interface Factory {
    FaultyHost create(@BindsInstance HostConfig config);
  }

  static FaultyHost of(HostConfig config) {
    return DaggerFaultyHost.factory().create(config);
  }
}
