package io.nicsim.stmmac;

import io.nicsim.core.config.BadInputException;
import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.era.Patch.Status;
import io.nicsim.core.era.Patch;
import io.nicsim.core.era.PatchCatalog;
import io.nicsim.core.era.PatchSet;
import java.util.List;

/**
 * Every upstream stmmac change nicsim models, in landing order. A kernel version selects the
 * mainline ones it contains; the 2026 net/net-next patches and the what-if variant are added by
 * name ({@code +hrtimer-active}) or commit prefix ({@code +edceeba4af3d}).
 *
 * <p>A {@code null} commit means the change is known from its mailing-list posting but its
 * upstream hash was not found in the sources read (see README). "landedIn" for a few older
 * changes is inferred from stable backport lists; those say so in their summary.
 */
public final class StmmacPatches {
  private StmmacPatches() {}

  /** The oldest release whose stmmac structure is ported (per-queue timers, 8fce33317023). */
  public static final KernelVersion OLDEST = KernelVersion.of(4, 19);

  private static KernelVersion v(int major, int minor) {
    return KernelVersion.of(major, minor);
  }

  public static final Patch COAL_REWORK =
      new Patch(
          "coal-rework",
          "8fce33317023",
          "net: stmmac: Rework coalesce timer and fix multi-queue races",
          v(4, 19),
          Status.MAINLINE,
          "per-queue jiffies TX timer and per-channel NAPI; STMMAC_COAL_TX_TIMER 40000 -> 1000 us,"
              + " STMMAC_TX_FRAMES 64 -> 25 (25 inferred: the pre-image of d2facb4b3983)");

  public static final Patch NAPI_SPLIT =
      new Patch(
          "napi-split",
          "4ccb45857c2c",
          "net: stmmac: Fix NAPI poll in TX path when in multi-queue",
          v(5, 0),
          Status.MAINLINE,
          "separate rx_napi/tx_napi per channel; an RX interrupt also schedules TX NAPI; the TX"
              + " poll cleans DMA_TX_SIZE and rings the doorbell again (landedIn inferred)");

  public static final Patch TSTAMP_IC =
      new Patch(
          "tstamp-ic",
          "d0bb82fd6018",
          "net: stmmac: set IC bit when transmitting frames with HW timestamp",
          v(5, 2),
          Status.MAINLINE,
          "GMAC >= 4.00 and a HW-timestamp skb force the IC bit in xmit/tso_xmit");

  public static final Patch TX_FRAMES_1 =
      new Patch(
          "tx-frames-1",
          "d2facb4b3983",
          "net: stmmac: modify default value of tx-frames",
          v(5, 2),
          Status.MAINLINE,
          "STMMAC_TX_FRAMES 25 -> 1 (ptp4l TX timestamp timeouts)");

  public static final Patch RX_WD_MIN =
      new Patch(
          "rx-wd-min",
          null,
          "net: stmmac: Decrease default RX Watchdog value",
          v(5, 3),
          Status.MAINLINE,
          "MIN_DMA_RIWT 0x20 -> 0x10; open programs MIN_DMA_RIWT instead of MAX_DMA_RIWT");

  public static final Patch RX_COAL_FRAMES =
      new Patch(
          "rx-coal-frames",
          null,
          "net: stmmac: Implement RX Coalesce Frames setting",
          v(5, 3),
          Status.MAINLINE,
          "STMMAC_RX_FRAMES 25; rx-frames in ethtool; refill counts frames modulo rx_coal_frames"
              + " to decide the RX IC bit");

  public static final Patch RX_DIV0 =
      new Patch(
          "rx-div0",
          "6fa9d691b91a",
          "net: stmmac: Prevent divide-by-zero",
          v(5, 3),
          Status.MAINLINE,
          "refill counter: count++, count += rx_coal_frames, reset when > rx_coal_frames"
              + " (it is then always 0, so every RX descriptor gets IC)");

