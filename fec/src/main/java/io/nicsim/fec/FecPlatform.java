package io.nicsim.fec;

/**
 * The kernel and platform functions fec's bring-up ports call (probe, init, open, restart,
 * link changes, the TX timeout work), one method per C function named in its Javadoc. Pure
 * lookups (a DT property, a clock rate) answer; everything with an effect is a call.
 * {@link FecHostPlatform} answers as the SoC profile's board does; the
 * {@code port-check --execute} harnesses record the calls and answer from the input record.
 */
public interface FecPlatform {

  // ---------------------------------------------------------------- fec_enet_alloc_queue's

  /**
   * {@code kzalloc(sizeof(*queue), GFP_KERNEL)} of TX ({@code rx} false) or RX queue {@code i}:
   * whether it succeeded.
   */
  boolean kzalloc(boolean rx, int i);

  /**
   * The TSO header area of {@code size} bytes ({@code dma_alloc_coherent}, {@code fec_dma_alloc}
   * from v6.7): its bus address, 0 when the allocation fails.
   */
  long tsoHdrsAlloc(int size);

  /** {@code fec_enet_free_queue(ndev)}. */
  void freeQueue();

  // ---------------------------------------------------------------- fec_restart's callees

  /** {@code fec_ptp_save_state(fep)}. */
  void ptpSaveState();

  /** {@code fec_ptp_restore_state(fep)}. */
  void ptpRestoreState();

  /** {@code fec_ptp_start_cyclecounter(ndev)}. */
  void ptpStartCyclecounter();

  /** {@code set_multicast_list(ndev)}. */
  void setMulticastList();

  /** {@code fec_enet_reset_skb(ndev)} (the 6.1 line's restart). */
  void resetSkb();

  /** {@code fec_enet_create_page_pool(fep, rxq, size)}: 0 or a negative errno. */
  int createPagePool(int queue, int size);

  /** {@code fec_enet_free_buffers(ndev)}. */
  void freeBuffers();

  /** {@code udelay(us)}. */
  void udelay(int us);

  /** {@code ndev->dev_addr[i]}. */
  int devAddr(int i);

  /** {@code ndev->mtu}. */
  int mtu();

  /** Whether {@code ndev->phydev} is set. */
  boolean hasPhydev();

  /** {@code ndev->phydev->speed}. */
  int phySpeed();

  /** {@code ndev->phydev->pause}. */
  boolean phyPause();

  // ---------------------------------------------------------------- link and timeout work

  /** {@code netif_running(ndev)}. */
  boolean netifRunning();

  /** {@code netif_device_present(ndev)}. */
  boolean netifDevicePresent();

  /** {@code netif_stop_queue(ndev)}. */
  void netifStopQueue();

  /** {@code netif_tx_lock_bh(ndev)}. */
  void netifTxLockBh();

  /** {@code netif_tx_unlock_bh(ndev)}. */
  void netifTxUnlockBh();

  /** {@code netif_tx_wake_all_queues(ndev)}. */
  void netifTxWakeAllQueues();

  /** {@code netif_tx_start_all_queues(ndev)}. */
  void netifTxStartAllQueues();

  /** {@code rtnl_lock()}. */
  void rtnlLock();

  /** {@code rtnl_unlock()}. */
  void rtnlUnlock();

  /** {@code fec_stop(ndev)}. */
  void fecStop();

  /** {@code fec_dump(ndev)}. */
  void fecDump();

  /** {@code schedule_work(&fep->tx_timeout_work)}. */
  void scheduleTimeoutWork();

  /** {@code fec_enet_eee_mode_set(ndev, [tx_lpi_timer,] enable_tx_lpi)}. */
  void eeeModeSet(int txLpiTimer, boolean enable);

  /** {@code phy_print_status(phy_dev)}. */
  void phyPrintStatus();

  /** phylib's view: {@code phy_dev->link}, {@code duplex}, {@code speed}. */
  int phyLink();

  int phyDuplex();

  /** {@code phy_dev->eee_cfg.tx_lpi_timer}, {@code phy_dev->enable_tx_lpi}. */
  int phyTxLpiTimer();

  boolean phyEnableTxLpi();
}
