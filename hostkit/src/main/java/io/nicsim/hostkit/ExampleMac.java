package io.nicsim.hostkit;

import io.nicsim.core.cpu.CostOp;
import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.era.Patch;
import io.nicsim.core.era.PatchCatalog;
import io.nicsim.core.ethtool.CoalesceParam;
import io.nicsim.core.ethtool.EthtoolCoalesce;
import io.nicsim.core.host.HostContext;
import io.nicsim.core.host.MacModel;
import io.nicsim.core.host.NicDriver;
import io.nicsim.core.kernel.Errno;
import io.nicsim.core.kernel.HrTimer;
import io.nicsim.core.kernel.KernelException;
import io.nicsim.core.ring.RingDriver;
import io.nicsim.core.net.NetdevQueue;
import io.nicsim.core.net.NetdevTx;
import io.nicsim.core.net.Skb;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import javax.inject.Inject;

/**
 * The smallest MAC the SPI allows: core's {@link RingDriver} as it is (one TX and one RX ring,
 * an interrupt per frame in each direction, one NAPI, BQL, no coalescing knobs). It proves that
 * a MAC model needs nothing but core.
 *
 * <p>Three options, each an optional profile parameter that is off when the profile has none,
 * bring it closer to a real MAC for the tests that need one (tcp-stack's TSQ and GRO tests):
 * <ul>
 *   <li>{@code example_napis} 1..2: 2 gives a TX NAPI ({@code eth0-tx}) and an RX NAPI
 *       ({@code eth0-rx}) instead of one for both directions;
 *   <li>{@code example_tso} 0..1: 1 lets the device and the TX DMA take TSO skbs (without it
 *       the stack segments in software);
 *   <li>{@code example_tx_clean_period_ns} 0..1e9: above 0, no TX descriptor asks for an
 *       interrupt and an hrtimer of that period schedules the TX NAPI instead, so completions
 *       are held back up to a period (what TSQ sees on a MAC with coarse TX coalescing).
 * </ul>
 *
 * <p>{@link #faulty()} is the same MAC under the name "faulty" (SoC profile {@code faultysoc})
 * with one deliberate bug per "patch": correct without a patch, each patch breaks exactly one
 * invariant that the periodic audit or an inline check must catch (the audit's own tests).
 *
 * <p>{@link #knob()} is the same MAC under the name "knob" (SoC profile {@code knobsoc}) with
 * coalescing knobs the driver only stores, a register view of them and a made-up patch
 * catalog: what the command-line tests of {@code ethtool}, {@code list}, sweeps and uncertainty
 * samples need of a MAC, without a real driver's rules.
 */
public final class ExampleMac implements MacModel {
  static final CostOp XMIT = CostOp.named("example_xmit");
  static final CostOp TX_CLEAN = CostOp.named("example_tx_clean");
  static final CostOp RX = CostOp.named("example_rx");
  private static final PatchCatalog PATCHES = new PatchCatalog("example", List.of());

  /** TX clean forgets to free the skb. */
  public static final Patch LEAK = bug("leak", "TX clean drops the skb without freeing it");
  /** xmit frees the skb it has just mapped; clean then skips it. */
  public static final Patch FREE_ON_XMIT =
      bug("free-on-xmit", "the skb is freed while its descriptor still points to it");
  /** Each poll hands the descriptor before dirty (already cleaned) back to the DMA. */
  public static final Patch OWN_AFTER_CLEAN =
      bug("own-after-clean", "OWN set again on a cleaned descriptor");
  /** The interrupt claims the NAPI but never puts it on a poll list. */
  public static final Patch NAPI_LOST =
      bug("napi-lost", "napi_schedule_prep without __napi_schedule");
  /** BQL is told one byte more completed than was sent. */
  public static final Patch BQL_OVER = bug("bql-over", "netdev_tx_completed_queue over-counts");
  /** TX clean drops the socket's destructor before freeing: sk_wmem_alloc never returns. */
  public static final Patch NO_DESTRUCTOR =
      bug("no-destructor", "skb freed without its destructor");
  /** The driver reports one skb more than its rings hold. */
  public static final Patch OVERCOUNT = bug("overcount", "skbsHeld counts one skb too many");

