package io.nicsim.ideal;

import io.nicsim.core.check.RingAudit;
import io.nicsim.core.config.BadInputException;
import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.CostOp;
import io.nicsim.core.cpu.CpuContext;
import io.nicsim.core.era.PatchSet;
import io.nicsim.core.ethtool.CoalesceParam;
import io.nicsim.core.ethtool.EthtoolCoalesce;
import io.nicsim.core.ethtool.EthtoolOps;
import io.nicsim.core.host.HostContext;
import io.nicsim.core.host.NicDriver;
import io.nicsim.core.kernel.Errno;
import io.nicsim.core.kernel.IrqLine;
import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.kernel.KernelException;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.net.Dql;
import io.nicsim.core.net.NetDevice;
import io.nicsim.core.net.NetdevQueue;
import io.nicsim.core.net.NetdevTx;
import io.nicsim.core.net.Skb;
import io.nicsim.core.nic.DescRing;
import io.nicsim.core.nic.InterruptRegister;
import io.nicsim.core.nic.InterruptThrottle;
import io.nicsim.core.nic.PerPacketModeration;
import io.nicsim.core.nic.RxDmaEngine;
import io.nicsim.core.nic.TxDmaEngine;
import io.nicsim.core.sim.InvariantViolation;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The ideal NIC's driver: one descriptor per skb, TX and RX NAPI, BQL, an RX interrupt per
 * frame, and TX skbs freed when {@link TxCompletion} releases them. TX and RX share one
 * interrupt line; {@code rx-usecs N} puts core's {@link InterruptThrottle} on it (an ITR: at
 * most one assertion every N µs, whichever causes it carries).
 */
final class IdealDriver implements NicDriver, EthtoolOps {
  static final CostOp XMIT = CostOp.named("ideal_xmit");
  static final CostOp TX_CLEAN = CostOp.named("ideal_tx_clean");
  static final CostOp RX = CostOp.named("ideal_rx");
  static final int TX_DONE = 1;
  static final int RX_DONE = 2;
  /** The longest completion delay or period: one second. */
  static final long MAX_USECS = 1_000_000;
  private final Kernel kernel;
  private final NetDevice dev;
  private final PatchSet patches;
  private final DescRing tx;
  private final DescRing rx;
  private final TxDmaEngine txDma;
  private final InterruptRegister irq;
  private final IrqLine line;
  private final InterruptThrottle itr;
  private final TxCompletion completion;
  private final Napi txNapi;
  private final Napi rxNapi;
  private long cleaned;

  /**
   * The profile's quantiles of the TX completion's release wake-up lateness (ns), at
   * {@link TxCompletion#WAKE_QUANTILES}: min, p10, p50, p90, p99, p99.9, max.
   */
  static final String[] WAKE_LATE_KEYS = {"ideal_tx_wake_late_min_ns",
      "ideal_tx_wake_late_p10_ns", "ideal_tx_wake_late_p50_ns", "ideal_tx_wake_late_p90_ns",
      "ideal_tx_wake_late_p99_ns", "ideal_tx_wake_late_p999_ns", "ideal_tx_wake_late_max_ns"};

  /** The transmit schedules the TX NAPI from process context, with no TX interrupt (veth). */
  private final boolean napiFromXmit;

  /** Whether the TX NAPI is scheduled: a veth xmit's poll is still to run. */
  private boolean txPollPending() {
    return txNapi.isScheduled();
  }

  /** The next completion asserts the TX interrupt (its xmit ran outside a task). */
  private boolean signalNext;

  /** A veth's transmit: the profile asks for it and no completion policy holds the skbs. */
  private boolean vethXmit() {
    return napiFromXmit && completion.immediate();
  }

