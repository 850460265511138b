package io.nicsim.bcmgenet;

import io.nicsim.core.check.RingAudit;
import io.nicsim.core.check.TxLiveness;
import io.nicsim.core.config.BadInputException;
import io.nicsim.core.dim.DimEra;
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
import io.nicsim.core.port.KernelPort;
import java.util.SortedMap;
import java.util.TreeMap;

/** One GENET v5 instance bound to a host: the hardware, the driver state and its ports. */
public final class BcmgenetDriver implements NicDriver, TxLiveness {
  private final BcmgenetPriv priv;

  /** The driver's private state (the suite's register-level tests). */
  BcmgenetPriv priv() {
    return priv;
  }

  private final BcmgenetCoalesce coal;
  private final BcmgenetNapi napiPorts;
  private final BcmgenetXmit xmit;
  private final IrqLine irq1;
  private final BcmgenetTxLiveness liveness;
  /** {@code --ports c}: the tree's bcmgenet_init_tx_ring ({@link GenetInitTxRingBridge}), or null. */
  GenetInitTxRingBridge.Hook cInitTxRing;
  /** {@code --ports c}: the tree's bcmgenet_init_rx_ring ({@link GenetInitRxRingBridge}), or null. */
  GenetInitRxRingBridge.Hook cInitRxRing;

  BcmgenetDriver(HostContext ctx) {
    PatchSet patches = ctx.patches();
    ctx.cpu().costs().requireAll(GenetOps.all());
    if (patches.has(GenetPatches.ADAPTIVE_RX)) {
      ctx.cpu().costs().requireAll(NetDim.NET_DIM, WorkItem.PROCESS_ONE_WORK);
    }
    if (ctx.dev().numTxQueues() != 1) {
      throw new BadInputException("soc profile " + ctx.soc().name() + ": params.tx_queues = "
          + ctx.dev().numTxQueues() + " (accepted: 1; the model drives TX ring 0 only)");
    }
    irq1 = ctx.newIrqLine(ctx.dev().name() + "-irq1");
    int rxBds = BcmgenetPriv.TOTAL_DESC - BcmgenetPriv.V5_RX_QUEUES
        * BcmgenetPriv.V5_RX_BDS_PER_Q; // GENET_Q0_RX_BD_CNT
    int txBds = BcmgenetPriv.TOTAL_DESC - BcmgenetPriv.V5_TX_QUEUES
        * BcmgenetPriv.V5_TX_BDS_PER_Q; // GENET_Q0_TX_BD_CNT
    GenetHw hw = new GenetHw(ctx.sim(), ctx.link(), irq1, rxBds, txBds,
        ctx.soc().param("bcmgenet_tx_fetch_ns", 0, 100_000_000L));
    priv = new BcmgenetPriv(hw, patches, ctx.cpu());
    priv.dev = ctx.dev();
    priv.netDim = new NetDim(DimEra.of(patches.base()), ctx.kernel()::now);
    GenetHostKernel hostKernel = new GenetHostKernel(priv);
    priv.k = hostKernel;
    ctx.dev().setTso(false); // no NETIF_F_TSO in bcmgenet
    ctx.dev().setDriverName("bcmgenet");
    coal = new BcmgenetCoalesce(priv);
    napiPorts = new BcmgenetNapi(priv);
    hostKernel.rxNapi = () -> new Napi(priv.dev.kernel(), priv.dev.name() + "-rx0",
        priv.dev.name(), napiPorts::rxPoll, BcmgenetPriv.NAPI_POLL_WEIGHT);
    hostKernel.txNapi = () -> new Napi(priv.dev.kernel(), priv.dev.name() + "-tx0",
        priv.dev.name(), napiPorts::txPoll, BcmgenetPriv.NAPI_POLL_WEIGHT).markTxOnly();
    xmit = new BcmgenetXmit(priv);
    liveness = new BcmgenetTxLiveness(priv);
    irq1.request(napiPorts::isr1);
    probe();
  }

  @KernelPort(file = GenetSources.MAIN_C, function = "bcmgenet_probe",
      versions = GenetSources.VERSIONS, source = GenetSources.S617,
      commits = {"078bb22cfc65"},
      notes = "only the default coalescing parameters: netdev_sw_irq_coalesce_default_on from"
          + " 078bb22cfc65 (v6.17), rx_max_coalesced_frames = 1 per ring; also "
          + GenetSources.S612)
  private void probe() {
    if (priv.patches.has(GenetPatches.SW_IRQ_COALESCE_DEFAULT)) {
      priv.dev.swIrqCoalesceDefaultOn(); // after the features, before the WOL IRQ
    }
    priv.rx.index = 0;
    priv.rx.rxMaxCoalescedFrames = 1;
  }

