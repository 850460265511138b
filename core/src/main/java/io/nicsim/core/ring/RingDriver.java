package io.nicsim.core.ring;

import io.nicsim.core.check.RingAudit;
import io.nicsim.core.check.TxLiveness;
import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.CostOp;
import io.nicsim.core.era.PatchSet;
import io.nicsim.core.ethtool.EthtoolCoalesce;
import io.nicsim.core.ethtool.EthtoolOps;
import io.nicsim.core.host.HostContext;
import io.nicsim.core.host.NicDriver;
import io.nicsim.core.kernel.Errno;
import io.nicsim.core.kernel.IrqLine;
import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.kernel.KernelException;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.net.NetDevice;
import io.nicsim.core.net.NetdevQueue;
import io.nicsim.core.net.NetdevTx;
import io.nicsim.core.net.Skb;
import io.nicsim.core.nic.DescRing;
import io.nicsim.core.nic.InterruptRegister;
import io.nicsim.core.nic.PerPacketModeration;
import io.nicsim.core.nic.RxDmaEngine;
import io.nicsim.core.nic.TxDmaEngine;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The ring mechanics of a simple NIC, for a MAC model that only decides how it coalesces: one
 * TX and one RX descriptor ring (one descriptor per skb), line-rate DMA, one interrupt line
 * whose register carries a TX cause and an RX cause (named "tx" and "rx"), an RX interrupt per
 * frame, BQL, and either one NAPI for both directions or a TX and an RX NAPI. It has no
 * coalescing knobs ({@code ethtool -C} is refused with EOPNOTSUPP): a subclass adds its own by
 * overriding {@link EthtoolOps}'s methods and, in its constructor, putting an
 * {@link io.nicsim.core.nic.InterruptThrottle} on {@link #irq} or holding TX completions.
 *
 * <p>What a subclass may change: {@link #startXmit} (with {@link #mapTx} and {@link
 * #doorbell}), {@link #txIrqPerFrame}, {@link #txFree}, {@link #txDone}, {@link #freeTx},
 * {@link #txCompleted}, {@link #interrupt}, {@link #txPoll} and {@link #counters}. Cost
 * operations are {@code PREFIX_xmit}, {@code PREFIX_tx_clean} and {@code PREFIX_rx}, required
 * of the profile when the driver is built.
 */
public abstract class RingDriver implements NicDriver, EthtoolOps, TxLiveness {
  /** The register's TX cause: a TX descriptor with IC was written back. */
  public static final int TX_DONE = 1;
  /** The register's RX cause: a frame was received. */
  public static final int RX_DONE = 2;

  protected final Kernel kernel;
  protected final NetDevice dev;
  protected final PatchSet patches;
  protected final DescRing tx;
  protected final DescRing rx;
  protected final IrqLine line;
  protected final InterruptRegister irq;
  protected final TxDmaEngine txDma;
  /** The TX NAPI; the same object as {@link #rxNapi} when one NAPI serves both directions. */
  protected final Napi txNapi;
  protected final Napi rxNapi;
  private final CostOp xmitOp;
  private final CostOp txCleanOp;
  private final CostOp rxOp;
  private final String prefix;
  private long txQueued;
  private long txCleaned;

  /**
   * Rings of {@code PREFIX_ring} descriptors (default 256, 64..4096) fetched in
   * {@code PREFIX_fetch_ns} (default 500, 0..1000000) per frame, both optional profile
   * parameters; {@code napis}: one name (one NAPI for both directions) or two (TX, then RX).
   */
  protected RingDriver(HostContext ctx, String prefix, String... napis) {
    this(ctx, prefix, (int) ctx.soc().param(prefix + "_ring", 256, 64, 4096),
        ctx.soc().param(prefix + "_fetch_ns", 500, 0, 1_000_000), napis);
  }

  /** Rings of {@code ringSize} descriptors, a TX fetch of {@code fetchNs} per frame. */
  protected RingDriver(HostContext ctx, String prefix, int ringSize, long fetchNs,
      String... napis) {
    if (napis.length != 1 && napis.length != 2) {
      throw new IllegalArgumentException("one NAPI name, or a TX and an RX one");
    }
    kernel = ctx.kernel();
    dev = ctx.dev();
    patches = ctx.patches();
    this.prefix = prefix;
    xmitOp = CostOp.named(prefix + "_xmit");
    txCleanOp = CostOp.named(prefix + "_tx_clean");
    rxOp = CostOp.named(prefix + "_rx");
    ctx.cpu().costs().requireAll(xmitOp, txCleanOp, rxOp); // refuse a profile without them
    tx = new DescRing("tx", ringSize);
    rx = new DescRing("rx", ringSize);
    line = ctx.newIrqLine("eth0");
    irq = new InterruptRegister(line).nameCause(TX_DONE, "tx").nameCause(RX_DONE, "rx");
    line.request(l -> interrupt());
    txDma = new TxDmaEngine(ctx.sim(), tx, ctx.link(), fetchNs, this::txWrittenBack);
    ctx.link().attachNic(new RxDmaEngine(rx, new PerPacketModeration(() -> irq.set(RX_DONE))));
    if (napis.length == 1) {
      txNapi = new Napi(kernel, napis[0], "eth0", (n, budget) -> poll(budget), 64);
      rxNapi = txNapi;
    } else {
      txNapi = new Napi(kernel, napis[0], "eth0", (n, budget) -> txPoll(budget), 64);
      rxNapi = new Napi(kernel, napis[1], "eth0", (n, budget) -> rxPoll(budget), 64);
    }
  }

  private boolean oneNapi() {
    return txNapi == rxNapi;
  }

  @Override
  public void open() {
    for (int i = 0; i < rx.size(); i++) {
      rx.set(i, DescRing.IC);
      rx.setOwn(i);
    }
    txNapi.enable();
    if (!oneNapi()) {
      rxNapi.enable();
    }
    irq.setEnable(TX_DONE | RX_DONE);
  }

  @Override
  public void stop() {
    txNapi.disable();
    if (!oneNapi()) {
      rxNapi.disable();
    }
    irq.setEnable(0);
  }

  /** ndo_start_xmit: {@link #mapTx}, then {@link #doorbell}. */
  @Override
  public int startXmit(Skb skb, NetdevQueue txq) {
    if (!mapTx(skb, txq)) {
      return NetdevTx.NETDEV_TX_BUSY;
    }
    doorbell();
    return NetdevTx.NETDEV_TX_OK;
  }

  /**
   * Puts {@code skb} on the TX ring (stopping the queue, false, when it has no room), tells
   * BQL, and stops the queue when the ring is full after it.
   */
  protected final boolean mapTx(Skb skb, NetdevQueue txq) {
    if (txFree() < 1) {
      txq.stop();
      return false;
    }
    kernel.thisCpu().charge(xmitOp);
    int entry = tx.cur;
    tx.setBufLen(entry, skb.len);
    tx.setSkb(entry, skb);
    tx.set(entry, DescRing.FS | DescRing.LS | (txIrqPerFrame() ? DescRing.IC : 0));
    tx.setOwn(entry);
    tx.cur = tx.next(entry);
    txQueued++;
    txq.sentQueue(skb.len);
    if (txFree() < 1) {
      txq.stop();
    }
    return true;
  }

  /** Starts the TX DMA at the running CPU's time. */
  protected final void doorbell() {
    txDma.doorbell(kernel.thisCpu().cursor());
  }

  /** Whether each TX descriptor asks for an interrupt at its write-back (IC). */
  protected boolean txIrqPerFrame() {
    return true;
  }

  /** Free TX descriptors, one slot kept empty. */
  protected int txFree() {
    return tx.avail();
  }

  /** The TX DMA wrote back a chain: the TX cause, if its descriptor asked for it. */
  protected void txWrittenBack(int first, int last, boolean ic) {
    if (ic) {
      irq.set(TX_DONE);
    }
  }

  /** Whether the TX descriptor {@code entry} (between dirty and cur) may be cleaned. */
  protected boolean txDone(int entry) {
    return !tx.own(entry);
  }

  /** Frees a cleaned TX skb (dev_consume_skb_any). */
  protected void freeTx(Skb skb) {
    skb.free();
  }

  /**
   * Cleans at most {@code limit} TX descriptors, oldest first, while {@link #txDone} says
   * so; then {@link #txCompleted}. Returns how many it cleaned.
   */
  protected final int txClean(int limit) {
    Core core = kernel.thisCpu();
    int pkts = 0;
    int bytes = 0;
    while (pkts < limit && tx.dirty != tx.cur && txDone(tx.dirty)) {
      core.charge(txCleanOp);
      Skb skb = tx.skb(tx.dirty);
      pkts++;
      bytes += skb.len;
      freeTx(skb);
      tx.reset(tx.dirty);
      tx.dirty = tx.next(tx.dirty);
      txCleaned++;
    }
    txCompleted(dev.queue(0), pkts, bytes);
    return pkts;
  }

  /** After a TX clean: BQL's completion, and the queue woken once a quarter is free. */
  protected void txCompleted(NetdevQueue txq, int pkts, int bytes) {
    txq.completedQueue(pkts, bytes);
    if (txq.stopped() && txFree() > tx.size() / 4) {
      txq.wake();
    }
  }

  /** TX descriptors cleaned so far. */
  protected final long txCleaned() {
    return txCleaned;
  }

  /**
   * The line's handler: acknowledges the causes and schedules the NAPI (one NAPI: whatever
   * is pending, every cause masked until the poll completes; two: each cause its own).
   */
  protected boolean interrupt() {
    int status = irq.pending();
    irq.ack(status);
    if (oneNapi()) {
      if (txNapi.schedulePrep()) {
        irq.setEnable(0);
        txNapi.schedule();
      }
      return status != 0;
    }
    if ((status & TX_DONE) != 0 && txNapi.schedulePrep()) {
      irq.setEnable(irq.enable() & ~TX_DONE);
      txNapi.schedule();
    }
    if ((status & RX_DONE) != 0 && rxNapi.schedulePrep()) {
      irq.setEnable(irq.enable() & ~RX_DONE);
      rxNapi.schedule();
    }
    return status != 0;
  }

  /** One NAPI's poll: the TX clean, then RX up to the budget. */
  private int poll(int budget) {
    txClean(Integer.MAX_VALUE);
    int work = receive(budget);
    if (work < budget && txNapi.completeDone(work)) {
      irq.setEnable(TX_DONE | RX_DONE);
    }
    return work;
  }

  /** The TX NAPI's poll: everything written back is cleaned; a TX clean's work is 0. */
  protected int txPoll(int budget) {
    txClean(Integer.MAX_VALUE);
    if (txNapi.completeDone(0)) {
      irq.setEnable(irq.enable() | TX_DONE);
    }
    return 0;
  }

  private int rxPoll(int budget) {
    int work = receive(budget);
    if (work < budget && rxNapi.completeDone(work)) {
      irq.setEnable(irq.enable() | RX_DONE);
    }
    return work;
  }

  /** Hands received frames to the stack, at most {@code budget}, refilling each descriptor. */
  private int receive(int budget) {
    Core core = kernel.thisCpu();
    int work = 0;
    while (work < budget && !rx.own(rx.dirty)) {
      int i = rx.dirty;
      core.charge(rxOp);
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
    return work;
  }

  /** One TX ring, answered for by {@link #txCleaner}. */
  @Override
  public int txLivenessQueues() {
    return 1;
  }

  /**
   * What will clean the TX ring, as this driver acts: its TX NAPI will poll (scheduled, or its
   * watchdog armed); a cause is latched and enabled whose handler schedules that NAPI (with one
   * NAPI either cause, with two TX_DONE); a descriptor the DMA still owns asks for an interrupt
   * (IC) and TX_DONE is enabled. Otherwise nothing: a subclass whose completions come another
   * way (a timer, a completion policy) adds its answer where this one says NOTHING.
   */
  @Override
  public Cleaner txCleaner(int queue) {
    if (tx.dirty == tx.cur) {
      return Cleaner.EMPTY;
    }
    if (txNapi.willPoll()) {
      return Cleaner.NAPI_SCHEDULED;
    }
    if ((irq.pending() & (oneNapi() ? TX_DONE | RX_DONE : TX_DONE)) != 0) {
      return Cleaner.STATUS_LATCHED;
    }
    if ((irq.enable() & TX_DONE) != 0) {
      for (int i = tx.dirty; i != tx.cur; i = tx.next(i)) {
        if (tx.own(i) && tx.has(i, DescRing.IC)) {
          return Cleaner.IC_PENDING;
        }
      }
    }
    return Cleaner.NOTHING;
  }

  @Override
  public long txQueuedCount(int queue) {
    return txQueued;
  }

  @Override
  public long txCleanedCount(int queue) {
    return txCleaned;
  }

  @Override
  public String txRingState(int queue) {
    int owned = 0;
    for (int i = tx.dirty; i != tx.cur; i = tx.next(i)) {
      owned += tx.own(i) ? 1 : 0;
    }
    return "dirty " + tx.dirty + " cur " + tx.cur + ", " + tx.used() + " descriptors held ("
        + owned + " owned by the DMA), status 0x" + Integer.toHexString(irq.status())
        + " enable 0x" + Integer.toHexString(irq.enable()) + ", " + txNapi.name()
        + (txNapi.willPoll() ? " will poll" : " idle");
  }

  @Override
  public String txRingName(int queue) {
    return prefix + " " + dev.name() + " tx" + queue;
  }

  /** The skbs on the TX ring, after checking its shape ({@link RingAudit}). */
  @Override
  public long skbsHeld() {
    return RingAudit.tx(tx, tx.dirty, tx.cur).skbs();
  }

  @Override
  public EthtoolOps ethtool() {
    return this;
  }

  @Override
  public PatchSet patchSet() {
    return patches;
  }

  /**
   * {@code tx_irq}/{@code rx_irq} (the line's assertions that carried each cause), the NAPI
   * polls ({@code napi_poll}, or {@code napi_poll_tx} and {@code napi_poll_rx}),
   * {@code tx_clean_desc} and {@code queue_stop}.
   */
  @Override
  public SortedMap<String, Long> counters() {
    SortedMap<String, Long> m = new TreeMap<>();
    m.put("tx_irq", line.causeCount("tx"));
    m.put("rx_irq", line.causeCount("rx"));
    if (oneNapi()) {
      m.put("napi_poll", txNapi.pollCount());
    } else {
      m.put("napi_poll_tx", txNapi.pollCount());
      m.put("napi_poll_rx", rxNapi.pollCount());
    }
    m.put("tx_clean_desc", txCleaned);
    m.put("queue_stop", dev.queue(0).stopCount());
    return m;
  }

  /** No coalescing parameters unless a subclass has them. */
  @Override
  public int supportedCoalesceParams() {
    return 0;
  }

  @Override
  public void getCoalesce(EthtoolCoalesce out) throws KernelException {}

  @Override
  public void setCoalesce(EthtoolCoalesce in) throws KernelException {
    throw new KernelException(Errno.EOPNOTSUPP);
  }
}
