package io.nicsim.fec;

/**
 * {@link FecPlatform} as a board answers it: the PHY (phylib's view, set by the driver when the
 * modelled link comes up or goes), the MAC address, the MTU, the netdev's queues. PTP, the
 * multicast filter, EEE and the page pool have nothing to do in the model.
 */
final class FecHostPlatform implements FecPlatform {
  private static final int[] MAC = {0x00, 0x04, 0x9f, 0x05, 0x6e, 0x01};
  private final FecEnetPrivate fep;
  /** phy_dev->link, ->duplex, ->speed. */
  int phyLink;
  int phyDuplex = 1;
  int phySpeed;
  private Runnable timeoutWork = () -> {};

  FecHostPlatform(FecEnetPrivate fep, int linkSpeedMbps) {
    this.fep = fep;
    this.phySpeed = linkSpeedMbps;
  }

  /** What schedule_work(&fep->tx_timeout_work) queues. */
  void timeoutWork(Runnable work) {
    this.timeoutWork = work;
  }

  private int tsoAreas;

  @Override
  public boolean kzalloc(boolean rx, int i) {
    return true;
  }

  @Override
  public long tsoHdrsAlloc(int size) {
    // queue i's area at 0x20000000 + i * 1 MiB, below every mapped TX buffer
    return 0x2000_0000L + (long) tsoAreas++ * 0x10_0000;
  }

  @Override
  public void freeQueue() {
    throw new IllegalStateException("fec_enet_free_queue: the host never fails an allocation");
  }

  @Override
  public void ptpSaveState() {}

  @Override
  public void ptpRestoreState() {}

  @Override
  public void ptpStartCyclecounter() {}

  @Override
  public void setMulticastList() {}

  @Override
  public void resetSkb() {}

  @Override
  public int createPagePool(int queue, int size) {
    return 0;
  }

  @Override
  public void freeBuffers() {}

  @Override
  public void udelay(int us) {}

  @Override
  public int devAddr(int i) {
    return MAC[i];
  }

  @Override
  public int mtu() {
    return fep.netdev == null ? 1500 : fep.netdev.mtu();
  }

  @Override
  public boolean hasPhydev() {
    return true;
  }

  @Override
  public int phySpeed() {
    return phySpeed;
  }

  @Override
  public boolean phyPause() {
    return false;
  }

  @Override
  public boolean netifRunning() {
    return fep.running;
  }

  @Override
  public boolean netifDevicePresent() {
    return true;
  }

  @Override
  public void netifStopQueue() {
    fep.netdev.queue(0).stop();
  }

  @Override
  public void netifTxLockBh() {}

  @Override
  public void netifTxUnlockBh() {}

  @Override
  public void netifTxWakeAllQueues() {
    for (int i = 0; i < fep.netdev.numTxQueues(); i++) {
      fep.netdev.queue(i).wake();
    }
  }

  @Override
  public void netifTxStartAllQueues() {
    for (int i = 0; i < fep.netdev.numTxQueues(); i++) {
      fep.netdev.queue(i).start();
    }
  }

  @Override
  public void rtnlLock() {}

  @Override
  public void rtnlUnlock() {}

  /** fec_stop as the model needs it: the MAC masks its events (the default mask). */
  @Override
  public void fecStop() {
    fep.writel(FecRegisters.FEC_DEFAULT_IMASK, FecRegisters.FEC_IMASK);
  }

  @Override
  public void fecDump() {}

  @Override
  public void scheduleTimeoutWork() {
    timeoutWork.run();
  }

  @Override
  public void eeeModeSet(int txLpiTimer, boolean enable) {}

  @Override
  public void phyPrintStatus() {}

  @Override
  public int phyLink() {
    return phyLink;
  }

  @Override
  public int phyDuplex() {
    return phyDuplex;
  }

  @Override
  public int phyTxLpiTimer() {
    return 0;
  }

  @Override
  public boolean phyEnableTxLpi() {
    return false;
  }
}
