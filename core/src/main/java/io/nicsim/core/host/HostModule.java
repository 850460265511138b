package io.nicsim.core.host;

import dagger.BindsOptionalOf;
import dagger.Module;
import dagger.Provides;
import dagger.multibindings.Multibinds;
import io.nicsim.core.config.BadInputException;
import io.nicsim.core.cpu.CostTable;
import io.nicsim.core.cpu.Cpu;
import io.nicsim.core.cpu.OtherLoad;
import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.net.NetDevice;
import io.nicsim.core.net.SkbLedger;
import io.nicsim.core.nic.Link;
import io.nicsim.core.sim.Simulator;
import io.nicsim.core.soc.SocProfile;
import java.util.Map;
import java.util.Optional;

/**
 * Dagger wiring of one host. A component that includes this module gets a {@link Host} per
 * component instance, built with one of the MAC models it knows: those on the class path when
 * it also includes {@link MacDiscovery.ClassPathModule} (what the {@code nicsim} command does),
 * plus any contributed at compile time with {@code @IntoMap @StringKey(name)} (what a test
 * host does to pin its MAC):
 *
 * <pre>{@code
 * @HostScope
 * @Component(modules = {HostModule.class, MacDiscovery.ClassPathModule.class})
 * public interface NicsimHost extends HostComponent {
 *   @Component.Factory
 *   interface Factory {
 *     NicsimHost create(@BindsInstance HostConfig config);
 *   }
 * }
 * }</pre>
 */
@Module
public abstract class HostModule {
  private HostModule() {}

  /** The MAC models contributed by modules with {@code @IntoMap @StringKey(name)}. */
  @Multibinds
  abstract Map<String, MacModel> contributedMacs();

  /** The class path's MAC models, when the component includes the discovery module. */
  @BindsOptionalOf
  abstract MacDiscovery.Found discoveredMacs();

  @Provides
  @HostScope
  static MacModels macModels(Map<String, MacModel> contributed,
      Optional<MacDiscovery.Found> discovered) {
    MacModels macs = MacModels.of(contributed);
    return discovered.isPresent() ? discovered.get().models().with(macs) : macs;
  }

  @Provides
  @HostScope
  static SocProfile soc(HostConfig config) {
    return SocProfile.resolve(config.soc(), config.sample());
  }

  @Provides
  @HostScope
  static Simulator simulator(HostConfig config) {
    return new Simulator(config.seed());
  }

  @Provides
  @HostScope
  static Cpu cpu(HostConfig config, SocProfile soc, Simulator sim) {
    Cpu cpu = new Cpu(sim, CostTable.of(soc, config.cpuScale()), soc.cores(), soc.kernelHz(),
        config.kernelConfig().schedSliceNs(), config.tracer());
    long idleExit = soc.param("cpuidle_exit_ns", 0, 0, 1_000_000_000L);
    if (idleExit > 0) {
      cpu.setIdleState(idleExit, soc.param("cpuidle_target_residency_ns", 0, 0, 10_000_000_000L));
    }
    // other tasks sharing a core, as a board's trace measured them (nothing by default)
    for (int i = 0; i < cpu.cores(); i++) {
      String key = "other_load_pct_cpu" + i;
      double pct = soc.param(key, 0.0);
      if (pct < 0 || pct >= 100) {
        throw BadInputException.field("params." + key, pct + " is out of range",
            "0 <= per cent < 100");
      }
      if (pct > 0) {
        OtherLoad.attach(cpu.core(i), pct / 100);
      }
    }
    return cpu;
  }

  @Provides
  @HostScope
  static Kernel kernel(HostConfig config, Simulator sim, Cpu cpu) {
    return new Kernel(sim, cpu, config.kernelConfig());
  }

  @Provides
  @HostScope
  static SkbLedger skbs(Cpu cpu) {
    SkbLedger l = new SkbLedger();
    if (cpu.tracer().enabled()) {
      l.traceFrees(cpu); // consume_skb lines; no cost when nothing traces
    }
    return l;
  }

  @Provides
  @HostScope
  static NetDevice netDevice(SocProfile soc, Kernel kernel, SkbLedger skbs) {
    int queues = (int) soc.param("tx_queues", 1, 1, 16);
    return new NetDevice(kernel, "eth0", queues, skbs);
  }

  @Provides
  @HostScope
  static Link link(HostConfig config, SocProfile soc, Simulator sim) {
    long rate = config.linkRateBps() > 0
        ? config.linkRateBps()
        : soc.param("link_rate_bps", 1_000_000_000L, 1_000_000L, 400_000_000_000L);
    // a veth behind tbf (nicsim validate's like for like): the link rate as a token bucket
    long burst = soc.param("link_tbf_burst_bytes", 0, 0, 1L << 32);
    return new Link(sim, rate, config.linkPropagationNs(), burst);
  }

  @Provides
  @HostScope
  static MacModel mac(HostConfig config, SocProfile soc, MacModels macs) {
    MacModel m = macs.get(config.mac());
    if (soc.mac() != null && !soc.mac().equals(m.name())) {
      throw BadInputException.field(config.soc().startsWith(SocProfile.FILE_PREFIX)
          ? "--soc-file" : "--soc", "SoC profile '" + soc.name() + "' has a "
          + soc.mac() + " MAC, not " + m.name(), "a profile whose mac is " + m.name());
    }
    return m;
  }

  @Provides
  @HostScope
  static Host host(HostConfig config, SocProfile soc, Simulator sim, Cpu cpu, Kernel kernel,
      NetDevice dev, Link link, MacModel mac) {
    return new Host(config, soc, sim, cpu, kernel, dev, link, mac);
  }
}
