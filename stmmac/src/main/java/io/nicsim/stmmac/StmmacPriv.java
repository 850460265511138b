package io.nicsim.stmmac;

import io.nicsim.core.era.PatchSet;
import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.net.NetDevice;
import java.util.Arrays;

/**
 * The coalescing part of {@code struct stmmac_priv}: the per-queue ethtool values, the RIWT
 * switch and whether the interface is up. Before db2f2842e6f5 the kernel kept one global value
 * per knob; nicsim then keeps every queue's entry equal, which is the same thing.
 */
public final class StmmacPriv {
  final StmmacPlat plat;
  final PatchSet patches;
  final StmmacDefaults defaults;

  /** tx_coal_frames[] (tx-frames). */
  final int[] txCoalFrames = new int[StmmacPlat.MTL_MAX_QUEUES];
  /** tx_coal_timer[] (tx-usecs). */
  final int[] txCoalTimer = new int[StmmacPlat.MTL_MAX_QUEUES];
  /** rx_coal_frames[] (rx-frames). */
  final int[] rxCoalFrames = new int[StmmacPlat.MTL_MAX_QUEUES];
  /** rx_riwt[] (rx-usecs in RIWT units). */
  final int[] rxRiwt = new int[StmmacPlat.MTL_MAX_QUEUES];

  /** priv->use_riwt (from the platform; a harness sets it from its record). */
  boolean useRiwt;
  /** netif_running(dev). */
  boolean netifRunning;
  /** The hardware's RX watchdog register. */
  RxWatchdog rxWatchdog = RxWatchdog.NONE;
  /** The dim what-if (null without +dim). */
  StmmacDim dim;
  /** priv->hwts_tx_en: hardware TX timestamping switched on (SIOCSHWTSTAMP). */
  boolean hwtsTxEn;

  /** enum stmmac_state bit numbers (stmmac.h), in {@link #state}. */
  static final int STMMAC_DOWN = 0;
  static final int STMMAC_RESET_REQUESTED = 1;
  static final int STMMAC_RESETING = 2;
  static final int STMMAC_SERVICE_SCHED = 3;
  /** priv->state: the STMMAC_* bits. */
  long state;

  /** The kernel functions the ported code calls (core's model, or a harness's recorder). */
  KernelCalls calls;
  /** The hwif.h callbacks the ported code calls (the hardware model, or a recorder). */
  StmmacHwif hwif;
  /** The driver's own functions nicsim does not port (error, EEE, VLAN, XDP paths). */
  UnportedCalls unported;
  /** priv->xstats. */
  final StmmacXstats xstats = new StmmacXstats();

  /** priv->tso: TSO in use (the capability and STMMAC_FLAG_TSO_EN). */
  boolean tso;
  /** priv->extend_desc: extended (alternate size) descriptors. */
  boolean extendDesc;
  /** priv->mode: STMMAC_RING_MODE (0) or STMMAC_CHAIN_MODE (1). */
  int mode;
  /** priv->sarc_type: source address insertion/replacement (0: off). */
  int sarcType;
  /** priv->tx_path_in_lpi_mode. */
  boolean txPathInLpiMode;
  /** priv->eee_sw_timer_en. */
  boolean eeeSwTimerEn;
  /** priv->eee_enabled. */
  boolean eeeEnabled;
  /** priv->est: EST (802.1Qbv) state, or null when the core has none configured. */
  Est est;
  /** priv->dma_cap.vlins: the core inserts VLAN tags. */
  boolean dmaCapVlins;
  /** priv->dma_cap.addr64: DMA address width in bits. */
  int dmaCapAddr64 = 32;
  /** plat->tx_queues_cfg[q].coe_unsupported. */
  final boolean[] txCoeUnsupported = new boolean[StmmacPlat.MTL_MAX_QUEUES];
  /** priv->sfty_irq: a dedicated safety-feature interrupt (0: none). */
  int sftyIrq;
  /** priv->dma_cap.host_dma_width: bits of DMA address the host gives the core. */
  int dmaCapHostDmaWidth = 32;
  /** priv->sph (priv->sph_active from 6.18): split header in use. */
  boolean sph;
  /** priv->hwts_rx_en: hardware RX timestamping on. */
  boolean hwtsRxEn;
  /** priv->hw->rx_csum: RX checksum offload (COE) type, 0 for none. */
  int rxCsum;
  /** priv->hw->hw_vlan_en: the MAC strips VLAN tags. */
  boolean hwVlanEn;
  /** priv->dma_conf.dma_buf_sz. */
  int dmaBufSz = 1536;
  /** priv->plat->enh_desc. */
  boolean enhDesc;

