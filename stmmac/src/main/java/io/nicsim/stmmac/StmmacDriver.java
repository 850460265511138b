package io.nicsim.stmmac;

import io.nicsim.core.check.RingAudit;
import io.nicsim.core.check.TxLiveness;
import io.nicsim.core.config.BadInputException;
import io.nicsim.core.cpu.CostOp;
import io.nicsim.core.dim.NetDim;
import io.nicsim.core.era.PatchSet;
import io.nicsim.core.ethtool.EthtoolOps;
import io.nicsim.core.host.HostContext;
import io.nicsim.core.host.NicDriver;
import io.nicsim.core.kernel.IrqLine;
import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.kernel.WorkItem;
import io.nicsim.core.net.NetdevQueue;
import io.nicsim.core.net.Skb;
import io.nicsim.core.nic.DescRing;
import io.nicsim.core.sim.InvariantViolation;
import io.nicsim.core.soc.Quantity;
import io.nicsim.core.soc.SocProfile;
import java.util.Arrays;
import java.util.Locale;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One stmmac instance on a simulated host: the platform data from the SoC profile, the dwmac
 * hardware, the per-queue state, the NAPI contexts and interrupt lines, and the ported driver
 * functions ({@link StmmacTx}, {@link StmmacRx}, {@link StmmacIrq}, {@link StmmacEthtool}).
 */
public final class StmmacDriver extends StmmacLifecycle implements NicDriver, TxLiveness {
  private final Kernel kernel;
  private final StmmacTx tx;
  private final StmmacRx rx;
  private final StmmacIrq irq;
  private final StmmacEthtool ethtool;
  private final StmmacService service;
  private final IrqLine[] lines;
  private StmmacTxLiveness liveness;

