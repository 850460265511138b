package io.nicsim.bcmgenet;

import io.nicsim.core.dim.Dim;
import io.nicsim.core.dim.DimCqModer;
import io.nicsim.core.ethtool.CoalesceParam;
import io.nicsim.core.ethtool.EthtoolCoalesce;
import io.nicsim.core.ethtool.EthtoolOps;
import io.nicsim.core.kernel.Errno;
import io.nicsim.core.kernel.KernelException;
import io.nicsim.core.kernel.WorkItem;
import io.nicsim.core.port.KernelPort;

/**
 * The coalescing paths of bcmgenet: ethtool get/set (the driver's {@link EthtoolOps}), the RX
 * ring programming shared by ethtool and DIM, and the DIM context's setup and work function.
 */
final class BcmgenetCoalesce implements EthtoolOps {
  private final BcmgenetPriv priv;
  private long dimWorkRuns;
  /** {@code --ports c}: the tree's C in place of each port ({@link GenetBridges}). */
  GenetBridges.Hook cGetCoalesce;
  GenetBridges.Hook cSetRxCoalesce;
  GenetBridges.Hook cSetRingRxCoalesce;
  GenetBridges.Hook cSetCoalesce;
  GenetBridges.Hook cInitDim;
  GenetBridges.Hook cInitRxCoalesce;
  GenetBridges.Hook cDimWork;

  BcmgenetCoalesce(BcmgenetPriv priv) {
    this.priv = priv;
  }

  private boolean adaptive() {
    return priv.patches.has(GenetPatches.ADAPTIVE_RX);
  }

  // ---- ring registers (each access is one MMIO)

  int tdmaRingDoneThreshReadl() {
    priv.chargeRead();
    priv.hw.reads.read("tdma_ring_readl", "DMA_MBUF_DONE_THRESH", 0);
    return priv.hw.tdmaDoneThresh;
  }

  void tdmaRingDoneThreshWritel(int v) {
    priv.chargeWrite();
    priv.hw.tdmaDoneThresh = v;
    priv.hw.writes.written("tdma_ring_writel", "DMA_MBUF_DONE_THRESH", 0, v);
  }

  int rdmaRingDoneThreshReadl() {
    priv.chargeRead();
    priv.hw.reads.read("rdma_ring_readl", "DMA_MBUF_DONE_THRESH", 0);
    return priv.hw.rdmaDoneThresh;
  }

  void rdmaRingDoneThreshWritel(int v) {
    priv.chargeWrite();
    priv.hw.rdmaDoneThresh = v;
    priv.hw.writes.written("rdma_ring_writel", "DMA_MBUF_DONE_THRESH", 0, v);
  }

  int rdmaTimeoutReadl() {
    priv.chargeRead();
    priv.hw.reads.read("rdma_readl", "DMA_RING_TIMEOUT", 0);
    return priv.hw.rdmaTimeout;
  }

  // (ring->index selects DMA_RING0_TIMEOUT + i; the model's one RX ring is ring 0)
  void rdmaTimeoutWritel(int v) {
    priv.chargeWrite();
    priv.hw.rdmaTimeout = v;
    priv.hw.writes.written("rdma_writel", "DMA_RING_TIMEOUT", 0, v);
  }

  // ---- ethtool

  // bcmgenet_ethtool_ops.supported_coalesce_params (v5.7..v6.18; before v5.7 the driver refused
  // the same fields itself). A struct initialiser, not a function: no @KernelPort, which
  // port-check could never find.
  @Override
  public int supportedCoalesceParams() {
    int mask = CoalesceParam.RX_USECS.bit() | CoalesceParam.MAX_FRAMES;
    if (adaptive()) {
      mask |= CoalesceParam.USE_ADAPTIVE_RX.bit();
    }
    return mask;
  }

