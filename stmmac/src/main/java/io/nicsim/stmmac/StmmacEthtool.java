package io.nicsim.stmmac;

import io.nicsim.core.ethtool.CoalesceParam;
import io.nicsim.core.ethtool.EthtoolCoalesce;
import io.nicsim.core.ethtool.EthtoolOps;
import io.nicsim.core.kernel.Errno;
import io.nicsim.core.kernel.KernelException;
import io.nicsim.core.port.KernelPort;

/**
 * The coalescing entries of stmmac_ethtool.c, every era: the global get/set of 4.19..5.12, the
 * per-queue {@code __stmmac_get/set_coalesce} of 5.13+, the RIWT conversions and the {@code
 * .begin} refusal while the interface is down.
 */
public final class StmmacEthtool implements EthtoolOps {
  private static final String FILE = "drivers/net/ethernet/stmicro/stmmac/stmmac_ethtool.c";
  /** net-next of August 2020, pulled for v5.9-rc1. */
  private static final String TREE_5_9 =
      "torvalds/linux@01f4d47a5b55a8b6cc053a7516ad976ad45534ce";
  /** A 6.1.y tree with Rockchip's changes. */
  private static final String TREE_6_1_ROCKCHIP =
      "BG9OXA/linux-6.1.y-rockchip@ce81c3b40c9689e856a8233c105bb1bb7da9e68f";
  /** A net-next tree (its release not found). */
  private static final String TREE_NET_NEXT =
      "LorenzoBianconi/net-next@199295cb73bc80cb42631cda04cb539139edb681";
  private static final long USEC_PER_SEC = 1_000_000L;

  private final StmmacPriv priv;
  private final boolean perQueue;
  private final boolean txWithoutRiwt;
  private final boolean rxCoalFrames;
  private final boolean coalesceParams;
  private final boolean noBegin;
  private final boolean rounding;
  private final boolean zeroRefused;
  /** {@code --ports c}: the tree's C in place of each port (stmmac-inloop's bridges). */
  StmmacCHooks.Ethtool cCheckIfRunning;
  StmmacCHooks.Ethtool cGetCoalesce;
  StmmacCHooks.Ethtool cSetCoalesce;
  StmmacCHooks.Ethtool cGetQueueCoalesce;
  StmmacCHooks.Ethtool cSetQueueCoalesce;
  StmmacCHooks.Ethtool cGetPerQueueCoalesce;
  StmmacCHooks.Ethtool cSetPerQueueCoalesce;
  StmmacCHooks.Conversion cUsec2riwt;
  StmmacCHooks.Conversion cRiwt2usec;

  public StmmacEthtool(StmmacPriv priv) {
    this.priv = priv;
    this.perQueue = priv.patches.has(StmmacPatches.PER_QUEUE_COALESCE);
    this.txWithoutRiwt = priv.patches.has(StmmacPatches.ETHTOOL_TX_WITHOUT_RIWT);
    this.rxCoalFrames = priv.patches.has(StmmacPatches.RX_COAL_FRAMES);
    this.coalesceParams = priv.patches.has(StmmacPatches.COALESCE_PARAMS);
    this.noBegin = priv.patches.has(StmmacPatches.ETHTOOL_NO_BEGIN);
    this.rounding = priv.patches.has(StmmacPatches.RIWT_ROUNDING);
    this.zeroRefused = priv.patches.has(StmmacPatches.RIWT_ZERO_REFUSED);
  }

  /**
   * {@code .supported_coalesce_params}. Before the ethtool core checked it (coalesce-params),
   * stmmac_set_coalesce refused the same fields itself with the same -EOPNOTSUPP; before
   * rx-coal-frames that list also held rx-frames.
   */
  @Override
  public int supportedCoalesceParams() {
    int adaptive = priv.dim != null ? CoalesceParam.USE_ADAPTIVE : 0; // the dim what-if
    if (coalesceParams || rxCoalFrames) {
      return CoalesceParam.USECS | CoalesceParam.MAX_FRAMES | adaptive;
    }
    return CoalesceParam.USECS | CoalesceParam.TX_MAX_FRAMES.bit() | adaptive;
  }

