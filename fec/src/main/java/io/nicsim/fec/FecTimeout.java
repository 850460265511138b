package io.nicsim.fec;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.Task;
import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.port.KernelPort;

/**
 * ndo_tx_timeout: dev_watchdog found a queue stopped too long; fec restarts the controller
 * (BDs and DMA pointers reset, skbs on the rings freed) from a work item and wakes the queues.
 */
final class FecTimeout {
  private final FecEnetPrivate fep;
  private final FecSetup setup;
  private long txErrors;
  private long restarts;

  FecTimeout(FecEnetPrivate fep, FecSetup setup) {
    this.fep = fep;
    this.setup = setup;
  }

  @KernelPort(
      file = FecSources.MAIN_C,
      function = "fec_timeout",
      versions = FecSources.VERSIONS,
      source = FecSources.S1,
      notes = "fec_dump's ring listing is not printed")
  void timeout(int txqueue) {
    txErrors++; // ndev->stats.tx_errors
    scheduleWork();
  }

  /** schedule_work(&fep->tx_timeout_work): a kworker on this CPU runs it in process context. */
  private void scheduleWork() {
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
      source = FecSources.S1,
      notes = "rtnl_lock and netif_tx_lock_bh are implicit: the work runs atomically")
  void timeoutWork() {
    if (fep.running) {
      fep.napi.disable();
      setup.restart();
      for (int i = 0; i < fep.netdev.numTxQueues(); i++) {
        fep.netdev.queue(i).wake(); // netif_tx_wake_all_queues
      }
      fep.napi.enable();
      restarts++;
    }
  }

  long txErrors() {
    return txErrors;
  }

  long restarts() {
    return restarts;
  }
}
