package io.nicsim.cli.testkit;

import io.nicsim.core.cpu.CostOp;
import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.era.Patch;
import io.nicsim.core.era.PatchCatalog;
import io.nicsim.core.ethtool.CoalesceParam;
import io.nicsim.core.ethtool.EthtoolCoalesce;
import io.nicsim.core.host.HostContext;
import io.nicsim.core.host.MacModel;
import io.nicsim.core.host.NicDriver;
import io.nicsim.core.ring.RingDriver;
import io.nicsim.core.kernel.Errno;
import io.nicsim.core.kernel.KernelException;
import io.nicsim.core.net.NetdevQueue;
import io.nicsim.core.net.Skb;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A test MAC with coalescing knobs: the example MAC's hardware and data path (core's
 * {@link RingDriver}), plus rx-usecs/tx-usecs/tx-frames that the driver stores (and refuses
 * above 10000 µs with -EINVAL and a message), a register view, and a patch catalog. It exercises the ethtool and list
 * commands; the knobs do not change the data path.
 */
public final class KnobMac implements MacModel {
  /** Breaks a run whose udp_sendmsg costs more than this (the uncertainty-study fixture). */
  static final long FRAGILE_ABOVE_NS = 2_200;
  static final Patch FRAGILE = new Patch("fragile", null, "knob: a made-up bug that breaks a run"
      + " whose udp_sendmsg costs more than " + FRAGILE_ABOVE_NS + " ns (uncertainty-study"
      + " fixture)", null, Patch.Status.PROPOSED, "the first xmit throws");
  static final PatchCatalog PATCHES = new PatchCatalog("knob", List.of(
      new Patch("fast-path", "0123456789ab", "knob: a made-up mainline patch",
          KernelVersion.of(6, 7), Patch.Status.MAINLINE, "nothing"),
      new Patch("what-if", null, "knob: a made-up proposal", null, Patch.Status.PROPOSED,
          "nothing"),
      FRAGILE));

  public KnobMac() {}

  @Override
  public String name() {
    return "knob";
  }

  @Override
  public String description() {
    return "example MAC with coalescing knobs (bench test fixture)";
  }

  @Override
  public KernelVersion defaultKernel() {
    return KernelVersion.of(6, 7);
  }

  @Override
  public PatchCatalog patches() {
    return PATCHES;
  }

  @Override
  public NicDriver build(HostContext ctx) {
    return new Driver(ctx);
  }

  /** The example MAC's data path (core's RingDriver on the example's costs) with knobs. */
  private static final class Driver extends RingDriver {
    private final long sendmsgNs;
    private long rxUsecs = 1000;
    private long txUsecs = 1000;
    private long txFrames = 25;

    Driver(HostContext ctx) {
      super(ctx, "example", "eth0");
      sendmsgNs = ctx.cpu().costs().require(CostOp.named("udp_sendmsg"));
    }

    @Override
    public int startXmit(Skb skb, NetdevQueue txq) {
      if (patches.has(FRAGILE) && sendmsgNs > FRAGILE_ABOVE_NS) {
        throw new IllegalStateException("knob +fragile: udp_sendmsg costs " + sendmsgNs
            + " ns, above " + FRAGILE_ABOVE_NS);
      }
      return super.startXmit(skb, txq);
    }

    @Override
    public SortedMap<String, Long> coalesceRegisters() {
      SortedMap<String, Long> m = new TreeMap<>();
      m.put("RXIC", 0x80000000L | (txFrames << 20) | rxUsecs);
      m.put("TXIC", 0x80000000L | (txFrames << 20) | txUsecs);
      return m;
    }

    @Override
    public int supportedCoalesceParams() {
      return CoalesceParam.USECS | CoalesceParam.TX_MAX_FRAMES.bit();
    }

    @Override
    public void getCoalesce(EthtoolCoalesce out) {
      out.rxCoalesceUsecs(rxUsecs).txCoalesceUsecs(txUsecs).txMaxCoalescedFrames(txFrames);
    }

    @Override
    public void setCoalesce(EthtoolCoalesce in) throws KernelException {
      if (in.rxCoalesceUsecs() > 10_000 || in.txCoalesceUsecs() > 10_000) {
        throw new KernelException(Errno.EINVAL, "knob: usecs above 10000 are not supported");
      }
      rxUsecs = in.rxCoalesceUsecs();
      txUsecs = in.txCoalesceUsecs();
      txFrames = in.txMaxCoalescedFrames();
    }
  }
}
