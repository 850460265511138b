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
 * back-ported to 5.10..6.16 stable). A mainline version selects the mainline set; a stable
 * release of a long-term line nicsim records ({@code v6.1.192}, {@code v6.12.117}) adds the
 * backports its line had received by then, read from kernel.org's stable ChangeLogs and checked
 * against Debian's linux-source trees.
 */
public final class FecPatches {
  private FecPatches() {}

  /** The earliest kernel whose fec this model reproduces. */
  public static final KernelVersion OLDEST = KernelVersion.of(5, 10);

  /**
   * The newest mainline release whose fec this model was read from (its stable releases
   * included, a 6.18.19 tree the newest read): the port covers v5.10..v6.18, and a later
   * kernel's fec may differ unseen.
   */
  public static final KernelVersion NEWEST = KernelVersion.of(6, 18);

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
              + " zero value left RXIC/TXIC untouched")
          .backportedTo(
              KernelVersion.of(6, 1, 149), null,
              "kernel.org ChangeLog-6.1.149; present in Debian linux-source-6.1 (6.1.192)")
          .backportedTo(
              KernelVersion.of(6, 12, 43), null,
              "kernel.org ChangeLog-6.12.43; present in Debian linux-source-6.12 (6.12.117)");

  /**
   * fec_restart's MAC reset moved into fec_ctrl_reset (shared with fec_stop). No behaviour
   * change on the path nicsim models (allow_wol false): it is recorded because fec_ctrl_reset
   * exists only from here on, which is what its port's {@code versions} says.
   */
  public static final Patch CTRL_RESET =
      new Patch(
          "ctrl-reset",
          "67800d296191",
          "net: fec: Refactor MAC reset to function",
          KernelVersion.of(6, 14),
          Status.MAINLINE,
          "fec_restart and fec_stop call fec_ctrl_reset (same register writes; posted as"
              + " <20250204093604.253436-2-csokas.bence@prolan.hu>, merged for v6.14)")
          .backportedTo(
              KernelVersion.of(6, 12, 31), null,
              "kernel.org ChangeLog-6.12.31; present in Debian linux-source-6.12 (6.12.117);"
                  + " absent from linux-source-6.1 (6.1.192)");

  /**
   * The jumbo-frame series (Shenwei Wang, net-next Sep 2025, v6.18): ec2a1681ed4f "use a member
   * variable for maximum buffer size", 29e6d5f89e48 "add pagepool_order to support variable
   * page size", 62b5bb7be7bc "update MAX_FL based on the current MTU", "add rx_frame_size to
   * support configurable RX length", 59e9bf037d75 "add change_mtu to support dynamic buffer
   * allocation" and d466c16026e9 "enable the Jumbo frame support for i.MX8QM". Its six commits
   * landed in one merge window and no stable line took them, so one patch stands for them: every
   * release has all six or none. With the default MTU (1500) the register values it computes
   * equal the old constants, except on i.MX8QM (FEC_QUIRK_JUMBO_FRAME: R_BUFF_SIZE, FTRL).
   */
  public static final Patch JUMBO_FRAME =
      new Patch(
          "jumbo-frame",
          "d466c16026e9",
          "net: fec: add the Jumbo frame support (series ec2a1681ed4f..d466c16026e9)",
          KernelVersion.of(6, 18),
          Status.MAINLINE,
          "fep->max_buf_size (MAX_JUMBO_BUF_SIZE with FEC_QUIRK_JUMBO_FRAME, set on the imx8qm"
              + " entry), rx_frame_size and pagepool_order: R_BUFF_SIZE, FTRL and MAX_FL follow"
              + " them and the MTU; cut-through TX FIFO (X_WMRK 0xF) above a 1500-byte MTU on"
              + " jumbo SoCs; build_skb sizes PAGE_SIZE << pagepool_order");

  /**
   * ca1bb3fedf26 (mainline v6.19, 6.18.8): the jumbo series' frame-length sums add
   * VLAN_ETH_HLEN (18) where they added ETH_HLEN (14): MAX_FL, the cut-through MTU threshold,
   * change_mtu's page order and max_mtu. Carried by every 6.18.y tree from 6.18.8.
   */
  public static final Patch VLAN_FRAME_LEN =
      new Patch(
          "vlan-frame-len",
          "ca1bb3fedf26",
          "net: fec: account for VLAN header in frame length calculations",
          KernelVersion.of(6, 19),
          Status.MAINLINE,
          "MAX_FL = mtu + VLAN_ETH_HLEN + ETH_FCS_LEN; cut-through above PKT_MAXBUF_SIZE -"
              + " VLAN_ETH_HLEN - ETH_FCS_LEN; max_mtu = max_buf_size - VLAN_ETH_HLEN -"
              + " ETH_FCS_LEN")
          .backportedTo(
              KernelVersion.of(6, 18, 8), null,
              "Linux 6.18.8 announcement (shortlog: Clemens Gruber); present in the 6.18.19 tree");

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

  /**
   * A what-if, not a kernel change: fec with lib/dim, as a DIM-using driver would write it.
   * With {@code ethtool -C adaptive-rx on} each RX queue gets a struct dim; the interrupt
   * handler counts the queue's RXF events, the NAPI poll hands net_dim the queue's running
   * packet and byte totals, and the work item programs that queue's RXICn (ICFT/ICTT) through
   * the same tick conversion and field layout as fec_enet_itr_coal_set. The EQE profiles' 256
   * frames exceed ICFT's 8 bits; they are clamped to 255, the most set_coalesce accepts.
   */
  public static final Patch DIM =
      new Patch(
          "dim",
          null,
          "what-if: adaptive RX moderation with lib/dim (net_dim) per RX queue",
          null,
          Status.VARIANT,
          "adaptive-rx: net_dim per RX queue drives RXICn; static rx-usecs/rx-frames stay stored"
              + " for when it is turned off");

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

  /**
   * What-if: fec_enet_rx_napi re-enables FEC_IMASK only when napi_complete_done returns true,
   * as bcmgenet does from 28ed9bed5fb2. Mainline fec ignores the return (6.1, 6.12, 6.17), so
   * napi_defer_hard_irqs and gro_flush_timeout cannot keep its interrupt off: the IMASK write
   * re-arms it after every poll and the watchdog only adds polls.
   */
  public static final Patch NAPI_COMPLETE_DONE_RETURN =
      new Patch(
          "napi-complete-done-return",
          null,
          "what-if: fec_enet_rx_napi unmasks only when napi_complete_done returns true",
          null,
          Status.VARIANT,
          "the deferral of napi_defer_hard_irqs / gro_flush_timeout (and busy polling) keeps"
              + " FEC_IMASK at 0 until the kernel completes the NAPI");

  public static final PatchCatalog CATALOG =
      new PatchCatalog(
          "fec",
          List.of(
              MULTI_QUEUES_QUIRK,
              RX_PAGE_POOL,
              COAL_KEEP,
              COAL_GUARD,
              TX_RING_1024,
              CTRL_RESET,
              COAL_DISABLE,
              JUMBO_FRAME,
              VLAN_FRAME_LEN,
              SOC_RX_USECS,
              DIM,
              LOST_IRQ_REENABLE,
              NAPI_COMPLETE_DONE_RETURN));

  /**
   * Refuses combinations whose hunks could not apply: the guard and the proposed per-SoC default
   * both edit lines that df727d4547de introduced; kernels older than {@link #OLDEST} or newer
   * than {@link #NEWEST} are not modelled.
   */
  public static PatchSet validate(PatchSet set) {
    if (set.base().before(OLDEST)) {
      throw BadInputException.field(
          "--kernel", set.base() + " is older than the fec model", OLDEST + " or newer");
    }
    if (set.base().mainline().compareTo(NEWEST) > 0) {
      throw BadInputException.field("--kernel", set.base() + " is newer than the fec model"
          + " (read from " + OLDEST + ".." + NEWEST + ")", OLDEST + ".." + NEWEST
          + ", or a stable release of those lines");
    }
    if (set.has(VLAN_FRAME_LEN) && !set.has(JUMBO_FRAME)) {
      throw BadInputException.field("--patch", VLAN_FRAME_LEN.id() + " applies on top of "
          + JUMBO_FRAME.label() + ", which this kernel lacks", "add +" + JUMBO_FRAME.id()
          + " or use v6.18 or newer");
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
