package io.nicsim.fec;

import static io.nicsim.fec.FecRegisters.*;

import io.nicsim.core.ethtool.CoalesceParam;
import io.nicsim.core.ethtool.EthtoolCoalesce;
import io.nicsim.core.ethtool.EthtoolOps;
import io.nicsim.core.kernel.Errno;
import io.nicsim.core.kernel.KernelException;
import io.nicsim.core.port.KernelPort;

/**
 * The fec interrupt-coalescing code: ITR tick conversion, RXIC/TXIC programming (both eras) and
 * the ethtool get/set handlers. It is also the driver's coalescing {@link EthtoolOps}.
 */
public final class FecCoalesce implements EthtoolOps {
  /** dev_err texts of fec_enet_set_coalesce, in check order. */
  public static final String MSG_RX_FRAMES = "Rx coalesced frames exceed hardware limitation";
  public static final String MSG_TX_FRAMES = "Tx coalesced frame exceed hardware limitation";
  public static final String MSG_RX_USECS = "Rx coalesced usec exceed hardware limitation";
  public static final String MSG_TX_USECS = "Tx coalesced usec exceed hardware limitation";

  private final FecEnetPrivate fep;
  private final boolean coalDisable;
  private final boolean multiQueuesQuirk;
  /** The dim what-if's state, or null without +dim. */
  FecDim dim;
  /** {@code --ports c}: the tree's C in place of each port (fec-inloop's bridges). */
  FecCHooks.Coalesce cUsToItrClock;
  FecCHooks.Coalesce cItrCoalSet;
  FecCHooks.Coalesce cSetCoalesce;
  FecCHooks.Coalesce cGetCoalesce;

  public FecCoalesce(FecEnetPrivate fep) {
    this.fep = fep;
    this.coalDisable = fep.patches.has(FecPatches.COAL_DISABLE);
    this.multiQueuesQuirk = fep.patches.has(FecPatches.MULTI_QUEUES_QUIRK);
  }

