package io.nicsim.bcmgenet;

import dagger.BindsInstance;
import dagger.Component;
import io.nicsim.core.host.HostComponent;
import io.nicsim.core.host.HostConfig;
import io.nicsim.core.host.HostModule;
import io.nicsim.core.host.HostScope;

/** The suite's host component: core plus the bcmgenet MAC model. */
@HostScope
@Component(modules = {HostModule.class, BcmgenetModule.class})
public interface GenetTestHost extends HostComponent {

  @Component.Factory
  interface Factory {
    GenetTestHost create(@BindsInstance HostConfig config);
  }

  /** The component, its host built and under the periodic invariant audit (as in every run). */
  static GenetTestHost of(HostConfig config) {
    GenetTestHost c = DaggerGenetTestHost.factory().create(config);
    io.nicsim.core.check.HostAudit.attach(c.host());
    return c;
  }
}
