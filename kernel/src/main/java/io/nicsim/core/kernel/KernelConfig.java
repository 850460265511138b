package io.nicsim.core.kernel;

/**
 * Kernel tunables nicsim models, with the kernel's defaults.
 *
 * @param netdevBudget net.core.netdev_budget (300)
 * @param netdevBudgetUsecs net.core.netdev_budget_usecs (2000)
 * @param devTxWeight net.core.dev_tx_weight: packets one __qdisc_run sends (64)
 * @param napiWeight NAPI_POLL_WEIGHT (64)
 * @param txQueueLen dev->tx_queue_len, the pfifo_fast limit (1000)
 * @param schedSliceNs scheduler time slice between runnable tasks on one core (3 ms: CFS's
 *     6 ms latency target shared by two tasks)
 * @param tick whether the scheduler tick runs (needed for timer_list); it is stopped on idle
 *     CPUs as NO_HZ_IDLE does, and still costs one engine event per core per jiffy
 */
public record KernelConfig(
    int netdevBudget,
    int netdevBudgetUsecs,
    int devTxWeight,
    int napiWeight,
    int txQueueLen,
    long schedSliceNs,
    boolean tick) {

  public static KernelConfig defaults() {
    return new KernelConfig(300, 2000, 64, 64, 1000, 3_000_000L, true);
  }

  public KernelConfig withTick(boolean on) {
    return new KernelConfig(
        netdevBudget, netdevBudgetUsecs, devTxWeight, napiWeight, txQueueLen, schedSliceNs, on);
  }
}
