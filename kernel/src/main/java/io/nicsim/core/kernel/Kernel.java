package io.nicsim.core.kernel;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.Cpu;
import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.cpu.Softirq;
import io.nicsim.core.cpu.SoftirqHandler;
import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.era.PatchSet;
import io.nicsim.core.port.KernelPort;
import io.nicsim.core.sim.Simulator;
import io.nicsim.core.trace.Tracer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The kernel services of one host: per-CPU softnet data, hrtimer bases, timer wheels with the
 * tick, and the softirq actions NET_RX (net_rx_action), NET_TX (net_tx_action), TIMER and
 * TASKLET.
 */
public final class Kernel {
  private final Simulator sim;
  private final Cpu cpu;
  private final KernelConfig config;
  private final Softnet[] softnet;
  private final HrTimerBase[] hrtimerBases;
  private final TimerWheel[] wheels;
  private final NetRxAction[] netRx;
  private final List<String> dmesg = new ArrayList<>();
  private final List<Napi> napis = new ArrayList<>();
  private final List<IrqLine> irqs = new ArrayList<>();
  private final Map<String, NapiDevice> napiDevices = new LinkedHashMap<>();
  /** {@code --ports c}: the tree's C of ports whose objects find it through their kernel. */
  private final Map<Class<?>, Object> inLoop = new HashMap<>(2);
  /**
   * The net/core changes of the kernel this host runs (set by the host from its kernel version
   * before the driver is built); without one, none (the behaviour before v5.5).
   */
  private PatchSet netCore =
      NetCorePatches.forKernel(KernelVersion.of(5, 4));
  /**
   * Whether {@link #netCore} has 8b43fd3d1d7d and 0345552a653c, kept beside it: net_rx_action
   * asks per step and try_bulk_dequeue_skb per packet, and {@link PatchSet#has} finds a patch
   * by a scan of its catalog.
   */
  private boolean inNetRxActionEra = netCore.has(NetCorePatches.IN_NET_RX_ACTION);
  private boolean bulkDequeueBudgetEra = netCore.has(NetCorePatches.BULK_DEQUEUE_BUDGET);
  /**
   * napi_gen_id: NAPI ids start above NR_CPUS (MIN_NAPI_ID = NR_CPUS + 1); nicsim assumes
   * arm64's default CONFIG_NR_CPUS of 512, so the first NAPI is 513.
   */
  private int napiGenId = MIN_NAPI_ID - 1;
  /** MIN_NAPI_ID for CONFIG_NR_CPUS = 512. */
  public static final int MIN_NAPI_ID = 513;

  /**
   * Installs {@code hook}, the tree's C of a port whose objects belong to drivers and find it
   * through the kernel they run on (lib/dim's {@code net_dim} on a driver's struct dim).
   */
  public <T> void putInLoop(Class<T> type, T hook) {
    inLoop.put(type, hook);
  }

  /** The hook of {@code type} ({@link #putInLoop}), null in every run without {@code --ports c}. */
  public <T> T inLoop(Class<T> type) {
    return inLoop.isEmpty() ? null : type.cast(inLoop.get(type));
  }

  public Kernel(Simulator sim, Cpu cpu, KernelConfig config) {
    this.sim = sim;
    this.cpu = cpu;
    this.config = config;
    int n = cpu.cores();
    softnet = new Softnet[n];
    hrtimerBases = new HrTimerBase[n];
    wheels = new TimerWheel[n];
    netRx = new NetRxAction[n];
    for (int i = 0; i < n; i++) {
      softnet[i] = new Softnet();
      hrtimerBases[i] = new HrTimerBase(this, cpu.core(i));
      wheels[i] = new TimerWheel(this, cpu.core(i));
      netRx[i] = new NetRxAction(this);
    }
    cpu.openSoftirq(Softirq.NET_RX, new SoftirqHandler() {
      @Override
      public boolean step(Core core) {
        return netRx[core.id()].step(core);
      }

      @Override
      public boolean mayRunInsideCatchUp(Core core) {
        return netRx[core.id()].nextPollIsTxOnly(core);
      }
    });
    cpu.openSoftirq(Softirq.NET_TX, new SoftirqHandler() {
      @Override
      public boolean step(Core core) {
        return netTxAction(core);
      }

      @Override
      public boolean mayRunInsideCatchUp(Core core) {
        return true; // qdisc and driver locks only, which a CPU catching up does not hold
      }
    });
    cpu.openSoftirq(Softirq.TIMER, core -> {
      wheels[core.id()].runTimers(core);
      return false;
    });
    cpu.openSoftirq(Softirq.TASKLET, this::taskletAction);
    cpu.costs().requireAll(KernelOps.all());
    if (config.tick()) {
      for (TimerWheel w : wheels) {
        w.start();
      }
    }
  }