  /** The dim what-if's flags in a get. */
  private void dimGet(EthtoolCoalesce ec) {
    if (priv.dim != null) {
      ec.set(CoalesceParam.USE_ADAPTIVE_RX, priv.dim.rx.useDim ? 1 : 0);
      ec.set(CoalesceParam.USE_ADAPTIVE_TX, priv.dim.tx.useDim ? 1 : 0);
    }
  }

  /** The dim what-if after a set: DIM's profiles over the stored static values. */
  private void dimSet(EthtoolCoalesce ec) {
    if (priv.dim != null) {
      priv.dim.rx.afterSetCoalesce(ec.get(CoalesceParam.USE_ADAPTIVE_RX) != 0);
      priv.dim.tx.afterSetCoalesce(ec.get(CoalesceParam.USE_ADAPTIVE_TX) != 0);
    }
  }

  @Override
  public void begin() throws KernelException {
    if (!noBegin) {
      checkIfRunning();
    }
  }

  /** {@code .begin} until 55ddb6c5a3ae: every ethtool op is refused while the link is down. */
  @KernelPort(
      file = FILE,
      function = "stmmac_check_if_running",
      versions = "v4.19..v6.11",
      commits = {"55ddb6c5a3ae"},
      source = TREE_6_1_ROCKCHIP)
  void checkIfRunning() throws KernelException {
    if (cCheckIfRunning != null && cCheckIfRunning.holds(null)) {
      cCheckIfRunning.call(null, -1);
      return;
    }
    if (!priv.netifRunning) {
      throw new KernelException(Errno.EBUSY);
    }
  }

  /**
   * rx-usecs to RIWT units: {@code usec * (clk / 1e6) / 256}, multiplied in C {@code unsigned
   * long} (32 bits on ARMv7, where a large rx-usecs wraps) and returned as u32; rounded to the
   * nearest unit from riwt-rounding on.
   */
  @KernelPort(
      file = FILE,
      function = "stmmac_usec2riwt",
      versions = "v4.19..v6.18",
      commits = {},
      source = TREE_NET_NEXT,
      notes = "truncating form as in " + TREE_6_1_ROCKCHIP
          + "; DIV_ROUND_CLOSEST under riwt-rounding")
  long usec2riwt(long usec) {
    if (cUsec2riwt != null && cUsec2riwt.holds(usec)) {
      return cUsec2riwt.convert(usec);
    }
    long clk = priv.plat.riwtClockHz();
    if (clk == 0) {
      return 0;
    }
    long product = ulong(usec * (clk / USEC_PER_SEC));
    long riwt = rounding ? ulong(product + 128) / 256 : product / 256;
    return riwt & 0xFFFF_FFFFL;
  }

  /** RIWT units back to µs: {@code riwt * 256 / (clk / 1e6)}, u32; rounded under riwt-rounding. */
  @KernelPort(
      file = FILE,
      function = "stmmac_riwt2usec",
      versions = "v4.19..v6.18",
      commits = {},
      source = TREE_NET_NEXT,
      notes = "truncating form as in " + TREE_6_1_ROCKCHIP
          + "; DIV_ROUND_CLOSEST under riwt-rounding")
  long riwt2usec(long riwt) {
    if (cRiwt2usec != null && cRiwt2usec.holds(riwt)) {
      return cRiwt2usec.convert(riwt);
    }
    long clk = priv.plat.riwtClockHz();
    if (clk == 0) {
      return 0;
    }
    long numerator = (riwt * 256) & 0xFFFF_FFFFL; // u32 * int stays u32
    long divisor = clk / USEC_PER_SEC;
    long usec = rounding ? ulong(numerator + divisor / 2) / divisor : numerator / divisor;
    return usec & 0xFFFF_FFFFL;
  }

  /** A value of C type {@code unsigned long} on the modelled CPU. */
  private long ulong(long v) {
    return priv.plat.unsignedLongBits() == 32 ? v & 0xFFFF_FFFFL : v;
  }

