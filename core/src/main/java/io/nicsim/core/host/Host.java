package io.nicsim.core.host;

import io.nicsim.core.config.BadInputException;
import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.Cpu;
import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.era.PatchSet;
import io.nicsim.core.ethtool.Ethtool;
import io.nicsim.core.ethtool.EthtoolOps;
import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.kernel.KernelException;
import io.nicsim.core.kernel.NetCorePatches;
import io.nicsim.core.net.NetDevice;
import io.nicsim.core.net.SkbLedger;
import io.nicsim.core.nic.Link;
import io.nicsim.core.sim.Event;
import io.nicsim.core.sim.Simulator;
import io.nicsim.core.soc.SocProfile;

/**
 * One simulated machine: CPUs, kernel, one NIC with its driver, the link and whatever is at
 * its far end. Built (by Dagger, see {@link HostModule}) from a {@link HostConfig}: every
 * refusal — unknown MAC or SoC, unknown patch, a coalescing request the driver rejects —
 * happens while building, so a host either exists whole or not at all.
 */
public final class Host {
  private final HostConfig config;
  private final SocProfile soc;
  private final Simulator sim;
  private final Cpu cpu;
  private final Kernel kernel;
  private final NetDevice dev;
  private final Link link;
  private final MacModel mac;
  private final NicDriver driver;
  private final NetStack stack = new NetStack();
  private final PeerMux peer = new PeerMux();
  private final HostMetrics metrics;

  Host(HostConfig config, SocProfile soc, Simulator sim, Cpu cpu, Kernel kernel, NetDevice dev,
      Link link, MacModel mac) {
    this.config = config;
    this.soc = soc;
    this.sim = sim;
    this.cpu = cpu;
    this.kernel = kernel;
    this.dev = dev;
    this.link = link;
    this.mac = mac;
    KernelVersion version =
        config.kernel() == null ? mac.defaultKernel() : KernelVersion.parse(config.kernel());
    PatchSet patches = mac.patches().select(version, config.patches());
    dev.setKernelVersion(version);
    kernel.setNetCore(NetCorePatches.forKernel(version));
    HostContext ctx = new HostContext(config, soc, sim, cpu, kernel, dev, link, patches);
    // --ports c: the tree's C replaces the bridged ports, those the driver's probe calls before
    // it is built, the rest before the interface comes up
    if (config.kernelC() != null) {
      InLoopInstaller.find().beforeBuild(ctx, config.kernelC());
    }
    this.driver = mac.build(ctx);
    for (String p : ctx.moduleParamsUnread()) {
      throw BadInputException.field("--module-param", p + " is not a parameter nicsim models"
          + " for mac " + mac.name(), "stmmac.watchdog=MS on stmmac");
    }
    if (config.kernelC() != null) {
      InLoopInstaller.find().install(ctx, driver, config.kernelC());
    }
    dev.setOps(driver);
    dev.setRxHandler(stack);
    link.attachPeer(peer);
    dev.open();
    if (!config.napi().isEmpty()) {
      NapiConfigurator.apply(this, config.napi());
    }
    if (!config.coalesce().isEmpty()) {
      try {
        Ethtool.applyArgs(driver.ethtool(), config.coalesce(),
            kernel.inLoop(Ethtool.SetCoalesceC.class));
      } catch (KernelException e) {
        throw new BadInputException(EthtoolOps.refusal(mac.name(),
            config.coalesce().toString(), driver.ethtool(), e));
      }
    }
    for (TxHang f : config.faults()) {
      injectLater(f);
    }
    this.metrics = new HostMetrics(this);
    if (config.tracer() instanceof HostTracer t) {
      t.bind(this);
    }
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

  public Link link() {
    return link;
  }

  public MacModel mac() {
    return mac;
  }

  public NicDriver driver() {
    return driver;
  }

  public SkbLedger skbs() {
    return dev.skbs();
  }

  /** Protocol handlers for received packets. */
  public NetStack stack() {
    return stack;
  }

  /** The link partner's handlers for frames the NIC sends. */
  public PeerMux peer() {
    return peer;
  }

  public HostMetrics metrics() {
    return metrics;
  }

  /** The core applications run on. */
  public Core appCore() {
    int n = cpu.cores();
    int i = config.appCore() < 0 ? n - 1 : Math.min(config.appCore(), n - 1);
    return cpu.core(i);
  }

  /**
   * {@code --fault tx-hang}: the queue's DMA hangs at the fault's time through the MAC model
   * ({@link NicDriver#hangTxDma}), and with {@code for=} resumes that much later unless the
   * driver's reset restarted it first; refused when the MAC models no TX hang or has no such
   * queue.
   */
  private void injectLater(TxHang f) {
    if (!driver.modelsTxHang()) {
      throw BadInputException.field("--fault", "mac " + mac.name() + " does not model a TX DMA"
          + " hang", "tx-hang on fec or stmmac");
    }
    if (f.queue() >= dev.numTxQueues()) {
      throw BadInputException.field("--fault", "tx-hang queue=" + f.queue() + " is not a TX"
          + " queue of this host", "queue=0.." + (dev.numTxQueues() - 1));
    }
    sim.schedule(Event.of(() -> {
      driver.hangTxDma(f.queue());
      if (f.forNs() > 0) {
        sim.schedule(Event.of(() -> driver.releaseTxDma(f.queue())),
            sim.now() + f.forNs());
      }
    }), f.atNs());
  }

  /** Runs the simulation for {@code ns} more nanoseconds. */
  public void run(long ns) {
    sim.runUntil(sim.now() + ns);
  }
}