  public Simulator simulator() {
    return sim;
  }

  public Cpu cpu() {
    return cpu;
  }

  public KernelConfig config() {
    return config;
  }

  public Tracer tracer() {
    return cpu.tracer();
  }

  /** ktime_get(): the running code's time. */
  public long now() {
    return cpu.now();
  }

  /** smp_processor_id()'s core; code that only runs as CPU work. */
  public Core thisCpu() {
    return cpu.requireCurrent();
  }

  public Softnet softnet(Core core) {
    return softnet[core.id()];
  }

  NetRxAction netRxAction(Core core) {
    return netRx[core.id()];
  }

  HrTimerBase hrtimerBase(Core core) {
    return hrtimerBases[core.id()];
  }

  TimerWheel wheel(Core core) {
    return wheels[core.id()];
  }

  /** Local timer interrupts taken on a core. */
  public long timerInterrupts(Core core) {
    return hrtimerBases[core.id()].interrupts;
  }

  /** netdev_xmit_more() as seen by the driver's ndo_start_xmit on this CPU. */
  public boolean netdevXmitMore() {
    return softnet(thisCpu()).xmitMore;
  }

  /** netdev_xmit_set_more (done by __netdev_start_xmit before calling the driver). */
  public void netdevXmitSetMore(boolean more) {
    softnet(thisCpu()).xmitMore = more;
  }

  /**
   * __netif_schedule: puts a qdisc on this CPU's output queue and raises NET_TX, unless it is
   * already scheduled.
   */
  @KernelPort(
      file = "net/core/dev.c",
      function = "__netif_schedule",
      versions = "v4.19..v6.18",
      source = "greearb/linux-ct-6.18@259123b5db873da28cdbecf7a2b5fb5723c23ec9")
  public void netifSchedule(TxQdisc q) {
    NetifScheduleNative c = inLoop(NetifScheduleNative.class);
    if (c != null) { // --ports c: the tree's __netif_schedule
      c.schedule(this, q);
      return;
    }
    netifScheduleAsJava(q);
  }

  /** __netif_schedule as the Java port. */
  private void netifScheduleAsJava(TxQdisc q) {
    if (q.testAndSetScheduled()) {
      return;
    }
    outputQueue(q);
  }

  /**
   * A __netif_schedule the tree's C ran (its own bridge's, or inside the BQL wrappers' C), its
   * effect applied: {@code q}, not scheduled before, now scheduled, on this CPU's output queue
   * with NET_TX raised (__netif_reschedule). The Java port is not run: a replay never runs the
   * Java of what the C ran.
   */
  public void scheduledAsC(TxQdisc q) {
    if (q.testAndSetScheduled()) {
      throw new IllegalStateException("the C scheduled a qdisc already scheduled");
    }
    outputQueue(q);
  }

  /** __netif_reschedule: {@code q} (its SCHED bit set) on this CPU's output queue, NET_TX. */
  void outputQueue(TxQdisc q) {
    Core core = cpu.current() != null ? cpu.current() : cpu.core(0);
    softnet(core).outputQueue.addLast(q);
    core.raiseSoftirq(Softirq.NET_TX);
  }

