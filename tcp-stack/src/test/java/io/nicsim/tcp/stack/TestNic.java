package io.nicsim.tcp.stack;

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
import io.nicsim.core.kernel.HrTimer;
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
 * tcp-model's test NIC, built on core's SPI only: a TX ring whose transmitted skbs are freed
 * either right after each frame's write-back (a TX interrupt per frame) or only by a periodic
 * clean every {@code testnic_tx_clean_period_ns} (no TX interrupt at all), a per-frame RX
 * interrupt, separate TX and RX NAPI contexts, BQL, optional TSO.
 */
public final class TestNic implements MacModel {
  static final CostOp XMIT = CostOp.named("testnic_xmit");
  static final CostOp TX_CLEAN = CostOp.named("testnic_tx_clean");
  static final CostOp RX = CostOp.named("testnic_rx");
  private static final PatchCatalog PATCHES = new PatchCatalog("testnic", List.of());

  @Inject
  public TestNic() {}

  @Override
  public String name() {
    return "testnic";
  }

  @Override
  public String description() {
    return "tcp-model's test NIC: per-frame or periodic TX completion";
  }

  @Override
  public KernelVersion defaultKernel() {
    return KernelVersion.of(6, 17);
  }

  @Override
  public PatchCatalog patches() {
    return PATCHES;
  }

  @Override
  public NicDriver build(HostContext ctx) {
    return new Driver(ctx);
  }

  /** The driver instance; package-visible so tests can read its counters. */
  static final class Driver implements NicDriver, EthtoolOps {
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
    private final Napi txNapi;
    private final Napi rxNapi;
    private final long cleanPeriodNs;
    private final HrTimer cleanTimer;
    private long txIrqs;
    private long rxIrqs;
    private long cleaned;

    Driver(HostContext ctx) {
      kernel = ctx.kernel();
      dev = ctx.dev();
      patches = ctx.patches();
      ctx.cpu().costs().requireAll(XMIT, TX_CLEAN, RX);
      int size = (int) ctx.soc().param("testnic_ring").asLong();
      boolean tso = ctx.soc().param("testnic_tso").asLong() != 0;
      cleanPeriodNs = ctx.soc().param("testnic_tx_clean_period_ns").asLong();
      tx = new DescRing("tx", size);
      rx = new DescRing("rx", size);
      IrqLine line = ctx.newIrqLine("eth0");
      irq = new InterruptRegister(line);
      line.request(l -> interrupt());
      txDma = new TxDmaEngine(ctx.sim(), tx, ctx.link(),
          ctx.soc().param("testnic_fetch_ns").asLong(), (f, l, ic) -> {
            if (ic) {
              irq.set(TX_DONE);
            }
          });
      txDma.setTso(tso);
      dev.setTso(tso);
      rxDma = new RxDmaEngine(rx, new PerPacketModeration(() -> irq.set(RX_DONE)));
      ctx.link().attachNic(rxDma);
      txNapi = new Napi(kernel, "eth0-tx", "eth0", (n, budget) -> txPoll(budget), 64);
      rxNapi = new Napi(kernel, "eth0-rx", "eth0", (n, budget) -> rxPoll(budget), 64);
      cleanTimer = new HrTimer(kernel, "testnic_tx_clean", t -> {
        if (txNapi.schedulePrep()) {
          txNapi.schedule();
        }
        t.forwardNow(cleanPeriodNs);
        return HrTimer.Restart.RESTART;
      });
    }

    @Override
    public void open() {
      for (int i = 0; i < rx.size(); i++) {
        rx.set(i, DescRing.IC);
        rx.setOwn(i);
      }
      txNapi.enable();
      rxNapi.enable();
      irq.setEnable(TX_DONE | RX_DONE);
    }

    @Override
    public void stop() {
      txNapi.disable();
      rxNapi.disable();
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
      // periodic mode: no completion interrupt at all, the clean timer frees skbs
      tx.set(entry, DescRing.FS | DescRing.LS | (cleanPeriodNs == 0 ? DescRing.IC : 0));
      tx.setOwn(entry);
      tx.cur = tx.next(entry);
      txq.sentQueue(skb.len);
      if (tx.avail() < 1) {
        txq.stop();
      }
      txDma.doorbell(core.cursor());
      if (cleanPeriodNs > 0 && !cleanTimer.isQueued() && !cleanTimer.callbackRunning()) {
        cleanTimer.start(cleanPeriodNs - core.cursor() % cleanPeriodNs);
      }
      return NetdevTx.NETDEV_TX_OK;
    }

    private boolean interrupt() {
      int status = irq.pending();
      irq.ack(status);
      if ((status & TX_DONE) != 0) {
        txIrqs++;
        if (txNapi.schedulePrep()) {
          irq.setEnable(irq.enable() & ~TX_DONE);
          txNapi.schedule();
        }
      }
      if ((status & RX_DONE) != 0) {
        rxIrqs++;
        if (rxNapi.schedulePrep()) {
          irq.setEnable(irq.enable() & ~RX_DONE);
          rxNapi.schedule();
        }
      }
      return status != 0;
    }

    private int txPoll(int budget) {
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
      cleaned += pkts;
      NetdevQueue txq = dev.queue(0);
      txq.completedQueue(pkts, bytes);
      if (txq.stopped() && tx.avail() > tx.size() / 4) {
        txq.wake();
      }
      if (txNapi.completeDone(0)) {
        irq.setEnable(irq.enable() | TX_DONE);
      }
      return 0;
    }

    private int rxPoll(int budget) {
      Core core = kernel.thisCpu();
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
        dev.receive(rxNapi, skb);
        work++;
      }
      if (work < budget && rxNapi.completeDone(work)) {
        irq.setEnable(irq.enable() | RX_DONE);
      }
      return work;
    }

    long txIrqs() {
      return txIrqs;
    }

    long cleanedSkbs() {
      return cleaned;
    }

    @Override
    public long skbsHeld() {
      return io.nicsim.core.check.RingAudit.tx(tx, tx.dirty, tx.cur).skbs();
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
      m.put("tx_clean_skbs", cleaned);
      m.put("napi_poll_tx", txNapi.pollCount());
      m.put("napi_poll_rx", rxNapi.pollCount());
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
