package io.nicsim.stmmac;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.Task;
import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.net.NetDevice;
import io.nicsim.core.port.KernelPort;

/**
 * The error path of stmmac_main.c: dev_watchdog's ndo_tx_timeout (and a fatal DMA error) ends
 * in stmmac_global_err, which asks the service work to reset the adapter: the whole interface
 * is closed and opened again from a workqueue, rings, DMA and coalescing defaults included.
 * The {@code priv->state} bits it uses are booleans here.
 */
final class StmmacService {
  static final String FILE = StmmacLifecycle.FILE;
  static final String S1 = StmmacLifecycle.S1;

  private final StmmacPriv priv;
  private final Kernel kernel;
  private final NetDevice dev;
  /** STMMAC_DOWN: set while the reset closes and reopens the interface. */
  private boolean down;
  /** STMMAC_RESET_REQUESTED. */
  private boolean resetRequested;
  /** STMMAC_SERVICE_SCHED: the service work is queued or running. */
  private boolean serviceSched;
  /** STMMAC_RESETING. */
  private boolean reseting;
  private long txTimeouts;
  private long resets;

  StmmacService(StmmacPriv priv) {
    this.priv = priv;
    this.kernel = priv.kernel;
    this.dev = priv.dev;
  }

  /** ndo_tx_timeout: any hung queue resets the whole adapter. */
  @KernelPort(file = FILE, function = "stmmac_tx_timeout", versions = "v4.19..v6.18",
      source = S1)
  void txTimeout(int txqueue) {
    txTimeouts++;
    globalErr();
  }

  @KernelPort(file = FILE, function = "stmmac_global_err", versions = "v4.19..v6.18",
      source = S1, notes = "netif_carrier_off is not modelled (the model has no carrier state)")
  void globalErr() {
    resetRequested = true;
    serviceEventSchedule();
  }

  @KernelPort(file = FILE, function = "stmmac_service_event_schedule",
      versions = "v4.19..v6.18", source = S1)
  void serviceEventSchedule() {
    if (!down && !serviceSched) {
      serviceSched = true;
      queueWork();
    }
  }

  /**
   * queue_work(priv->wq, &priv->service_task): a kworker on the CPU that queued it runs the
   * work in process context (the reset's own cost is not charged).
   */
  private void queueWork() {
    Core core = kernel.cpu().current() != null ? kernel.cpu().current() : kernel.cpu().core(0);
    Task worker = new Task("kworker/" + core.id() + ":stmmac_wq") {
      @Override
      protected boolean run(Core c) {
        serviceTask();
        return false;
      }
    };
    core.attach(worker);
    worker.wake();
  }

  @KernelPort(file = FILE, function = "stmmac_service_task", versions = "v4.19..v6.18",
      source = S1)
  void serviceTask() {
    resetSubtask();
    serviceSched = false;
  }

  @KernelPort(file = FILE, function = "stmmac_reset_subtask", versions = "v4.19..v6.18",
      source = S1,
      notes = "rtnl_lock is implicit (the work runs atomically); netif_trans_update is part of"
          + " the model's dev_open, which restamps every queue")
  void resetSubtask() {
    if (!resetRequested) {
      return;
    }
    resetRequested = false;
    if (down) {
      return;
    }

    kernel.printk(dev.driverName() + " " + dev.name() + ": Reset adapter.");

    reseting = true;
    down = true;
    dev.close();
    dev.open();
    down = false;
    reseting = false;
    resets++;
  }

  long txTimeouts() {
    return txTimeouts;
  }

  long resets() {
    return resets;
  }

  boolean reseting() {
    return reseting;
  }
}
