package io.nicsim.fec;

import static io.nicsim.fec.FecRegisters.*;

import io.nicsim.core.check.RingAudit;
import io.nicsim.core.check.TxLiveness;
import io.nicsim.core.config.BadInputException;
import io.nicsim.core.dim.NetDim;
import io.nicsim.core.era.PatchSet;
import io.nicsim.core.ethtool.EthtoolOps;
import io.nicsim.core.host.HostContext;
import io.nicsim.core.host.NicDriver;
import io.nicsim.core.kernel.IrqLine;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.kernel.WorkItem;
import io.nicsim.core.net.NetdevQueue;
import io.nicsim.core.net.Skb;
import io.nicsim.core.nic.DescRing;
import java.util.SortedMap;
import java.util.TreeMap;

/** One fec instance: the ENET hardware, the driver state and its ports, bound to a host. */
public final class FecDriver implements NicDriver, TxLiveness {
  private final FecRegisters regs = new FecRegisters();
  private final FecEnet enet;
  private final FecEnetPrivate fep;
  private final FecCoalesce coal;
  private final FecSetup setup;
  private final FecNapi napiPorts;
  private final FecXmit xmit;
  private final FecTimeout timeout;
  private final FecHostPlatform platform;
  private final IrqLine[] lines;

  FecDriver(HostContext ctx) {
    PatchSet patches = FecPatches.validate(ctx.patches());
    ctx.cpu().costs().requireAll(FecOps.all());
    if (ctx.soc().compatible().isEmpty()) {
      throw new BadInputException("soc profile " + ctx.soc().name()
          + ": compatible is missing (accepted: the FEC node's list, e.g. [fsl,imx6sx-fec])");
    }
    long linkRate = ctx.link().rateBps();
    long txClockHz = linkRate >= 1_000_000_000L ? 125_000_000L : 25_000_000L;
    long ahbHz = ctx.soc().clockHz("ahb", 1_000_000L, 10_000_000_000L);
    enet = new FecEnet(ctx.sim(), ctx.kernel(), regs, ctx.link(), ahbHz,
        txClockHz, ctx.soc().param("fec_tx_fetch_ns", 0, 100_000_000L));
    fep = new FecEnetPrivate(regs, patches, ctx.cpu());
    fep.netdev = ctx.dev();
    fep.k = new FecHostKernel(fep);
    platform = new FecHostPlatform(fep, (int) Math.min(1000, linkRate / 1_000_000L));
    fep.plat = platform;
    // of_get_phy_mode: RGMII for a gigabit PHY, RMII for a fast-Ethernet one
    fep.phyInterface = linkRate >= 1_000_000_000L ? FecSetup.PHY_INTERFACE_MODE_RGMII
        : FecSetup.PHY_INTERFACE_MODE_RMII;
    ctx.dev().setBql(false); // the driver has no netdev_tx_sent_queue/completed_queue
    ctx.dev().setTso(false); // fec_enet_txq_submit_tso is not ported
    ctx.dev().setSg(false); // fec_enet_txq_submit_frag_skb is not ported: linear skbs only
    enet.bind(fep);
    coal = new FecCoalesce(fep);
    if (patches.has(FecPatches.DIM)) {
      ctx.cpu().costs().requireAll(NetDim.NET_DIM,
          WorkItem.PROCESS_ONE_WORK);
    }
    setup = new FecSetup(fep, coal);
    napiPorts = new FecNapi(fep);
    xmit = new FecXmit(fep);
    timeout = new FecTimeout(fep, setup);
    platform.timeoutWork(timeout::scheduleWork);
    // fec_enet_init: ndev->watchdog_timeo = TX_TIMEOUT (2 * HZ)
    ctx.dev().setWatchdogTimeoNs(FecConsts.TX_TIMEOUT_MS * 1_000_000L);
    ctx.dev().setDriverName("fec");
    // netif_napi_add in fec_enet_init: one NAPI, default weight
    fep.napi = new Napi(ctx.kernel(), ctx.dev().name(), ctx.dev().name(),
        (n, budget) -> napiPorts.rxNapi(n, budget), FecConsts.NAPI_POLL_WEIGHT);

    int queues = (int) ctx.soc().param("tx_queues", 1, 1, FecConsts.FEC_ENET_MAX_TX_QS);
    int rxQueues = (int) ctx.soc().param("rx_queues", 1, 1, FecConsts.FEC_ENET_MAX_RX_QS);
    // --ports c: the bridges of the functions the probe calls (installed before this driver
    // was built) bind to its objects now
    FecCHooks.ProbeBinder probeC = ctx.kernel().inLoop(FecCHooks.ProbeBinder.class);
    if (probeC != null) {
      probeC.bind(this);
    }
    setup.probe(ctx.soc().compatible(), ahbHz, queues, rxQueues);
    if (patches.has(FecPatches.DIM)) {
      fep.dim = new FecDim(fep, coal, fep.numRxQueues);
      coal.dim = fep.dim;
    }
    if (fep.numTxQueues != ctx.dev().numTxQueues()) {
      throw new BadInputException("soc profile " + ctx.soc().name() + ": params.tx_queues = "
          + queues + " is not a queue count the driver accepts (accepted: 1..3)");
    }

    // request_irq for int0..int(n-1), all on fec_enet_interrupt
    lines = new IrqLine[fep.numTxQueues];
    for (int i = 0; i < lines.length; i++) {
      lines[i] = ctx.newIrqLine(ctx.dev().name() + "-int" + i);
      lines[i].request(napiPorts::enetInterrupt);
    }
    enet.lines(lines);
  }