  public static final Patch ETHTOOL_TX_WITHOUT_RIWT =
      new Patch(
          "ethtool-tx-without-riwt",
          null,
          "net: stmmac: ethtool: Let user configure TX coalesce without RIWT",
          v(5, 4),
          Status.MAINLINE,
          "set_coalesce applies rx-usecs (when > 0 and RIWT is used) before validating the TX"
              + " values; rx-usecs 0 no longer refused");

  public static final Patch TUNE_DEFAULTS =
      new Patch(
          "tune-defaults",
          "da2024510031",
          "net: stmmac: Tune-up default coalesce settings",
          v(5, 5),
          Status.MAINLINE,
          "STMMAC_TX_FRAMES 1 -> 25, STMMAC_RX_FRAMES 25 -> 0");

  public static final Patch SET_IC_MODULO =
      new Patch(
          "set-ic-modulo",
          "c2837423cb54",
          "net: stmmac: Rework TX Coalesce logic",
          v(5, 5),
          Status.MAINLINE,
          "tx_packets (descriptors of this skb, u32) and the modulo set_ic chain; the timer is"
              + " no longer armed in the IC decision");

  public static final Patch RX_IC_ZERO =
      new Patch(
          "rx-ic-zero",
          null,
          "net: stmmac: Do not set RX IC bit if RX Coalesce is zero",
          v(5, 5),
          Status.MAINLINE,
          "use_rx_wd = !rx_coal_frames || count > 0, forced false without RIWT");

  public static final Patch DEF_RIWT =
      new Patch(
          "def-riwt",
          null,
          "net: stmmac: Setup a default RX Coalesce value instead of the minimum",
          v(5, 5),
          Status.MAINLINE,
          "DEF_DMA_RIWT 0xa0 programmed at open only when rx_riwt is 0 (user value survives)");

  public static final Patch ARM_AT_END =
      new Patch(
          "arm-at-end",
          "4772f26db8d1",
          "net: stmmac: Always arm TX Timer at end of transmission start",
          v(5, 5),
          Status.MAINLINE,
          "stmmac_tx_timer_arm at the end of xmit/tso_xmit after the tail pointer write");

  public static final Patch IRQ_PER_DIR =
      new Patch(
          "irq-per-dir",
          "021bd5e36970",
          "net: stmmac: Let TX and RX interrupts be independently enabled/disabled",
          v(5, 6),
          Status.MAINLINE,
          "per-direction DMA IRQ masking; the TX timer masks TX and schedules NAPI (no 10 us"
              + " retry); the TX poll cleans with the NAPI budget and re-enables the TX IRQ");

  public static final Patch RESCHEDULE_COAL_TIMER =
      new Patch(
          "reschedule-coal-timer",
          null,
          "net: stmmac: Always use TX coalesce timer value when rescheduling",
          v(5, 6),
          Status.MAINLINE,
          "tx_clean re-arms with tx_coal_timer instead of 10 us when work is pending");

  public static final Patch COALESCE_PARAMS =
      new Patch(
          "coalesce-params",
          null,
          "net: stmmac: let core reject the unsupported coalescing parameters",
          v(5, 7),
          Status.MAINLINE,
          "supported_coalesce_params = USECS | MAX_FRAMES; the ethtool core refuses the rest"
              + " (same -EOPNOTSUPP as the driver's own list before)");

  public static final Patch HRTIMER =
      new Patch(
          "hrtimer",
          "d5a05e69ac6e",
          "net: stmmac: Use hrtimer for TX coalescing",
          v(5, 11),
          Status.MAINLINE,
          "timer_list -> hrtimer (CLOCK_MONOTONIC, REL); tx-usecs no longer rounded up to"
              + " jiffies");

  public static final Patch PER_QUEUE_COALESCE =
      new Patch(
          "per-queue-coalesce",
          "db2f2842e6f5",
          "net: stmmac: add per-queue TX & RX coalesce ethtool support",
          v(5, 13),
          Status.MAINLINE,
          "tx/rx coalesce values per queue; get/set_per_queue_coalesce");

