package io.nicsim.runs.host;

import dagger.BindsInstance;
import dagger.Component;
import io.nicsim.core.host.HostComponent;
import io.nicsim.core.host.HostConfig;
import io.nicsim.core.host.HostModule;
import io.nicsim.core.host.HostScope;
import io.nicsim.core.host.MacDiscovery;

/**
 * The host component of the {@code nicsim} command: core plus every MAC model on the class
 * path (found through {@link io.nicsim.core.host.MacModelProvider}; nicsim's own MACs and a
 * consumer's jar alike). No driver is listed here.
 */
@HostScope
@Component(modules = {HostModule.class, MacDiscovery.ClassPathModule.class})
public interface NicsimHost extends HostComponent {

  @Component.Factory
  interface Factory {
    NicsimHost create(@BindsInstance HostConfig config);
  }

  /** The factory the command uses. */
  HostFactory FACTORY = config -> DaggerNicsimHost.factory().create(config);
}