  private static final PatchCatalog BUGS = new PatchCatalog("faulty",
      List.of(LEAK, FREE_ON_XMIT, OWN_AFTER_CLEAN, NAPI_LOST, BQL_OVER, NO_DESTRUCTOR,
          OVERCOUNT));

  /** Breaks a run whose udp_sendmsg costs more than this (the uncertainty-study fixture). */
  public static final long FRAGILE_ABOVE_NS = 2_200;
  /** knob's made-up bug: the first xmit throws when udp_sendmsg costs too much. */
  public static final Patch FRAGILE = new Patch("fragile", null, "knob: a made-up bug that"
      + " breaks a run whose udp_sendmsg costs more than " + FRAGILE_ABOVE_NS + " ns"
      + " (uncertainty-study fixture)", null, Patch.Status.PROPOSED, "the first xmit throws");
  private static final PatchCatalog KNOB_PATCHES = new PatchCatalog("knob", List.of(
      new Patch("fast-path", "0123456789ab", "knob: a made-up mainline patch",
          KernelVersion.of(6, 7), Patch.Status.MAINLINE, "nothing"),
      new Patch("what-if", null, "knob: a made-up proposal", null, Patch.Status.PROPOSED,
          "nothing"),
      FRAGILE));

  private static Patch bug(String id, String summary) {
    return new Patch(id, null, "bug: " + summary, null, Patch.Status.VARIANT, summary);
  }

  /** Which of the three MACs this model is: each has its own name, profiles and patches. */
  private enum Variant { EXAMPLE, FAULTY, KNOB }

  private final Variant variant;

  @Inject
  public ExampleMac() {
    this(Variant.EXAMPLE);
  }

  private ExampleMac(Variant variant) {
    this.variant = variant;
  }

  /** The example MAC named "faulty", with the bugs above as its patches. */
  public static ExampleMac faulty() {
    return new ExampleMac(Variant.FAULTY);
  }

  /** The example MAC named "knob": stored coalescing knobs, registers, made-up patches. */
  public static ExampleMac knob() {
    return new ExampleMac(Variant.KNOB);
  }

  @Override
  public String name() {
    return switch (variant) {
      case EXAMPLE -> "example";
      case FAULTY -> "faulty";
      case KNOB -> "knob";
    };
  }

  @Override
  public String description() {
    return switch (variant) {
      case EXAMPLE -> "minimal ring NIC with an interrupt per frame (core's SPI example)";
      case FAULTY -> "the example MAC with a chosen bug, for the invariant tests";
      case KNOB -> "example MAC with coalescing knobs (bench test fixture)";
    };
  }

  @Override
  public KernelVersion defaultKernel() {
    return variant == Variant.KNOB ? KernelVersion.of(6, 7) : KernelVersion.of(6, 18);
  }

  @Override
  public PatchCatalog patches() {
    return switch (variant) {
      case EXAMPLE -> PATCHES;
      case FAULTY -> BUGS;
      case KNOB -> KNOB_PATCHES;
    };
  }

  @Override
  public NicDriver build(HostContext ctx) {
    return switch (variant) {
      case EXAMPLE -> new Driver(ctx);
      case FAULTY -> new Faulty(ctx);
      case KNOB -> new Knob(ctx);
    };
  }

  /** The reference data path with the options its profile turns on. */
  private static class Driver extends RingDriver {
    private final long cleanPeriodNs;
    private final HrTimer cleanTimer; // null without a periodic clean

