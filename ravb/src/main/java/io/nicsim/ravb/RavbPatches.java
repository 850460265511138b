package io.nicsim.ravb;

import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.era.Patch.Status;
import io.nicsim.core.era.Patch;
import io.nicsim.core.era.PatchCatalog;
import java.util.List;

/**
 * The ravb changes that moved what its interrupt and NAPI paths decide, as data. Paul Barker's
 * series "Improve GbEth performance on Renesas RZ/G2L and related SoCs" (v5, applied to
 * net-next on 2024-06-06 by Paolo Abeni: in v6.11, not in v6.10) changed them all at once;
 * its seven patches are listed one by one, with the ids the netdev patchwork bot reported.
 * No release lies between them, so the ported bodies are the state before the series (the
 * 6.1.192 text) and after it (the 6.12.118 text, identical in 6.18.19 for every ported
 * function); each body is selected by the patch that changed its decision.
 *
 * <p>Between 6.1's text and the series, net fixes of v6.8 and v6.9 changed the quota-era RX
 * loops and ravb_poll (read from the patches as posted and applied, their ids from the netdev
 * bot's and the stable trees' logs): gbeth-rx-count-packets, rcar-rx-count-packets,
 * rx-skip-dma-errors, poll-always-tx and poll-error-counters. The last two are in Debian's
 * 6.1.192 (backports); the first three are not. Not modelled: v6.9's GbEth jumbo-frame fixes
 * ("Fix GbEth jumbo packet RX checksum handling" c7c449502b51, "Fix RX byte accounting for
 * jumbo packets" 2e36c9fbc476) and the GbEth RX checksum offload they fix, multi-descriptor
 * and RXCSUM lines of the quota-era GbEth body the model never reaches.
 */
public final class RavbPatches {
  private RavbPatches() {}

  /** The oldest kernel this model reproduces. */
  public static final KernelVersion OLDEST = KernelVersion.of(6, 1);

  /**
   * The GbEth RX path counts packets, not descriptors, against the NAPI quota ("net: ravb:
   * Count packets instead of descriptors in GbEth RX path", net v3 of 2024-02-14; mainline
   * ed4adc07207d, named so by the stable backport request; in v6.8). Not in Debian's 6.1.192.
   */
  public static final Patch GBETH_RX_COUNT_PACKETS =
      new Patch(
          "gbeth-rx-count-packets",
          "ed4adc07207d",
          "net: ravb: Count packets instead of descriptors in GbEth RX path",
          KernelVersion.of(6, 8),
          Status.MAINLINE,
          "ravb_rx_gbeth: for (i < limit && rx_packets < *quota && die_dt != DT_FEMPTY);"
              + " *quota -= rx_packets; return *quota == 0");

  /**
   * ravb_start_xmit hands a CHECKSUM_PARTIAL skb the GbEth TOE cannot checksum to
   * skb_checksum_help (Biju Das, "ravb: Add Tx checksum offload support for GbEth", v5 2/2
   * applied to net-next on 2024-02-09 as 6c8e2803ef36, the netdev patchwork bot's summary; so
   * in v6.9). Not in 6.1.192.
   */
  public static final Patch GBETH_TX_CSUM =
      new Patch(
          "gbeth-tx-csum",
          "6c8e2803ef36",
          "ravb: Add Tx checksum offload support for GbEth",
          KernelVersion.of(6, 9),
          Status.MAINLINE,
          "ravb_start_xmit: if (skb->ip_summed == CHECKSUM_PARTIAL &&"
              + " !ravb_can_tx_csum_gbeth(skb)) skb_checksum_help(skb)");

  /**
   * The R-Car RX path counts packets against the quota (error and 0-byte descriptors no longer
   * count): net series "ravb ethernet driver bugfixes" v3 1/4, applied 2024-04-18, in v6.9.
   * Not in Debian's 6.1.192.
   */
  public static final Patch RCAR_RX_COUNT_PACKETS =
      new Patch(
          "rcar-rx-count-packets",
          "def52db470df",
          "net: ravb: Count packets instead of descriptors in R-Car RX path",
          KernelVersion.of(6, 9),
          Status.MAINLINE,
          "ravb_rx_rcar: for (i < limit && rx_packets < *quota && die_dt != DT_FEMPTY)"
              + " (limit unsigned); *quota -= rx_packets; return *quota == 0");