  @KernelPort(file = GenetSources.MAIN_C, function = "bcmgenet_get_coalesce",
      versions = GenetSources.VERSIONS, source = GenetSources.S612,
      notes = "one RX ring (GENET v5 rx_queues = 0); DMA_TIMEOUT_MASK applied from"
          + " ring0-timeout-mask (6.1.189, 6.12.112; mainline v6.18.19 has no mask, "
          + GenetSources.S618 + ")")
  @Override
  public void getCoalesce(EthtoolCoalesce ec) {
    if (cGetCoalesce != null) {
      cGetCoalesce.getCoalesce(ec);
      return;
    }
    ec.set(CoalesceParam.TX_MAX_FRAMES, tdmaRingDoneThreshReadl() & 0xFFFF_FFFFL);
    ec.set(CoalesceParam.RX_MAX_FRAMES, rdmaRingDoneThreshReadl() & 0xFFFF_FFFFL);
    int timeout = rdmaTimeoutReadl();
    if (priv.patches.has(GenetPatches.RING0_TIMEOUT_MASK)) {
      timeout &= BcmgenetPriv.DMA_TIMEOUT_MASK;
    }
    // timeout * 8192 / 1000 in u32: the product wraps before the division
    long usecs = ((Integer.toUnsignedLong(timeout) * 8192L) & 0xFFFF_FFFFL) / 1000L;
    ec.set(CoalesceParam.RX_USECS, usecs);
    if (adaptive()) {
      long use = ec.get(CoalesceParam.USE_ADAPTIVE_RX);
      use |= priv.rx.dim.useDim; // for (i = 0; i <= rx_queues; i++)
      ec.set(CoalesceParam.USE_ADAPTIVE_RX, use);
    }
  }

  @KernelPort(file = GenetSources.MAIN_C, function = "bcmgenet_set_rx_coalesce",
      versions = GenetSources.VERSIONS, source = GenetSources.S612)
  void setRxCoalesce(BcmgenetPriv.RxRing ring, long usecs, long pkts) {
    if (cSetRxCoalesce != null) {
      cSetRxCoalesce.setRxCoalesce(ring, usecs, pkts);
      return;
    }
    rdmaRingDoneThreshWritel((int) pkts);
    int reg = rdmaTimeoutReadl();
    reg &= ~BcmgenetPriv.DMA_TIMEOUT_MASK;
    // DIV_ROUND_UP(usecs * 1000, 8192) on a u32: the product and the "+ 8191" both wrap
    long ticks = ((((usecs * 1000L) & 0xFFFF_FFFFL) + 8192 - 1) & 0xFFFF_FFFFL) / 8192;
    reg |= (int) ticks;
    rdmaTimeoutWritel(reg);
  }

  @KernelPort(file = GenetSources.MAIN_C, function = "bcmgenet_set_ring_rx_coalesce",
      versions = GenetSources.VERSIONS, source = GenetSources.S612)
  void setRingRxCoalesce(BcmgenetPriv.RxRing ring, EthtoolCoalesce ec) {
    if (cSetRingRxCoalesce != null) {
      cSetRingRxCoalesce.setRingRxCoalesce(ring, ec);
      return;
    }
    long usecs;
    long pkts;
    ring.rxCoalesceUsecs = ec.get(CoalesceParam.RX_USECS);
    ring.rxMaxCoalescedFrames = ec.get(CoalesceParam.RX_MAX_FRAMES);
    usecs = ring.rxCoalesceUsecs;
    pkts = ring.rxMaxCoalescedFrames;

    if (adaptive()) {
      boolean useAdaptive = ec.get(CoalesceParam.USE_ADAPTIVE_RX) != 0;
      if (useAdaptive && ring.dim.useDim == 0) {
        DimCqModer moder = priv.netDim.getDefRxModeration(ring.dim.dim.mode);
        usecs = moder.usec();
        pkts = moder.pkts();
      }
      ring.dim.useDim = useAdaptive ? 1 : 0;
    }
    setRxCoalesce(ring, usecs, pkts);
  }

