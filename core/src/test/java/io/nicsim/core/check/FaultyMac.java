package io.nicsim.core.check;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.CostOp;
import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.era.Patch;
import io.nicsim.core.era.PatchCatalog;
import io.nicsim.core.era.PatchSet;
import io.nicsim.core.ethtool.EthtoolCoalesce;
import io.nicsim.core.ethtool.EthtoolOps;
import io.nicsim.core.host.HostContext;
import io.nicsim.core.host.MacModel;
import io.nicsim.core.host.NicDriver;
import io.nicsim.core.kernel.Errno;
import io.nicsim.core.kernel.IrqLine;
import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.kernel.KernelException;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.net.NetDevice;
import io.nicsim.core.net.NetdevQueue;
import io.nicsim.core.net.NetdevTx;
import io.nicsim.core.net.Skb;
import io.nicsim.core.nic.DescRing;
import io.nicsim.core.nic.InterruptRegister;
import io.nicsim.core.nic.PerPacketModeration;
import io.nicsim.core.nic.RxDmaEngine;
import io.nicsim.core.nic.TxDmaEngine;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import javax.inject.Inject;

/**
 * A deliberately broken MAC for the invariant tests: the example MAC's driver with one bug per
 * "patch" (SoC profile {@code faultysoc}). Without a patch it is correct; each patch breaks
 * exactly one invariant the audit or an inline check must catch.
 */
public final class FaultyMac implements MacModel {
  static final CostOp XMIT = CostOp.named("example_xmit");
  static final CostOp TX_CLEAN = CostOp.named("example_tx_clean");
  static final CostOp RX = CostOp.named("example_rx");

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

  private static final PatchCatalog PATCHES = new PatchCatalog("faulty",
      List.of(LEAK, FREE_ON_XMIT, OWN_AFTER_CLEAN, NAPI_LOST, BQL_OVER, NO_DESTRUCTOR,
          OVERCOUNT));

  private static Patch bug(String id, String summary) {
    return new Patch(id, null, "bug: " + summary, null, Patch.Status.VARIANT, summary);
  }

  @Inject
  public FaultyMac() {}

  @Override
  public String name() {
    return "faulty";
  }

  @Override
  public String description() {
    return "the example MAC with a chosen bug, for the invariant tests";
  }

  @Override
  public KernelVersion defaultKernel() {
    return KernelVersion.of(6, 18);
  }

  @Override
  public PatchCatalog patches() {
    return PATCHES;
  }

  @Override
  public NicDriver build(HostContext ctx) {
    return new Driver(ctx);
  }

  private static final class Driver implements NicDriver, EthtoolOps {
    static final int TX_DONE = 1;
    static final int RX_DONE = 2;
    private final Kernel kernel;
    private final NetDevice dev;
    private final PatchSet patches;
    private final DescRing tx;
    private final DescRing rx;
    private final TxDmaEngine txDma;
    private final InterruptRegister irq;
    private final Napi napi;
    private final boolean leak;
    private final boolean freeOnXmit;
    private final boolean ownAfterClean;
    private final boolean napiLost;
    private final boolean bqlOver;
    private final boolean noDestructor;
    private final boolean overcount;

    Driver(HostContext ctx) {
      kernel = ctx.kernel();
      dev = ctx.dev();
      patches = ctx.patches();
      leak = patches.has(LEAK);
      freeOnXmit = patches.has(FREE_ON_XMIT);
      ownAfterClean = patches.has(OWN_AFTER_CLEAN);
      napiLost = patches.has(NAPI_LOST);
      bqlOver = patches.has(BQL_OVER);
      noDestructor = patches.has(NO_DESTRUCTOR);
      overcount = patches.has(OVERCOUNT);
      int size = (int) ctx.soc().param("example_ring").asLong();
      tx = new DescRing("tx", size);
      rx = new DescRing("rx", size);
      IrqLine line = ctx.newIrqLine("eth0");
      irq = new InterruptRegister(line);
      line.request(l -> interrupt());
      txDma = new TxDmaEngine(ctx.sim(), tx, ctx.link(),
          ctx.soc().param("example_fetch_ns").asLong(), (f, l, ic) -> irq.set(TX_DONE));
      RxDmaEngine rxDma = new RxDmaEngine(rx, new PerPacketModeration(() -> irq.set(RX_DONE)));
      ctx.link().attachNic(rxDma);
      napi = new Napi(kernel, "faulty", "eth0", (n, budget) -> poll(budget), 64);
    }