  /**
   * Both quota-era RX loops advance cur_rx past a 0-byte descriptor (a DMA mapping error)
   * instead of reading it again: the same series 2/4, in v6.9, on top of the packet counts.
   * Not in Debian's 6.1.192.
   */
  public static final Patch RX_SKIP_DMA_ERRORS =
      new Patch(
          "rx-skip-dma-errors",
          "a892493a3434",
          "net: ravb: Allow RX loop to move past DMA mapping errors",
          KernelVersion.of(6, 9),
          Status.MAINLINE,
          "ravb_rx_gbeth/ravb_rx_rcar: for (i < limit; i++, cur_rx++) { entry, desc;"
              + " if (rx_packets == *quota || die_dt == DT_FEMPTY) break; ... }");

  /**
   * ravb_poll frees the TX ring even when RX used the whole quota (net, 2024-03/04, in
   * v6.9-rc3); before, an exhausted quota went straight to out. Debian's 6.1.192 carries
   * the 6.1.y backport (the first 6.1.y release holding it was not established).
   */
  public static final Patch POLL_ALWAYS_TX =
      new Patch(
          "poll-always-tx",
          "596a4254915f",
          "net: ravb: Always process TX descriptor ring",
          KernelVersion.of(6, 9),
          Status.MAINLINE,
          "ravb_poll: unmask = !ravb_rx(); TX ring freed; if (!unmask) goto out"
              + " (was: if (ravb_rx()) goto out before the TX ring)")
          .backportedTo(KernelVersion.of(6, 1, 192), null,
              "Debian linux-source-6.1 (6.1.192): its ravb_poll holds the change");

  /**
   * ravb_poll updates the RX error counters on every poll, before the quota test (v6.9-rc3);
   * before, only after re-enabling the interrupts on the completing path. Debian's 6.1.192
   * carries the 6.1.y backport.
   */
  public static final Patch POLL_ERROR_COUNTERS =
      new Patch(
          "poll-error-counters",
          "101b76418d71",
          "net: ravb: Always update error counters",
          KernelVersion.of(6, 9),
          Status.MAINLINE,
          "ravb_poll: rx_over_errors/rx_fifo_errors copied before 'if (!unmask) goto out'"
              + " (was: after the interrupts were re-enabled)")
          .backportedTo(KernelVersion.of(6, 1, 192), null,
              "Debian linux-source-6.1 (6.1.192): its ravb_poll holds the change");

  /** ravb_rx returns the packets received against the budget; ravb_poll returns work_done. */
  public static final Patch RX_BUDGET =
      new Patch(
          "rx-budget",
          "118e640af30c",
          "net: ravb: Simplify poll & receive functions",
          KernelVersion.of(6, 11),
          Status.MAINLINE,
          "ravb_rx(ndev, budget, q) returns rx_packets (was: bool quota exhausted);"
              + " ravb_rx_gbeth/ravb_rx_rcar loop over i < limit, stop at budget or DT_FEMPTY");

  /**
   * ravb_poll re-enables RX/TX interrupts only when napi_complete_done returns true; before it
   * called napi_complete and re-enabled them whenever the quota was not exhausted.
   */
  public static final Patch NAPI_COMPLETE_DONE =
      new Patch(
          "napi-complete-done",
          "b0e0e20dc60e",
          "net: ravb: Align poll function with NAPI docs",
          KernelVersion.of(6, 11),
          Status.MAINLINE,
          "ravb_poll: if (work_done < budget && napi_complete_done(napi, work_done)) unmask");

