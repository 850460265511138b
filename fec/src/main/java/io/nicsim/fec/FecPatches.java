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

  /**
   * XDP_TX page recycling (20f797399035) with its budget fix 15cec633fc7b, both v6.5: TX BDs
   * carry a buffer type (tx_buf[i].type, buf_p instead of tx_skbuff[i]); fec_enet_tx and
   * fec_enet_tx_queue take the NAPI budget; an skb BD is unmapped only when cbd_bufaddr is
   * non-zero and is freed with napi_consume_skb(skb, budget) (dev_kfree_skb_any before);
   * fec_enet_bd_init frees by type. The 6.1 line never took them.
   */
  public static final Patch XDP_TX_BUF =
      new Patch(
          "xdp-tx-buf",
          "20f797399035",
          "net: fec: recycle pages for transmitted XDP frames (and 15cec633fc7b, budget 0)",
          KernelVersion.of(6, 5),
          Status.MAINLINE,
          "TX buffer types; completions freed with napi_consume_skb(skb, budget) and unmapped"
              + " only when the BD holds an address; fec_enet_tx takes the budget");

  /**
   * 2ae9c66b0455 (v6.5): fec_restart no longer calls fec_enet_reset_skb (fec_enet_bd_init
   * already frees the TX skbs).
   */
  public static final Patch NO_RESET_SKB =
      new Patch(
          "no-reset-skb",
          "2ae9c66b0455",
          "net: fec: remove useless fec_enet_reset_skb()",
          KernelVersion.of(6, 5),
          Status.MAINLINE,
          "fec_restart drops its fec_enet_reset_skb call");

  /**
   * 001ba0902046 (v6.13; 6.12.11, 6.1.167): fec_enet_update_cbd returns -ENOMEM when the page
   * pool gives no page, and fec_enet_rx_queue drops the frame (rx_dropped); before it the
   * driver warned and put the NULL page in the ring.
   */
  public static final Patch PAGE_ALLOC_ERROR =
      new Patch(
          "page-alloc-error",
          "001ba0902046",
          "net: fec: handle page_pool_dev_alloc_pages error",
          KernelVersion.of(6, 13),
          Status.MAINLINE,
          "an RX BD without a new page keeps its old one and the frame is dropped")
          .backportedTo(KernelVersion.of(6, 1, 167), null,
              "Debian linux-source-6.1 changelog, ChangeLog-6.1.167; present in 6.1.192")
          .backportedTo(KernelVersion.of(6, 12, 11), null,
              "Debian linux-source-6.12 changelog, ChangeLog-6.12.11; present in 6.12.118");

  /**
   * ad17e7e92a7c (v6.18; 6.1.159, 6.12.59): rx_bytes no longer counts the two bytes RACC's
   * SHIFT16 puts in front of every frame.
   */
  public static final Patch RX_BYTES_SHIFT16 =
      new Patch(
          "rx-bytes-shift16",
          "ad17e7e92a7c",
          "net: fec: correct rx_bytes statistic for the case SHIFT16 is set",
          KernelVersion.of(6, 18),
          Status.MAINLINE,
          "fec_enet_rx_queue: rx_bytes -= 2 per frame with FEC_QUIRK_HAS_RACC")
          .backportedTo(KernelVersion.of(6, 1, 159), null,
              "Debian linux-source-6.1 changelog, ChangeLog-6.1.159; present in 6.1.192")
          .backportedTo(KernelVersion.of(6, 12, 59), null,
              "Debian linux-source-6.12 changelog, ChangeLog-6.12.59; present in 6.12.118");

  /**
   * 6a2495adc0c8 (v6.9): phylib decides EEE; fec_enet_adjust_link programs the MAC's LPI timers
   * with fec_enet_eee_mode_set(ndev, phy_dev->enable_tx_lpi) on HAS_EEE SoCs.
   */
  public static final Patch EEE_LINK =
      new Patch(
          "eee-link",
          "6a2495adc0c8",
          "net: fec: Fixup EEE",
          KernelVersion.of(6, 9),
          Status.MAINLINE,
          "fec_enet_adjust_link calls fec_enet_eee_mode_set on every link-up callback of a"
              + " HAS_EEE SoC");

  /** 3fa2540d93d8 (v6.14): fec_enet_eee_mode_set takes phylib's tx_lpi_timer. */
  public static final Patch EEE_LPI_TIMER =
      new Patch(
          "eee-lpi-timer",
          "3fa2540d93d8",
          "net: fec: use phydev->eee_cfg.tx_lpi_timer",
          KernelVersion.of(6, 14),
          Status.MAINLINE,
          "fec_enet_eee_mode_set(ndev, phy_dev->eee_cfg.tx_lpi_timer, phy_dev->enable_tx_lpi)");

  /**
   * d9335d0232d2 (v6.12, with its fix "don't save PTP state if PTP is unsupported" in the same
   * release): fec_restart saves the PTP counter before the MAC reset and restores it after.
   */
  public static final Patch PTP_RELOAD =
      new Patch(
          "ptp-reload",
          "d9335d0232d2",
          "net: fec: Reload PTP registers after link-state change",
          KernelVersion.of(6, 12),
          Status.MAINLINE,
          "fec_restart: fec_ptp_save_state before fec_ctrl_reset, fec_ptp_restore_state after"
              + " fec_ptp_start_cyclecounter (with enhanced BDs)");

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
              XDP_TX_BUF,
              NO_RESET_SKB,
              EEE_LINK,
              PTP_RELOAD,
              PAGE_ALLOC_ERROR,
              CTRL_RESET,
              EEE_LPI_TIMER,
              COAL_DISABLE,
              JUMBO_FRAME,
              RX_BYTES_SHIFT16,
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