  /**
   * The ring's fields, then its TDMA registers (indices, done threshold 1, the flow period for
   * rings other than 0, size and buffer length, start/end addresses and pointers in words),
   * then the TX NAPI. All arithmetic is the C's unsigned int.
   */
  @KernelPort(file = GenetSources.MAIN_C, function = "bcmgenet_init_tx_ring",
      versions = GenetSources.VERSIONS, source = GenetSources.S612,
      notes = "the spin lock and ring->priv are not modelled")
  static void initTxRing(BcmgenetPriv priv, int index, int size, int startPtr, int endPtr) {
    BcmgenetPriv.TxRing ring = priv.tx;
    int wordsPerBd = priv.wordsPerBd;
    int flowPeriodVal = 0;

    ring.index = index;
    ring.cbs = startPtr;
    ring.size = size;
    ring.cleanPtr = startPtr;
    ring.cIndex = 0;
    ring.freeBds = size;
    ring.writePtr = startPtr;
    ring.cbPtr = startPtr;
    ring.endPtr = endPtr - 1;
    ring.prodIndex = 0;

    // flow period for ring != 0
    if (index != 0) {
      flowPeriodVal = BcmgenetPriv.ENET_MAX_MTU_SIZE << 16;
    }

    priv.tdmaRingWritel(index, 0, GenetDmaRingReg.TDMA_PROD_INDEX);
    priv.tdmaRingWritel(index, 0, GenetDmaRingReg.TDMA_CONS_INDEX);
    priv.tdmaRingWritel(index, 1, GenetDmaRingReg.DMA_MBUF_DONE_THRESH);
    // rate control disabled
    priv.tdmaRingWritel(index, flowPeriodVal, GenetDmaRingReg.TDMA_FLOW_PERIOD);
    priv.tdmaRingWritel(index, (size << BcmgenetPriv.DMA_RING_SIZE_SHIFT)
        | BcmgenetPriv.RX_BUF_LENGTH, GenetDmaRingReg.DMA_RING_BUF_SIZE);
    // start and end address, read and write pointers
    priv.tdmaRingWritel(index, startPtr * wordsPerBd, GenetDmaRingReg.DMA_START_ADDR);
    priv.tdmaRingWritel(index, startPtr * wordsPerBd, GenetDmaRingReg.TDMA_READ_PTR);
    priv.tdmaRingWritel(index, startPtr * wordsPerBd, GenetDmaRingReg.TDMA_WRITE_PTR);
    priv.tdmaRingWritel(index, endPtr * wordsPerBd - 1, GenetDmaRingReg.DMA_END_ADDR);

    // TX NAPI
    priv.k.netifNapiAddTx(ring);
  }

  /** The ring's callees that are ported elsewhere (BcmgenetCoalesce; a harness records them). */
  interface RxRingCoalesce {
    void initDim(BcmgenetPriv.RxRing ring);

    void initRxCoalesce(BcmgenetPriv.RxRing ring);

    void setRxCoalesce(BcmgenetPriv.RxRing ring, long usecs, long pkts);
  }

  /** DMA_FC_THRESH_HI (TOTAL_DESC >> 4), DMA_FC_THRESH_LO, DMA_XOFF_THRESHOLD_SHIFT. */
  static final int DMA_FC_THRESH_HI = BcmgenetPriv.TOTAL_DESC >> 4;
  static final int DMA_FC_THRESH_LO = 5;
  static final int DMA_XOFF_THRESHOLD_SHIFT = 16;