  /** The refill loops become ravb_rx_ring_refill (a count of entries from dirty_rx). */
  public static final Patch RX_RING_REFILL =
      new Patch(
          "rx-ring-refill",
          "37a01c12e9e8",
          "net: ravb: Refactor RX ring refill",
          KernelVersion.of(6, 11),
          Status.MAINLINE,
          "ravb_rx_ring_refill(ndev, q, cur_rx - dirty_rx, GFP_ATOMIC) after each RX pass");

  /** GbEth RX builds a multi-descriptor frame from page fragments (rx_1st_skb + frags). */
  public static final Patch GBETH_RX_FRAGS =
      new Patch(
          "gbeth-rx-frags",
          "3ee43f09cb2c",
          "net: ravb: Refactor GbEth RX code path",
          KernelVersion.of(6, 11),
          Status.MAINLINE,
          "ravb_rx_gbeth: napi_build_skb at FSINGLE/FSTART, skb_add_rx_frag at FMID/FEND");

  /** gbeth_hw_info gets coalesce_irqs; ravb_probe calls netdev_sw_irq_coalesce_default_on. */
  public static final Patch SW_IRQ_COALESCE_DEFAULT =
      new Patch(
          "sw-irq-coalesce-default",
          "7b39c1814ce3",
          "net: ravb: Enable SW IRQ Coalescing for GbEth",
          KernelVersion.of(6, 11),
          Status.MAINLINE,
          "ravb_probe: if (info->coalesce_irqs) netdev_sw_irq_coalesce_default_on(ndev)"
              + " (gro_flush_timeout 20000, napi_defer_hard_irqs 1)");

  /** ravb_probe turns threaded NAPI on for a GbEth SoC with one CPU present. */
  public static final Patch THREADED_NAPI_ONE_CPU =
      new Patch(
          "threaded-napi-one-cpu",
          "65c482bc226a",
          "net: ravb: Use NAPI threaded mode on 1-core CPUs with GbEth IP",
          KernelVersion.of(6, 11),
          Status.MAINLINE,
          "ravb_probe: if (info->coalesce_irqs && num_present_cpus() == 1)"
              + " dev_set_threaded(ndev, true) (netif_threaded_enable in 6.18)");

  /** RX buffers come from a page_pool; the RX paths build skbs around them. */
  public static final Patch RX_PAGE_POOL =
      new Patch(
          "rx-page-pool",
          "966726324b7b",
          "net: ravb: Allocate RX buffers via page pool",
          KernelVersion.of(6, 11),
          Status.MAINLINE,
          "ravb_alloc_rx_buffer: page_pool_alloc; ravb_rx_*: napi_build_skb,"
              + " skb_mark_for_recycle");

  /**
   * A what-if, deliberately broken: ravb_poll completes but forgets to unmask the queue's TX
   * interrupt (TIC bit / TIE write). RX keeps polling the ring while frames arrive; without
   * receive traffic the TX ring fills, the queue stops and nothing cleans it. Explore's
   * self-test on this driver (a stall it must find).
   */
  public static final Patch LOST_TX_IRQ_UNMASK =
      new Patch(
          "lost-tx-irq-unmask",
          null,
          "what-if: ravb_poll re-enables the RX interrupt only and leaves TX masked"
              + " (deliberately broken)",
          null,
          Status.VARIANT,
          "ravb_poll skips the TIC / TIE write: explore's self-test (a stall it must find)");

  public static final PatchCatalog CATALOG = new PatchCatalog("ravb", List.of(
      GBETH_RX_COUNT_PACKETS, GBETH_TX_CSUM, RCAR_RX_COUNT_PACKETS, RX_SKIP_DMA_ERRORS,
      POLL_ALWAYS_TX, POLL_ERROR_COUNTERS, RX_BUDGET, NAPI_COMPLETE_DONE, RX_RING_REFILL, GBETH_RX_FRAGS,
      SW_IRQ_COALESCE_DEFAULT, THREADED_NAPI_ONE_CPU, RX_PAGE_POOL, LOST_TX_IRQ_UNMASK));
}