  /** struct stmmac_est: what xmit reads of it. */
  static final class Est {
    boolean enable;
    final int[] maxSdu = new int[StmmacPlat.MTL_MAX_QUEUES];
  }

  // the engine side, set when a driver instance is built on a simulated host
  Kernel kernel;
  NetDevice dev;
  DwmacHw hw;
  StmmacTxQueue[] txQueue;
  StmmacRxQueue[] rxQueue;
  StmmacChannel[] channel;
  final StmmacCounters counters = new StmmacCounters();

  public StmmacPriv(StmmacPlat plat, PatchSet patches) {
    this.plat = plat;
    this.patches = patches;
    this.defaults = StmmacDefaults.of(patches);
    this.useRiwt = plat.useRiwt();
    this.tso = plat.tso();
    this.enhDesc = plat.core() == DwmacCore.GMAC;
  }

  public StmmacPlat plat() {
    return plat;
  }

  public PatchSet patches() {
    return patches;
  }

  public StmmacDefaults defaults() {
    return defaults;
  }

  public boolean useRiwt() {
    return useRiwt;
  }

  public boolean netifRunning() {
    return netifRunning;
  }

  public int txCoalFrames(int queue) {
    return txCoalFrames[queue];
  }

  public int txCoalTimer(int queue) {
    return txCoalTimer[queue];
  }

  public int rxCoalFrames(int queue) {
    return rxCoalFrames[queue];
  }

  public int rxRiwt(int queue) {
    return rxRiwt[queue];
  }

  /** Test and hardware-model hook: where {@code stmmac_rx_watchdog} writes go. */
  public void setRxWatchdog(RxWatchdog rxWatchdog) {
    this.rxWatchdog = rxWatchdog;
  }

  public void setHwtsTxEn(boolean on) {
    this.hwtsTxEn = on;
  }

  public StmmacTxQueue txQueue(int queue) {
    return txQueue[queue];
  }

  public StmmacRxQueue rxQueue(int queue) {
    return rxQueue[queue];
  }

  public StmmacChannel channel(int chan) {
    return channel[chan];
  }

  public DwmacHw hw() {
    return hw;
  }

  public StmmacCounters counters() {
    return counters;
  }

  /** Test hook for the state open/close leave behind. */
  void setNetifRunning(boolean running) {
    this.netifRunning = running;
  }

  boolean testBit(int nr) {
    return (state & (1L << nr)) != 0;
  }

  void setBit(int nr) {
    state |= 1L << nr;
  }

  void clearBit(int nr) {
    state &= ~(1L << nr);
  }

  /** test_and_set_bit: the old value. */
  boolean testAndSetBit(int nr) {
    boolean old = testBit(nr);
    setBit(nr);
    return old;
  }

  /** test_and_clear_bit: the old value. */
  boolean testAndClearBit(int nr) {
    boolean old = testBit(nr);
    clearBit(nr);
    return old;
  }

  @Override
  public String toString() {
    int tx = plat.txQueuesToUse();
    int rx = plat.rxQueuesToUse();
    return "tx-frames="
        + Arrays.toString(Arrays.copyOf(txCoalFrames, tx))
        + " tx-usecs="
        + Arrays.toString(Arrays.copyOf(txCoalTimer, tx))
        + " rx-frames="
        + Arrays.toString(Arrays.copyOf(rxCoalFrames, rx))
        + " rx-riwt="
        + Arrays.toString(Arrays.copyOf(rxRiwt, rx));
  }
}
