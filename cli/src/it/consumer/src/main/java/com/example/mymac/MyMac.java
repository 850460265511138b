package com.example.mymac;

import io.nicsim.core.check.RingAudit;
import io.nicsim.core.cpu.CostOp;
import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.era.PatchCatalog;
import io.nicsim.core.era.PatchSet;
import io.nicsim.core.ethtool.CoalesceParam;
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
import io.nicsim.core.nic.InterruptThrottle;
import io.nicsim.core.nic.PerPacketModeration;
import io.nicsim.core.nic.RxDmaEngine;
import io.nicsim.core.nic.TxDmaEngine;
import io.nicsim.core.port.KernelPort;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A complete MAC model in one file (the minimal form of nicsim's ideal MAC): a TX and an RX
 * ring, DMA at line rate, one interrupt line carrying a TX and an RX cause, one NAPI, BQL,
 * and an Intel-style interrupt throttle (ITR) on the line, set with {@code ethtool -C
 * rx-usecs N} as e1000e sets its ITR register.
 */
public final class MyMac implements MacModel {
  static final CostOp XMIT = CostOp.named("mymac_xmit");
  static final CostOp TX_CLEAN = CostOp.named("mymac_tx_clean");
  static final CostOp RX = CostOp.named("mymac_rx");
  public MyMac() {}

  @Override public String name() { return "mymac"; }

  @Override public String description() {
    return "example consumer MAC: one ring each way, one line, an ITR throttle";
  }

  @Override public KernelVersion defaultKernel() { return KernelVersion.of(6, 12); }

  @Override public PatchCatalog patches() { return new PatchCatalog("mymac", List.of()); }

  @Override public NicDriver build(HostContext ctx) { return new Driver(ctx); }

  static final class Driver implements NicDriver, EthtoolOps {
    static final int TX_DONE = 1;
    static final int RX_DONE = 2;
    /** The ITR register counts in 256 ns units (as e1000e's ITR). */
    static final long ITR_UNIT_NS = 256;
    private final Kernel kernel;
    private final NetDevice dev;
    private final PatchSet patches;
    private final DescRing tx;
    private final DescRing rx;
    private final TxDmaEngine txDma;
    private final InterruptRegister irq;
    private final Napi napi;
    private final IrqLine line;
    private final InterruptThrottle itr;
    private long rxUsecs;
    private long itrReg;

    Driver(HostContext ctx) {
      kernel = ctx.kernel();
      dev = ctx.dev();
      patches = ctx.patches();
      ctx.cpu().costs().requireAll(XMIT, TX_CLEAN, RX); // refuse a profile without them
      // optional parameters with their defaults and ranges: a profile may leave them out
      int size = (int) ctx.soc().param("mymac_ring", 256, 64, 4096);
      tx = new DescRing("tx", size);
      rx = new DescRing("rx", size);
      line = ctx.newIrqLine("eth0");
      // the throttle sits between the status register and the line: at most one assertion
      // per interval, whichever causes are pending; 0 (the default) is off
      itr = new InterruptThrottle(kernel);
      irq = new InterruptRegister(line).nameCause(TX_DONE, "tx").nameCause(RX_DONE, "rx")
          .throttle(itr);
      line.request(l -> interrupt());
      txDma = new TxDmaEngine(ctx.sim(), tx, ctx.link(),
          ctx.soc().param("mymac_fetch_ns", 500, 0, 1_000_000),
          (first, last, ic) -> irq.set(TX_DONE));
      ctx.link().attachNic(new RxDmaEngine(rx, new PerPacketModeration(() -> irq.set(RX_DONE))));
      napi = new Napi(kernel, "eth0", "eth0", (n, budget) -> poll(budget), 64);
    }

    @Override public void open() {
      for (int i = 0; i < rx.size(); i++) {
        rx.set(i, DescRing.IC);
        rx.setOwn(i);
      }
      napi.enable();
      irq.setEnable(TX_DONE | RX_DONE);
    }

    @Override public void stop() {
      napi.disable();
      irq.setEnable(0);
    }

    /** Free descriptors between cur and dirty, one slot kept empty (as fec counts them). */
    @KernelPort(file = "drivers/net/ethernet/freescale/fec_main.c",
        function = "fec_enet_get_free_txdesc_num", versions = "v5.10..v6.17",
        source = "Kingxukai/linux@9b44fff655e2c6f4cc53cb499dd2c038e99cb013",
        notes = "ring indices instead of descriptor pointers shifted by dsize_log2")
    int getFreeTxdescNum() {
      int entries = tx.dirty - tx.cur - 1;
      return entries >= 0 ? entries : entries + tx.size();
    }

    @Override public int startXmit(Skb skb, NetdevQueue txq) {
      if (getFreeTxdescNum() < 1) {
        txq.stop();
        return NetdevTx.NETDEV_TX_BUSY;
      }
      kernel.thisCpu().charge(XMIT);
      int entry = tx.cur;
      tx.setBufLen(entry, skb.len);
      tx.setSkb(entry, skb);
      tx.set(entry, DescRing.FS | DescRing.LS | DescRing.IC);
      tx.setOwn(entry);
      tx.cur = tx.next(entry);
      txq.sentQueue(skb.len);
      if (getFreeTxdescNum() < 1) {
        txq.stop();
      }
      txDma.doorbell(kernel.thisCpu().cursor());
      return NetdevTx.NETDEV_TX_OK;
    }

    private boolean interrupt() {
      int status = irq.pending();
      irq.ack(status);
      if (napi.schedulePrep()) {
        irq.setEnable(0);
        napi.schedule();
      }
      return status != 0;
    }

    private int poll(int budget) {
      int pkts = 0;
      int bytes = 0;
      while (tx.dirty != tx.cur && !tx.own(tx.dirty)) {
        kernel.thisCpu().charge(TX_CLEAN);
        Skb skb = tx.skb(tx.dirty);
        pkts++;
        bytes += skb.len;
        skb.free();
        tx.reset(tx.dirty);
        tx.dirty = tx.next(tx.dirty);
      }
      NetdevQueue txq = dev.queue(0);
      txq.completedQueue(pkts, bytes);
      if (txq.stopped() && getFreeTxdescNum() > tx.size() / 4) {
        txq.wake();
      }
      int work = 0;
      while (work < budget && !rx.own(rx.dirty)) {
        int i = rx.dirty;
        kernel.thisCpu().charge(RX);
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

    @Override public long skbsHeld() { return RingAudit.tx(tx, tx.dirty, tx.cur).skbs(); }

    @Override public EthtoolOps ethtool() { return this; }

    @Override public PatchSet patchSet() { return patches; }

    /** tx_irq / rx_irq: the line's assertions that carried each cause (core counts them). */
    @Override public SortedMap<String, Long> counters() {
      return new TreeMap<>(java.util.Map.of("tx_irq", line.causeCount("tx"), "rx_irq",
          line.causeCount("rx"), "napi_poll", napi.pollCount(), "itr_held", itr.heldCount()));
    }

    @Override public int supportedCoalesceParams() {
      return CoalesceParam.RX_USECS.bit(); // anything else: EOPNOTSUPP before the driver
    }

    @Override public void getCoalesce(EthtoolCoalesce out) {
      out.rxCoalesceUsecs(rxUsecs);
    }

    /**
     * rx-usecs as e1000e's set_coalesce takes it (its adaptive modes 1..4 are not modelled
     * here): 0 is off, 10..10000 µs an interrupt rate of 10^6 / N per second, written to the
     * ITR register in 256 ns units; the interval is what the register holds.
     */
    @Override public void setCoalesce(EthtoolCoalesce in) throws KernelException {
      long us = in.rxCoalesceUsecs();
      if (us != 0 && (us < 10 || us > 10_000)) {
        throw new KernelException(Errno.EINVAL);
      }
      long itrPerSec = us == 0 ? 0 : 1_000_000 / us;
      itrReg = itrPerSec == 0 ? 0 : 1_000_000_000L / (itrPerSec * ITR_UNIT_NS);
      rxUsecs = us;
      itr.setIntervalNs(itrReg * ITR_UNIT_NS);
    }

    @Override public String coalesceLimits() {
      return "rx-usecs 0 or 10..10000";
    }

    @Override public SortedMap<String, Long> coalesceRegisters() {
      return new TreeMap<>(java.util.Map.of("ITR", itrReg));
    }
  }
}