  @Override
  public void open() {
    fep.running = true;
    setup.enetOpen();
    // the PHY reports link at once (autonegotiation time is not modelled)
    platform.phyLink = 1;
    setup.adjustLink();
  }

  @Override
  public void stop() {
    platform.phyLink = 0;
    setup.adjustLink();
    fep.napi.disable();
    fep.running = false;
  }

  /** phylib reports the link up or down: fec_enet_adjust_link runs. */
  void phyLink(boolean up) {
    platform.phyLink = up ? 1 : 0;
    setup.adjustLink();
  }

  @Override
  public int startXmit(Skb skb, NetdevQueue txq) {
    return xmit.startXmit(skb, txq);
  }

  /** ndo_tx_timeout (fec_timeout): restart the controller from a work item. */
  @Override
  public void txTimeout(int queue) {
    timeout.timeout(queue);
  }

  /** The skbs on the TX BD rings: from the BD after dirty_tx up to bd.cur. */
  @Override
  public long skbsHeld() {
    long n = 0;
    for (int q = 0; q < fep.numTxQueues; q++) {
      FecTxq txq = fep.txQueue[q];
      if (txq != null && txq.bd != null) {
        n += RingAudit.tx(txq.bd, txq.bd.next(txq.dirtyTx), txq.bd.cur).skbs();
      }
    }
    return n;
  }

  // ------------------------------------------------------------------ TxLiveness

  @Override
  public int txLivenessQueues() {
    return fep.numTxQueues;
  }

  /**
   * What will reap a TX BD ring, as the driver would act: the NAPI poll (it reaps every TX
   * queue) scheduled; an unmasked event latched (the ISR schedules the poll); TXF unmasked while
   * BDs are still READY or the queue's coalescer holds completions (every frame's BD asks for
   * an interrupt, BD_ENET_TX_INT). Nothing else reaps it.
   */
  @Override
  public TxLiveness.Cleaner txCleaner(int queue) {
    FecTxq txq = fep.txQueue[queue];
    DescRing bd = txq.bd;
    if (bd.next(txq.dirtyTx) == bd.cur) {
      return TxLiveness.Cleaner.EMPTY;
    }
    if (fep.napi.willPoll()) {
      return TxLiveness.Cleaner.NAPI_SCHEDULED;
    }
    if ((regs.ievent() & regs.imask()) != 0) {
      return TxLiveness.Cleaner.STATUS_LATCHED;
    }
    if ((regs.imask() & FecRegisters.txfGet(queue)) != 0) {
      if (enet.txCoalPending(queue) > 0) {
        return TxLiveness.Cleaner.IC_PENDING;
      }
      for (int i = bd.next(txq.dirtyTx); i != bd.cur; i = bd.next(i)) {
        if (bd.own(i)) {
          return TxLiveness.Cleaner.IC_PENDING;
        }
      }
    }
    return TxLiveness.Cleaner.NOTHING;
  }

  @Override
  public long txQueuedCount(int queue) {
    return fep.txQueue[queue].queued;
  }

  @Override
  public long txCleanedCount(int queue) {
    return fep.txQueue[queue].cleaned;
  }

