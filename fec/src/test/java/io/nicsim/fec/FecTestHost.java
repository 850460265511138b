package io.nicsim.fec;

import dagger.BindsInstance;
import dagger.Component;
import io.nicsim.core.host.HostComponent;
import io.nicsim.core.host.HostConfig;
import io.nicsim.core.host.HostModule;
import io.nicsim.core.host.HostScope;

/** The suite's host component: core plus the fec MAC model. */
@HostScope
@Component(modules = {HostModule.class, FecModule.class})
public interface FecTestHost extends HostComponent {

  @Component.Factory
  interface Factory {
    FecTestHost create(@BindsInstance HostConfig config);
  }

  static FecTestHost of(HostConfig config) {
    return DaggerFecTestHost.factory().create(config);
  }
}