    @Override
    public void open() {
      for (int i = 0; i < rx.size(); i++) {
        rx.set(i, DescRing.IC);
        rx.setOwn(i);
      }
      napi.enable();
      irq.setEnable(TX_DONE | RX_DONE);
    }

    @Override
    public void stop() {
      napi.disable();
      irq.setEnable(0);
    }

    @Override
    public int startXmit(Skb skb, NetdevQueue txq) {
      Core core = kernel.thisCpu();
      if (tx.avail() < 1) {
        txq.stop();
        return NetdevTx.NETDEV_TX_BUSY;
      }
      core.charge(XMIT);
      int entry = tx.cur;
      tx.setBufLen(entry, skb.len);
      tx.setSkb(entry, skb);
      tx.set(entry, DescRing.FS | DescRing.LS | DescRing.IC);
      tx.setOwn(entry);
      tx.cur = tx.next(entry);
      txq.sentQueue(skb.len);
      if (freeOnXmit) {
        skb.free();
      }
      if (tx.avail() < 1) {
        txq.stop();
      }
      txDma.doorbell(core.cursor());
      return NetdevTx.NETDEV_TX_OK;
    }

    private boolean interrupt() {
      int status = irq.pending();
      irq.ack(status);
      if (napi.schedulePrep()) {
        irq.setEnable(0);
        if (!napiLost) {
          napi.schedule();
        }
      }
      return status != 0;
    }

    private int poll(int budget) {
      Core core = kernel.thisCpu();
      int pkts = 0;
      int bytes = 0;
      boolean cleaned = false;
      while (tx.dirty != tx.cur && !tx.own(tx.dirty)) {
        core.charge(TX_CLEAN);
        Skb skb = tx.skb(tx.dirty);
        pkts++;
        bytes += skb.len;
        if (noDestructor) {
          skb.destructor = null;
        }
        if (!leak && !skb.isFreed()) {
          skb.free();
        }
        tx.reset(tx.dirty);
        tx.dirty = tx.next(tx.dirty);
        cleaned = true;
      }
      if (ownAfterClean && cleaned) {
        int behind = tx.wrap(tx.dirty - 1);
        if (!tx.own(behind)) {
          tx.setOwn(behind);
        }
      }
      NetdevQueue txq = dev.queue(0);
      txq.completedQueue(pkts, bytes + (bqlOver && pkts > 0 ? 1 : 0));
      if (txq.stopped() && tx.avail() > tx.size() / 4) {
        txq.wake();
      }
      int work = 0;
      while (work < budget && !rx.own(rx.dirty)) {
        int i = rx.dirty;
        core.charge(RX);
        Skb skb = dev.skbs().alloc(rx.bufLen(i), rx.bufLen(i) + 576);
        skb.payload = rx.payload(i);
        skb.payloadOffset = rx.payloadOffset(i);
        rx.reset(i);
        rx.set(i, DescRing.IC);
        rx.setOwn(i);
        rx.dirty = rx.next(i);
        dev.receive(napi, skb);
        work++;
      }
      if (work < budget && napi.completeDone(work)) {
        irq.setEnable(TX_DONE | RX_DONE);
      }
      return work;
    }

    @Override
    public long skbsHeld() {
      int held = 0;
      for (int i = tx.dirty; i != tx.cur; i = tx.next(i)) {
        if (tx.skb(i) != null) {
          held++;
        }
      }
      return held + (overcount ? 1 : 0);
    }

    @Override
    public void checkInvariants() {
      RingAudit.tx(tx, tx.dirty, tx.cur);
    }

    @Override
    public EthtoolOps ethtool() {
      return this;
    }

    @Override
    public PatchSet patchSet() {
      return patches;
    }

    @Override
    public SortedMap<String, Long> counters() {
      SortedMap<String, Long> m = new TreeMap<>();
      m.put("napi_poll", napi.pollCount());
      return m;
    }

    @Override
    public int supportedCoalesceParams() {
      return 0;
    }

    @Override
    public void getCoalesce(EthtoolCoalesce out) {}

    @Override
    public void setCoalesce(EthtoolCoalesce in) throws KernelException {
      throw new KernelException(Errno.EOPNOTSUPP);
    }
  }
}