  /** ICTT ticks for {@code us} microseconds; one tick is 64 cycles of the ahb clock. */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_us_to_itr_clock",
      versions = FecSources.VERSIONS,
      source = FecSources.TREE_6_17_RC3,
      notes = "int us times unsigned itr_clk_rate/64000 is an unsigned int product (wraps mod"
          + " 2^32), then truncating division by 1000; the result always fits an int")
  public int usToItrClock(int us) {
    if (cUsToItrClock != null) {
      return cUsToItrClock.usToItrClock(us);
    }
    long k = Integer.toUnsignedLong(fep.itrClkRate) / 64000;
    long product = (Integer.toUnsignedLong(us) * k) & 0xFFFF_FFFFL;
    return (int) (product / 1000);
  }

  /** Programs RXICn/TXICn from the four stored values. */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_itr_coal_set",
      versions = FecSources.VERSIONS,
      commits = {"b7ad21258f9e", "471ff4455d61"},
      source = FecSources.TREE_6_17_RC3,
      notes = "old body (before b7ad21258f9e) read in torvalds/linux@002bba562dd3;"
          + " rings 1/2 keyed on HAS_AVB before 471ff4455d61")
  public void itrCoalSet() {
    if (cItrCoalSet != null) {
      cItrCoalSet.itrCoalSet();
      return;
    }
    int ringQuirk = multiQueuesQuirk ? FecQuirk.HAS_MULTI_QUEUES : FecQuirk.HAS_AVB;
    int rxItr;
    int txItr;
    if (coalDisable) {
      rxItr = 0;
      txItr = 0;
      int rxIctt = usToItrClock(fep.rxTimeItr);
      int txIctt = usToItrClock(fep.txTimeItr);

      if (rxIctt > 0 && Integer.compareUnsigned(fep.rxPktsItr, 1) > 0) {
        rxItr = FEC_ITR_EN | FEC_ITR_CLK_SEL;
        rxItr |= itrIcft(fep.rxPktsItr);
        rxItr |= itrIctt(rxIctt);
      }
      if (txIctt > 0 && Integer.compareUnsigned(fep.txPktsItr, 1) > 0) {
        txItr = FEC_ITR_EN | FEC_ITR_CLK_SEL;
        txItr |= itrIcft(fep.txPktsItr);
        txItr |= itrIctt(txIctt);
      }
    } else {
      // any zero leaves the hardware as it was ("unpredictable" otherwise)
      if (fep.rxTimeItr == 0 || fep.rxPktsItr == 0 || fep.txTimeItr == 0 || fep.txPktsItr == 0) {
        return;
      }
      rxItr = FEC_ITR_CLK_SEL;
      txItr = FEC_ITR_CLK_SEL;

      rxItr |= itrIcft(fep.rxPktsItr);
      rxItr |= itrIctt(usToItrClock(fep.rxTimeItr));
      txItr |= itrIcft(fep.txPktsItr);
      txItr |= itrIctt(usToItrClock(fep.txTimeItr));

      rxItr |= FEC_ITR_EN;
      txItr |= FEC_ITR_EN;
    }

    fep.writel(txItr, FEC_TXIC0);
    fep.writel(rxItr, FEC_RXIC0);
    if ((fep.quirks & ringQuirk) != 0) {
      fep.writel(txItr, FEC_TXIC1);
      fep.writel(rxItr, FEC_RXIC1);
      fep.writel(txItr, FEC_TXIC2);
      fep.writel(rxItr, FEC_RXIC2);
    }
  }

  /** The pre-df727d4547de defaults path: 1000 µs / 200 frames through set_coalesce. */
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_itr_coal_init",
      versions = "v5.10..v6.0",
      commits = {"df727d4547de"},
      source = FecSources.TREE_5_10,
      notes = "removed by df727d4547de; the -EOPNOTSUPP of SoCs without HAS_COALESCE is ignored")
  public void itrCoalInit() {
    EthtoolCoalesce ec = new EthtoolCoalesce();

    ec.rxCoalesceUsecs(FEC_ITR_ICTT_DEFAULT);
    ec.rxMaxCoalescedFrames(FEC_ITR_ICFT_DEFAULT);

    ec.txCoalesceUsecs(FEC_ITR_ICTT_DEFAULT);
    ec.txMaxCoalescedFrames(FEC_ITR_ICFT_DEFAULT);

    try {
      setCoalesce(ec);
    } catch (KernelException ignored) {
      // the C discards the return value
    }
  }

  /** {@code .supported_coalesce_params = ETHTOOL_COALESCE_USECS | ETHTOOL_COALESCE_MAX_FRAMES}. */
  @Override
  public int supportedCoalesceParams() {
    int mask = CoalesceParam.USECS | CoalesceParam.MAX_FRAMES;
    if (dim != null) { // the dim what-if adds ETHTOOL_COALESCE_USE_ADAPTIVE_RX
      mask |= CoalesceParam.USE_ADAPTIVE_RX.bit();
    }
    return mask;
  }

  /**
   * The dim what-if's register path: the RX half of {@link #itrCoalSet} for one queue (same
   * tick conversion and RXIC field layout), writing only that queue's RXICn.
   */
  void rxCoalSetQueue(int queue, int usec, int pkts) {
    int ringQuirk = multiQueuesQuirk ? FecQuirk.HAS_MULTI_QUEUES : FecQuirk.HAS_AVB;
    if (queue > 0 && (fep.quirks & ringQuirk) == 0) {
      return; // RXIC1/2 exist only with the queue quirk
    }
    int rxItr = FEC_ITR_CLK_SEL;
    rxItr |= itrIcft(pkts);
    rxItr |= itrIctt(usToItrClock(usec));
    rxItr |= FEC_ITR_EN;
    fep.writel(rxItr, FecRegisters.rxicOffset(queue));
  }

  @Override
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_get_coalesce",
      versions = FecSources.VERSIONS,
      source = FecSources.TREE_6_17_RC3)
  public void getCoalesce(EthtoolCoalesce ec) throws KernelException {
    if (cGetCoalesce != null) {
      cGetCoalesce.getCoalesce(ec);
      return;
    }
    if ((fep.quirks & FecQuirk.HAS_COALESCE) == 0) {
      throw new KernelException(Errno.EOPNOTSUPP);
    }

    ec.rxCoalesceUsecs(Integer.toUnsignedLong(fep.rxTimeItr));
    ec.rxMaxCoalescedFrames(Integer.toUnsignedLong(fep.rxPktsItr));

    ec.txCoalesceUsecs(Integer.toUnsignedLong(fep.txTimeItr));
    ec.txMaxCoalescedFrames(Integer.toUnsignedLong(fep.txPktsItr));
    if (dim != null) {
      ec.set(CoalesceParam.USE_ADAPTIVE_RX, dim.useDim ? 1 : 0);
    }
  }

  @Override
  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_set_coalesce",
      versions = FecSources.VERSIONS,
      source = FecSources.TREE_6_17_RC3,
      notes = "no netif_running check: stores the values and programs the registers at once")
  public void setCoalesce(EthtoolCoalesce ec) throws KernelException {
    if (cSetCoalesce != null) {
      cSetCoalesce.setCoalesce(ec);
      return;
    }
    int cycle;

    if ((fep.quirks & FecQuirk.HAS_COALESCE) == 0) {
      throw new KernelException(Errno.EOPNOTSUPP);
    }

    if (ec.rxMaxCoalescedFrames() > 255) {
      throw new KernelException(Errno.EINVAL, MSG_RX_FRAMES);
    }

    if (ec.txMaxCoalescedFrames() > 255) {
      throw new KernelException(Errno.EINVAL, MSG_TX_FRAMES);
    }

    cycle = usToItrClock((int) ec.rxCoalesceUsecs());
    if (Integer.compareUnsigned(cycle, 0xFFFF) > 0) {
      throw new KernelException(Errno.EINVAL, MSG_RX_USECS);
    }

    cycle = usToItrClock((int) ec.txCoalesceUsecs());
    if (Integer.compareUnsigned(cycle, 0xFFFF) > 0) {
      throw new KernelException(Errno.EINVAL, MSG_TX_USECS);
    }

    fep.rxTimeItr = (int) ec.rxCoalesceUsecs();
    fep.rxPktsItr = (int) ec.rxMaxCoalescedFrames();

    fep.txTimeItr = (int) ec.txCoalesceUsecs();
    fep.txPktsItr = (int) ec.txMaxCoalescedFrames();

    itrCoalSet();
    if (dim != null) {
      dim.afterSetCoalesce(ec.get(CoalesceParam.USE_ADAPTIVE_RX) != 0);
    }
  }

  /**
   * The ranges fec_enet_set_coalesce checks, shown beside its refusal: rx/tx-frames up to 255;
   * rx/tx-usecs while the ICTT count fits 16 bits at this SoC's ITR clock (below the first 32-bit
   * wrap of the product, where larger values are refused anyway or wrap to nonsense).
   */
  @Override
  public String coalesceLimits() {
    if ((fep.quirks & FecQuirk.HAS_COALESCE) == 0) {
      return "no coalescing parameters (no HAS_COALESCE on this SoC)";
    }
    long lo = 0;
    long hi = 0xFFFF_FFFFL / Math.max(1, Integer.toUnsignedLong(fep.itrClkRate) / 64000);
    while (lo < hi) { // the largest us whose count is <= 0xFFFF (monotone up to hi)
      long mid = (lo + hi + 1) >>> 1;
      if (Integer.toUnsignedLong(usToItrClock((int) mid)) <= 0xFFFF) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return "rx-usecs 0.." + lo + ", tx-usecs 0.." + lo + ", rx-frames 0..255, tx-frames 0..255";
  }
}
