package io.nicsim.core.net;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.CostOp;
import io.nicsim.core.cpu.Cpu;

/**
 * A TX queue's {@code _xmit_lock} (struct netdev_queue): the spinlock {@code HARD_TX_LOCK} takes
 * around a driver's transmit and a driver's clean takes with {@code __netif_tx_lock}, so that a
 * transmit on one CPU and a completion on another never overlap.
 *
 * <p>The model keeps when the last holder let go (its core's cursor at the unlock). A CPU whose
 * cursor is earlier when it takes the lock spins until then ({@link #SPIN}). Pieces of CPU work
 * run in the order they start, so this is the lock's effect exactly when the other holder's
 * piece ran first, which {@link Cpu#preemptionPoint(String)} arranges for a transmit that catches up with the
 * other CPUs. Every run models it, perturbed or not: without it a transmit could overlap
 * another CPU's clean, an order the kernel never runs.
 */
public final class TxLock {
  /** Time spent spinning on a held {@code _xmit_lock} (its length is the holder's; no range). */
  public static final CostOp SPIN = CostOp.named("tx_lock_spin");

  private final Cpu cpu;
  private long freeAt = Long.MIN_VALUE;
  private long spins;

  TxLock(Cpu cpu) {
    this.cpu = cpu;
  }

  /** __netif_tx_lock / HARD_TX_LOCK on the running core. */
  public void lock(Core core) {
    if (freeAt > core.cursor()) {
      spins++;
      core.chargeNs(SPIN, freeAt - core.cursor());
    }
  }

  /** __netif_tx_unlock / HARD_TX_UNLOCK on the running core. */
  public void unlock(Core core) {
    // interrupts that came while it was held delay the release
    cpu.preemptionPoint("netif_tx_unlock");
    freeAt = Math.max(freeAt, core.cursor());
  }

  /** Times a CPU found the lock held and spun. */
  public long spinCount() {
    return spins;
  }
}