  /**
   * The ring's fields, its buffers, DIM and coalescing, the RX NAPI, then its RDMA registers
   * (indices, size and buffer length, XON/XOFF thresholds, start/end addresses and pointers in
   * words). All arithmetic is the C's unsigned int.
   */
  @KernelPort(file = GenetSources.MAIN_C, function = "bcmgenet_init_rx_ring",
      versions = GenetSources.VERSIONS, source = GenetSources.S612,
      notes = "before adaptive-rx (v4.17) the ring's coalescing was set directly")
  static int initRxRing(BcmgenetPriv priv, RxRingCoalesce coal, int index, int size,
      int startPtr, int endPtr) {
    BcmgenetPriv.RxRing ring = priv.rx;
    int wordsPerBd = priv.wordsPerBd;
    int ret;

    ring.index = index;
    ring.cbs = startPtr;
    ring.size = size;
    ring.cIndex = 0;
    ring.readPtr = startPtr;
    ring.cbPtr = startPtr;
    ring.endPtr = endPtr - 1;

    ret = allocRxBuffers(priv, ring);
    if (ret != 0) {
      return ret;
    }
    if (priv.patches.has(GenetPatches.ADAPTIVE_RX)) {
      coal.initDim(ring);
      coal.initRxCoalesce(ring);
    } else {
      coal.setRxCoalesce(ring, ring.rxCoalesceUsecs, ring.rxMaxCoalescedFrames);
    }

    // RX NAPI
    priv.k.netifNapiAdd(ring);

    priv.rdmaRingWritel(index, 0, GenetDmaRingReg.RDMA_PROD_INDEX);
    priv.rdmaRingWritel(index, 0, GenetDmaRingReg.RDMA_CONS_INDEX);
    priv.rdmaRingWritel(index, (size << BcmgenetPriv.DMA_RING_SIZE_SHIFT)
        | BcmgenetPriv.RX_BUF_LENGTH, GenetDmaRingReg.DMA_RING_BUF_SIZE);
    priv.rdmaRingWritel(index, (DMA_FC_THRESH_LO << DMA_XOFF_THRESHOLD_SHIFT) | DMA_FC_THRESH_HI,
        GenetDmaRingReg.RDMA_XON_XOFF_THRESH);
    // start and end address, read and write pointers
    priv.rdmaRingWritel(index, startPtr * wordsPerBd, GenetDmaRingReg.DMA_START_ADDR);
    priv.rdmaRingWritel(index, startPtr * wordsPerBd, GenetDmaRingReg.RDMA_READ_PTR);
    priv.rdmaRingWritel(index, startPtr * wordsPerBd, GenetDmaRingReg.RDMA_WRITE_PTR);
    priv.rdmaRingWritel(index, endPtr * wordsPerBd - 1, GenetDmaRingReg.DMA_END_ADDR);
    return ret;
  }

  @KernelPort(file = GenetSources.MAIN_C, function = "bcmgenet_alloc_rx_buffers",
      versions = GenetSources.VERSIONS, source = GenetSources.S612)
  static int allocRxBuffers(BcmgenetPriv priv, BcmgenetPriv.RxRing ring) {
    // loop here for each buffer needing assign
    for (int i = 0; Integer.compareUnsigned(i, ring.size) < 0; i++) {
      int cb = ring.cbs + i;
      long skb = GenetRxCb.rxRefill(priv, cb);
      if (skb != 0) {
        priv.k.devConsumeSkbAny(skb);
      }
      if (priv.rxCbSkb[cb] == 0) {
        return -ENOMEM;
      }
    }
    return 0;
  }

  static final int ENOMEM = 12;

  @KernelPort(file = GenetSources.MAIN_C, function = "bcmgenet_open",
      versions = GenetSources.VERSIONS, source = GenetSources.S612,
      notes = "init_dma (rings), enable NAPI, unmask ring interrupts, netif_tx_start_all_queues;"
          + " UMAC/PHY bring-up not modelled (link up at once)")
  @Override
  public void open() {
    int txBds = priv.hw.txRing.size();
    int rxBds = priv.hw.rxRing.size();
    if (cInitTxRing != null) { // bcmgenet_init_tx_queues
      cInitTxRing.initTxRing(priv, 0, txBds, 0, txBds);
    } else {
      initTxRing(priv, 0, txBds, 0, txBds);
    }
    RxRingCoalesce rxCoal = new RxRingCoalesce() { // bcmgenet_init_rx_queues
      @Override
      public void initDim(BcmgenetPriv.RxRing ring) {
        coal.initDim(ring);
      }

      @Override
      public void initRxCoalesce(BcmgenetPriv.RxRing ring) {
        coal.initRxCoalesce(ring);
      }

      @Override
      public void setRxCoalesce(BcmgenetPriv.RxRing ring, long usecs, long pkts) {
        coal.setRxCoalesce(ring, usecs, pkts);
      }
    };
    if (cInitRxRing != null) {
      cInitRxRing.initRxRing(priv, rxCoal, 0, rxBds, 0, rxBds);
    } else {
      initRxRing(priv, rxCoal, 0, rxBds, 0, rxBds);
    }
    // bcmgenet_enable_rx_napi / bcmgenet_enable_tx_napi
    priv.rx.napi.enable();
    priv.intrl2MaskClearWritel(GenetHw.RX0_BIT);
    priv.tx.napi.enable();
    priv.intrl2MaskClearWritel(GenetHw.TX0_BIT);
    priv.dev.queue(0).start();
  }

