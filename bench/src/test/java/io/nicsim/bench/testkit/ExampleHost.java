package io.nicsim.bench.testkit;

import dagger.BindsInstance;
import dagger.Component;
import io.nicsim.testkit.ExampleMacModule;
import io.nicsim.core.host.HostComponent;
import io.nicsim.core.host.HostConfig;
import io.nicsim.core.host.HostModule;
import io.nicsim.core.host.HostScope;

/** bench's test host: core plus core's example MAC and the knob MAC (SoC profiles testsoc, knobsoc). */
@HostScope
@Component(modules = {HostModule.class, ExampleMacModule.class, KnobMacModule.class})
public interface ExampleHost extends HostComponent {

  @Component.Factory
  interface Factory {
    ExampleHost create(@BindsInstance HostConfig config);
  }
}