  IdealDriver(HostContext ctx) {
    kernel = ctx.kernel();
    dev = ctx.dev();
    patches = ctx.patches();
    ctx.cpu().costs().requireAll(XMIT, TX_CLEAN, RX);
    int size = (int) ctx.soc().param("ideal_ring", 512, 64, 4096);
    boolean tso = ctx.soc().param("ideal_tso", 1, 0, 1) != 0;
    tx = new DescRing("tx", size);
    rx = new DescRing("rx", size);
    line = ctx.newIrqLine("eth0");
    // /proc/irq/N/smp_affinity: host-veth puts it on the sender's CPU, where a veth's receive
    // work runs (its transmit hands the skb to the peer's backlog on the sending CPU)
    int irqCpu = (int) ctx.soc().param("ideal_irq_cpu", 0, 0, 63);
    if (irqCpu > 0) {
      if (irqCpu >= ctx.cpu().cores()) {
        throw BadInputException.field("params.ideal_irq_cpu",
            irqCpu + " is not a CPU of the profile", "0.." + (ctx.cpu().cores() - 1));
      }
      line.setAffinity(ctx.cpu().core(irqCpu));
    }
    itr = new InterruptThrottle(kernel);
    irq = new InterruptRegister(line).nameCause(TX_DONE, "tx").nameCause(RX_DONE, "rx")
        .throttle(itr);
    line.request(l -> interrupt());
    // a veth (host-veth) has no TX interrupt: veth_xmit hands the skb on and raises NET_RX on
    // the sending CPU itself, so the transmit schedules the TX NAPI and a completion at the
    // write-back asserts nothing; a completion policy that holds skbs (ethtool -C) still
    // signals its releases by the interrupt, the only way a release reaches the driver
    napiFromXmit = ctx.soc().param("ideal_tx_napi_from_xmit", 0, 0, 1) != 0;
    completion = new TxCompletion(ctx.sim(), () -> {
      // a veth's xmit scheduled the NAPI whose poll takes this skb; where that poll already
      // ran (the skb left after it looked), the interrupt is what reaps it
      if (!vethXmit() || signalNext || !txPollPending()) {
        signalNext = false;
        irq.set(TX_DONE);
      }
    },
        ctx.soc().param("ideal_tx_delay_start", 0, 0, 1) != 0,
        ctx.soc().param("ideal_tx_delay_scale", 1.0));
    // the release wake-up's lateness quantiles; a band draws each over its range
    long[] wake = new long[WAKE_LATE_KEYS.length];
    boolean anyWake = false;
    for (int i = 0; i < wake.length; i++) {
      double v = ctx.soc().param(WAKE_LATE_KEYS[i], 0.0);
      if (!(v >= 0 && v <= 100_000_000)) {
        throw new BadInputException("soc profile " + ctx.soc().name()
            + ": params." + WAKE_LATE_KEYS[i] + " = " + v + " is out of range (accepted:"
            + " 0..100000000 ns)");
      }
      wake[i] = Math.round(v);
      anyWake |= wake[i] > 0;
    }
    if (anyWake) { // split only then: a profile without it draws exactly as before
      completion.setWakeLateness(wake, ctx.sim().random().split());
    }
    txDma = new TxDmaEngine(ctx.sim(), tx, ctx.link(),
        ctx.soc().param("ideal_fetch_ns", 500, 0, 1_000_000),
        (first, last, ic) -> completion.writtenBack());
    txDma.setTso(tso);
    dev.setTso(tso);
    // echo N > /sys/class/net/eth0/queues/tx-*/byte_queue_limits/limit_min
    long bqlMin = ctx.soc().param("ideal_bql_limit_min", 0, 0, Dql.maxLimitAccepted());
    if (bqlMin > 0) {
      for (int q = 0; q < dev.numTxQueues(); q++) {
        dev.queue(q).dql().setMinLimit(bqlMin);
      }
    }
    RxDmaEngine rxDma = new RxDmaEngine(rx, new PerPacketModeration(() -> irq.set(RX_DONE)));
    ctx.link().attachNic(rxDma);
    txNapi = new Napi(kernel, "eth0-tx", "eth0", (n, budget) -> txPoll(budget), 64).markTxOnly();
    rxNapi = new Napi(kernel, "eth0-rx", "eth0", (n, budget) -> rxPoll(budget), 64);
  }

  @Override
  public void open() {
    for (int i = 0; i < rx.size(); i++) {
      rx.set(i, DescRing.IC);
      rx.setOwn(i);
    }
    txNapi.enable();
    rxNapi.enable();
    irq.setEnable(TX_DONE | RX_DONE);
  }

  @Override
  public void stop() {
    txNapi.disable();
    rxNapi.disable();
    irq.setEnable(0);
  }

  @Override
  public int startXmit(Skb skb, NetdevQueue txq) {
    Core core = kernel.thisCpu();
    if (tx.avail() < 1) {
      txq.stop();
      return NetdevTx.NETDEV_TX_BUSY;
    }
    core.charge(XMIT);
    int entry = tx.cur;
    tx.setBufLen(entry, skb.len);
    tx.setSkb(entry, skb);
    tx.set(entry, DescRing.FS | DescRing.LS | DescRing.IC);
    tx.setOwn(entry);
    tx.cur = tx.next(entry);
    txq.sentQueue(skb.len);
    if (tx.avail() < 1) {
      txq.stop();
    }
    completion.queued(core.cursor());
    txDma.doorbell(core.cursor());
    if (vethXmit()) {
      if (core.context() == CpuContext.TASK) {
        // veth_xmit: __netif_rx / __veth_xdp_flush raise NET_RX on this CPU, which runs at
        // the xmit's local_bh_enable; its poll frees what the wire has taken by then
        txNapi.napiSchedule();
      } else {
        // a transmit from a timer or a softirq (TCP's pacing timer, TSQ's tasklet): its
        // completion signals by the interrupt, whose exit runs the poll
        signalNext = true;
      }
    }
    return NetdevTx.NETDEV_TX_OK;
  }

  private boolean interrupt() {
    int status = irq.pending();
    irq.ack(status);
    if ((status & TX_DONE) != 0) {
      if (txNapi.schedulePrep()) {
        irq.setEnable(irq.enable() & ~TX_DONE);
        txNapi.schedule();
      }
    }
    if ((status & RX_DONE) != 0) {
      if (rxNapi.schedulePrep()) {
        irq.setEnable(irq.enable() & ~RX_DONE);
        rxNapi.schedule();
      }
    }
    return status != 0;
  }

