package io.nicsim.core.host;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.Cpu;
import io.nicsim.core.era.PatchSet;
import io.nicsim.core.kernel.IrqLine;
import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.net.NetDevice;
import io.nicsim.core.net.SkbLedger;
import io.nicsim.core.nic.Link;
import io.nicsim.core.sim.Simulator;
import io.nicsim.core.soc.SocProfile;
import java.util.Set;
import java.util.TreeSet;

/** Everything a {@link MacModel} needs to build its hardware and driver for one host. */
public final class HostContext {
  private final HostConfig config;
  private final SocProfile soc;
  private final Simulator sim;
  private final Cpu cpu;
  private final Kernel kernel;
  private final NetDevice dev;
  private final Link link;
  private final PatchSet patches;
  private int nextIrq = 40;
  private final Set<String> paramsRead = new TreeSet<>();

  HostContext(HostConfig config, SocProfile soc, Simulator sim, Cpu cpu, Kernel kernel,
      NetDevice dev, Link link, PatchSet patches) {
    this.config = config;
    this.soc = soc;
    this.sim = sim;
    this.cpu = cpu;
    this.kernel = kernel;
    this.dev = dev;
    this.link = link;
    this.patches = patches;
  }

  public HostConfig config() {
    return config;
  }

  public SocProfile soc() {
    return soc;
  }

  public Simulator sim() {
    return sim;
  }

  public Cpu cpu() {
    return cpu;
  }

  public Kernel kernel() {
    return kernel;
  }

  public NetDevice dev() {
    return dev;
  }

  public SkbLedger skbs() {
    return dev.skbs();
  }

  public Link link() {
    return link;
  }

  /** The kernel version and patches selected for this host. */
  public PatchSet patches() {
    return patches;
  }

  /** The core that takes device interrupts. */
  public Core irqCore() {
    return cpu.core(Math.min(config.irqCore(), cpu.cores() - 1));
  }

  /** Allocates an interrupt line routed to the IRQ core (request_irq comes from the driver). */
  public IrqLine newIrqLine(String name) {
    return new IrqLine(kernel, name, nextIrq++, irqCore());
  }

  /**
   * The driver's module parameter {@code module.name} as the run gives it
   * ({@code --module-param}), or null: the driver's default. A driver reads its parameters
   * here at probe; one no driver read is refused once the driver is built.
   */
  public String moduleParam(String module, String name) {
    String key = module + "." + name;
    paramsRead.add(key);
    return config.moduleParams().values().get(key);
  }

  /** The parameters the run gives that no driver read at probe. */
  Set<String> moduleParamsUnread() {
    return config.moduleParams().unread(paramsRead);
  }
}
