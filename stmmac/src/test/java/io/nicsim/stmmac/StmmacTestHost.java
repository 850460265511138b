package io.nicsim.stmmac;

import dagger.BindsInstance;
import dagger.Component;
import io.nicsim.core.host.HostComponent;
import io.nicsim.core.host.HostConfig;
import io.nicsim.core.host.HostModule;
import io.nicsim.core.host.HostScope;

/** A host component with core and the stmmac MAC model, for the module's own suite. */
@HostScope
@Component(modules = {HostModule.class, StmmacModule.class})
public interface StmmacTestHost extends HostComponent {

  @Component.Factory
  interface Factory {
    StmmacTestHost create(@BindsInstance HostConfig config);
  }

  /** The component, its host built and under the periodic invariant audit (as in every run). */
  static StmmacTestHost of(HostConfig config) {
    StmmacTestHost c = DaggerStmmacTestHost.factory().create(config);
    io.nicsim.core.check.HostAudit.attach(c.host());
    return c;
  }
}