  @Override
  public String txRingState(int queue) {
    FecTxq txq = fep.txQueue[queue];
    DescRing bd = txq.bd;
    int held = (bd.cur - bd.next(txq.dirtyTx)) & (bd.size() - 1);
    int ready = 0;
    for (int i = bd.next(txq.dirtyTx); i != bd.cur; i = bd.next(i)) {
      if (bd.own(i)) {
        ready++;
      }
    }
    return "dirty_tx " + txq.dirtyTx + " cur " + bd.cur + ", " + held + " BDs held (" + ready
        + " READY), EIR 0x" + Integer.toHexString(regs.ievent()) + ", EIMR 0x"
        + Integer.toHexString(regs.imask()) + ", coalescer pending "
        + enet.txCoalPending(queue) + ", napi " + (fep.napi.willPoll() ? "scheduled"
            : "not scheduled") + (fep.netdev.queue(queue).stopped() ? ", queue stopped" : "");
  }

  @Override
  public String txRingName(int queue) {
    return "fec " + fep.netdev.name() + " tx" + queue;
  }

  /** Each TX BD ring's shape (no BQL in this driver). */
  @Override
  public void checkInvariants() {
    skbsHeld();
  }

  @Override
  public EthtoolOps ethtool() {
    return coal;
  }

  @Override
  public PatchSet patchSet() {
    return fep.patches;
  }

  @Override
  public SortedMap<String, Long> counters() {
    SortedMap<String, Long> m = new TreeMap<>();
    m.put("irq", fep.irqs);
    m.put("irq_none", fep.irqNone);
    m.put("rx_irq", fep.rxIrqs);
    m.put("tx_irq", fep.txIrqs);
    m.put("napi_poll", fep.napi.pollCount());
    m.put("napi_complete", fep.napi.completeCount());
    long rxf = 0;
    long txf = 0;
    long missed = 0;
    for (int q = 0; q < FecConsts.FEC_ENET_MAX_RX_QS; q++) {
      rxf += enet.rxCoalescer(q).raised();
      txf += enet.txCoalescer(q).raised();
      if (enet.rxDma(q) != null) {
        missed += enet.rxDma(q).missedCount();
      }
    }
    m.put("rxf_events", rxf);
    m.put("txf_events", txf);
    m.put("rx_missed", missed);
    m.put("rx_packets", fep.rxPackets);
    m.put("tx_packets", fep.txPackets);
    m.put("tx_dropped", fep.txDropped);
    m.put("tx_clean_desc", fep.txCleaned);
    m.put("queue_stop", fep.queueStops);
    if (fep.dim != null) {
      m.put("dim_iterations", fep.dim.netDim.iterations());
      m.put("dim_profile_changes", fep.dim.netDim.profileChanges());
      m.put("dim_work", fep.dim.workRuns());
      m.put("dim_profile_ix", (long) fep.dim.profileIx(0));
    }
    m.put("tx_doorbell", enet.txDoorbells());
    m.put("tx_timeout", timeout.txErrors());
    m.put("timeout_restart", timeout.restarts());
    return m;
  }

  @Override
  public SortedMap<String, Long> coalesceRegisters() {
    SortedMap<String, Long> m = new TreeMap<>();
    for (int q = 0; q < 3; q++) {
      m.put("RXIC" + q, Integer.toUnsignedLong(regs.rxic(q)));
      m.put("TXIC" + q, Integer.toUnsignedLong(regs.txic(q)));
    }
    return m;
  }

  // for the suite and for reports
  /** The NAPI and interrupt ports (a {@code --ports c} bridge hooks them). */
  FecNapi napiPorts() {
    return napiPorts;
  }

  /** The transmit ports (a {@code --ports c} bridge hooks them). */
  FecXmit xmitPorts() {
    return xmit;
  }

  public FecEnetPrivate fep() {
    return fep;
  }

  @Override
  public boolean modelsTxHang() {
    return true;
  }

  @Override
  public void hangTxDma(int queue) {
    enet.hangTxDma(queue);
  }

  @Override
  public void releaseTxDma(int queue) {
    enet.releaseTxDma(queue);
  }

  @Override
  public boolean txDmaHung(int queue) {
    return enet.txDmaHung(queue);
  }

  public FecEnet enet() {
    return enet;
  }

  public FecRegisters regs() {
    return regs;
  }

  public IrqLine line(int i) {
    return lines[i];
  }

  FecTimeout timeout() {
    return timeout;
  }

  public FecSetup setup() {
    return setup;
  }
}
