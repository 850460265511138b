package io.nicsim.bcmgenet;

import io.nicsim.core.ethtool.CoalesceParam;
import io.nicsim.core.ethtool.EthtoolCoalesce;
import io.nicsim.core.host.BridgeSite;
import io.nicsim.core.host.PortBridge;
import io.nicsim.core.host.PortBridgeProvider;
import io.nicsim.core.kernel.KernelException;
import io.nicsim.core.kernel.WorkItem;
import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code --ports c} for bcmgenet's coalescing paths: the tree's bcmgenet_set_rx_coalesce,
 * bcmgenet_set_ring_rx_coalesce, the ethtool handlers bcmgenet_set_coalesce and
 * bcmgenet_get_coalesce, bcmgenet_init_dim, bcmgenet_init_rx_coalesce and the DIM work
 * bcmgenet_dim_work (each with the tree's callees inside), in place of their ports in
 * {@link BcmgenetCoalesce}. Each is the inverse of its harness in {@link GenetHarnesses}: the
 * live registers and RX ring 0 become the record; the C's register reads and writes
 * ({@code rdma_writel:DMA_RING_TIMEOUT(0,v)} …) go through the same accessors the Java calls
 * (which charge the MMIO and move the hardware), its fields come back to the ring, a refusal
 * comes back as the {@link KernelException} the Java throws.
 */
public final class GenetBridges implements PortBridgeProvider {
  private static final String[] FUNCTIONS = {"bcmgenet_set_rx_coalesce",
      "bcmgenet_set_ring_rx_coalesce", "bcmgenet_set_coalesce", "bcmgenet_get_coalesce",
      "bcmgenet_init_dim", "bcmgenet_init_rx_coalesce", "bcmgenet_dim_work"};

  @Override
  public List<PortBridge> bridges() {
    List<PortBridge> out = new ArrayList<>(Arrays.stream(FUNCTIONS)
        .map(f -> (PortBridge) new Bridge(f)).toList());
    out.add(new GenetRxPollBridge());
    out.add(new GenetDescRxBridge());
    out.add(new GenetIsrBridge());
    out.add(new GenetTxPollBridge());
    out.add(new GenetTxcbBridge());
    out.add(new GenetInitTxRingBridge());
    out.add(new GenetInitRxRingBridge());
    return out;
  }

  @Override
  public Map<String, String> notBridged() {
    Map<String, String> m = new LinkedHashMap<>();
    String c = GenetSources.MAIN_C;
    PortBridgeProvider.reason(m, c, "runs as the tree's C inside the bridged"
        + " bcmgenet_init_rx_ring, its only caller", "bcmgenet_alloc_rx_buffers");
    PortBridgeProvider.reason(m, c, "runs as the tree's C inside the bridged bcmgenet_tx_poll,"
        + " its only caller", "__bcmgenet_tx_reclaim");
    return m;
  }

  private static final class Bridge implements PortBridge {
    private final String function;

    Bridge(String function) {
      this.function = function;
    }

    @Override
    public String file() {
      return GenetSources.MAIN_C;
    }

    @Override
    public String function() {
      return function;
    }

    @Override
    public boolean install(BridgeSite site, NativePort c) {
      if (!(site.driver() instanceof BcmgenetDriver d)) {
        return false;
      }
      BcmgenetCoalesce coal = (BcmgenetCoalesce) d.ethtool();
      Hook hook = new Hook(d.priv(), coal, c);
      switch (function) {
        case "bcmgenet_set_rx_coalesce" -> coal.cSetRxCoalesce = hook;
        case "bcmgenet_set_ring_rx_coalesce" -> coal.cSetRingRxCoalesce = hook;
        case "bcmgenet_set_coalesce" -> coal.cSetCoalesce = hook;
        case "bcmgenet_get_coalesce" -> coal.cGetCoalesce = hook;
        case "bcmgenet_init_dim" -> coal.cInitDim = hook;
        case "bcmgenet_init_rx_coalesce" -> coal.cInitRxCoalesce = hook;
        default -> coal.cDimWork = hook;
      }
      return true;
    }
  }

  private static final long RET = NativeOut.id("ret");
  private static final long TDMA_THRESH_W = NativeOut.id("tdma_ring_writel:DMA_MBUF_DONE_THRESH");
  private static final long RDMA_THRESH_W = NativeOut.id("rdma_ring_writel:DMA_MBUF_DONE_THRESH");
  private static final long RDMA_TIMEOUT_W = NativeOut.id("rdma_writel:DMA_RING_TIMEOUT");
  private static final long TDMA_THRESH_R = NativeOut.id("tdma_ring_readl:DMA_MBUF_DONE_THRESH");
  private static final long RDMA_THRESH_R = NativeOut.id("rdma_ring_readl:DMA_MBUF_DONE_THRESH");
  private static final long RDMA_TIMEOUT_R = NativeOut.id("rdma_readl:DMA_RING_TIMEOUT");
  private static final long USECS = NativeOut.id("ring.rx_coalesce_usecs");
  private static final long FRAMES = NativeOut.id("ring.rx_max_coalesced_frames");
  private static final long USE_DIM = NativeOut.id("ring.dim.use_dim");
  private static final long STATE = NativeOut.id("ring.dim.dim.state");
  private static final long WORK = NativeOut.id("work");
  private static final long MODE = NativeOut.id("dim.dim.mode");
  private static final long EVENT_CTR = NativeOut.id("dim.event_ctr");
  private static final long PACKETS = NativeOut.id("dim.packets");
  private static final long BYTES = NativeOut.id("dim.bytes");
  private static final long EC_RX_USECS = NativeOut.id("ec.rx_coalesce_usecs");
  private static final long EC_RX_FRAMES = NativeOut.id("ec.rx_max_coalesced_frames");
  private static final long EC_TX_FRAMES = NativeOut.id("ec.tx_max_coalesced_frames");
  private static final long EC_ADAPTIVE = NativeOut.id("ec.use_adaptive_rx_coalesce");

  /** The hook a {@link BcmgenetCoalesce} method calls first. */
  static final class Hook {
    private final BcmgenetPriv priv;
    private final BcmgenetCoalesce coal;
    private final NativePort c;
    private final long[] in;

    Hook(BcmgenetPriv priv, BcmgenetCoalesce coal, NativePort c) {
      this.priv = priv;
      this.coal = coal;
      this.c = c;
      this.in = new long[c.inputs()];
    }

    /** The live registers and RX ring 0 as GenetHarnesses.HW_FIELDS (nicsim_priv_set). */
    private void capture(BcmgenetPriv.RxRing ring) {
      Arrays.fill(in, 0);
      if (ring != priv.rx || ring.index != 0) {
        throw new NativeFailure(c.function() + ": the record holds RX ring 0 only");
      }
      in[0] = Integer.toUnsignedLong(priv.hw.tdmaDoneThresh);
      in[1] = Integer.toUnsignedLong(priv.hw.rdmaDoneThresh);
      in[2] = Integer.toUnsignedLong(priv.hw.rdmaTimeout);
      in[3] = ring.rxCoalesceUsecs & 0xFFFF_FFFFL;
      in[4] = ring.rxMaxCoalescedFrames & 0xFFFF_FFFFL;
      in[5] = ring.dim.useDim & 0xFFFF;
      in[6] = ring.dim.dim.mode & 0xFF;
      in[7] = ring.dim.dim.profileIx & 0xFF;
      in[8] = ring.dim.dim.state & 0xFF;
    }

    private void captureEc(EthtoolCoalesce ec) {
      in[9] = ec.get(CoalesceParam.RX_USECS) & 0xFFFF_FFFFL;
      in[10] = ec.get(CoalesceParam.RX_MAX_FRAMES) & 0xFFFF_FFFFL;
      in[11] = ec.get(CoalesceParam.TX_MAX_FRAMES) & 0xFFFF_FFFFL;
      in[12] = ec.get(CoalesceParam.USE_ADAPTIVE_RX) & 0xFFFF_FFFFL;
    }

    void setRxCoalesce(BcmgenetPriv.RxRing ring, long usecs, long pkts) {
      capture(ring);
      in[9] = usecs & 0xFFFF_FFFFL;
      in[10] = pkts & 0xFFFF_FFFFL;
      apply(c.call(in), ring, null);
    }

    void setRingRxCoalesce(BcmgenetPriv.RxRing ring, EthtoolCoalesce ec) {
      capture(ring);
      captureEc(ec);
      apply(c.call(in), ring, null);
    }

    void setCoalesce(EthtoolCoalesce ec) throws KernelException {
      capture(priv.rx);
      captureEc(ec);
      long ret = apply(c.call(in), priv.rx, null);
      if (ret < 0) {
        throw new KernelException(PortBridge.errno(c, in, ret));
      }
    }

    void getCoalesce(EthtoolCoalesce ec) {
      capture(priv.rx);
      captureEc(ec);
      apply(c.call(in), priv.rx, ec);
    }

    void initDim(BcmgenetPriv.RxRing ring) {
      capture(ring);
      in[9] = ring.dim.eventCtr & 0xFFFF;
      in[10] = ring.dim.packets;
      in[11] = ring.dim.bytes;
      apply(c.call(in), ring, null);
    }

    void initRxCoalesce(BcmgenetPriv.RxRing ring) {
      capture(ring);
      apply(c.call(in), ring, null);
    }

    void dimWork(BcmgenetPriv.RxRing ring) {
      capture(ring);
      apply(c.call(in), ring, null);
    }

    /** The C's record applied in order; its "ret" (0 without one). */
    private long apply(NativeOut o, BcmgenetPriv.RxRing ring, EthtoolCoalesce ec) {
      long ret = 0;
      while (o.next()) {
        long n = o.name();
        if (o.kind() == NativeOut.CALL) {
          if (n == TDMA_THRESH_W && o.arg(0) == 0) {
            coal.tdmaRingDoneThreshWritel((int) o.arg(1));
          } else if (n == RDMA_THRESH_W && o.arg(0) == 0) {
            coal.rdmaRingDoneThreshWritel((int) o.arg(1));
          } else if (n == RDMA_TIMEOUT_W && o.arg(0) == 0) {
            coal.rdmaTimeoutWritel((int) o.arg(1));
          } else if (n == TDMA_THRESH_R && o.arg(0) == 0) {
            coal.tdmaRingDoneThreshReadl();
          } else if (n == RDMA_THRESH_R && o.arg(0) == 0) {
            coal.rdmaRingDoneThreshReadl();
          } else if (n == RDMA_TIMEOUT_R && o.arg(0) == 0) {
            coal.rdmaTimeoutReadl();
          } else {
            throw PortBridge.cannotApply(c, in, o);
          }
        } else if (o.kind() == NativeOut.MESSAGE) {
          throw PortBridge.cannotApply(c, in, o);
        } else if (n == RET) {
          ret = o.value();
        } else if (n == USECS) {
          ring.rxCoalesceUsecs = o.value() & 0xFFFF_FFFFL;
        } else if (n == FRAMES) {
          ring.rxMaxCoalescedFrames = o.value() & 0xFFFF_FFFFL;
        } else if (n == USE_DIM) {
          ring.dim.useDim = (int) o.value();
        } else if (n == STATE) {
          ring.dim.dim.state = (int) o.value();
        } else if (n == WORK) {
          // INIT_WORK: the model's work item, made once, runs the (bridged) dim work
          if (o.value() != 0 && ring.dim.dim.work == null) {
            ring.dim.dim.work = new WorkItem(priv.dev.kernel(), priv.dev.name() + "-dim",
                () -> coal.dimWork(ring));
          }
        } else if (n == MODE) {
          ring.dim.dim.mode = (int) o.value();
        } else if (n == EVENT_CTR) {
          ring.dim.eventCtr = (int) o.value();
        } else if (n == PACKETS) {
          ring.dim.packets = o.value();
        } else if (n == BYTES) {
          ring.dim.bytes = o.value();
        } else if (ec != null && n == EC_RX_USECS) {
          ec.set(CoalesceParam.RX_USECS, o.value());
        } else if (ec != null && n == EC_RX_FRAMES) {
          ec.set(CoalesceParam.RX_MAX_FRAMES, o.value());
        } else if (ec != null && n == EC_TX_FRAMES) {
          ec.set(CoalesceParam.TX_MAX_FRAMES, o.value());
        } else if (ec != null && n == EC_ADAPTIVE) {
          ec.set(CoalesceParam.USE_ADAPTIVE_RX, o.value());
        } else {
          throw PortBridge.cannotApply(c, in, o);
        }
      }
      return ret;
    }
  }
}