  /**
   * Frees the skbs the completion policy released, oldest first. Under
   * {@code ideal_tx_napi_from_xmit} the poll stands in for the veth peer's receive on the sending
   * CPU (process_backlog, or the peer's NAPI): its work is the frames it took, at most the
   * budget, as napi_poll reports there; a TX clean's work is 0 otherwise.
   */
  private int txPoll(int budget) {
    Core core = kernel.thisCpu();
    int pkts = 0;
    int bytes = 0;
    boolean veth = vethXmit();
    while (cleaned < completion.released() && (!veth || pkts < budget)) {
      core.charge(TX_CLEAN);
      Skb skb = tx.skb(tx.dirty);
      pkts++;
      bytes += skb.len;
      skb.free();
      tx.reset(tx.dirty);
      tx.dirty = tx.next(tx.dirty);
      cleaned++;
    }
    NetdevQueue txq = dev.queue(0);
    txq.completedQueue(pkts, bytes);
    if (txq.stopped() && tx.avail() > tx.size() / 4) {
      txq.wake();
    }
    if (veth) {
      if (pkts < budget) {
        txNapi.completeDone(pkts); // no TX interrupt to re-enable
      }
      return pkts;
    }
    if (txNapi.completeDone(0)) {
      irq.setEnable(irq.enable() | TX_DONE);
    }
    return 0;
  }

  private int rxPoll(int budget) {
    Core core = kernel.thisCpu();
    int work = 0;
    while (work < budget && !rx.own(rx.dirty)) {
      int i = rx.dirty;
      core.charge(RX);
      Skb skb = dev.skbs().alloc(rx.bufLen(i), rx.bufLen(i) + 576);
      skb.payload = rx.payload(i);
      skb.payloadOffset = rx.payloadOffset(i);
      rx.reset(i);
      rx.set(i, DescRing.IC);
      rx.setOwn(i);
      rx.dirty = rx.next(i);
      dev.receive(rxNapi, skb);
      work++;
    }
    if (work < budget && rxNapi.completeDone(work)) {
      irq.setEnable(irq.enable() | RX_DONE);
    }
    return work;
  }

  @Override
  public long skbsHeld() {
    return RingAudit.tx(tx, tx.dirty, tx.cur).skbs();
  }

  @Override
  public void checkInvariants() {
    long held = completion.queuedCount() - cleaned;
    if (!(cleaned <= completion.released() && completion.released() <= completion.written()
        && completion.written() <= completion.queuedCount()) || held != skbsHeld()) {
      throw new InvariantViolation("ideal tx", "cleaned " + cleaned + " released "
          + completion.released() + " written " + completion.written() + " queued "
          + completion.queuedCount() + " on ring " + skbsHeld());
    }
  }

  @Override
  public EthtoolOps ethtool() {
    return this;
  }

  @Override
  public PatchSet patchSet() {
    return patches;
  }

  @Override
  public SortedMap<String, Long> counters() {
    SortedMap<String, Long> m = new TreeMap<>();
    // per cause, as the line counted them at handler entry: one assertion carrying both
    // counts under each (the report's NIC IRQs/s counts the line's assertions instead)
    m.put("tx_irq", line.causeCount("tx"));
    m.put("rx_irq", line.causeCount("rx"));
    m.put("itr_held", itr.heldCount());
    m.put("tx_clean_desc", cleaned);
    m.put("napi_poll_tx", txNapi.pollCount());
    m.put("napi_poll_rx", rxNapi.pollCount());
    m.put("queue_stop", dev.queue(0).stopCount());
    return m;
  }

  @Override
  public int supportedCoalesceParams() {
    return CoalesceParam.TX_USECS.bit() | CoalesceParam.TX_MAX_FRAMES.bit()
        | CoalesceParam.RX_USECS.bit();
  }

  @Override
  public void getCoalesce(EthtoolCoalesce out) {
    out.txCoalesceUsecs(completion.usecs()).txMaxCoalescedFrames(completion.frames())
        .rxCoalesceUsecs(itr.intervalNs() / 1_000);
  }

  @Override
  public void setCoalesce(EthtoolCoalesce in) throws KernelException {
    long usecs = in.txCoalesceUsecs();
    long frames = in.txMaxCoalescedFrames();
    long rxUsecs = in.rxCoalesceUsecs();
    if (usecs > MAX_USECS || frames > tx.size() || (usecs == 0 && frames != 1)
        || rxUsecs > MAX_USECS) {
      throw new KernelException(Errno.EINVAL);
    }
    completion.set(usecs, frames);
    itr.setIntervalNs(rxUsecs * 1_000);
  }

  @Override
  public String coalesceLimits() {
    return "tx-usecs 0.." + MAX_USECS + ", tx-frames 0.." + tx.size()
        + ", rx-usecs 0.." + MAX_USECS + "; tx-usecs 0 only with tx-frames 1";
  }
}
