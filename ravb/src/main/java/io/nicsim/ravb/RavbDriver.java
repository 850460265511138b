package io.nicsim.ravb;

import io.nicsim.core.check.TxLiveness;
import io.nicsim.core.config.BadInputException;
import io.nicsim.core.era.PatchSet;
import io.nicsim.core.ethtool.EthtoolOps;
import io.nicsim.core.host.HostContext;
import io.nicsim.core.host.NicDriver;
import io.nicsim.core.kernel.IrqLine;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.net.NetdevQueue;
import io.nicsim.core.net.Skb;
import io.nicsim.core.port.KernelPort;
import java.util.SortedMap;
import java.util.TreeMap;

/** One ravb instance bound to a host: the hardware, the driver state and its ports. */
public final class RavbDriver implements NicDriver, TxLiveness {
  private final RavbPriv priv;
  private final RavbNapi napiPorts;
  private final RavbXmit xmit;
  private final RavbEthtool ethtool = new RavbEthtool();
  private final RavbTxLiveness liveness;

  RavbDriver(HostContext ctx) {
    PatchSet patches = ctx.patches();
    ctx.cpu().costs().requireAll(RavbOps.all());
    if (ctx.dev().numTxQueues() != 1) {
      throw new BadInputException("soc profile " + ctx.soc().name() + ": params.tx_queues = "
          + ctx.dev().numTxQueues() + " (accepted: 1; the model drives the best-effort queue"
          + " only)");
    }
    RavbHwInfo info = RavbHwInfo.of(ctx.soc().param("ravb_hw_info", 0, 0, 3));
    String name = ctx.dev().name();
    IrqLine rxLine;
    IrqLine txLine;
    if (info.multiIrqs) {
      rxLine = ctx.newIrqLine(name + ":rx_be"); // devname:ch, as ravb_setup_irq names it
      txLine = ctx.newIrqLine(name + ":tx_be");
    } else {
      rxLine = ctx.newIrqLine(name);
      txLine = rxLine;
    }
    int numTxDesc = info.alignedTx ? 2 : 1;
    RavbHw hw = new RavbHw(info, ctx.sim(), ctx.link(), rxLine, txLine,
        RavbPriv.BE_RX_RING_SIZE, RavbPriv.BE_TX_RING_SIZE * numTxDesc,
        ctx.soc().param("ravb_tx_fetch_ns", 0, 100_000_000L));
    priv = new RavbPriv(hw, info, patches, ctx.cpu());
    priv.dev = ctx.dev();
    priv.k = new RavbHostKernel(priv);
    ctx.dev().setTso(false); // no NETIF_F_TSO in ravb
    ctx.dev().setDriverName("ravb");
    RavbRx rx = new RavbRx(priv);
    napiPorts = new RavbNapi(priv, rx);
    xmit = new RavbXmit(priv, napiPorts);
    liveness = new RavbTxLiveness(priv);
    if (info.multiIrqs) {
      rxLine.request(line -> napiPorts.dmaInterrupt(line, RavbPriv.RAVB_BE)); // ravb_be_interrupt
      txLine.request(line -> napiPorts.dmaInterrupt(line, RavbPriv.RAVB_BE));
    } else {
      rxLine.request(napiPorts::interrupt);
    }
    probe(ctx.cpu().cores());
  }

  /** The interrupt and NAPI ports (a {@code --ports c} bridge hooks them). */
  RavbNapi napiPorts() {
    return napiPorts;
  }

  /** The xmit's ports (a {@code --ports c} bridge hooks them). */
  RavbXmit xmitPorts() {
    return xmit;
  }

  RavbPriv priv() {
    return priv;
  }

