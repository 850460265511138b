package io.nicsim.ideal;

import io.nicsim.core.config.BadInputException;
import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.CpuContext;
import io.nicsim.core.ethtool.CoalesceParam;
import io.nicsim.core.ethtool.EthtoolCoalesce;
import io.nicsim.core.host.HostContext;
import io.nicsim.core.ring.RingDriver;
import io.nicsim.core.kernel.Errno;
import io.nicsim.core.kernel.KernelException;
import io.nicsim.core.net.Dql;
import io.nicsim.core.net.NetdevQueue;
import io.nicsim.core.net.NetdevTx;
import io.nicsim.core.net.Skb;
import io.nicsim.core.nic.InterruptThrottle;
import io.nicsim.core.sim.InvariantViolation;
import java.util.SortedMap;

/**
 * The ideal NIC's driver: core's {@link RingDriver} (one descriptor per skb, TX and RX NAPI,
 * BQL, an RX interrupt per frame) whose TX skbs are freed when {@link TxCompletion} releases
 * them. TX and RX share one interrupt line; {@code rx-usecs N} puts core's
 * {@link InterruptThrottle} on it (an ITR: at most one assertion every N µs, whichever causes
 * it carries).
 */
final class IdealDriver extends RingDriver {
  /** The longest completion delay or period: one second. */
  static final long MAX_USECS = 1_000_000;
  private final InterruptThrottle itr;
  private final TxCompletion completion;

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
    super(ctx, "ideal", (int) ctx.soc().param("ideal_ring", 512, 64, 4096),
        ctx.soc().param("ideal_fetch_ns", 500, 0, 1_000_000), "eth0-tx", "eth0-rx");
    boolean tso = ctx.soc().param("ideal_tso", 1, 0, 1) != 0;
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
    irq.throttle(itr);
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
    txDma.setTso(tso);
    dev.setTso(tso);
    // echo N > /sys/class/net/eth0/queues/tx-*/byte_queue_limits/limit_min
    long bqlMin = ctx.soc().param("ideal_bql_limit_min", 0, 0, Dql.maxLimitAccepted());
    if (bqlMin > 0) {
      for (int q = 0; q < dev.numTxQueues(); q++) {
        dev.queue(q).dql().setMinLimit(bqlMin);
      }
    }
    txNapi.markTxOnly();
  }

  @Override
  public int startXmit(Skb skb, NetdevQueue txq) {
    if (!mapTx(skb, txq)) {
      return NetdevTx.NETDEV_TX_BUSY;
    }
    Core core = kernel.thisCpu();
    completion.queued(core.cursor());
    doorbell();
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

  /** A write-back only tells the completion policy; its release raises the TX cause. */
  @Override
  protected void txWrittenBack(int first, int last, boolean ic) {
    completion.writtenBack();
  }

  /** The oldest TX skb may go once the completion policy has released it. */
  @Override
  protected boolean txDone(int entry) {
    return txCleaned() < completion.released();
  }

  /**
   * RingDriver's answer, and where it finds nothing, the completion policy's: every hold
   * (a fixed delay, a period, a partial batch) waits on one of its events, whose release
   * raises the TX cause.
   */
  @Override
  public Cleaner txCleaner(int queue) {
    Cleaner c = super.txCleaner(queue);
    return c == Cleaner.NOTHING && completion.releaseQueued() ? Cleaner.TIMER_QUEUED : c;
  }

  /**
   * Frees the skbs the completion policy released, oldest first. Under
   * {@code ideal_tx_napi_from_xmit} the poll stands in for the veth peer's receive on the sending
   * CPU (process_backlog, or the peer's NAPI): its work is the frames it took, at most the
   * budget, as napi_poll reports there; a TX clean's work is 0 otherwise.
   */
  @Override
  protected int txPoll(int budget) {
    boolean veth = vethXmit();
    int pkts = txClean(veth ? budget : Integer.MAX_VALUE);
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

  @Override
  public void checkInvariants() {
    long cleaned = txCleaned();
    long held = completion.queuedCount() - cleaned;
    if (!(cleaned <= completion.released() && completion.released() <= completion.written()
        && completion.written() <= completion.queuedCount()) || held != skbsHeld()) {
      throw new InvariantViolation("ideal tx", "cleaned " + cleaned + " released "
          + completion.released() + " written " + completion.written() + " queued "
          + completion.queuedCount() + " on ring " + skbsHeld());
    }
  }

  /** RingDriver's counters and the throttle's held assertions. */
  @Override
  public SortedMap<String, Long> counters() {
    SortedMap<String, Long> m = super.counters();
    m.put("itr_held", itr.heldCount());
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
