package io.nicsim.hostkit;

import dagger.BindsInstance;
import dagger.Component;
import io.nicsim.core.host.HostComponent;
import io.nicsim.core.host.HostConfig;
import io.nicsim.core.host.HostModule;
import io.nicsim.core.host.HostScope;
import io.nicsim.core.host.MacDiscovery;

/**
 * The kit's host component: core plus the MAC models a test hands it, so that a driver's suite
 * needs no Dagger component of its own.
 */
@HostScope
@Component(modules = HostModule.class)
interface KitHost extends HostComponent {

  @Component.Factory
  interface Factory {
    KitHost create(@BindsInstance HostConfig config, @BindsInstance MacDiscovery.Found macs);
  }
}
