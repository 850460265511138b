package io.nicsim.core.net;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.kernel.NapiDevice;
import io.nicsim.core.kernel.NetCorePatches;
import io.nicsim.core.port.KernelPort;
import io.nicsim.core.sim.InvariantViolation;
import java.util.function.IntConsumer;

/** A network device (struct net_device): its TX queues, features, driver ops and statistics. */
public final class NetDevice {
  private final Kernel kernel;
  private final String name;
  private final NetdevQueue[] queues;
  private final DevXmit xmit;
  private final SkbLedger ledger;
  private NetDeviceOps ops;
  private RxHandler rxHandler = (skb, core) -> skb.free();
  private boolean tso;
  private boolean sg = true;
  private boolean bql = true;
  private boolean up;
  private int mtu = 1500;
  private long watchdogTimeoNs = 5_000_000_000L;
  private String driverName = "nicsim";
  private final DevWatchdog watchdog;
  long txPackets;
  long txBytes;
  long rxPackets;
  long rxBytes;

  /** alloc_etherdev_mqs + register_netdev: queues with pfifo_fast of tx_queue_len. */
  public NetDevice(Kernel kernel, String name, int txQueues, SkbLedger ledger) {
    this.kernel = kernel;
    this.name = name;
    this.ledger = ledger;
    this.queues = new NetdevQueue[txQueues];
    for (int i = 0; i < txQueues; i++) {
      queues[i] = new NetdevQueue(kernel, this, i);
      attachQdisc(i, new PfifoFast(kernel, kernel.config().txQueueLen()));
    }
    this.xmit = new DevXmit(kernel, this, ledger);
    this.watchdog = new DevWatchdog(kernel, this);
  }

  /** The driver name dev_watchdog prints (dev->dev.parent's driver). */
  public String driverName() {
    return driverName;
  }

  public void setDriverName(String name) {
    this.driverName = name;
  }

  /** dev_watchdog's timer and port. */
  DevWatchdog watchdog() {
    return watchdog;
  }

  /**
   * Observes dev_watchdog's timeouts (a run's fault report): called with the queue as the
   * watchdog reports it, before ndo_tx_timeout; null: none.
   */
  public void setTxTimeoutObserver(IntConsumer o) {
    watchdog.observer = o;
  }

  /** Queues dev_watchdog reported as timed out. */
  public long txTimeouts() {
    return watchdog.timeouts();
  }

  public String name() {
    return name;
  }

  public Kernel kernel() {
    return kernel;
  }

  public SkbLedger skbs() {
    return ledger;
  }

  public int numTxQueues() {
    return queues.length;
  }

  public NetdevQueue queue(int i) {
    return queues[i];
  }

  /** Replaces the root qdisc of TX queue {@code i} (tc qdisc replace). */
  public void attachQdisc(int i, Qdisc q) {
    q.txq = queues[i];
    queues[i].qdisc = q;
  }

  public DevXmit xmit() {
    return xmit;
  }

  public NetDeviceOps ops() {
    return ops;
  }

  public void setOps(NetDeviceOps ops) {
    this.ops = ops;
  }

  public void setRxHandler(RxHandler handler) {
    this.rxHandler = handler;
  }

  /** NETIF_F_TSO: without it GSO skbs are segmented in software before the driver. */
  public boolean tso() {
    return tso;
  }

  public void setTso(boolean on) {
    this.tso = on;
  }

  /** NETIF_F_SG: without it an skb with page fragments is linearised before the driver. */
  public boolean sg() {
    return sg;
  }

  public void setSg(boolean on) {
    this.sg = on;
  }

  /** Whether the driver does BQL accounting (otherwise the qdisc never bulk-dequeues). */
  public boolean bql() {
    return bql;
  }

  public void setBql(boolean on) {
    this.bql = on;
  }

  public int mtu() {
    return mtu;
  }

  public void setMtu(int mtu) {
    this.mtu = mtu;
  }

  /** dev->watchdog_timeo in ns. */
  public long watchdogTimeoNs() {
    return watchdogTimeoNs;
  }

  public void setWatchdogTimeoNs(long ns) {
    this.watchdogTimeoNs = ns;
  }

  /** Sets dev_watchdog's era from the kernel the host runs (33fb988b6705's re-arm or not). */
  public void setKernelVersion(KernelVersion v) {
    watchdog.setRearmAtOldestStart(DevWatchdog.rearmsAtOldestStart(v));
  }

  public boolean isUp() {
    return up;
  }

  /** dev_open: ndo_open, then the queues start. */
  public void open() {
    if (up) {
      return;
    }
    runAsWork(() -> ops.open());
    up = true;
    for (NetdevQueue q : queues) {
      q.transStart = kernel.cpu().jiffies();
    }
    watchdog.up();
  }