  public static final Patch TX_CLEAN_ONE_SHOT =
      new Patch(
          "tx-clean-one-shot",
          "132c32ee5bc0",
          "net: stmmac: Add TX via XDP zero-copy socket",
          v(5, 13),
          Status.MAINLINE,
          "tx_clean loops up to the ring size instead of the NAPI budget; the TX poll reports"
              + " min(cleaned, budget)");

  public static final Patch ZERO_USECS =
      new Patch(
          "zero-usecs",
          "fa60b8163816",
          "net: stmmac: fix handling of zero coalescing tx-usecs",
          v(6, 6),
          Status.MAINLINE,
          "stmmac_tx_timer_arm returns when tx_coal_timer is 0; tx_clean calls the arm helper")
          // 6.5.4 got it too; 6.5 is not a long-term line nicsim records
          .backportedTo(
              KernelVersion.of(6, 1, 54),
              "9dbbc87d5b61",
              "kernel.org ChangeLog-6.1.54; CIP linux-6.1.y-cip push"
                  + " <169527934221.17823.2738474536286464138@gitolite.kernel.org>;"
                  + " present in Debian linux-source-6.1 (6.1.192)");

  public static final Patch NAPI_AWARE_ARM =
      new Patch(
          "napi-aware-arm",
          "2d1a42cf7f77",
          "net: stmmac: improve TX timer arm logic",
          v(6, 7),
          Status.MAINLINE,
          "arm only when the TX NAPI is not scheduled, else hrtimer_try_to_cancel");

  public static final Patch ARM_AFTER_DMA_ENABLE =
      new Patch(
          "arm-after-dma-enable",
          "a594166387fe",
          "net: stmmac: move TX timer arm after DMA enable",
          v(6, 7),
          Status.MAINLINE,
          "tx_clean only reports pending packets; the poll arms after napi_complete_done");

  public static final Patch COAL_5MS =
      new Patch(
          "coal-5ms",
          "039550960a22",
          "net: stmmac: increase TX coalesce timer to 5ms",
          v(6, 7),
          Status.MAINLINE,
          "STMMAC_COAL_TX_TIMER 1000 -> 5000 us");

  public static final Patch ETHTOOL_NO_BEGIN =
      new Patch(
          "ethtool-no-begin",
          "55ddb6c5a3ae",
          "net: stmmac: drop the ethtool begin() callback",
          v(6, 12),
          Status.MAINLINE,
          "ethtool get/set no longer refused with -EBUSY while the interface is down");

  /**
   * The {@code rx_coalesce_usecs > 0} guard of ethtool-tx-without-riwt is gone: with RIWT, every
   * set_coalesce converts rx-usecs, so 0 is refused with -EINVAL. Debian's 6.1.192 still has the
   * guard, 6.12.117 does not (and no 6.12.y stable update names it, so it is a mainline change
   * of v6.12 or earlier). The commit was not found; v6.12 is the earliest release verified.
   */
  public static final Patch RIWT_ZERO_REFUSED =
      new Patch(
          "riwt-zero-refused",
          null,
          "net: stmmac: ethtool: rx-usecs converted without the rx_coalesce_usecs > 0 guard",
          v(6, 12),
          Status.MAINLINE,
          "with RIWT, set_coalesce converts rx-usecs even when 0, so rx-usecs 0 is -EINVAL"
              + " (guard present in 6.1.192, absent in 6.12.117 and 6.18; landedIn is the"
              + " earliest release verified, the change lies in v6.2..v6.12)");

  public static final Patch RIWT_ROUNDING =
      new Patch(
          "riwt-rounding",
          null,
          "net: stmmac: RIWT conversion rounding (DIV_ROUND_CLOSEST)",
          null,
          Status.APPLIED,
          "usec<->RIWT rounded to nearest instead of truncated (seen in LorenzoBianconi/net-next"
              + " @199295cb73bc; not in 6.18; hash and release not found)");

