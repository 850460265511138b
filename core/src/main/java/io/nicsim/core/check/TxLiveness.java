package io.nicsim.core.check;

/**
 * What a MAC model answers for the liveness check: for each TX ring, what will reclaim the
 * descriptors it holds. A driver implements it next to {@link io.nicsim.core.host.NicDriver};
 * the audit skips drivers that do not. The answer must follow the driver's own logic: a cause
 * counts only if the ported code would act on it (an IC bit the driver's interrupt decode reads,
 * a timer whose callback schedules the poll, a poll that cleans this ring).
 */
public interface TxLiveness {

  /** What will clean a TX ring's held descriptors, strongest first. */
  enum Cleaner {
    /** The ring holds nothing. */
    EMPTY,
    /** A NAPI poll that cleans this ring is scheduled (and not merely completing). */
    NAPI_SCHEDULED,
    /** A completion status is latched with its interrupt enabled: the ISR will run. */
    STATUS_LATCHED,
    /** A held descriptor the DMA still owns asks for an interrupt, and the interrupt is on. */
    IC_PENDING,
    /** The driver's TX coalesce timer is queued. */
    TIMER_QUEUED,
    /** A rescue path the hardware model has (e.g. another cause the ISR decodes as TX work). */
    RESCUE,
    /** Nothing: only a future transmit on this queue would get the ring cleaned. */
    NOTHING
  }

  /** TX rings the driver answers for. */
  int txLivenessQueues();

  /** What will clean ring {@code queue} now (read-only; called between events). */
  Cleaner txCleaner(int queue);

  /** Descriptors queued on the ring so far (monotonic; changes on every transmit). */
  long txQueuedCount(int queue);

  /** Descriptors cleaned from the ring so far (monotonic). */
  long txCleanedCount(int queue);

  /** One line naming the ring's state (indices, held descriptors, IC, IRQ, timer, NAPI). */
  String txRingState(int queue);

  /** The component name reports use ({@code stmmac eth0 tx0}). */
  String txRingName(int queue);
}
