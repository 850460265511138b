package io.nicsim.bench.host;

import dagger.BindsInstance;
import dagger.Component;
import io.nicsim.core.host.HostComponent;
import io.nicsim.core.host.HostConfig;
import io.nicsim.core.host.HostModule;
import io.nicsim.core.host.HostScope;

/**
 * The host component of the {@code nicsim} command: core plus every MAC model nicsim ships.
 * A MAC module joins by one entry in {@code modules} (e.g. {@code StmmacModule.class},
 * {@code FecModule.class} once those modules are on main).
 */
@HostScope
@Component(
    modules = {
      HostModule.class,
    })
public interface NicsimHost extends HostComponent {

  @Component.Factory
  interface Factory {
    NicsimHost create(@BindsInstance HostConfig config);
  }

  /** The factory the command uses. */
  HostFactory FACTORY = config -> DaggerNicsimHost.factory().create(config);
}