  @KernelPort(file = GenetSources.MAIN_C, function = "bcmgenet_close",
      versions = GenetSources.VERSIONS, source = GenetSources.S612,
      notes = "netif_stop: queues stopped, NAPI disabled (and the DIM work cancelled), "
          + "interrupts masked, TX ring reclaimed")
  @Override
  public void stop() {
    priv.dev.queue(0).stop();
    priv.rx.napi.disable();
    if (priv.rx.dim.dim.work != null) {
      priv.rx.dim.dim.work.cancelSync();
    }
    priv.tx.napi.disable();
    priv.hw.intrl2.setEnable(0);
    DescRing bd = priv.hw.txRing;
    for (int i = 0; i < bd.size(); i++) { // bcmgenet_tx_reclaim_all
      Skb skb = bd.skb(i);
      if (skb != null) {
        skb.free();
      }
      bd.reset(i);
    }
  }

  @Override
  public int startXmit(Skb skb, NetdevQueue txq) {
    return xmit.xmit(skb, txq);
  }

  @Override
  public EthtoolOps ethtool() {
    return coal;
  }

  @Override
  public PatchSet patchSet() {
    return priv.patches;
  }

  @Override
  public long skbsHeld() {
    return RingAudit.tx(priv.hw.txRing, priv.tx.cleanPtr,
        priv.tx.writePtr).skbs();
  }

  @Override
  public void checkInvariants() {
    RingAudit.tx(priv.hw.txRing, priv.tx.cleanPtr, priv.tx.writePtr);
  }

  // ------------------------------------------------------------------ TxLiveness

  /** TX ring 0, the one the model drives. */
  @Override
  public int txLivenessQueues() {
    return 1;
  }

  /** See {@link BcmgenetTxLiveness}: TX NAPI, TX0 latched and unmasked, TDMA's done interrupt. */
  @Override
  public TxLiveness.Cleaner txCleaner(int queue) {
    return liveness.cleaner();
  }

  @Override
  public long txQueuedCount(int queue) {
    return priv.tx.queuedBds;
  }

  @Override
  public long txCleanedCount(int queue) {
    return priv.tx.cleanedBds;
  }

  @Override
  public String txRingState(int queue) {
    return liveness.state();
  }

  @Override
  public String txRingName(int queue) {
    return "bcmgenet " + priv.dev.name() + " tx" + queue;
  }

  @Override
  public SortedMap<String, Long> counters() {
    SortedMap<String, Long> m = new TreeMap<>();
    m.put("irq", priv.irqs);
    m.put("rx_irq", priv.rxIrqs);
    m.put("tx_irq", priv.txIrqs);
    m.put("rx_napi_poll", priv.rx.napi.pollCount());
    m.put("tx_napi_poll", priv.tx.napi.pollCount());
    m.put("rx_packets", priv.rx.packets);
    m.put("rx_bytes", priv.rx.bytes);
    m.put("rx_errors", priv.rx.errors);
    m.put("rx_missed", priv.hw.rdma.missedCount());
    m.put("tx_packets", priv.tx.packets);
    m.put("tx_bytes", priv.tx.bytes);
    m.put("tx_busy", xmit.busy);
    m.put("dim_iterations", priv.netDim.iterations());
    m.put("dim_profile_changes", priv.netDim.profileChanges());
    m.put("dim_work", coal.dimWorkRuns());
    m.put("dim_profile_ix", (long) priv.rx.dim.dim.profileIx);
    return m;
  }

  @Override
  public SortedMap<String, Long> coalesceRegisters() {
    SortedMap<String, Long> m = new TreeMap<>();
    m.put("RDMA_RING0_MBUF_DONE_THRESH", priv.hw.rdmaDoneThresh & 0xFFFF_FFFFL);
    m.put("RDMA_RING0_TIMEOUT", priv.hw.rdmaTimeout & 0xFFFF_FFFFL);
    m.put("TDMA_RING0_MBUF_DONE_THRESH", priv.hw.tdmaDoneThresh & 0xFFFF_FFFFL);
    return m;
  }

  /** The GENET hardware (the suite reads and sets its registers). */
  GenetHw hw() {
    return priv.hw;
  }

  /** The RX ring's DIM profile index now (for plots of what DIM chose). */
  public int dimProfileIx() {
    return priv.rx.dim.dim.profileIx;
  }

  /** The NAPI ports (the receive and transmit polls, the interrupt). */
  BcmgenetXmit xmitPorts() {
    return xmit;
  }

  BcmgenetNapi napiPorts() {
    return napiPorts;
  }
}
