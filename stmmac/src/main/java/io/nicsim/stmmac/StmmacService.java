package io.nicsim.stmmac;

import io.nicsim.core.port.KernelPort;

/**
 * The error path of stmmac_main.c: dev_watchdog's ndo_tx_timeout (and a fatal DMA error) ends
 * in stmmac_global_err, which asks the service work to reset the adapter: the whole interface
 * is closed and opened again from a workqueue, rings, DMA and coalescing defaults included.
 * The {@code priv->state} bits are {@link StmmacPriv#state}; every kernel function goes through
 * {@link StmmacPriv#calls}.
 */
final class StmmacService {
  static final String FILE = StmmacLifecycle.FILE;
  static final String TREE_6_18 = StmmacLifecycle.TREE_6_18;

  private final StmmacPriv priv;
  private long txTimeouts;
  private long resets;
  /** {@code --ports c}: the tree's stmmac_tx_timeout (stmmac-inloop's ServiceBridges), or null. */
  StmmacCHooks.TxTimeout cTxTimeout;
  /** {@code --ports c}: the tree's stmmac_service_task (ServiceBridges), or null. */
  StmmacCHooks.ServiceTask cServiceTask;

  StmmacService(StmmacPriv priv) {
    this.priv = priv;
  }

  /** ndo_tx_timeout: any hung queue resets the whole adapter. */
  @KernelPort(file = FILE, function = "stmmac_tx_timeout", versions = "v4.19..v6.18",
      source = TREE_6_18, notes = "the txqueue argument (5.6+) is unused")
  void txTimeout(int txqueue) {
    txTimeouts++;
    if (cTxTimeout != null) {
      cTxTimeout.txTimeout(txqueue);
      return;
    }
    globalErr();
  }

  @KernelPort(file = FILE, function = "stmmac_global_err", versions = "v4.19..v6.18",
      source = TREE_6_18)
  void globalErr() {
    priv.calls.netifCarrierOff();
    priv.setBit(StmmacPriv.STMMAC_RESET_REQUESTED);
    serviceEventSchedule();
  }

  @KernelPort(file = FILE, function = "stmmac_service_event_schedule",
      versions = "v4.19..v6.18", source = TREE_6_18)
  void serviceEventSchedule() {
    if (!priv.testBit(StmmacPriv.STMMAC_DOWN)
        && !priv.testAndSetBit(StmmacPriv.STMMAC_SERVICE_SCHED)) {
      priv.calls.queueWork(this::serviceTask);
    }
  }

  @KernelPort(file = FILE, function = "stmmac_service_task", versions = "v4.19..v6.18",
      source = TREE_6_18)
  void serviceTask() {
    if (cServiceTask != null) {
      cServiceTask.serviceTask();
      return;
    }
    resetSubtask();
    priv.clearBit(StmmacPriv.STMMAC_SERVICE_SCHED);
  }

  /**
   * The reset: dev_close and dev_open under RTNL with STMMAC_DOWN set. The C waits in
   * usleep_range while STMMAC_RESETING is set; only this function sets it and the one service
   * work runs it, so the wait is never entered.
   */
  @KernelPort(file = FILE, function = "stmmac_reset_subtask", versions = "v4.19..v6.18",
      source = TREE_6_18)
  void resetSubtask() {
    if (!priv.testAndClearBit(StmmacPriv.STMMAC_RESET_REQUESTED)) {
      return;
    }
    if (priv.testBit(StmmacPriv.STMMAC_DOWN)) {
      return;
    }

    priv.calls.netdevErr("Reset adapter.");

    priv.calls.rtnlLock();
    priv.calls.netifTransUpdate();
    if (priv.testAndSetBit(StmmacPriv.STMMAC_RESETING)) {
      throw new IllegalStateException("STMMAC_RESETING set outside stmmac_reset_subtask");
    }

    priv.setBit(StmmacPriv.STMMAC_DOWN);
    priv.calls.devClose();
    priv.calls.devOpen();
    priv.clearBit(StmmacPriv.STMMAC_DOWN);
    priv.clearBit(StmmacPriv.STMMAC_RESETING);
    priv.calls.rtnlUnlock();
    resets++;
  }

  /** The model's count of resets beside the C's stmmac_reset_subtask. */
  void countReset() {
    resets++;
  }

  long txTimeouts() {
    return txTimeouts;
  }

  long resets() {
    return resets;
  }

  boolean reseting() {
    return priv.testBit(StmmacPriv.STMMAC_RESETING);
  }
}