  /** dev_close: dev_deactivate (each qdisc reset: queued skbs freed), then ndo_stop. */
  public void close() {
    if (!up) {
      return;
    }
    for (NetdevQueue q : queues) {
      q.qdisc.reset();
    }
    runAsWork(() -> ops.stop());
    up = false;
    watchdog.down();
  }

  private void runAsWork(Runnable r) {
    // configuration runs outside the simulated CPUs; ports that charge costs need a core, so
    // open/stop are charged to nobody.
    r.run();
  }

  /** dev_queue_xmit. */
  public int queueXmit(Skb skb) {
    return xmit.devQueueXmit(skb);
  }

  /**
   * napi_gro_receive: the driver hands a received frame to its NAPI's GRO, which merges TCP
   * data of one flow, holds it, or passes it on ({@link #deliver}).
   */
  public void receive(Napi napi, Skb skb) {
    if (kernel.simulator().catchingUp()) {
      throw deliveredInsideCatchUp(napi);
    }
    Core core = kernel.thisCpu();
    rxPackets++;
    rxBytes += skb.len;
    gro(napi).receive(skb, core, napi.napiId());
  }

  /** The NAPI's GRO state, made on its first frame (napi_gro_receive's napi->gro_hash). */
  private Gro gro(Napi napi) {
    if (napi.gro() instanceof Gro g) {
      return g;
    }
    Gro g = new Gro(kernel, kernel.netCore().has(NetCorePatches.GRO_NORMAL_BATCH));
    g.bind(deliver);
    napi.attachGro(g);
    return g;
  }

  private final GroDeliver deliver = this::deliver;

  /**
   * netif_receive_skb_list_internal / netif_receive_skb_internal for one skb GRO passes up:
   * the receive timestamp (net_timestamp_check: what SO_TIMESTAMP reports), then the stack.
   */
  private void deliver(Skb skb, Core core) {
    skb.tstamp = core.cursor();
    core.charge(KernelOps.NETIF_RECEIVE_SKB);
    if (kernel.tracer().enabled()) {
      kernel.tracer().netifReceiveSkb(core.cursor(), core.id(), name, skb.id(), skb.len);
    }
    rxHandler.receive(skb, core);
  }

  /**
   * netdev_sw_irq_coalesce_default_on: a driver's probe asks for software IRQ coalescing by
   * default (gro_flush_timeout 20 us, napi_defer_hard_irqs 1; not on PREEMPT_RT, which nicsim's
   * kernels are not). Users override it through sysfs.
   */
  @KernelPort(
      file = "net/core/dev.c",
      function = "netdev_sw_irq_coalesce_default_on",
      versions = "v6.2..v6.18",
      source = "debian:linux-source-6.12@6.12.117",
      notes = "6.13 writes through netdev_set_gro_flush_timeout / netdev_set_defer_hard_irqs")
  public void swIrqCoalesceDefaultOn() {
    SwIrqCoalesceC c = kernel.inLoop(SwIrqCoalesceC.class);
    if (c != null) {
      c.swIrqCoalesceDefaultOn(napiDevice());
      return;
    }
    NapiDevice d = napiDevice();
    d.setGroFlushTimeout(20000);
    d.setDeferHardIrqs(1);
  }

  /**
   * {@code --ports c}: the tree's netdev_sw_irq_coalesce_default_on in place of
   * {@link #swIrqCoalesceDefaultOn}, on the host's kernel (the inloop module's bridge, installed
   * before the driver whose probe calls it is built).
   */
  public interface SwIrqCoalesceC {
    /** netdev_sw_irq_coalesce_default_on(dev) on {@code dev}'s NAPI fields. */
    void swIrqCoalesceDefaultOn(NapiDevice dev);
  }

  /** The NAPI fields of this device (sysfs napi_defer_hard_irqs, gro_flush_timeout, threaded). */
  public NapiDevice napiDevice() {
    return kernel.napiDevice(name);
  }

  // a NAPI marked as delivering nothing delivered a frame while another CPU was inside its work
  private static InvariantViolation deliveredInsideCatchUp(Napi napi) {
    return new InvariantViolation("napi " + napi.name(),
        "delivered a frame to the stack inside another CPU's catch-up, although it was marked"
            + " as delivering nothing (Napi.markTxOnly)");
  }

  public long txPackets() {
    return txPackets;
  }

  public long txBytes() {
    return txBytes;
  }

  public long rxPackets() {
    return rxPackets;
  }

  public long rxBytes() {
    return rxBytes;
  }
}