  @KernelPort(file = RavbSources.MAIN_C, function = "ravb_probe",
      versions = RavbSources.VERSIONS, source = RavbSources.S612,
      commits = {"7b39c1814ce3", "65c482bc226a"},
      notes = "only the ring sizes, num_tx_desc, the NAPIs and the software-coalescing and"
          + " threaded-NAPI defaults: netdev_sw_irq_coalesce_default_on from 7b39c1814ce3 and"
          + " dev_set_threaded when one CPU is present from 65c482bc226a (both v6.11, GbEth"
          + " only: coalesce_irqs); clocks, PHY, MDIO, PTP, WoL are not modelled")
  private void probe(int numPresentCpus) {
    priv.numTxRing[RavbPriv.RAVB_BE] = RavbPriv.BE_TX_RING_SIZE;
    priv.numRxRing[RavbPriv.RAVB_BE] = RavbPriv.BE_RX_RING_SIZE;
    if (priv.info.ncQueues) {
      priv.numTxRing[RavbPriv.RAVB_NC] = RavbPriv.NC_TX_RING_SIZE;
      priv.numRxRing[RavbPriv.RAVB_NC] = RavbPriv.NC_RX_RING_SIZE;
    }
    priv.numTxDesc = priv.info.alignedTx ? 2 : 1;
    netifNapiAdd(RavbPriv.RAVB_BE);
    if (priv.info.ncQueues) {
      netifNapiAdd(RavbPriv.RAVB_NC);
    }
    if (priv.info.coalesceIrqs && priv.patches.has(RavbPatches.SW_IRQ_COALESCE_DEFAULT)) {
      priv.dev.swIrqCoalesceDefaultOn();
      if (numPresentCpus == 1 && priv.patches.has(RavbPatches.THREADED_NAPI_ONE_CPU)) {
        priv.dev.napiDevice().setThreaded(1); // dev_set_threaded / netif_threaded_enable
      }
    }
  }

  private void netifNapiAdd(int q) {
    priv.napi[q] = new Napi(priv.dev.kernel(), priv.dev.name() + (q == 0 ? "-be" : "-nc"),
        priv.dev.name(), napiPorts::poll, RavbPriv.NAPI_POLL_WEIGHT);
  }

  /**
   * ravb_open as far as the model goes: NAPI enabled, the rings formatted (every RX descriptor
   * given a buffer and DT_FEMPTY, every TX descriptor DT_EEMPTY, the indices 0, as
   * ravb_ring_format leaves them), the queue interrupts enabled (ravb_dmac_init_gbeth /
   * _rcar's RIC0 and TIC writes), the queues started. The DMAC and E-MAC set-up, PHY and PTP
   * are not modelled.
   */
  @Override
  public void open() {
    for (int q = 0; q < RavbPriv.NUM_RX_QUEUE; q++) {
      if (priv.napi[q] != null) {
        priv.napi[q].enable();
      }
    }
    RavbHw hw = priv.hw;
    int q = RavbPriv.RAVB_BE;
    priv.txSkb[q] = new Skb[priv.numTxRing[q]];
    priv.rxBuf[q] = new long[priv.numRxRing[q]];
    if (priv.info.ncQueues) {
      priv.txSkb[RavbPriv.RAVB_NC] = new Skb[priv.numTxRing[RavbPriv.RAVB_NC]];
      priv.rxBuf[RavbPriv.RAVB_NC] = new long[priv.numRxRing[RavbPriv.RAVB_NC]];
    }
    priv.curRx[q] = 0;
    priv.dirtyRx[q] = 0;
    priv.curTx[q] = 0;
    priv.dirtyTx[q] = 0;
    for (int i = 0; i < priv.numRxRing[q]; i++) {
      priv.rxBuf[q][i] = priv.k.allocRxBuffer(q, i);
      hw.rxDsCc[i] = priv.patches.has(RavbPatches.RX_PAGE_POOL)
          ? RavbRx.rxBufferSize(priv.info) - RavbRx.SHINFO_ALIGNED - 4 + 2
          : priv.info.receive == RavbHwInfo.Receive.GBETH ? RavbRx.GBETH_RX_DESC_DATA_SIZE
              : RavbRx.RX_BUF_SZ;
      hw.setRxDieDt(i, RavbHw.DT_FEMPTY);
    }
    if (priv.info.irqEnDis || priv.info.ncQueues) {
      priv.write(RavbHw.RIC0_FRE0 | RavbHw.RIC0_FRE1, RavbReg.RIC0);
      priv.write(RavbHw.TIC_FTE0 | RavbHw.TIC_FTE1 | RavbHw.TIC_TFUE, RavbReg.TIC);
    } else {
      priv.write(RavbHw.RIC0_FRE0, RavbReg.RIC0);
      priv.write(RavbHw.TIC_FTE0, RavbReg.TIC);
    }
    priv.dev.queue(0).start();
  }