  @KernelPort(file = GenetSources.MAIN_C, function = "bcmgenet_set_coalesce",
      versions = GenetSources.VERSIONS, source = GenetSources.S612)
  @Override
  public void setCoalesce(EthtoolCoalesce ec) throws KernelException {
    if (cSetCoalesce != null) {
      cSetCoalesce.setCoalesce(ec);
      return;
    }
    long txFrames = ec.get(CoalesceParam.TX_MAX_FRAMES);
    long rxFrames = ec.get(CoalesceParam.RX_MAX_FRAMES);
    long rxUsecs = ec.get(CoalesceParam.RX_USECS);
    // the timeout register counts 8.192 us ticks in 16 bits
    if (txFrames > BcmgenetPriv.DMA_INTR_THRESHOLD_MASK
        || txFrames == 0
        || rxFrames > BcmgenetPriv.DMA_INTR_THRESHOLD_MASK
        || rxUsecs > (BcmgenetPriv.DMA_TIMEOUT_MASK * 8L) + 1) {
      throw new KernelException(Errno.EINVAL);
    }
    if (rxUsecs == 0 && rxFrames == 0) {
      throw new KernelException(Errno.EINVAL);
    }
    // TDMA has no timeout: one threshold for every TX queue (the model drives ring 0)
    tdmaRingDoneThreshWritel((int) txFrames);
    setRingRxCoalesce(priv.rx, ec);
  }

  @Override
  public String coalesceLimits() {
    return "tx-frames 1.." + BcmgenetPriv.DMA_INTR_THRESHOLD_MASK + ", rx-frames 0.."
        + BcmgenetPriv.DMA_INTR_THRESHOLD_MASK + ", rx-usecs 0.."
        + (BcmgenetPriv.DMA_TIMEOUT_MASK * 8L + 1) + ", not both rx values 0";
  }

  // ---- DIM

  @KernelPort(file = GenetSources.MAIN_C, function = "bcmgenet_init_dim",
      versions = GenetSources.VERSIONS, source = GenetSources.S612)
  void initDim(BcmgenetPriv.RxRing ring) {
    if (cInitDim != null) {
      cInitDim.initDim(ring);
      return;
    }
    BcmgenetPriv.NetDimCtx dim = ring.dim;
    if (dim.dim.work == null) { // INIT_WORK (the Java work item is made once)
      dim.dim.work = new WorkItem(priv.dev.kernel(), priv.dev.name() + "-dim",
          () -> dimWork(ring));
    }
    dim.dim.mode = Dim.CQ_PERIOD_MODE_START_FROM_EQE;
    dim.eventCtr = 0;
    dim.packets = 0;
    dim.bytes = 0;
  }

  @KernelPort(file = GenetSources.MAIN_C, function = "bcmgenet_init_rx_coalesce",
      versions = GenetSources.VERSIONS, source = GenetSources.S612)
  void initRxCoalesce(BcmgenetPriv.RxRing ring) {
    if (cInitRxCoalesce != null) {
      cInitRxCoalesce.initRxCoalesce(ring);
      return;
    }
    BcmgenetPriv.NetDimCtx dim = ring.dim;
    long usecs = ring.rxCoalesceUsecs;
    long pkts = ring.rxMaxCoalescedFrames;
    // DIM on: re-apply its default profile
    if (dim.useDim != 0) {
      DimCqModer moder = priv.netDim.getDefRxModeration(dim.dim.mode);
      usecs = moder.usec();
      pkts = moder.pkts();
    }
    setRxCoalesce(ring, usecs, pkts);
  }

  @KernelPort(file = GenetSources.MAIN_C, function = "bcmgenet_dim_work",
      versions = GenetSources.VERSIONS, source = GenetSources.S612)
  void dimWork(BcmgenetPriv.RxRing ring) {
    if (cDimWork != null) {
      dimWorkRuns++;
      cDimWork.dimWork(ring);
      return;
    }
    Dim dim = ring.dim.dim;
    DimCqModer curProfile = priv.netDim.getRxModeration(dim.mode, dim.profileIx);
    dimWorkRuns++;
    setRxCoalesce(ring, curProfile.usec(), curProfile.pkts());
    dim.state = Dim.START_MEASURE;
  }

  long dimWorkRuns() {
    return dimWorkRuns;
  }
}
