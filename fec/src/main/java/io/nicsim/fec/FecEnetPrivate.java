package io.nicsim.fec;

import io.nicsim.core.cpu.CostOp;
import io.nicsim.core.cpu.Cpu;
import io.nicsim.core.era.PatchSet;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.net.NetDevice;

/**
 * The part of {@code struct fec_enet_private} the coalescing path reads and writes. The four
 * {@code *Itr} fields and {@code itrClkRate} are C {@code unsigned int}: they hold the u32 bit
 * pattern in a Java int; compare them with {@link Integer#compareUnsigned} / print them with
 * {@link Integer#toUnsignedString}.
 */
public final class FecEnetPrivate {
  /** Register file ({@code fep->hwp}). */
  final FecMmio hwp;
  /** The patches this kernel has (validated). */
  final PatchSet patches;

  /** {@code fep->quirks}. */
  int quirks;
  /** {@code fep->itr_clk_rate}: the "ahb" clock rate sampled once in probe. */
  int itrClkRate;
  int rxPktsItr;
  int rxTimeItr;
  int txPktsItr;
  int txTimeItr;
  /** {@code fep->link}: phylib's view, 0 until the PHY reports link. */
  int link;
  int numTxQueues = 1;
  /** total_tx_ring_size / total_rx_ring_size: the queues' ring sizes summed (unsigned int). */
  int totalTxRingSize;
  int totalRxRingSize;
  int numRxQueues = 1;
  final FecTxq[] txQueue = new FecTxq[FecConsts.FEC_ENET_MAX_TX_QS];
  final FecRxq[] rxQueue = new FecRxq[FecConsts.FEC_ENET_MAX_RX_QS];
  /** The matched table entry (for reports). */
  FecDevinfo devInfo;
  /** {@code fep->napi}: one NAPI for every queue and interrupt line. */
  Napi napi;
  /** The dim what-if (null without +dim). */
  FecDim dim;
  /** {@code fep->netdev}. */
  NetDevice netdev;
  /** netif_running(): __LINK_STATE_START, set before ndo_open runs. */
  boolean running;
  /** The kernel functions the ports call (the simulated host's, or a harness's stubs). */
  FecKernel k;
  /** The bring-up functions the ports call (the board's answers, or a harness's stubs). */
  FecPlatform plat;
  /** {@code fep->wol_flag}. */
  int wolFlag;
  /** {@code fep->phy_interface} (phy_interface_t). */
  int phyInterface;
  /** {@code fep->full_duplex}, {@code fep->speed}: phylib's last view. */
  int fullDuplex;
  int speed;
  /** {@code fep->phy_speed}: the MII_SPEED register value. */
  int phySpeed;
  /** {@code fep->pause_flag}. */
  int pauseFlag;
  /** {@code fep->rgmii_txc_dly} / {@code rgmii_rxc_dly}. */
  boolean rgmiiTxcDly;
  boolean rgmiiRxcDly;
  /** {@code fep->bufdesc_ex}: enhanced BDs (HAS_BUFDESC_EX and a "ptp" clock). */
  boolean bufdescEx;
  /** {@code fep->hwts_rx_en} / {@code hwts_tx_en}: SIOCSHWTSTAMP (never set by the model). */
  boolean hwtsRxEn;
  boolean hwtsTxEn;
  /** {@code fep->csum_flags} (FLAG_RX_CSUM_ENABLED). */
  int csumFlags;
  /** {@code fep->tx_align} / {@code rx_align}. */
  int txAlign;
  int rxAlign;
  /** {@code fep->pagepool_order}, {@code rx_frame_size}, {@code max_buf_size} (jumbo-frame). */
  int pagepoolOrder;
  int rxFrameSize;
  int maxBufSize;
  /** {@code ndev->features} bits the ports test (NETIF_F_HW_VLAN_CTAG_RX, ...). */
  long features;
  /** {@code fep->xdp_prog} is never set: the model attaches no XDP program. */
  static final Object XDP_PROG = null;
  /** netdev_err_once("build_skb failed!") already printed (its call site's static flag). */
  boolean buildSkbErrPrinted;
  /** The CPUs register accesses are charged to (null in register-only tests). */
  private final Cpu cpu;

  // ndev->stats and driver counters, plain fields read by reports
  long txPackets;
  long txBytes;
  long rxPackets;
  long rxBytes;
  long rxErrors;
  long rxFifoErrors;
  long rxLengthErrors;
  long rxCrcErrors;
  long rxFrameErrors;
  long rxDropped;
  long txErrors;
  long txHeartbeatErrors;
  long txWindowErrors;
  long txAbortedErrors;
  long txFifoErrors;
  long txCarrierErrors;
  long collisions;
  long txDropped;
  long irqs;
  long irqNone;
  long rxIrqs;
  long txIrqs;
  long queueStops;
  long txCleaned;
  /** The events the last fec_enet_collect_events saw (for the IRQ counters). */
  int lastEvents;

  public FecEnetPrivate(FecMmio hwp, PatchSet patches) {
    this(hwp, patches, null);
  }

  public FecEnetPrivate(FecMmio hwp, PatchSet patches, Cpu cpu) {
    this.hwp = hwp;
    this.patches = FecPatches.validate(patches);
    this.cpu = cpu;
  }

  /** Charges {@code op} to the running CPU work, if there is one (none in a harness). */
  void charge(CostOp op) {
    if (cpu != null && cpu.current() != null) {
      cpu.current().charge(op);
    }
  }

  /** readl(fep->hwp + offset), charged to the running CPU work if there is one. */
  int readl(int offset) {
    if (cpu != null && cpu.current() != null) {
      cpu.current().charge(FecOps.MMIO_READ);
    }
    return hwp.readl(offset);
  }

  /** writel(value, fep->hwp + offset), charged to the running CPU work if there is one. */
  void writel(int value, int offset) {
    if (cpu != null && cpu.current() != null) {
      cpu.current().charge(FecOps.MMIO_WRITE);
    }
    hwp.writel(value, offset);
  }

  public FecMmio hwp() {
    return hwp;
  }

  public PatchSet patches() {
    return patches;
  }

  public int quirks() {
    return quirks;
  }

  public int itrClkRate() {
    return itrClkRate;
  }

  public int rxPktsItr() {
    return rxPktsItr;
  }

  public int rxTimeItr() {
    return rxTimeItr;
  }

  public int txPktsItr() {
    return txPktsItr;
  }

  public int txTimeItr() {
    return txTimeItr;
  }

  public int link() {
    return link;
  }

  public void link(int link) {
    this.link = link;
  }

  public int numTxQueues() {
    return numTxQueues;
  }

  public int numRxQueues() {
    return numRxQueues;
  }

  public FecTxq txQueue(int q) {
    return txQueue[q];
  }

  public FecRxq rxQueue(int q) {
    return rxQueue[q];
  }

  public FecDevinfo devInfo() {
    return devInfo;
  }
}
