package io.nicsim.bcmgenet;

import io.nicsim.core.dim.Dim;
import io.nicsim.core.dim.DimSample;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.net.Skb;

/**
 * The kernel functions bcmgenet's interrupt handler and NAPI polls call: the simulated host's
 * NAPI, queues and DIM in a run ({@link GenetHostKernel}), recording stubs in a port-check
 * harness ({@code GenetDataHarnesses}), so the same port runs in both.
 */
interface GenetKernel {
  /** napi_schedule_prep. */
  boolean napiSchedulePrep(Napi n);

  /** __napi_schedule_irqoff. */
  void napiScheduleIrqoff(Napi n);

  /** napi_complete_done (napi_complete is {@code napiCompleteDone(n, 0)}). */
  boolean napiCompleteDone(Napi n, int workDone);

  /** dma_unmap_single of TX control block {@code cb}'s mapping (its skb's only BD). */
  void dmaUnmapSingle(int cb);

  /** dev_consume_skb_any. */
  void devConsumeSkbAny(Skb skb);

  /** netdev_tx_completed_queue on TX queue {@code index}. */
  void netdevTxCompletedQueue(int index, int pkts, int bytes);

  /** netif_tx_wake_queue on TX queue {@code index}. */
  void netifTxWakeQueue(int index);

  /** netif_napi_add_tx(dev, &ring->napi, bcmgenet_tx_poll). */
  void netifNapiAddTx(BcmgenetPriv.TxRing ring);

  /** net_dim. */
  void netDim(Dim dim, DimSample sample);
}
