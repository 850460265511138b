package io.nicsim.hostkit;

import io.nicsim.core.cpu.CostOp;
import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.era.Patch;
import io.nicsim.core.era.PatchCatalog;
import io.nicsim.core.host.HostContext;
import io.nicsim.core.host.MacModel;
import io.nicsim.core.host.NicDriver;
import io.nicsim.core.ring.RingDriver;
import io.nicsim.core.net.NetdevQueue;
import io.nicsim.core.net.NetdevTx;
import io.nicsim.core.net.Skb;
import java.util.List;
import javax.inject.Inject;

/**
 * The smallest MAC the SPI allows: core's {@link RingDriver} as it is (one TX and one RX ring,
 * an interrupt per frame in each direction, one NAPI, BQL, no coalescing knobs). It proves that
 * a MAC model needs nothing but core.
 *
 * <p>{@link #faulty()} is the same MAC under the name "faulty" (SoC profile {@code faultysoc})
 * with one deliberate bug per "patch": correct without a patch, each patch breaks exactly one
 * invariant that the periodic audit or an inline check must catch (the audit's own tests).
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

  private static Patch bug(String id, String summary) {
    return new Patch(id, null, "bug: " + summary, null, Patch.Status.VARIANT, summary);
  }

  private final boolean faulty;

  @Inject
  public ExampleMac() {
    this(false);
  }

  private ExampleMac(boolean faulty) {
    this.faulty = faulty;
  }

  /** The example MAC named "faulty", with the bugs above as its patches. */
  public static ExampleMac faulty() {
    return new ExampleMac(true);
  }

  @Override
  public String name() {
    return faulty ? "faulty" : "example";
  }

  @Override
  public String description() {
    return faulty ? "the example MAC with a chosen bug, for the invariant tests"
        : "minimal ring NIC with an interrupt per frame (core's SPI example)";
  }

  @Override
  public KernelVersion defaultKernel() {
    return KernelVersion.of(6, 18);
  }

  @Override
  public PatchCatalog patches() {
    return faulty ? BUGS : PATCHES;
  }

  @Override
  public NicDriver build(HostContext ctx) {
    return faulty ? new Faulty(ctx) : new Driver(ctx);
  }

  private static final class Driver extends RingDriver {
    Driver(HostContext ctx) {
      super(ctx, "example", "eth0");
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
