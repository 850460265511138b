package io.nicsim.hostkit;

import io.nicsim.core.check.RingAudit;
import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.CostOp;
import io.nicsim.core.era.KernelVersion;
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
 * The smallest MAC the SPI allows: one TX and one RX ring, an interrupt per frame in each
 * direction, one NAPI, BQL. It proves that a MAC model needs nothing but core.
 */
public final class ExampleMac implements MacModel {
  static final CostOp XMIT = CostOp.named("example_xmit");
  static final CostOp TX_CLEAN = CostOp.named("example_tx_clean");
  static final CostOp RX = CostOp.named("example_rx");
  private static final PatchCatalog PATCHES = new PatchCatalog("example", List.of());

  @Inject
  public ExampleMac() {}

  @Override
  public String name() {
    return "example";
  }

  @Override
  public String description() {
    return "minimal ring NIC with an interrupt per frame (core's SPI example)";
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
    private final RxDmaEngine rxDma;
    private final InterruptRegister irq;
    private final Napi napi;
    private long txIrqs;
    private long rxIrqs;

    Driver(HostContext ctx) {
      kernel = ctx.kernel();
      dev = ctx.dev();
      patches = ctx.patches();
      ctx.cpu().costs().requireAll(XMIT, TX_CLEAN, RX);
      int size = (int) ctx.soc().param("example_ring").asLong();
      tx = new DescRing("tx", size);
      rx = new DescRing("rx", size);
      IrqLine line = ctx.newIrqLine("eth0");
      irq = new InterruptRegister(line);
      line.request(l -> interrupt());
      txDma = new TxDmaEngine(ctx.sim(), tx, ctx.link(),
          ctx.soc().param("example_fetch_ns").asLong(), (f, l, ic) -> irq.set(TX_DONE));
      rxDma = new RxDmaEngine(rx, new PerPacketModeration(() -> irq.set(RX_DONE)));
      ctx.link().attachNic(rxDma);
      napi = new Napi(kernel, "eth0", "eth0", (n, budget) -> poll(budget), 64);
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
      if (tx.avail() < 1) {
        txq.stop();
      }
      txDma.doorbell(core.cursor());
      return NetdevTx.NETDEV_TX_OK;
    }

    private boolean interrupt() {
      int status = irq.pending();
      irq.ack(status);
      txIrqs += (status & TX_DONE) != 0 ? 1 : 0;
      rxIrqs += (status & RX_DONE) != 0 ? 1 : 0;
      if (napi.schedulePrep()) {
        irq.setEnable(0);
        napi.schedule();
      }
      return status != 0;
    }

    private int poll(int budget) {
      Core core = kernel.thisCpu();
      int pkts = 0;
      int bytes = 0;
      while (tx.dirty != tx.cur && !tx.own(tx.dirty)) {
        core.charge(TX_CLEAN);
        Skb skb = tx.skb(tx.dirty);
        pkts++;
        bytes += skb.len;
        skb.free();
        tx.reset(tx.dirty);
        tx.dirty = tx.next(tx.dirty);
      }
      NetdevQueue txq = dev.queue(0);
      txq.completedQueue(pkts, bytes);
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
      return RingAudit.tx(tx, tx.dirty, tx.cur).skbs();
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
      m.put("tx_irq", txIrqs);
      m.put("rx_irq", rxIrqs);
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