  // ---- changes read by comparing Debian's 6.1.192 and 6.12.118 with a 6.18.19 tree (the
  // executed checks run the three). Where the commit was not found, landedIn is the earliest
  // release verified to carry it and the summary says between which releases it lies.

  private static final String SINCE_6_1 = " (absent from 6.1.192, present in 6.12.118: the"
      + " change lies in v6.2..v6.12; landedIn is the earliest release verified)";
  private static final String SINCE_6_12 = " (absent from 6.12.118, present in 6.18.19: the"
      + " change lies in v6.13..v6.18; landedIn is the earliest release verified)";

  public static final Patch EST_MAX_SDU =
      new Patch(
          "est-max-sdu",
          null,
          "net: stmmac: drop frames longer than the queue's EST queueMaxSDU in xmit",
          v(6, 12),
          Status.MAINLINE,
          "stmmac_xmit drops an skb longer than est->max_sdu[queue] (max_sdu_txq_drop)"
              + SINCE_6_1);

  public static final Patch EST_SDU_VLAN =
      new Patch(
          "est-sdu-vlan",
          null,
          "net: stmmac: count the offloaded VLAN tag in the EST max SDU check",
          v(6, 18),
          Status.MAINLINE,
          "the max SDU check adds VLAN_HLEN when the core inserts the skb's tag" + SINCE_6_12);

  public static final Patch TX_COE_FALLBACK =
      new Patch(
          "tx-coe-fallback",
          null,
          "net: stmmac: Tx coe sw fallback",
          v(6, 12),
          Status.MAINLINE,
          "a queue without TX checksum offload (coe_unsupported) checksums in software"
              + SINCE_6_1);

  public static final Patch CSUM_RELINEARIZE =
      new Patch(
          "csum-relinearize",
          null,
          "net: stmmac: re-read the skb's head length after skb_checksum_help",
          null,
          Status.APPLIED,
          "after the software checksum fallback xmit re-reads skb_headlen and nr_frags (a 6.1.y"
              + " stable change: absent from 6.12.118 and 6.18.19)")
          .backportedTo(KernelVersion.of(6, 1, 192), null,
              "present in Debian linux-source-6.1 (6.1.192, the first 6.1.y read)");

  public static final Patch TX_TSTAMP_AFTER_DOORBELL =
      new Patch(
          "tx-tstamp-after-doorbell",
          null,
          "net: stmmac: skb_tx_timestamp after the TX doorbell",
          v(6, 12),
          Status.MAINLINE,
          "xmit and tso_xmit take the software TX timestamp after ringing the doorbell, not"
              + " before the first descriptor is written" + SINCE_6_1);

  public static final Patch DMA_TX_CHAN_ARG =
      new Patch(
          "dma-tx-chan-arg",
          null,
          "net: stmmac: per-channel poll demand (enable_dma_transmission gains the channel)",
          v(6, 12),
          Status.MAINLINE,
          "stmmac_enable_dma_transmission(priv, ioaddr, chan): dwmac1000 writes the channel's"
              + " DMA_CHAN_XMT_POLL_DEMAND instead of DMA_XMT_POLL_DEMAND, and"
              + " dwmac_dma_interrupt reads the channel's DMA_CHAN_STATUS(chan) instead of"
              + " DMA_STATUS (the same multi-channel change)" + SINCE_6_1);

  public static final Patch SFTY_IRQ =
      new Patch(
          "sfty-irq",
          null,
          "net: stmmac: Add driver support for common safety IRQ",
          v(6, 12),
          Status.MAINLINE,
          "stmmac_interrupt checks safety features only when no dedicated sfty_irq exists"
              + " (posted as v12 in Jan 2024)" + SINCE_6_1);

  public static final Patch DWMAC4_RWT_OUTSIDE_AIS =
      new Patch(
          "dwmac4-rwt-outside-ais",
          "671672977012",
          "net: stmmac: dwmac4: Receive Watchdog Timeout is not in abnormal interrupt summary",
          v(6, 13),
          Status.MAINLINE,
          "dwmac4_dma_interrupt counts DMA_CHAN_STATUS_RWT in rx_watchdog_irq whatever AIS (it"
              + " was counted only inside the AIS block); net-next, not in 6.12.y");

