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

  /** priv->use_riwt. */
  final boolean useRiwt;
  /** netif_running(dev). */
  boolean netifRunning;
  /** The hardware's RX watchdog register. */
  RxWatchdog rxWatchdog = RxWatchdog.NONE;
  /** The dim what-if (null without +dim). */
  StmmacDim dim;
  /** priv->hwts_tx_en: hardware TX timestamping switched on (SIOCSHWTSTAMP). */
  boolean hwtsTxEn;

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
