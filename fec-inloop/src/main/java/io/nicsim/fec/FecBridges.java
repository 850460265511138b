package io.nicsim.fec;

import io.nicsim.core.ethtool.EthtoolCoalesce;
import io.nicsim.core.host.BridgeSite;
import io.nicsim.core.host.PortBridge;
import io.nicsim.core.host.PortBridgeProvider;
import io.nicsim.core.kernel.Errno;
import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.kernel.KernelException;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * {@code --ports c} for fec_main.c's coalescing code: the tree's fec_enet_us_to_itr_clock,
 * fec_enet_itr_coal_set (with the tree's us_to_itr_clock inside) and the ethtool handlers
 * fec_enet_set_coalesce (with itr_coal_set inside) and fec_enet_get_coalesce, in place of
 * their ports in {@link FecCoalesce}. Each is the inverse of its harness in
 * {@link FecHarnesses}: the live fep's quirks, ITR clock and four stored values (and the ethtool
 * request) become the record; the C's {@code writel(offset, value)} calls go to the live
 * registers through {@link FecEnetPrivate#writel} (which charges the MMIO write as the Java's
 * does), its {@code dev_err} text and return value become the {@link KernelException} the Java
 * throws, and the fields it printed are written back.
 */
public final class FecBridges implements PortBridgeProvider {
  private static final long WRITEL = NativeOut.id("writel");
  private static final long RET = NativeOut.id("ret");
  private static final long RX_TIME = NativeOut.id("rx_time_itr");
  private static final long RX_PKTS = NativeOut.id("rx_pkts_itr");
  private static final long TX_TIME = NativeOut.id("tx_time_itr");
  private static final long TX_PKTS = NativeOut.id("tx_pkts_itr");
  private static final long EC_RX_USECS = NativeOut.id("ec.rx_coalesce_usecs");
  private static final long EC_RX_FRAMES = NativeOut.id("ec.rx_max_coalesced_frames");
  private static final long EC_TX_USECS = NativeOut.id("ec.tx_coalesce_usecs");
  private static final long EC_TX_FRAMES = NativeOut.id("ec.tx_max_coalesced_frames");

  @Override
  public List<PortBridge> bridges() {
    return List.of(new Bridge("fec_enet_us_to_itr_clock"), new Bridge("fec_enet_itr_coal_set"),
        new Bridge("fec_enet_set_coalesce"), new Bridge("fec_enet_get_coalesce"),
        new FecRxNapiBridge(), new FecIrqBridge(), new FecRxQueueBridge(),
        new FecTxQueueBridge(), new FecStartXmitBridge(), new FecSubmitSkbBridge(),
        new FecRxTxBridge(false), new FecRxTxBridge(true), new FecRestartBridge(),
        new FecAdjustLinkBridge(), new FecTimeoutBridges.Timeout(),
        new FecTimeoutBridges.Work(), new FecQueueNumBridge());
  }

  /**
   * Installs a bridge of a function fec_probe calls, before the driver is built: on a fec host,
   * {@code bind} runs on the driver as it makes its objects, before its probe
   * ({@link FecCHooks.ProbeBinder}, after the binders installed before it).
   */
  static boolean bindAtProbe(BridgeSite site, Consumer<FecDriver> bind) {
    if (!"fec".equals(site.host().config().mac())) {
      return false;
    }
    Kernel kernel = site.host().kernel();
    FecCHooks.ProbeBinder before = kernel.inLoop(FecCHooks.ProbeBinder.class);
    kernel.putInLoop(FecCHooks.ProbeBinder.class, d -> {
      if (before != null) {
        before.bind(d);
      }
      bind.accept(d);
    });
    return true;
  }

  @Override
  public Map<String, String> notBridged() {
    Map<String, String> m = new LinkedHashMap<>();
    String c = FecSources.MAIN_C;
    PortBridgeProvider.reason(m, c, "runs as the tree's C inside the bridged fec_enet_tx_queue,"
        + " fec_enet_start_xmit and fec_enet_txq_submit_skb, its only callers",
        "fec_enet_get_free_txdesc_num");
    PortBridgeProvider.reason(m, c, "runs as the tree's C inside the bridged fec_enet_rx_queue,"
        + " its only caller", "fec_enet_update_cbd", "fec_enet_rx_vlan");
    PortBridgeProvider.reason(m, c, "runs as the tree's C inside the bridged fec_enet_rx_napi"
        + " and fec_enet_interrupt, its only callers", "fec_enet_collect_events");
    PortBridgeProvider.reason(m, c, "runs as the tree's C inside the bridged fec_restart, its"
        + " only caller (the probe's, the open's, each link change's and the TX timeout's)",
        "fec_ctrl_reset", "fec_enet_active_rxring", "fec_enet_enable_ring",
        "fec_set_hw_mac_addr");
    PortBridgeProvider.reason(m, c, "not bridged yet: probe-time set-up (fec_enet_init's queue"
        + " allocation: a bridge must make the model's queues where the C's kzalloc does)",
        "fec_enet_alloc_queue");
    PortBridgeProvider.reason(m, c, "not bridged yet: set-up (the open's buffers; each"
        + " fec_restart's BD reset, which its bridged C hands to the model's) over every BD of"
        + " every ring (hundreds of BDs a ring, up to 3 rings each way), where their harness"
        + " records hold rings of 4 to 16: a bridge must take the live rings as a loop window"
        + " and replay the page and skb allocations and frees on the model's",
        "fec_enet_alloc_rxq_buffers", "fec_enet_bd_init");
    return m;
  }

