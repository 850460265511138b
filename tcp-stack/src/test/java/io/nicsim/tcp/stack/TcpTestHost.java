package io.nicsim.tcp.stack;

import dagger.BindsInstance;
import dagger.Component;
import io.nicsim.core.host.HostComponent;
import io.nicsim.core.host.HostConfig;
import io.nicsim.core.host.HostModule;
import io.nicsim.core.host.HostScope;

/** Host component of tcp-model's suite: core plus the test NIC. */
@HostScope
@Component(modules = {HostModule.class, TestNicModule.class})
public interface TcpTestHost extends HostComponent {

  @Component.Factory
  interface Factory {
    TcpTestHost create(@BindsInstance HostConfig config);
  }

  /** The component, its host built and under the periodic invariant audit (as in every run). */
  static TcpTestHost of(HostConfig config) {
    TcpTestHost c = DaggerTcpTestHost.factory().create(config);
    io.nicsim.core.check.HostAudit.attach(c.host());
    return c;
  }
}