  public static final Patch EEE_SW_LPI =
      new Patch(
          "eee-sw-lpi",
          null,
          "net: stmmac: EEE software LPI timer rework",
          v(6, 18),
          Status.MAINLINE,
          "xmit calls stmmac_stop_sw_lpi (was stmmac_disable_eee_mode); tx_clean restarts the"
              + " LPI timer with stmmac_restart_sw_lpi_timer when eee_sw_timer_en (was"
              + " stmmac_enable_eee_mode and mod_timer when eee_enabled)" + SINCE_6_12);

  public static final Patch TSO_VLAN_PUSH =
      new Patch(
          "tso-vlan-push",
          null,
          "net: stmmac: insert the VLAN tag into TSO frames in software",
          v(6, 12),
          Status.MAINLINE,
          "tso_xmit pushes the tag inside the payload (__vlan_hwaccel_push_inside) instead of"
              + " having the first descriptor insert it" + SINCE_6_1);

  public static final Patch TSO_SIMPLIFIED =
      new Patch(
          "tso-simplified",
          null,
          "net: stmmac: TSO: simplify the code flow of DMA descriptor allocations",
          v(6, 12),
          Status.MAINLINE,
          "tso_xmit no longer fills buffer 2 of the first descriptor on 32-bit DMA: the payload"
              + " always starts in the next descriptor, tso_allocator always calls set_desc_addr"
              + SINCE_6_1);

  public static final Patch TSO_ENTRY_LOCAL =
      new Patch(
          "tso-entry-local",
          null,
          "net: stmmac: TSO: count descriptors exactly and unmap on error",
          null,
          Status.APPLIED,
          "tso_xmit sizes the ring check with stmmac_tso_get_num_desc, fills descriptors"
              + " through a local entry (tso_allocator takes *entry) and publishes cur_tx once,"
              + " and unmaps what it mapped on a fragment mapping error (a 6.12.y stable"
              + " change: absent from 6.18.19)")
          .backportedTo(KernelVersion.of(6, 12, 118), null,
              "present in Debian linux-source-6.12 (6.12.118, the first 6.12.y read)");

  public static final Patch TSO_LAST_SEGMENT =
      new Patch(
          "tso-last-segment",
          null,
          "net: stmmac: TSO: first descriptor is the last one when it is the only one",
          v(6, 18),
          Status.MAINLINE,
          "tso_xmit passes is_last_segment ((cur_tx - first_entry) & (size - 1) == 1) to"
              + " prepare_tso_tx_desc instead of tx_skbuff_dma[first_entry].last_segment"
              + SINCE_6_12);

  public static final Patch RX_MARK_RECYCLE =
      new Patch(
          "rx-mark-recycle",
          null,
          "net: stmmac: mark RX skbs for page-pool recycling",
          v(6, 12),
          Status.MAINLINE,
          "a page added to an skb as a fragment is left to the skb's recycling"
              + " (skb_mark_for_recycle) instead of page_pool_release_page" + SINCE_6_1);

  public static final Patch RX_HW_VLAN =
      new Patch(
          "rx-hw-vlan",
          null,
          "net: stmmac: MAC-level RX VLAN stripping",
          v(6, 12),
          Status.MAINLINE,
          "stmmac_rx lets the MAC strip the tag when hw_vlan_en (stmmac_rx_hw_vlan), else the"
              + " driver does" + SINCE_6_1);

  public static final Patch RX_LIMIT_RING =
      new Patch(
          "rx-limit-ring",
          null,
          "net: stmmac: bound an RX poll by the ring, not by dirty_rx",
          v(6, 18),
          Status.MAINLINE,
          "stmmac_rx clamps its limit to dma_rx_size - 1 and no longer stops where the next"
              + " entry is dirty_rx" + SINCE_6_12);