  private static final class Bridge implements PortBridge {
    private final String function;

    Bridge(String function) {
      this.function = function;
    }

    @Override
    public String file() {
      return FecSources.MAIN_C;
    }

    @Override
    public String function() {
      return function;
    }

    @Override
    public boolean install(BridgeSite site, NativePort c) {
      if (!(site.driver() instanceof FecDriver d)) {
        return false;
      }
      FecEnetPrivate fep = d.fep();
      // the record's quirks are HAS_COALESCE and HAS_MULTI_QUEUES: before 471ff4455d61 the
      // rings 1/2 were keyed on HAS_AVB, which it does not carry; the dim what-if's ethtool
      // flag and per-queue registers are Java the tree does not have
      if (!fep.patches.has(FecPatches.MULTI_QUEUES_QUIRK) || fep.dim != null) {
        return false;
      }
      FecCoalesce coal = (FecCoalesce) d.ethtool();
      Hook hook = new Hook(fep, c);
      switch (function) {
        case "fec_enet_us_to_itr_clock" -> coal.cUsToItrClock = hook;
        case "fec_enet_itr_coal_set" -> coal.cItrCoalSet = hook;
        case "fec_enet_set_coalesce" -> coal.cSetCoalesce = hook;
        default -> coal.cGetCoalesce = hook;
      }
      return true;
    }
  }

  /** The hook a {@link FecCoalesce} method calls first. */
  static final class Hook implements FecCHooks.Coalesce {
    private final FecEnetPrivate fep;
    private final NativePort c;
    private final long[] in;

    Hook(FecEnetPrivate fep, NativePort c) {
      this.fep = fep;
      this.c = c;
      this.in = new long[c.inputs()];
    }

    /** The live fep as FecHarnesses.FEP_FIELDS (common.c's nicsim_fep_set). */
    private void capture() {
      Arrays.fill(in, 0);
      in[0] = (fep.quirks & FecQuirk.HAS_COALESCE) != 0 ? 1 : 0;
      in[1] = (fep.quirks & FecQuirk.HAS_MULTI_QUEUES) != 0 ? 1 : 0;
      in[2] = Integer.toUnsignedLong(fep.itrClkRate);
      in[3] = Integer.toUnsignedLong(fep.rxTimeItr);
      in[4] = Integer.toUnsignedLong(fep.rxPktsItr);
      in[5] = Integer.toUnsignedLong(fep.txTimeItr);
      in[6] = Integer.toUnsignedLong(fep.txPktsItr);
    }

    private void captureEc(EthtoolCoalesce ec) {
      in[7] = ec.rxCoalesceUsecs() & 0xFFFF_FFFFL;
      in[8] = ec.rxMaxCoalescedFrames() & 0xFFFF_FFFFL;
      in[9] = ec.txCoalesceUsecs() & 0xFFFF_FFFFL;
      in[10] = ec.txMaxCoalescedFrames() & 0xFFFF_FFFFL;
    }

    /** fec_enet_us_to_itr_clock(ndev, us). */
    @Override
    public int usToItrClock(int us) {
      capture();
      in[7] = us;
      return (int) apply(c.call(in), null);
    }

    /** fec_enet_itr_coal_set(ndev). */
    @Override
    public void itrCoalSet() {
      capture();
      apply(c.call(in), null);
    }

    /** fec_enet_set_coalesce(ndev, ec, …): 0, or the refusal the C returned. */
    @Override
    public void setCoalesce(EthtoolCoalesce ec) throws KernelException {
      capture();
      captureEc(ec);
      refuse(apply(c.call(in), null));
    }

    /** fec_enet_get_coalesce(ndev, ec, …). */
    @Override
    public void getCoalesce(EthtoolCoalesce ec) throws KernelException {
      capture();
      captureEc(ec);
      refuse(apply(c.call(in), ec));
    }

    private String message;

    private void refuse(long ret) throws KernelException {
      if (ret < 0) {
        Errno e = PortBridge.errno(c, in, ret);
        throw message == null ? new KernelException(e) : new KernelException(e, message);
      }
    }

    /** The C's record applied in order; its "ret" (0 without one). */
    private long apply(NativeOut o, EthtoolCoalesce ec) {
      long ret = 0;
      message = null;
      while (o.next()) {
        long n = o.name();
        if (o.kind() == NativeOut.MESSAGE) {
          message = o.message();
        } else if (o.kind() == NativeOut.CALL) {
          if (n != WRITEL) {
            throw PortBridge.cannotApply(c, in, o);
          }
          fep.writel((int) o.arg(1), (int) o.arg(0));
        } else if (n == RET) {
          ret = o.value();
        } else if (n == RX_TIME) {
          fep.rxTimeItr = (int) o.value();
        } else if (n == RX_PKTS) {
          fep.rxPktsItr = (int) o.value();
        } else if (n == TX_TIME) {
          fep.txTimeItr = (int) o.value();
        } else if (n == TX_PKTS) {
          fep.txPktsItr = (int) o.value();
        } else if (ec != null && n == EC_RX_USECS) {
          ec.rxCoalesceUsecs(o.value());
        } else if (ec != null && n == EC_RX_FRAMES) {
          ec.rxMaxCoalescedFrames(o.value());
        } else if (ec != null && n == EC_TX_USECS) {
          ec.txCoalesceUsecs(o.value());
        } else if (ec != null && n == EC_TX_FRAMES) {
          ec.txMaxCoalescedFrames(o.value());
        } else {
          throw PortBridge.cannotApply(c, in, o);
        }
      }
      return ret;
    }
  }
}
