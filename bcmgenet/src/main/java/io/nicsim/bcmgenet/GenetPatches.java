package io.nicsim.bcmgenet;

import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.era.Patch.Status;
import io.nicsim.core.era.Patch;
import io.nicsim.core.era.PatchCatalog;
import java.util.List;

/**
 * The bcmgenet changes that touched its coalescing, as data. Before adaptive-rx the driver
 * programmed only the frame thresholds and the RX timeout; with it each RX ring carries a DIM
 * context fed from the RX NAPI poll.
 *
 * <p>Not modelled, because they do not change what the coalescing paths decide: the move of the
 * default RX/TX flow from ring 16 to ring 0 (the model has one RX ring and uses TX ring 0), the
 * v5.7 switch to the core's {@code supported_coalesce_params} check (the same -EOPNOTSUPP the
 * driver returned itself before), and v6.13's net_dim sample passed by reference.
 */
public final class GenetPatches {
  private GenetPatches() {}

  /** The oldest kernel this model reproduces. */
  public static final KernelVersion OLDEST = KernelVersion.of(4, 16);

  public static final Patch ADAPTIVE_RX =
      new Patch(
          "adaptive-rx",
          null, // the commit id was not verified against a tree; the title is upstream's
          "net: bcmgenet: Add support for adaptive RX coalescing",
          KernelVersion.of(4, 17),
          Status.MAINLINE,
          "per-ring struct dim fed from bcmgenet_rx_poll (event_ctr counted in bcmgenet_isr1),"
              + " bcmgenet_dim_work programs the chosen profile; ethtool adaptive-rx");

  /**
   * A what-if, not a kernel change: bcmgenet_desc_rx assigns the poll's packet and byte counts
   * to ring->dim (a fresh count every poll) where other DIM users hand net_dim running totals;
   * net_dim then sees differences of per-poll counts, which are zero whenever polls are the
   * same size, so it never leaves its starting profile. This variant accumulates them.
   */
  public static final Patch DIM_RUNNING_COUNTERS =
      new Patch(
          "dim-running-counters",
          null,
          "what-if: feed net_dim running packet/byte totals (as bnxt, mlx5 and the DIM docs do)",
          null,
          Status.VARIANT,
          "bcmgenet_desc_rx adds the poll's packets and bytes to ring->dim instead of assigning"
              + " them");

  /**
   * A what-if, deliberately broken: bcmgenet_tx_poll calls napi_complete when a poll reclaims
   * nothing, then forgets to clear the ring's bit in the INTRL2_1 mask. TDMA still latches its
   * done status, but nothing reads it: once the ring fills, the queue stops and the BDs are never
   * reclaimed. Explore's self-test on this driver (a stall it must find).
   */
  public static final Patch LOST_TX_IRQ_REENABLE =
      new Patch(
          "lost-tx-irq-reenable",
          null,
          "what-if: the TX NAPI poll completes but leaves the ring's TX-done interrupt masked"
              + " (deliberately broken)",
          null,
          Status.VARIANT,
          "bcmgenet_tx_poll calls napi_complete and skips bcmgenet_tx_ring_int_enable:"
              + " explore's self-test (a stall it must find)");

  /**
   * A stable-line fix: bcmgenet_get_coalesce masks DMA_RING0_TIMEOUT with DMA_TIMEOUT_MASK
   * before converting it to rx-usecs. Carried by 6.1.y from 6.1.189 and 6.12.y from 6.12.112
   * (Debian's changelogs list it under ChangeLog-6.1.189 and ChangeLog-6.12.112); not in the
   * v6.18.19 tree read, whose get_coalesce converts the whole register (found by port-check
   * --execute: the port masked in every era).
   */
  public static final Patch RING0_TIMEOUT_MASK =
      new Patch(
          "ring0-timeout-mask",
          null, // the upstream id was not in the sources available
          "net: bcmgenet: mask DMA_TIMEOUT_MASK when reading DMA_RING0_TIMEOUT",
          null,
          Status.APPLIED,
          "ethtool -c reads only the timeout field of DMA_RING0_TIMEOUT (no mainline release"
              + " nicsim records has it: v6.18.19 converts the whole register)")
          .backportedTo(KernelVersion.of(6, 1, 189), null,
              "Debian linux-source-6.1 changelog, ChangeLog-6.1.189; present in 6.1.192")
          .backportedTo(KernelVersion.of(6, 12, 112), null,
              "Debian linux-source-6.12 changelog, ChangeLog-6.12.112; present in 6.12.117");

  /**
   * bcmgenet_rx_poll re-enables the RX interrupt only when napi_complete_done returns true, so
   * napi_defer_hard_irqs / gro_flush_timeout keep it off and the watchdog polls instead. Before
   * it the driver re-enabled it after every completed poll whatever the kernel said.
   */
  public static final Patch NAPI_COMPLETE_DONE_RETURN =
      new Patch(
          "napi-complete-done-return",
          "28ed9bed5fb2",
          "net: bcmgenet: use napi_complete_done return value",
          KernelVersion.of(6, 17),
          Status.MAINLINE,
          "bcmgenet_rx_poll: if (work_done < budget && napi_complete_done(...)) re-enable RX0");

  /**
   * bcmgenet_probe calls netdev_sw_irq_coalesce_default_on(): gro_flush_timeout 20 us and
   * napi_defer_hard_irqs 1 unless the user changes them in sysfs.
   */
  public static final Patch SW_IRQ_COALESCE_DEFAULT =
      new Patch(
          "sw-irq-coalesce-default",
          "078bb22cfc65",
          "net: bcmgenet: enable GRO software interrupt coalescing by default",
          KernelVersion.of(6, 17),
          Status.MAINLINE,
          "bcmgenet_probe: netdev_sw_irq_coalesce_default_on (gro_flush_timeout 20000,"
              + " napi_defer_hard_irqs 1)");

  /**
   * bcmgenet_desc_rx counts the RDMA's discarded frames in the ring's {@code missed} statistic
   * instead of {@code errors} (Zak Kemble's 64-bit statistics series, May 2025; in the v6.18.19
   * tree, not in 6.12.118).
   */
  public static final Patch RX_MISSED_STAT =
      new Patch(
          "rx-missed-stat",
          null, // the upstream id was not in the sources available; the title is the patch's
          "net: bcmgenet: count hw discarded packets in missed stat",
          KernelVersion.of(6, 16),
          Status.MAINLINE,
          "bcmgenet_desc_rx: BCMGENET_STATS64_ADD(stats, missed, discards), not errors");

  /**
   * bcmgenet_desc_rx counts a frame without SOP and EOP as {@code fragmented_errors} (was
   * {@code errors}) and a good broadcast frame as {@code broadcast} (the same 64-bit statistics
   * series; in the v6.18.19 tree, not in 6.12.118).
   */
  public static final Patch RX_MORE_STATS =
      new Patch(
          "rx-more-stats",
          null, // the upstream id was not in the sources available; the title is the patch's
          "net: bcmgenet: expose more stats in ethtool",
          KernelVersion.of(6, 16),
          Status.MAINLINE,
          "bcmgenet_desc_rx: fragmented_errors for a frame without SOP/EOP, broadcast counted");

  public static final PatchCatalog CATALOG = new PatchCatalog("bcmgenet", List.of(
      ADAPTIVE_RX, DIM_RUNNING_COUNTERS, LOST_TX_IRQ_REENABLE, RING0_TIMEOUT_MASK,
      NAPI_COMPLETE_DONE_RETURN, SW_IRQ_COALESCE_DEFAULT, RX_MISSED_STAT, RX_MORE_STATS));
}