  @Override
  @KernelPort(
      file = FILE,
      function = "stmmac_get_coalesce",
      versions = "v4.19..v6.18",
      commits = {"db2f2842e6f5"},
      source = TREE_5_9,
      notes = "from db2f2842e6f5 a wrapper of __stmmac_get_coalesce(dev, ec, -1)")
  public void getCoalesce(EthtoolCoalesce ec) throws KernelException {
    dimGet(ec);
    if (cGetCoalesce != null && cGetCoalesce.holds(ec)) {
      cGetCoalesce.call(ec, -1);
      return;
    }
    if (perQueue) {
      getCoalesce(ec, -1);
      return;
    }
    ec.txCoalesceUsecs(priv.txCoalTimer[0]);
    ec.txMaxCoalescedFrames(priv.txCoalFrames[0]);

    if (priv.useRiwt) {
      if (rxCoalFrames) {
        ec.rxMaxCoalescedFrames(priv.rxCoalFrames[0]);
      }
      ec.rxCoalesceUsecs(riwt2usec(priv.rxRiwt[0]));
    }
  }

  @Override
  @KernelPort(
      file = FILE,
      function = "stmmac_set_coalesce",
      versions = "v4.19..v6.18",
      commits = {"db2f2842e6f5"},
      source = TREE_5_9,
      notes =
          "before ethtool-tx-without-riwt (5.4) the 4.19 body: rx-usecs 0 refused, RIWT checked"
              + " after TX; the driver's own unsupported-field list is the core check here")
  public void setCoalesce(EthtoolCoalesce ec) throws KernelException {
    if (cSetCoalesce != null && cSetCoalesce.holds(ec)) {
      cSetCoalesce.call(ec, -1);
      dimSet(ec);
      return;
    }
    if (perQueue) {
      setCoalesce(ec, -1);
      dimSet(ec);
      return;
    }
    int rxCnt = priv.plat.rxQueuesToUse();
    long rxRiwt = 0;

    if (txWithoutRiwt) {
      if (priv.useRiwt && ec.rxCoalesceUsecs() > 0) {
        rxRiwt = usec2riwt(ec.rxCoalesceUsecs());

        if (rxRiwt > priv.defaults.maxDmaRiwt() || rxRiwt < priv.defaults.minDmaRiwt()) {
          throw new KernelException(Errno.EINVAL);
        }

        setAllRiwt((int) rxRiwt, rxCnt);
      }
    } else if (ec.rxCoalesceUsecs() == 0) {
      throw new KernelException(Errno.EINVAL);
    }

    if (ec.txCoalesceUsecs() == 0 && ec.txMaxCoalescedFrames() == 0) {
      throw new KernelException(Errno.EINVAL);
    }

    if (ec.txCoalesceUsecs() > priv.defaults.maxCoalTxTickUs()
        || ec.txMaxCoalescedFrames() > priv.defaults.txMaxFrames()) {
      throw new KernelException(Errno.EINVAL);
    }

    if (!txWithoutRiwt) {
      rxRiwt = usec2riwt(ec.rxCoalesceUsecs());

      if (rxRiwt > priv.defaults.maxDmaRiwt() || rxRiwt < priv.defaults.minDmaRiwt()) {
        throw new KernelException(Errno.EINVAL);
      } else if (!priv.useRiwt) {
        throw new KernelException(Errno.EOPNOTSUPP);
      }
    }

    // Only copy relevant parameters, ignore all others (one global value per knob)
    for (int q = 0; q < StmmacPlat.MTL_MAX_QUEUES; q++) {
      priv.txCoalFrames[q] = (int) ec.txMaxCoalescedFrames();
      priv.txCoalTimer[q] = (int) ec.txCoalesceUsecs();
      if (rxCoalFrames) {
        priv.rxCoalFrames[q] = (int) ec.rxMaxCoalescedFrames();
      }
    }
    if (!txWithoutRiwt) {
      setAllRiwt((int) rxRiwt, rxCnt);
    }
    dimSet(ec);
  }

  /** priv->rx_riwt = riwt; stmmac_rx_watchdog(priv, ioaddr, riwt, rx_cnt). */
  private void setAllRiwt(int riwt, int rxCnt) {
    for (int q = 0; q < StmmacPlat.MTL_MAX_QUEUES; q++) {
      priv.rxRiwt[q] = riwt;
    }
    for (int q = 0; q < rxCnt; q++) {
      priv.rxWatchdog.rxWatchdog(riwt, q);
    }
  }

