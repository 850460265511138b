package io.nicsim.cli.testkit;

import dagger.BindsInstance;
import dagger.Component;
import io.nicsim.core.check.FaultyMacModule;
import io.nicsim.core.host.HostComponent;
import io.nicsim.core.host.HostConfig;
import io.nicsim.core.host.HostModule;
import io.nicsim.core.host.HostScope;

/** core's deliberately broken MAC ("faulty", SoC profile faultysoc), for the check tests. */
@HostScope
@Component(modules = {HostModule.class, FaultyMacModule.class})
public interface FaultyBenchHost extends HostComponent {

  @Component.Factory
  interface Factory {
    FaultyBenchHost create(@BindsInstance HostConfig config);
  }
}
