package io.nicsim.fec;

import io.nicsim.core.config.BadInputException;
import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.era.Patch;
import io.nicsim.core.era.Patch.Status;
import io.nicsim.core.era.PatchCatalog;
import io.nicsim.core.era.PatchSet;
import java.util.List;

/**
 * Every upstream (or proposed) fec change nicsim models, as data. Driver code branches on these
 * exactly where the change touched the C.
 *
 * <p>Landing versions are the first mainline release containing the commit (from the netdev /
 * stable trails: df727d4547de and its follow-up 7e6303567ce3 were merged for v6.1 and
 * back-ported to 6.0.14 and 5.15.84; b7ad21258f9e went to net-next for v6.17 and was
 * back-ported to 5.10..6.16 stable). Stable back-ports are not modelled: a version selects the
 * mainline set.
 */
public final class FecPatches {
  private FecPatches() {}

  /** The earliest kernel whose fec this model reproduces. */
  public static final KernelVersion OLDEST = KernelVersion.of(5, 10);

  public static final Patch MULTI_QUEUES_QUIRK =
      new Patch(
          "multi-queues-quirk",
          "471ff4455d61",
          "net: fec: add FEC_QUIRK_HAS_MULTI_QUEUES represents i.MX6SX ENET IP",
          KernelVersion.of(5, 14),
          Status.MAINLINE,
          "coal_set writes the ring 1/2 RXIC/TXIC registers under HAS_MULTI_QUEUES instead of"
              + " HAS_AVB (same SoCs for every entry that has HAS_COALESCE)");

  public static final Patch RX_PAGE_POOL =
      new Patch(
          "rx-page-pool",
          "95698ff6177b",
          "net: fec: using page pool to manage RX buffers",
          KernelVersion.of(6, 1),
          Status.MAINLINE,
          "RX frame size becomes a page minus XDP headroom and skb_shared_info: one frame per 4 KiB"
              + " page, RX_RING_SIZE 512 -> 256");

  public static final Patch COAL_KEEP =
      new Patch(
          "coal-keep",
          "df727d4547de",
          "net: fec: don't reset irq coalesce settings to defaults on \"ip link up\"",
          KernelVersion.of(6, 1),
          Status.MAINLINE,
          "defaults (200 frames / 1000 us) set once in fec_enet_init; fec_restart programs the"
              + " stored values with coal_set instead of re-applying defaults via coal_init");

  public static final Patch COAL_GUARD =
      new Patch(
          "coal-guard",
          "7e6303567ce3",
          "net: fec: properly guard irq coalesce setup",
          KernelVersion.of(6, 1),
          Status.MAINLINE,
          "fec_restart calls coal_set only when the SoC has FEC_QUIRK_HAS_COALESCE");

  public static final Patch TX_RING_1024 =
      new Patch(
          "tx-ring-1024",
          "56b3c6ba53d0",
          "net: fec: increase the size of tx ring and update tx_wake_threshold",
          KernelVersion.of(6, 5),
          Status.MAINLINE,
          "TX_RING_SIZE 512 -> 1024; tx_wake_threshold (ring - stop) / 2 -> stop + 2 *"
              + " MAX_SKB_FRAGS (stop threshold unchanged)");

  public static final Patch COAL_DISABLE =
      new Patch(
          "coal-disable",
          "b7ad21258f9e",
          "net: fec: allow disable coalescing",
          KernelVersion.of(6, 17),
          Status.MAINLINE,
          "coal_set per direction: 0/1 frames or 0 ticks writes 0 (coalescing off); before it any"
              + " zero value left RXIC/TXIC untouched");

  public static final Patch SOC_RX_USECS =
      new Patch(
          "soc-rx-usecs",
          null,
          "net: fec: Enable SOC specific rx-usecs coalescence default setting",
          null,
          Status.PROPOSED,
          "fec_devinfo gains rx_time_itr (100 us for the imx8mq and imx8qm entries); probe copies"
              + " it, fec_enet_init falls back to 1000 us only when it is 0 (v1-v2 Jul 2024, not"
              + " merged)");

  public static final Patch LOST_IRQ_REENABLE =
      new Patch(
          "lost-irq-reenable",
          null,
          "what-if: the NAPI poll forgets to unmask FEC_IMASK after a poll without RX work"
              + " (deliberately broken)",
          null,
          Status.VARIANT,
          "fec_enet_rx_napi completes but leaves every event masked when it received nothing:"
              + " explore's self-test (a stall it must find)");

  public static final PatchCatalog CATALOG =
      new PatchCatalog(
          "fec",
          List.of(
              MULTI_QUEUES_QUIRK,
              RX_PAGE_POOL,
              COAL_KEEP,
              COAL_GUARD,
              TX_RING_1024,
              COAL_DISABLE,
              SOC_RX_USECS,
              LOST_IRQ_REENABLE));

  /**
   * Refuses combinations whose hunks could not apply: the guard and the proposed per-SoC default
   * both edit lines that df727d4547de introduced; kernels older than {@link #OLDEST} are not
   * modelled.
   */
  public static PatchSet validate(PatchSet set) {
    if (set.base().before(OLDEST)) {
      throw BadInputException.field(
          "--kernel", set.base() + " is older than the fec model", OLDEST + " or newer");
    }
    if (!set.has(COAL_KEEP)) {
      for (Patch p : List.of(COAL_GUARD, SOC_RX_USECS)) {
        if (set.has(p)) {
          throw BadInputException.field(
              "--patch",
              p.id() + " applies on top of " + COAL_KEEP.label() + ", which this kernel lacks",
              "add +" + COAL_KEEP.id() + " or use v6.1 or newer");
        }
      }
    }
    return set;
  }

  /** The validated set for a version plus user edits ({@code +ID}, {@code -ID}). */
  public static PatchSet select(KernelVersion version, List<String> edits) {
    return validate(CATALOG.select(version, edits));
  }
}
