package io.nicsim.hostkit;

import dagger.BindsInstance;
import dagger.Component;
import io.nicsim.core.host.HostComponent;
import io.nicsim.core.host.HostConfig;
import io.nicsim.core.host.HostModule;
import io.nicsim.core.host.HostScope;

/** The host component of core's suite: core plus the example MAC. */
@HostScope
@Component(modules = {HostModule.class, ExampleMacModule.class})
public interface TestHost extends HostComponent {

  @Component.Factory
  interface Factory {
    TestHost create(@BindsInstance HostConfig config);
  }

  /** The component, its host built and under the periodic invariant audit (as in every run). */
  static TestHost of(HostConfig config) {
    TestHost c = DaggerTestHost.factory().create(config);
    io.nicsim.core.check.HostAudit.attach(c.host());
    return c;
  }
}