  public static final Patch RX_BUILD_SKB =
      new Patch(
          "rx-build-skb",
          null,
          "net: stmmac: build the RX skb around the page (napi_build_skb)",
          v(6, 18),
          Status.MAINLINE,
          "the frame's head is no longer copied into a napi_alloc_skb: the skb is built on the"
              + " page and marked for recycling; a discarded frame's page is put back with"
              + " page_pool_put_page" + SINCE_6_12);

  public static final Patch HRTIMER_SETUP =
      new Patch(
          "hrtimer-setup",
          null,
          "hrtimer: hrtimer_setup() in place of hrtimer_init() and .function",
          v(6, 18),
          Status.MAINLINE,
          "stmmac_init_coalesce sets each TX queue's timer up with hrtimer_setup (tree-wide"
              + " conversion; same timer)" + SINCE_6_12);

  public static final Patch XSK_TX_METADATA =
      new Patch(
          "xsk-tx-metadata",
          null,
          "net: stmmac: AF_XDP TX metadata completion in tx_clean",
          v(6, 12),
          Status.MAINLINE,
          "tx_clean completes XSK TX metadata for a last segment without skb" + SINCE_6_1);

  public static final Patch RX_DMA_WAKE =
      new Patch(
          "rx-dma-wake",
          null,
          "net: stmmac: wake the RX DMA after a refill",
          v(6, 18),
          Status.MAINLINE,
          "rx_refill ends with stmmac_enable_dma_reception (RX poll demand)" + SINCE_6_12);

  public static final Patch HRTIMER_ACTIVE =
      new Patch(
          "hrtimer-active",
          "edceeba4af3d",
          "net: stmmac: Improve Tx timer arm logic further",
          KernelVersion.of(7, 2),
          Status.MAINLINE,
          "hrtimer_start only if !hrtimer_active: deadline first packet + tx-usecs, no sliding"
              + " window (v2 <20260526051921.14540-1-muhammad.nazim.amirul.nazle.asmade@altera.com>;"
              + " release v7.2 as first recorded, not re-verified against a tree)");

  public static final Patch BURST_END_IC =
      new Patch(
          "burst-end-ic",
          "d21a374995df",
          "net: stmmac: raise TX completion interrupt at the end of an xmit burst",
          null,
          Status.APPLIED,
          "!netdev_xmit_more() sets IC after the tx-frames 0 test, in xmit and tso_xmit"
              + " (net-next; no mainline release nicsim records)")
          .backportedTo(KernelVersion.of(6, 12, 117), null,
              "present in Debian linux-source-6.12 (6.12.117): the !netdev_xmit_more() clause"
                  + " after the tx-frames 0 test in stmmac_xmit and stmmac_tso_xmit; the first"
                  + " 6.12.y release that carries it is not recorded (117 is the first read)");

  public static final Patch IC_BURST_END_ONLY =
      new Patch(
          "ic-burst-end-only",
          null,
          "what-if: IC only at the end of an xmit burst, no frame counter",
          null,
          Status.VARIANT,
          "the alternative argued against in the burst-end-ic thread: set_ic = !xmit_more"
              + " (HW timestamp and tx-frames 0 rules kept); a batch larger than the ring gets"
              + " no IC descriptor");

  /**
   * A what-if, not a kernel change: stmmac with lib/dim, as a DIM-using driver would write it.
   * adaptive-rx: a struct dim per RX queue (events = RX NAPI schedules, running frame and byte
   * totals) whose work item programs the queue's RIWT through stmmac_usec2riwt and
   * stmmac_rx_watchdog (clamped to MIN/MAX_DMA_RIWT, as set_coalesce's range) and its
   * rx_coal_frames. adaptive-tx: a struct dim per TX queue (events = TX NAPI schedules, running
   * completed packets and bytes) whose work item sets the queue's tx_coal_timer and
   * tx_coal_frames, which xmit and stmmac_tx_timer_arm read.
   */
  public static final Patch DIM =
      new Patch(
          "dim",
          null,
          "what-if: adaptive RX (RIWT) and TX (tx-usecs/tx-frames) moderation with lib/dim",
          null,
          Status.VARIANT,
          "ethtool adaptive-rx / adaptive-tx: net_dim per queue drives RIWT and rx-frames, or"
              + " tx-usecs and tx-frames; static values stay stored");