  StmmacDriver(HostContext ctx) {
    super(new StmmacPriv(plat(ctx.soc()), checkVersion(ctx.patches())));
    this.kernel = ctx.kernel();
    ctx.cpu().costs().requireAll(StmmacTx.XMIT, StmmacTx.XMIT_DESC, StmmacTx.TX_CLEAN_DESC,
        StmmacTx.HRTIMER_ACTIVE, StmmacRx.RX_DESC, StmmacRx.RX_REFILL_DESC, DwmacHw.DMA_ISR,
        DwmacHw.IRQ_MASK, DwmacHw.DOORBELL);
    StmmacPlat plat = priv.plat;
    priv.kernel = kernel;
    priv.dev = ctx.dev();
    priv.calls = new LiveKernelCalls(kernel, ctx.dev());
    ctx.dev().setTso(plat.tso());

    int txCnt = plat.txQueuesToUse();
    int rxCnt = plat.rxQueuesToUse();
    int maxq = Math.max(txCnt, rxCnt);
    DmaIrqs irqs;
    if (plat.multiMsi()) {
      IrqLine[][] perDir = new IrqLine[maxq][2];
      for (int c = 0; c < maxq; c++) {
        perDir[c][0] = c < txCnt ? ctx.newIrqLine("eth0:tx-" + c) : null;
        perDir[c][1] = c < rxCnt ? ctx.newIrqLine("eth0:rx-" + c) : null;
      }
      irqs = DmaIrqs.perDirection(perDir);
      lines = new IrqLine[2 * maxq];
      for (int c = 0; c < maxq; c++) {
        lines[2 * c] = perDir[c][0];
        lines[2 * c + 1] = perDir[c][1];
      }
    } else {
      IrqLine line = ctx.newIrqLine("eth0");
      irqs = DmaIrqs.shared(line, maxq);
      lines = new IrqLine[] {line};
    }

    SocProfile soc = ctx.soc();
    int txSize = ringSize(soc, "dma_tx_size", priv.defaults.dmaTxSize());
    int rxSize = ringSize(soc, "dma_rx_size", priv.defaults.dmaRxSize());
    long fetchNs = soc.param("tx_fetch_ns", 0, 100_000_000L);
    switch (plat.core()) {
      case GMAC:
        priv.hw = new Dwmac1000Hw(kernel, ctx.link(), plat, txSize, rxSize, fetchNs, irqs,
            priv.patches.has(StmmacPatches.DMA_TX_CHAN_ARG));
        break;
      case GMAC4:
        priv.hw = new Dwmac4Hw(kernel, ctx.link(), plat, txSize, rxSize, fetchNs, irqs,
            priv.patches.has(StmmacPatches.DWMAC4_RWT_OUTSIDE_AIS));
        break;
      default:
        priv.hw = new Xgmac2Hw(kernel, ctx.link(), plat, txSize, rxSize, fetchNs, irqs,
            priv.patches.has(StmmacPatches.DWMAC4_RWT_OUTSIDE_AIS));
        break;
    }
    priv.setRxWatchdog(priv.hw::rxWatchdog);
    priv.hwif = priv.hw;
    priv.unported = new ModelUnported();

    priv.txQueue = new StmmacTxQueue[txCnt];
    for (int q = 0; q < txCnt; q++) {
      priv.txQueue[q] = new StmmacTxQueue(q, priv.hw.txRing(q));
    }
    priv.rxQueue = new StmmacRxQueue[rxCnt];
    for (int q = 0; q < rxCnt; q++) {
      priv.rxQueue[q] = new StmmacRxQueue(q, priv.hw.rxRing(q));
      // stmmac_init_rx_buffers when the interface opens: a page for every descriptor (the
      // model's pages are the token 1), its bus address the page's
      StmmacRxQueue rxQ = priv.rxQueue[q];
      for (int e = 0; e < rxQ.page.length; e++) {
        rxQ.page[e] = LiveKernelCalls.MAPPED;
        rxQ.addr[e] = LiveKernelCalls.MAPPED + Integer.toUnsignedLong(rxQ.pageOffset[e]);
      }
    }

    tx = new StmmacTx(priv);
    rx = new StmmacRx(priv);
    irq = new StmmacIrq(priv, tx, rx);
    ethtool = new StmmacEthtool(priv);
    if (priv.patches.has(StmmacPatches.DIM)) {
      ctx.cpu().costs().requireAll(NetDim.NET_DIM,
          WorkItem.PROCESS_ONE_WORK);
      priv.dim = new StmmacDim(priv, ethtool, rxCnt, txCnt);
    }
    // stmmac_dvr_probe: ndev->watchdog_timeo = msecs_to_jiffies(watchdog), the module
    // parameter (TX_TIMEO 5000 ms) read at probe only
    ctx.dev().setWatchdogTimeoNs(watchdogTimeoJiffies(ctx.moduleParam("stmmac", "watchdog"),
        kernel.cpu().hz()) * kernel.cpu().tickNs());
    ctx.dev().setDriverName("stmmac");
    service = new StmmacService(priv);

    // stmmac_napi_add
    boolean napiSplit = priv.patches.has(StmmacPatches.NAPI_SPLIT);
    int weight = kernel.config().napiWeight();
    priv.channel = new StmmacChannel[maxq];
    for (int q = 0; q < maxq; q++) {
      StmmacChannel ch = new StmmacChannel(q);
      priv.channel[q] = ch;
      if (napiSplit) {
        if (q < rxCnt) {
          ch.rxNapi = new Napi(kernel, "stmmac_rx-" + q, "eth0", rx::napiPollRx, weight);
        }
        if (q < txCnt) {
          ch.txNapi = new Napi(kernel, "stmmac_tx-" + q, "eth0", tx::napiPollTx, weight)
              .markTxOnly(); // netif_napi_add_tx
        }
      } else {
        ch.napi = new Napi(kernel, "stmmac-" + q, "eth0", irq::napiPoll, weight);
      }
    }

    // request_irq
    if (plat.multiMsi()) {
      for (int c = 0; c < maxq; c++) {
        final int chan = c;
        if (lines[2 * c] != null) {
          lines[2 * c].request(l -> irq.msiIntrTx(chan));
        }
        if (lines[2 * c + 1] != null) {
          lines[2 * c + 1].request(l -> irq.msiIntrRx(chan));
        }
      }
    } else {
      lines[0].request(l -> irq.interrupt());
    }
  }

  /** TX_TIMEO: the watchdog module parameter's default, ms. */
  static final long TX_TIMEO_MS = 5000;

  /**
   * ndev->watchdog_timeo in jiffies at {@code hz} for the module parameter {@code watchdog}
   * (ms, null: TX_TIMEO): an int as param_set_int takes it (refused otherwise, in one line);
   * stmmac_verify_args makes a negative one TX_TIMEO; msecs_to_jiffies rounds up; a 0 leaves
   * watchdog_timeo 0, which netdev_watchdog_up makes 5*HZ as the interface comes up.
   */
  static long watchdogTimeoJiffies(String watchdog, int hz) {
    long ms = TX_TIMEO_MS;
    if (watchdog != null) {
      try {
        ms = Integer.parseInt(watchdog);
      } catch (NumberFormatException e) {
        throw BadInputException.field("--module-param", "stmmac.watchdog='" + watchdog
            + "' is not an int", "stmmac.watchdog=" + Integer.MIN_VALUE + ".."
            + Integer.MAX_VALUE + " ms (negative: TX_TIMEO, 5000)");
      }
      if (ms < 0) {
        ms = TX_TIMEO_MS; // stmmac_verify_args
      }
    }
    // msecs_to_jiffies (HZ dividing 1000: the ms rounded up to whole jiffies)
    long j = (ms * hz + 999) / 1000;
    return j <= 0 ? 5L * hz : j; // netdev_watchdog_up
  }