  @Override
  @KernelPort(
      file = FILE,
      function = "stmmac_get_per_queue_coalesce",
      versions = "v5.13..v6.18",
      commits = {"db2f2842e6f5"},
      source = TREE_NET_NEXT)
  public void getPerQueueCoalesce(int queue, EthtoolCoalesce ec) throws KernelException {
    if (cGetPerQueueCoalesce != null && cGetPerQueueCoalesce.holds(ec)) {
      cGetPerQueueCoalesce.call(ec, queue);
      return;
    }
    if (!perQueue) {
      EthtoolOps.super.getPerQueueCoalesce(queue, ec);
      return;
    }
    getCoalesce(ec, queue);
  }

  @Override
  @KernelPort(
      file = FILE,
      function = "stmmac_set_per_queue_coalesce",
      versions = "v5.13..v6.18",
      commits = {"db2f2842e6f5"},
      source = TREE_NET_NEXT)
  public void setPerQueueCoalesce(int queue, EthtoolCoalesce ec) throws KernelException {
    if (cSetPerQueueCoalesce != null && cSetPerQueueCoalesce.holds(ec)) {
      cSetPerQueueCoalesce.call(ec, queue);
      return;
    }
    if (!perQueue) {
      EthtoolOps.super.setPerQueueCoalesce(queue, ec);
      return;
    }
    setCoalesce(ec, queue);
  }

  /** {@code __stmmac_get_coalesce}: queue -1 reads queue 0. */
  @KernelPort(
      file = FILE,
      function = "__stmmac_get_coalesce",
      versions = "v5.13..v6.18",
      commits = {"db2f2842e6f5"},
      source = TREE_NET_NEXT)
  void getCoalesce(EthtoolCoalesce ec, int queue) throws KernelException {
    if (cGetQueueCoalesce != null && cGetQueueCoalesce.holds(ec)) {
      cGetQueueCoalesce.call(ec, queue);
      return;
    }
    int rxCnt = priv.plat.rxQueuesToUse();
    int txCnt = priv.plat.txQueuesToUse();
    int maxCnt = Math.max(rxCnt, txCnt);

    if (queue < 0) {
      queue = 0;
    } else if (queue >= maxCnt) {
      throw new KernelException(Errno.EINVAL);
    }

    if (queue < txCnt) {
      ec.txCoalesceUsecs(u32(priv.txCoalTimer[queue]));
      ec.txMaxCoalescedFrames(u32(priv.txCoalFrames[queue]));
    } else {
      ec.txCoalesceUsecs(0);
      ec.txMaxCoalescedFrames(0);
    }

    if (priv.useRiwt && queue < rxCnt) {
      ec.rxMaxCoalescedFrames(u32(priv.rxCoalFrames[queue]));
      ec.rxCoalesceUsecs(riwt2usec(u32(priv.rxRiwt[queue])));
    } else {
      ec.rxMaxCoalescedFrames(0);
      ec.rxCoalesceUsecs(0);
    }
  }