  public static final Patch TX_ARM_RECHECK =
      new Patch(
          "tx-arm-recheck",
          null,
          "what-if: re-check pending TX work after napi_complete_done (candidate fix for the"
              + " TX-timer window)",
          null,
          Status.VARIANT,
          "after napi_complete_done returns true the TX poll arms the timer if dirty_tx !="
              + " cur_tx, and xmit has a full barrier between publishing cur_tx and reading"
              + " napi_is_scheduled (cli/README \"The stmmac TX-timer window\")");

  public static final Patch NO_PENDING_ARM =
      new Patch(
          "no-pending-arm",
          null,
          "what-if: the TX poll never arms the timer for pending packets (deliberately broken)",
          null,
          Status.VARIANT,
          "drops a594166387fe's arm after napi_complete_done: explore's self-test (a stall it"
              + " must find)");

  /** The catalog, oldest first. */
  public static final PatchCatalog CATALOG =
      new PatchCatalog(
          "stmmac",
          List.of(
              COAL_REWORK,
              NAPI_SPLIT,
              TSTAMP_IC,
              TX_FRAMES_1,
              RX_WD_MIN,
              RX_COAL_FRAMES,
              RX_DIV0,
              ETHTOOL_TX_WITHOUT_RIWT,
              TUNE_DEFAULTS,
              SET_IC_MODULO,
              RX_IC_ZERO,
              DEF_RIWT,
              ARM_AT_END,
              IRQ_PER_DIR,
              RESCHEDULE_COAL_TIMER,
              COALESCE_PARAMS,
              HRTIMER,
              PER_QUEUE_COALESCE,
              TX_CLEAN_ONE_SHOT,
              ZERO_USECS,
              NAPI_AWARE_ARM,
              ARM_AFTER_DMA_ENABLE,
              COAL_5MS,
              ETHTOOL_NO_BEGIN,
              RIWT_ZERO_REFUSED,
              RIWT_ROUNDING,
              EST_MAX_SDU,
              TX_COE_FALLBACK,
              TX_TSTAMP_AFTER_DOORBELL,
              DMA_TX_CHAN_ARG,
              SFTY_IRQ,
              TSO_VLAN_PUSH,
              TSO_SIMPLIFIED,
              XSK_TX_METADATA,
              RX_MARK_RECYCLE,
              RX_HW_VLAN,
              DWMAC4_RWT_OUTSIDE_AIS,
              EST_SDU_VLAN,
              RX_LIMIT_RING,
              RX_BUILD_SKB,
              HRTIMER_SETUP,
              EEE_SW_LPI,
              TSO_LAST_SEGMENT,
              RX_DMA_WAKE,
              CSUM_RELINEARIZE,
              TSO_ENTRY_LOCAL,
              HRTIMER_ACTIVE,
              BURST_END_IC,
              IC_BURST_END_ONLY,
              TX_ARM_RECHECK,
              NO_PENDING_ARM,
              DIM));

  /** The mainline set of a version string ({@code v6.7}); versions before v4.19 are refused. */
  public static PatchSet forKernel(String version) {
    return select(version, List.of());
  }

  /** A version plus {@code +ID}/{@code -ID} edits. */
  public static PatchSet select(String version, List<String> edits) {
    KernelVersion kv = KernelVersion.parse(version);
    if (kv.before(OLDEST)) {
      throw BadInputException.field(
          "--kernel", "stmmac is modelled from " + OLDEST + " on, not " + kv, "v4.19 or newer");
    }
    return CATALOG.select(kv, edits);
  }
}