  /** ravb_close: queues stopped, interrupts masked, NAPI disabled, TX ring freed. */
  @Override
  public void stop() {
    priv.dev.queue(0).stop();
    priv.hw.write(RavbReg.RIC0, 0, 0);
    priv.hw.write(RavbReg.TIC, 0, 0);
    for (Napi n : priv.napi) {
      if (n != null) {
        n.disable();
      }
    }
    int q = RavbPriv.RAVB_BE;
    for (int i = 0; i < priv.txSkb[q].length; i++) {
      if (priv.txSkb[q][i] != null) {
        priv.txSkb[q][i].free();
        priv.txSkb[q][i] = null;
      }
    }
  }

  @Override
  public int startXmit(Skb skb, NetdevQueue txq) {
    return xmit.startXmit(skb, txq);
  }

  @Override
  public EthtoolOps ethtool() {
    return ethtool;
  }

  @Override
  public PatchSet patchSet() {
    return priv.patches;
  }

  @Override
  public long skbsHeld() {
    return napiPorts.held();
  }

  // ------------------------------------------------------------------ TxLiveness

  @Override
  public int txLivenessQueues() {
    return 1;
  }

  @Override
  public TxLiveness.Cleaner txCleaner(int queue) {
    return liveness.cleaner(queue);
  }

  @Override
  public long txQueuedCount(int queue) {
    return priv.queuedDescs;
  }

  @Override
  public long txCleanedCount(int queue) {
    return priv.cleanedDescs;
  }

  @Override
  public String txRingState(int queue) {
    return liveness.state(queue);
  }

  @Override
  public String txRingName(int queue) {
    return "ravb " + priv.dev.name() + " tx" + queue;
  }

  @Override
  public SortedMap<String, Long> counters() {
    SortedMap<String, Long> m = new TreeMap<>();
    RavbPriv.Stats be = priv.stats[RavbPriv.RAVB_BE];
    m.put("irq", priv.irqs);
    m.put("queue_irq", priv.queueIrqs);
    m.put("rx_irq", priv.rxIrqs);
    m.put("tx_irq", priv.txIrqs);
    m.put("napi_poll", priv.napi[RavbPriv.RAVB_BE].pollCount());
    m.put("napi_threaded_poll", priv.napi[RavbPriv.RAVB_BE].threadedPollCount());
    m.put("rx_packets", be.rxPackets);
    m.put("rx_bytes", be.rxBytes);
    m.put("rx_errors", be.rxErrors);
    m.put("rx_missed", priv.hw.rxDma == null ? 0 : priv.hw.rxDma.missedCount());
    m.put("tx_packets", be.txPackets);
    m.put("tx_bytes", be.txBytes);
    m.put("tx_busy", priv.txBusy);
    m.put("queue_stop", priv.queueStops);
    m.put("tx_clean_desc", priv.cleanedDescs);
    return m;
  }

  @Override
  public SortedMap<String, Long> coalesceRegisters() {
    SortedMap<String, Long> m = new TreeMap<>();
    m.put("RIC0", priv.hw.ric0 & 0xFFFF_FFFFL);
    m.put("TIC", priv.hw.tic & 0xFFFF_FFFFL);
    return m;
  }
}