  /**
   * {@code __stmmac_set_coalesce}: queue -1 sets every queue. The RX part is written to the
   * hardware before the TX values are validated, so a request refused for its TX values still
   * changes RX. Before riwt-zero-refused, rx-usecs 0 skips the RX part (rx-frames included);
   * from it on, rx-usecs 0 converts to RIWT 0 and is refused with -EINVAL.
   */
  @KernelPort(
      file = FILE,
      function = "__stmmac_set_coalesce",
      versions = "v5.13..v6.18",
      commits = {"db2f2842e6f5"},
      source = TREE_NET_NEXT,
      notes = "the rx_coalesce_usecs > 0 guard of " + TREE_6_1_ROCKCHIP
          + " is kept unless riwt-zero-refused")
  void setCoalesce(EthtoolCoalesce ec, int queue) throws KernelException {
    if (cSetQueueCoalesce != null && cSetQueueCoalesce.holds(ec)) {
      cSetQueueCoalesce.call(ec, queue);
      return;
    }
    boolean allQueues = false;
    int rxCnt = priv.plat.rxQueuesToUse();
    int txCnt = priv.plat.txQueuesToUse();
    int maxCnt = Math.max(rxCnt, txCnt);

    if (queue < 0) {
      allQueues = true;
    } else if (queue >= maxCnt) {
      throw new KernelException(Errno.EINVAL);
    }

    if (priv.useRiwt && (zeroRefused || ec.rxCoalesceUsecs() > 0)) {
      long rxRiwt = usec2riwt(ec.rxCoalesceUsecs());

      if (rxRiwt > priv.defaults.maxDmaRiwt() || rxRiwt < priv.defaults.minDmaRiwt()) {
        throw new KernelException(Errno.EINVAL);
      }

      if (allQueues) {
        for (int i = 0; i < rxCnt; i++) {
          priv.rxRiwt[i] = (int) rxRiwt;
          priv.rxWatchdog.rxWatchdog((int) rxRiwt, i);
          priv.rxCoalFrames[i] = (int) ec.rxMaxCoalescedFrames();
        }
      } else if (queue < rxCnt) {
        priv.rxRiwt[queue] = (int) rxRiwt;
        priv.rxWatchdog.rxWatchdog((int) rxRiwt, queue);
        priv.rxCoalFrames[queue] = (int) ec.rxMaxCoalescedFrames();
      }
    }

    if (ec.txCoalesceUsecs() == 0 && ec.txMaxCoalescedFrames() == 0) {
      throw new KernelException(Errno.EINVAL);
    }

    if (ec.txCoalesceUsecs() > priv.defaults.maxCoalTxTickUs()
        || ec.txMaxCoalescedFrames() > priv.defaults.txMaxFrames()) {
      throw new KernelException(Errno.EINVAL);
    }

    if (allQueues) {
      for (int i = 0; i < txCnt; i++) {
        priv.txCoalFrames[i] = (int) ec.txMaxCoalescedFrames();
        priv.txCoalTimer[i] = (int) ec.txCoalesceUsecs();
      }
    } else if (queue < txCnt) {
      priv.txCoalFrames[queue] = (int) ec.txMaxCoalescedFrames();
      priv.txCoalTimer[queue] = (int) ec.txCoalesceUsecs();
    }
  }

  private static long u32(int v) {
    return v & 0xFFFF_FFFFL;
  }

  /**
   * The ranges set_coalesce checks, for a refusal the kernel logs no message for: tx-usecs up to
   * STMMAC_MAX_COAL_TX_TICK, tx-frames up to STMMAC_TX_MAX_FRAMES, not both 0; rx-usecs whose
   * RIWT value (at this SoC's RIWT clock) lies within MIN_DMA_RIWT..MAX_DMA_RIWT.
   */
  @Override
  public String coalesceLimits() {
    String tx = "tx-usecs 0.." + priv.defaults.maxCoalTxTickUs() + ", tx-frames 0.."
        + priv.defaults.txMaxFrames() + " (not both 0)";
    if (!priv.useRiwt) {
      return tx + "; no rx-usecs (no RX watchdog)";
    }
    long lo = firstUsecAtLeast(priv.defaults.minDmaRiwt());
    long hi = firstUsecAtLeast(priv.defaults.maxDmaRiwt() + 1L) - 1;
    String rx = lo > hi ? "no rx-usecs (the RIWT clock is too slow)" : "rx-usecs " + lo + ".." + hi;
    if (txWithoutRiwt && !zeroRefused) {
      rx += " or 0 (unchanged)";
    }
    return tx + "; " + rx;
  }

  /**
   * The smallest µs value whose RIWT count reaches {@code riwt}, searched where usec2riwt is
   * monotone (below the first 32-bit wrap of usec * MHz).
   */
  private long firstUsecAtLeast(long riwt) {
    long lo = 0;
    long hi = 0xFFFF_FFFFL / Math.max(1, priv.plat.riwtClockHz() / USEC_PER_SEC);
    if (usec2riwt(hi) < riwt) {
      return hi + 1;
    }
    while (lo < hi) {
      long mid = (lo + hi) >>> 1;
      if (usec2riwt(mid) >= riwt) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    return lo;
  }
}
