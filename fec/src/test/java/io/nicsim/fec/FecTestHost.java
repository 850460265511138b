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

  /** The component, its host built and under the periodic invariant audit (as in every run). */
  static FecTestHost of(HostConfig config) {
    FecTestHost c = DaggerFecTestHost.factory().create(config);
    io.nicsim.core.check.HostAudit.attach(c.host());
    return c;
  }
}
