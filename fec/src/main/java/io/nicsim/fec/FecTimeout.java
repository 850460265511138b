package io.nicsim.fec;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.Task;
import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.port.KernelPort;

/**
 * ndo_tx_timeout: dev_watchdog found a queue stopped too long; fec restarts the controller
 * (BDs and DMA pointers reset, skbs on the rings freed) from a work item and wakes the queues.
 */
class FecTimeout {
  final FecEnetPrivate fep;
  final FecSetup setup;
  private long restarts;
  /** {@code --ports c}: the tree's fec_timeout (fec-inloop's FecTimeoutBridges), or null. */
  FecCHooks.Timeout cTimeout;
  /** {@code --ports c}: the tree's fec_enet_timeout_work (FecTimeoutBridges), or null. */
  FecCHooks.TimeoutWork cTimeoutWork;

  FecTimeout(FecEnetPrivate fep, FecSetup setup) {
    this.fep = fep;
    this.setup = setup;
  }

  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_timeout",
      versions = FecSources.VERSIONS,
      source = FecSources.S618,
      notes = "fec_dump's ring listing is the platform's (not printed by the model)")
  void timeout(int txqueue) {
    if (cTimeout != null) {
      cTimeout.timeout(txqueue);
      return;
    }
    fep.plat.fecDump();

    fep.txErrors++; // ndev->stats.tx_errors

    fep.plat.scheduleTimeoutWork();
  }

  /** schedule_work(&fep->tx_timeout_work): a kworker on this CPU runs it in process context. */
  void scheduleWork() {
    Kernel kernel = fep.netdev.kernel();
    Core core = kernel.cpu().current() != null ? kernel.cpu().current() : kernel.cpu().core(0);
    Task worker = new Task("kworker/" + core.id() + ":events") {
      @Override
      protected boolean run(Core c) {
        timeoutWork();
        return false;
      }
    };
    core.attach(worker);
    worker.wake();
  }

  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_enet_timeout_work",
      versions = FecSources.VERSIONS,
      source = FecSources.S618)
  void timeoutWork() {
    if (cTimeoutWork != null) {
      cTimeoutWork.timeoutWork();
      return;
    }
    fep.plat.rtnlLock();
    if (fep.plat.netifDevicePresent() || fep.plat.netifRunning()) {
      fep.k.napiDisable();
      fep.plat.netifTxLockBh();
      restart();
      fep.plat.netifTxWakeAllQueues();
      fep.plat.netifTxUnlockBh();
      fep.k.napiEnable();
      restarts++;
    }
    fep.plat.rtnlUnlock();
  }

  /** fec_restart, a harness's recording stub. */
  void restart() {
    setup.restart();
  }

  /** The model's count of restarts beside the C's fec_enet_timeout_work. */
  void countRestart() {
    restarts++;
  }

  long txErrors() {
    return fep.txErrors;
  }

  long restarts() {
    return restarts;
  }
}