  @KernelPort(
      file = "net/core/dev.c",
      function = "net_tx_action",
      versions = "v4.19..v6.18",
      source = "greearb/linux-ct-6.18@259123b5db873da28cdbecf7a2b5fb5723c23ec9",
      notes = "the completion queue is not modelled: drivers free skbs directly")
  boolean netTxAction(Core core) {
    Softnet sd = softnet(core);
    NetTxActionNative c = inLoop(NetTxActionNative.class);
    if (c != null && c.takes(sd)) { // --ports c: the tree's net_tx_action
      c.run(sd);
      return false;
    }
    int n = sd.outputQueue.size();
    for (int i = 0; i < n; i++) {
      TxQdisc q = sd.outputQueue.pollFirst();
      q.clearScheduled();
      q.run();
    }
    return false;
  }

  private boolean taskletAction(Core core) {
    Softnet sd = softnet(core);
    int n = sd.tasklets.size();
    for (int i = 0; i < n; i++) {
      sd.tasklets.pollFirst().run();
    }
    return false;
  }

  /** printk: a kernel log line stamped with the current time, as dmesg shows it. */
  public void printk(String line) {
    long t = now();
    dmesg.add(String.format("[%5d.%06d] %s", t / 1_000_000_000L, (t / 1000) % 1_000_000, line));
  }

  /** The kernel log so far. */
  public List<String> dmesg() {
    return Collections.unmodifiableList(dmesg);
  }

  /** netif_napi_add: the NAPI contexts of this host, in creation order. */
  void registerIrq(IrqLine l) {
    irqs.add(l);
  }

  /** Every interrupt line requested so far (/proc/interrupts order). */
  public List<IrqLine> irqLines() {
    return Collections.unmodifiableList(irqs);
  }

  void registerNapi(Napi n) {
    napis.add(n);
  }

  /** The net/core changes this kernel has ({@link NetCorePatches}). */
  public PatchSet netCore() {
    return netCore;
  }

  /** Sets the kernel's net/core era; before any NAPI is created. */
  public void setNetCore(PatchSet set) {
    if (!napis.isEmpty()) {
      throw new IllegalStateException("the net/core era is set before NAPIs are added");
    }
    this.netCore = set;
    this.inNetRxActionEra = set.has(NetCorePatches.IN_NET_RX_ACTION);
    this.bulkDequeueBudgetEra = set.has(NetCorePatches.BULK_DEQUEUE_BUDGET);
  }

  /** {@code netCore().has(NetCorePatches.IN_NET_RX_ACTION)}, without the catalog's scan. */
  boolean inNetRxActionEra() {
    return inNetRxActionEra;
  }

  /** {@code netCore().has(NetCorePatches.BULK_DEQUEUE_BUDGET)}, without the catalog's scan. */
  public boolean bulkDequeueBudgetEra() {
    return bulkDequeueBudgetEra;
  }

  /** napi_hash_add's id for the next NAPI. */
  int nextNapiId() {
    return ++napiGenId;
  }

  /** napi_by_id, or null. */
  public Napi napiById(int id) {
    for (Napi n : napis) {
      if (n.napiId() == id) {
        return n;
      }
    }
    return null;
  }

  /** The NAPI fields of device {@code name} (created on first use). */
  public NapiDevice napiDevice(String name) {
    return napiDevices.computeIfAbsent(name, NapiDevice::new);
  }

  public List<Napi> napis() {
    return Collections.unmodifiableList(napis);
  }

  /**
   * The invariant audit's look at kernel state between events: each NAPI's SCHED bit against
   * the poll lists, each queued hrtimer against its base and its expiry. Throws
   * {@link io.nicsim.core.sim.InvariantViolation}.
   */
  public void checkInvariants() {
    for (Napi n : napis) {
      n.checkState(softnet, netRx);
    }
    for (HrTimerBase b : hrtimerBases) {
      b.checkState();
    }
  }

  /** NET_RX softirq rounds that stopped on budget or time (softnet_stat time_squeeze). */
  public long timeSqueeze() {
    long sum = 0;
    for (Softnet s : softnet) {
      sum += s.timeSqueeze;
    }
    return sum;
  }
}