    Driver(HostContext ctx) {
      super(ctx, "example", ctx.soc().param("example_napis", 1, 1, 2) == 2
          ? new String[] {"eth0-tx", "eth0-rx"} : new String[] {"eth0"});
      if (ctx.soc().param("example_tso", 0, 0, 1) == 1) {
        txDma.setTso(true);
        dev.setTso(true);
      }
      cleanPeriodNs = ctx.soc().param("example_tx_clean_period_ns", 0, 0, 1_000_000_000);
      cleanTimer = cleanPeriodNs == 0 ? null : new HrTimer(kernel, "example_tx_clean", t -> {
        if (txNapi.schedulePrep()) {
          txNapi.schedule();
        }
        t.forwardNow(cleanPeriodNs);
        return HrTimer.Restart.RESTART;
      });
    }

    /** With a periodic clean, no completion interrupt at all: the clean timer frees skbs. */
    @Override
    protected boolean txIrqPerFrame() {
      return cleanTimer == null;
    }

    /** With a periodic clean, the queued clean timer is what frees the ring. */
    @Override
    public Cleaner txCleaner(int queue) {
      Cleaner c = super.txCleaner(queue);
      return c == Cleaner.NOTHING && cleanTimer != null && cleanTimer.isQueued()
          ? Cleaner.TIMER_QUEUED : c;
    }

    @Override
    public int startXmit(Skb skb, NetdevQueue txq) {
      if (!mapTx(skb, txq)) {
        return NetdevTx.NETDEV_TX_BUSY;
      }
      doorbell();
      if (cleanTimer != null && !cleanTimer.isQueued() && !cleanTimer.callbackRunning()) {
        long now = kernel.thisCpu().cursor();
        cleanTimer.start(cleanPeriodNs - now % cleanPeriodNs);
      }
      return NetdevTx.NETDEV_TX_OK;
    }
  }

  /** knob: the stored knobs (refused above 10000 µs) and +fragile's throw. */
  private static final class Knob extends Driver {
    private final long sendmsgNs;
    private long rxUsecs = 1000;
    private long txUsecs = 1000;
    private long txFrames = 25;

    Knob(HostContext ctx) {
      super(ctx);
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

  /** The bugs, each where the correct driver does the step it breaks. */
  private static final class Faulty extends RingDriver {
    private final boolean leak;
    private final boolean freeOnXmit;
    private final boolean ownAfterClean;
    private final boolean napiLost;
    private final boolean bqlOver;
    private final boolean noDestructor;
    private final boolean overcount;

    Faulty(HostContext ctx) {
      super(ctx, "example", "faulty");
      leak = patches.has(LEAK);
      freeOnXmit = patches.has(FREE_ON_XMIT);
      ownAfterClean = patches.has(OWN_AFTER_CLEAN);
      napiLost = patches.has(NAPI_LOST);
      bqlOver = patches.has(BQL_OVER);
      noDestructor = patches.has(NO_DESTRUCTOR);
      overcount = patches.has(OVERCOUNT);
    }

    @Override
    public int startXmit(Skb skb, NetdevQueue txq) {
      if (!mapTx(skb, txq)) {
        return NetdevTx.NETDEV_TX_BUSY;
      }
      if (freeOnXmit) {
        skb.free();
      }
      doorbell();
      return NetdevTx.NETDEV_TX_OK;
    }

    @Override
    protected boolean interrupt() {
      if (!napiLost) {
        return super.interrupt();
      }
      int status = irq.pending();
      irq.ack(status);
      if (txNapi.schedulePrep()) {
        irq.setEnable(0); // claimed and masked, never put on a poll list
      }
      return status != 0;
    }

    @Override
    protected void freeTx(Skb skb) {
      if (noDestructor) {
        skb.destructor = null;
      }
      if (!leak && !skb.isFreed()) {
        skb.free();
      }
    }

    @Override
    protected void txCompleted(NetdevQueue txq, int pkts, int bytes) {
      if (ownAfterClean && pkts > 0) {
        int behind = tx.wrap(tx.dirty - 1);
        if (!tx.own(behind)) {
          tx.setOwn(behind);
        }
      }
      super.txCompleted(txq, pkts, bytes + (bqlOver && pkts > 0 ? 1 : 0));
    }

    @Override
    public long skbsHeld() {
      return super.skbsHeld() + (overcount ? 1 : 0);
    }
  }
}