  private static PatchSet checkVersion(PatchSet patches) {
    if (patches.base().before(StmmacPatches.OLDEST)) {
      throw BadInputException.field("--kernel",
          "stmmac is modelled from " + StmmacPatches.OLDEST + " on, not " + patches.base(),
          "v4.19 or newer");
    }
    return patches;
  }

  /** The platform data a SoC profile describes. */
  static StmmacPlat plat(SocProfile soc) {
    String core = coreType(soc);
    DwmacCore type;
    try {
      type = DwmacCore.valueOf(core.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw BadInputException.field("params.core_type", "'" + core + "'", "GMAC, GMAC4, XGMAC");
    }
    StmmacPlat plat = new StmmacPlat(
        type,
        (int) soc.param("synopsys_id", 0, 0xff),
        (int) soc.param("tx_queues", 1, 1, StmmacPlat.MTL_MAX_QUEUES),
        (int) soc.param("rx_queues", 1, 1, StmmacPlat.MTL_MAX_QUEUES),
        clock(soc, "stmmac"),
        clock(soc, "clk_ref"),
        soc.param("riwt_off", 0, 0, 1) != 0,
        soc.param("multi_msi", 0, 0, 1) != 0,
        soc.param("tso", 0, 0, 1) != 0,
        unsignedLongBits(soc));
    // RX interrupts come from the RI watchdog, whose period is counted in this clock
    if (plat.useRiwt() && plat.riwtClockHz() < 1_000_000L) {
      throw new BadInputException("soc profile " + soc.name() + ": the RX watchdog needs"
          + " clocks.stmmac (or clocks.clk_ref) of at least 1 MHz, has "
          + plat.riwtClockHz() + " Hz (accepted: the CSR clock in Hz, or params.riwt_off: 1)");
    }
    return plat;
  }

  /** params.core_type is a number in YAML terms, so the core is named by its generation. */
  private static String coreType(SocProfile soc) {
    long gen = soc.param("dwmac_core", 0, 100);
    switch ((int) gen) {
      case 3:
        return "GMAC";
      case 4:
        return "GMAC4";
      case 10:
        return "XGMAC";
      default:
        throw BadInputException.field("params.dwmac_core", "" + gen,
            "3 (dwmac1000), 4 (GMAC4), 10 (XGMAC)");
    }
  }

  private static long clock(SocProfile soc, String key) {
    Quantity q = soc.clocks().get(key);
    return q == null ? 0 : soc.clockHz(key, 0, 10_000_000_000L);
  }

  /** A descriptor ring size: a power of two in DMA_MIN_TX_SIZE..DMA_MAX_TX_SIZE (64..1024). */
  private static int ringSize(SocProfile soc, String key, int dflt) {
    int n = (int) soc.param(key, dflt, 64, 1024);
    if (Integer.bitCount(n) != 1) {
      throw new BadInputException("soc profile " + soc.name() + ": params." + key + " = " + n
          + " is not a power of two (accepted: 64, 128, 256, 512 or 1024)");
    }
    return n;
  }

  /** The C unsigned long of the SoC's CPU: 32 or 64 bits. */
  private static int unsignedLongBits(SocProfile soc) {
    int bits = (int) soc.param("unsigned_long_bits", 32, 32, 64);
    if (bits != 32 && bits != 64) {
      throw new BadInputException("soc profile " + soc.name() + ": params.unsigned_long_bits = "
          + bits + " (accepted: 32 or 64)");
    }
    return bits;
  }

  // ------------------------------------------------------------------ lifecycle

  /**
   * stmmac_open: the rings are initialised (RX descriptors owned by the DMA, IC per
   * use_riwt), then __stmmac_open; the NAPIs, queues and DMA interrupts come up last.
   */
  @Override
  public void open() {
    for (int q = 0; q < priv.rxQueue.length; q++) {
      DescRing ring = priv.rxQueue[q].ring;
      for (int i = 0; i < ring.size(); i++) {
        if (ring.own(i)) {
          ring.releaseOwn(i);
        }
        priv.hw.initRxDesc(ring, i, priv.useRiwt);
      }
      ring.cur = 0;
      ring.dirty = 0;
      priv.rxQueue[q].rxCountFrames = 0;
      // init_dma_rx_desc_rings: every entry gets its page
      Arrays.fill(priv.rxQueue[q].page, LiveKernelCalls.MAPPED);
      priv.rxQueue[q].stateSaved = false;
      priv.hw.rxDma(q).reset(0);
    }
    for (int q = 0; q < priv.txQueue.length; q++) {
      StmmacTxQueue txQ = priv.txQueue[q];
      for (int i = 0; i < txQ.ring.size(); i++) {
        if (txQ.ring.own(i)) {
          txQ.ring.releaseOwn(i);
        }
        Skb skb = txQ.ring.skb(i);
        if (skb != null && !skb.isFreed()) {
          skb.free();
        }
        txQ.ring.reset(i);
      }
      txQ.ring.cur = 0;
      txQ.ring.dirty = 0;
      txQ.cleanedDesc = txQ.queuedDesc; // what was held is gone
      txQ.txCountFrames = 0;
      txQ.mss = 0;
      txQ.clearDmaInfo();
      priv.hw.resetTxDma(q);
      priv.dev.queue(q).resetQueue();
    }

    super.open();

    for (StmmacChannel ch : priv.channel) {
      for (Napi n : new Napi[] {ch.napi, ch.rxNapi, ch.txNapi}) {
        if (n != null) {
          n.enable();
        }
      }
    }
    for (int q = 0; q < priv.txQueue.length; q++) {
      priv.dev.queue(q).start();
    }
    for (StmmacChannel ch : priv.channel) {
      priv.hw.enableDmaIrq(ch.index, true, true);
    }
  }

  @Override
  public void stop() {
    release();
  }

  @Override
  public void release() {
    for (StmmacChannel ch : priv.channel) {
      for (Napi n : new Napi[] {ch.napi, ch.rxNapi, ch.txNapi}) {
        if (n != null) {
          n.disable();
        }
      }
    }
    for (int q = 0; q < priv.txQueue.length; q++) {
      tx.cancelTxTimer(q);
      priv.dev.queue(q).stop();
    }
    for (StmmacChannel ch : priv.channel) {
      priv.hw.disableDmaIrq(ch.index, true, true);
    }
    super.release();
  }

  @Override
  protected void setupTxTimer(int chan) {
    tx.setupTxTimer(chan);
  }

  // ------------------------------------------------------------------ NicDriver

  @Override
  public int startXmit(Skb skb, NetdevQueue txq) {
    return tx.xmit(skb, txq);
  }

  /** ndo_tx_timeout (stmmac_tx_timeout): reset the adapter from the service work. */
  @Override
  public void txTimeout(int queue) {
    service.txTimeout(queue);
  }

  /** The skbs on the TX rings: a pointer on the last descriptor of each frame, dirty..cur. */
  @Override
  public long skbsHeld() {
    long n = 0;
    for (StmmacTxQueue txQ : priv.txQueue) {
      n += RingAudit.tx(txQ.ring, txQ.ring.dirty, txQ.ring.cur).skbs();
    }
    return n;
  }

  /**
   * Each TX ring's shape, and BQL against it: every byte netdev_tx_sent_queue counted and
   * netdev_tx_completed_queue has not is an skb still on the ring.
   */
  @Override
  public void checkInvariants() {
    for (int q = 0; q < priv.txQueue.length; q++) {
      DescRing ring = priv.txQueue[q].ring;
      RingAudit.Held held = RingAudit.tx(ring, ring.dirty, ring.cur);
      long inflight = priv.dev.queue(q).dql().inflight();
      if (inflight != held.bytes()) {
        throw new InvariantViolation("bql " + priv.dev.name() + " tx" + q,
            "dql in flight " + inflight + " bytes, the ring holds " + held.skbs() + " skbs of "
                + held.bytes() + " bytes");
      }
    }
  }

  // ------------------------------------------------------------------ TxLiveness

  private StmmacTxLiveness liveness() {
    if (liveness == null) {
      liveness = new StmmacTxLiveness(priv, tx);
    }
    return liveness;
  }

  @Override
  public int txLivenessQueues() {
    return priv.txQueue.length;
  }

  @Override
  public TxLiveness.Cleaner txCleaner(int queue) {
    return liveness().cleaner(queue);
  }

  @Override
  public long txQueuedCount(int queue) {
    return priv.txQueue[queue].queuedDesc;
  }

  @Override
  public long txCleanedCount(int queue) {
    return priv.txQueue[queue].cleanedDesc;
  }

  @Override
  public String txRingState(int queue) {
    return liveness().state(queue);
  }

  @Override
  public String txRingName(int queue) {
    return "stmmac " + priv.dev.name() + " tx" + queue;
  }

  @Override
  public EthtoolOps ethtool() {
    return ethtool;
  }

  @Override
  public PatchSet patchSet() {
    return priv.patches;
  }

  public StmmacTx tx() {
    return tx;
  }

  public StmmacRx rx() {
    return rx;
  }

  public StmmacIrq irq() {
    return irq;
  }

  /** The service work (tx_timeout and the reset). */
  StmmacService service() {
    return service;
  }

  @Override
  public boolean modelsTxHang() {
    return true;
  }

  @Override
  public void hangTxDma(int queue) {
    priv.hw().hangTxDma(queue);
  }

  @Override
  public void releaseTxDma(int queue) {
    priv.hw().releaseTxDma(queue);
  }

  @Override
  public boolean txDmaHung(int queue) {
    return priv.hw().txDmaHung(queue);
  }

  /** The interrupt lines: one shared line, or TX/RX vectors per channel. */
  public IrqLine[] irqLines() {
    return lines.clone();
  }

  @Override
  public SortedMap<String, Long> counters() {
    SortedMap<String, Long> m = new TreeMap<>();
    priv.counters.putInto(m);
    // frames the DMA dropped for want of a free descriptor (the ring full): what the
    // DMA_MISSED_FRAME_CTR register counts, ethtool -S's rx_missed_cntr
    long missed = 0;
    for (int c = 0; c < priv.hw.rxChannels(); c++) {
      missed += priv.hw.rxDma(c).missedCount();
    }
    m.put("rx_missed", missed);
    if (priv.dim != null) {
      m.put("dim_iterations", priv.dim.netDim.iterations());
      m.put("dim_profile_changes", priv.dim.netDim.profileChanges());
      m.put("dim_rx_profile_ix", (long) priv.dim.rxProfileIx(0));
      m.put("dim_tx_profile_ix", (long) priv.dim.txProfileIx(0));
      m.put("dim_work", priv.dim.rx.workRuns + priv.dim.tx.workRuns);
    }
    long starts = 0;
    long cancels = 0;
    long expiries = 0;
    long mods = 0;
    long stops = 0;
    for (int q = 0; q < priv.txQueue.length; q++) {
      StmmacTxQueue txQ = priv.txQueue[q];
      if (txQ.txtimer != null) {
        starts += txQ.txtimer.startCount();
        cancels += txQ.txtimer.cancelCount();
        expiries += txQ.txtimer.expiryCount();
      }
      if (txQ.txtimerList != null) {
        mods += txQ.txtimerList.modCount();
        expiries += txQ.txtimerList.expiryCount();
      }
      stops += priv.dev.queue(q).stopCount();
    }
    m.put("hrtimer_start", starts);
    m.put("hrtimer_try_to_cancel", cancels);
    m.put("mod_timer", mods);
    m.put("tx_timer_expiry", expiries);
    m.put("queue_stop", stops);
    m.put("hw_ti_raised", priv.hw.tiRaised());
    m.put("hw_ri_raised", priv.hw.riRaised());
    long doorbells = 0;
    for (int q = 0; q < priv.txQueue.length; q++) {
      doorbells += priv.hw.txDma(q).doorbellCount();
    }
    m.put("doorbell", doorbells);
    long irqs = 0;
    for (IrqLine l : lines) {
      if (l != null) {
        irqs += l.count();
      }
    }
    m.put("irq_lines", irqs);
    m.put("tx_timeout", service.txTimeouts());
    m.put("adapter_reset", service.resets());
    return m;
  }

  /** The cost ops the driver charges, for profile checks. */
  public static CostOp[] costOps() {
    return new CostOp[] {StmmacTx.XMIT, StmmacTx.XMIT_DESC, StmmacTx.TX_CLEAN_DESC,
        StmmacTx.HRTIMER_ACTIVE, StmmacRx.RX_DESC, StmmacRx.RX_REFILL_DESC, DwmacHw.DMA_ISR,
        DwmacHw.IRQ_MASK, DwmacHw.DOORBELL};
  }
}
