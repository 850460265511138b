package io.nicsim.bench.host;

import dagger.BindsInstance;
import dagger.Component;
import io.nicsim.core.host.HostComponent;
import io.nicsim.core.host.HostConfig;
import io.nicsim.core.host.HostModule;
import io.nicsim.core.host.HostScope;
import io.nicsim.fec.FecModule;
import io.nicsim.stmmac.StmmacModule;

/**
 * The host component of the {@code nicsim} command: core plus every MAC model nicsim ships.
 * A MAC module joins by one entry in {@code modules}.
 */
@HostScope
@Component(
    modules = {
      HostModule.class,
      StmmacModule.class,
      FecModule.class,
    })
public interface NicsimHost extends HostComponent {

  @Component.Factory
  interface Factory {
    NicsimHost create(@BindsInstance HostConfig config);
  }

  /** The factory the command uses. */
  HostFactory FACTORY = config -> DaggerNicsimHost.factory().create(config);
}
