package io.nicsim.ravb;

import dagger.BindsInstance;
import dagger.Component;
import io.nicsim.core.host.HostComponent;
import io.nicsim.core.host.HostConfig;
import io.nicsim.core.host.HostModule;
import io.nicsim.core.host.HostScope;

/** The suite's host component: core plus the ravb MAC model. */
@HostScope
@Component(modules = {HostModule.class, RavbModule.class})
public interface RavbTestHost extends HostComponent {

  @Component.Factory
  interface Factory {
    RavbTestHost create(@BindsInstance HostConfig config);
  }

  /** The component, its host built and under the periodic invariant audit (as in every run). */
  static RavbTestHost of(HostConfig config) {
    RavbTestHost c = DaggerRavbTestHost.factory().create(config);
    io.nicsim.core.check.HostAudit.attach(c.host());
    return c;
  }
}
