package io.nicsim.tcp;

import io.nicsim.core.era.KernelVersion;
import io.nicsim.core.era.Patch;
import io.nicsim.core.era.Patch.Status;
import io.nicsim.core.era.PatchCatalog;
import java.util.List;

/**
 * The upstream TCP changes that alter what nicsim's TCP sender does. Code branches on each one
 * exactly where it changed the C ({@link TcpOutput#smallQueueCheck}, {@link
 * TcpOutput#tsoAutosize}, {@link TcpOutput#writeXmit}). nicsim models the EDT pacing era
 * (v4.20 and later); older behaviour is out of scope.
 */
public final class TcpPatches {
  private TcpPatches() {}

  /**
   * The rb-tree retransmit queue: the TSQ shortcut that let an skb out when at most one skb was
   * unacked ("first or second skb of the write queue") became "retransmit queue empty".
   */
  public static final Patch RTX_RBTREE = new Patch(
      "rtx-rbtree", "75c119afe14f", "tcp: implement rb-tree based retransmit queue",
      KernelVersion.of(4, 15), Status.MAINLINE,
      "TSQ always-send shortcut narrows from 'rtx queue holds <= 1 skb' to 'rtx queue empty'");

  /**
   * tcp_limit_output_bytes default raised to 1 MB and no longer applied to paced flows
   * (sk_pacing_status != SK_PACING_NONE: BBR, fq).
   */
  public static final Patch TSQ_PACED_UNCAPPED = new Patch(
      "tsq-paced-uncapped", "c73e5807e4f6",
      "tcp: tsq: no longer use limit_output_bytes for paced flows",
      KernelVersion.of(5, 0), Status.MAINLINE,
      "tcp_limit_output_bytes 256 KB -> 1 MB, and the cap applies only to unpaced flows");

  /** Restores the "rtx queue empty or holding a single skb" TSQ shortcut. */
  public static final Patch TSQ_RTX_SINGLE_SKB = new Patch(
      "tsq-rtx-single-skb", "f921a4a5bffa",
      "tcp: tsq: relax tcp_small_queue_check() when rtx queue contains a single skb",
      KernelVersion.of(6, 6), Status.MAINLINE,
      "TSQ lets an skb out when the rtx queue holds at most one skb (slow TX completions)")
      .backportedTo(KernelVersion.of(6, 1, 60), null,
          "kernel.org ChangeLog-6.1.60; present in Debian linux-source-6.1 (6.1.192)");

  /**
   * TCP skb heads come from a dedicated small kmem_cache instead of kmalloc-1k: the head's
   * truesize drops from 1280 to 896 ({@link SkbHeadTruesize}), which lowers the 2 × truesize TSQ
   * floor and every sk_wmem figure.
   */
  public static final Patch SMALL_HEAD_CACHE = new Patch(
      "small-head-cache", "bf9f1baa279f",
      "net: add dedicated kmem_cache for typical/small skb->head",
      KernelVersion.of(6, 3), Status.MAINLINE,
      "tcp_stream_alloc_skb's head truesize 1280 -> 896 (SKB_TRUESIZE of the small head)");

  /**
   * sk_setup_caps subtracts MAX_TCP_HEADER + 1 from the device's gso_max_size once, where
   * tcp_xmit_size_goal and tcp_tso_autosize used to subtract it on every call: sk_gso_max_size
   * holds the smaller value from then on (and every reader of it sees that).
   */
  public static final Patch SK_GSO_MAX_SIZE_ADJUSTED = new Patch(
      "sk-gso-max-size-adjusted", "ab14f1802cfb", "net: Adjust sk_gso_max_size once when set",
      KernelVersion.of(5, 18), Status.MAINLINE,
      "sk_gso_max_size is the device's gso_max_size - (MAX_TCP_HEADER + 1), computed once");

  /** TSO autosizing adds an RTT-based bonus (tcp_tso_rtt_log) and caps at gso_max_size. */
  public static final Patch TSO_RTT_BONUS = new Patch(
      "tso-rtt-bonus", "65466904b015", "tcp: adjust TSO packet sizes based on min_rtt",
      KernelVersion.of(5, 18), Status.MAINLINE,
      "tcp_tso_autosize adds gso_max_size >> (min_rtt_us >> 9) for short-RTT flows");

  /**
   * tcp_write_xmit grows a short head skb from the next one and always recomputes tso_segs
   * (with d5b38a71d333 "tcp: call tcp_set_skb_tso_segs() from tcp_write_xmit()").
   */
  public static final Patch GROW_SKB = new Patch(
      "grow-skb", "8ee602c63520", "tcp: try to send bigger TSO packets",
      KernelVersion.of(6, 10), Status.MAINLINE,
      "tcp_write_xmit pulls payload from the next skb so every skb has cwnd_quota*mss bytes");

  /** tcp_limit_output_bytes default 4 MB. */
  public static final Patch TSQ_LIMIT_4MB = new Patch(
      "tsq-limit-4mb", "9ea3bfa61b09",
      "tcp: increase tcp_limit_output_bytes default value to 4MB",
      KernelVersion.of(6, 16), Status.MAINLINE,
      "tcp_limit_output_bytes default 1 MB -> 4 MB");

  /** The tcp_limit_output_bytes cap applies to every flow again, paced or not. */
  public static final Patch TSQ_ALWAYS_LIMIT = new Patch(
      "tsq-always-limit", "c4221a8cc3a7", "tcp: always use tcp_limit_output_bytes limitation",
      KernelVersion.of(6, 16), Status.MAINLINE,
      "TSQ caps paced flows (BBR, fq) at tcp_limit_output_bytes too");

  /**
   * tcp_may_update_window also takes a same-ack_seq ACK that closes the window (nwin == 0), so a
   * receiver out of memory can shrink the window to zero without advancing anything else.
   * Mainline since v6.6; no 6.1.y release carries it (Debian's 6.1.192 has the old test).
   */
  public static final Patch ZERO_WINDOW_UPDATE = new Patch(
      "zero-window-update", "800a666141de", "net: tcp: allow zero-window ACK update the window",
      KernelVersion.of(6, 6), Status.MAINLINE,
      "an ACK at snd_wl1 that advertises a zero window updates snd_wnd (tcp_may_update_window)");

  /**
   * tcp_tso_should_defer's last test: instead of "the rtx head was sent less than srtt/2 ago,
   * send now", the ACK is expected at head->tstamp + srtt and the skb goes now only when that
   * ACK is more than min(srtt/2, 1 ms) away. With an RTT over 2 ms a TSO skb short of cwnd
   * room now waits for the next ACK where it used to go out.
   */
  public static final Patch TSO_DEFER_EXPECTED_ACK = new Patch(
      "tso-defer-expected-ack", "295ce1eb36ae",
      "tcp: fix tcp_tso_should_defer() vs large RTT",
      KernelVersion.of(6, 18), Status.MAINLINE,
      "TSO deferral waits while the next ACK is due within min(srtt/2, 1 ms)")
      .backportedTo(KernelVersion.of(6, 1, 158), null,
          "linux-stable-rc linux-6.1.y, v6.1.158-rc1 (review 2025-10-27); present in Debian"
              + " linux-source-6.1 (6.1.192)")
      .backportedTo(KernelVersion.of(6, 12, 55), null,
          "linux-stable-rc linux-6.12.y, v6.12.55-rc2 (review 2025-10-21); present in Debian"
              + " linux-source-6.12 (6.12.118)");

  /**
   * The receiver's delayed-ACK timeout (icsk_ack.ato, an 8-bit field since "tcp: cache
   * RTAX_QUICKACK metric in a hot cache line") is capped at TCP_DELACK_MAX where it grows: in
   * tcp_event_data_recv and when a delayed ACK was missed (tcp_delack_timer_handler), as
   * min3(..., icsk_rto, TCP_DELACK_MAX) instead of min(..., icsk_rto).
   */
  public static final Patch ATO_DELACK_MAX_CAP = new Patch(
      "ato-delack-max-cap", "60837e4b840a", "tcp: fix icsk_ack.ato bitfield overflow",
      KernelVersion.of(7, 2), Status.MAINLINE,
      "a receiver's ATO grows to at most TCP_DELACK_MAX (HZ/5), not up to icsk_rto")
      .backportedTo(KernelVersion.of(6, 12, 105), null,
          "kernel.org ChangeLog-6.12.105 (Debian linux-6.12 changelog); present in Debian"
              + " linux-source-6.12 (6.12.118); absent from 6.1.192 (ato is a plain u32 there)"
              + " and from the 6.18.19 tree");

  /**
   * tcp_send_delayed_ack caps the delay at tcp_delack_max(sk) = min(icsk_delack_max,
   * max(tcp_rto_min(sk), 2) - 1) instead of icsk_delack_max: HZ/5 - 1 jiffies with the default
   * RTO_MIN (49 at HZ 250, 199 at HZ 1000), not HZ/5.
   */
  public static final Patch DELACK_MAX_FROM_RTO_MIN = new Patch(
      "delack-max-from-rto-min", "bbf80d713fe7", "tcp: derive delack_max from rto_min",
      KernelVersion.of(6, 7), Status.MAINLINE,
      "a delayed ACK waits at most min(icsk_delack_max, rto_min - 1) jiffies (also in 6.6.y"
          + " from 6.6.11, a line nicsim does not record; absent from 6.1.192)");

  /**
   * icsk_ack.ato becomes an 8-bit field: every value the receiver stores in it keeps its low
   * 8 bits (an ATO grown past 255 jiffies wraps until ato-delack-max-cap caps it).
   */
  public static final Patch ATO_8BIT = new Patch(
      "ato-8bit", "15492700ac41", "tcp: cache RTAX_QUICKACK metric in a hot cache line",
      KernelVersion.of(6, 15), Status.MAINLINE,
      "the receiver's icsk_ack.ato is an 8-bit bitfield (ATO_BITS)")
      .backportedTo(KernelVersion.of(6, 12, 55), null,
          "queued for 6.12.y with the dst_dev_rcu series (stable, 2025-10-20); present in"
              + " Debian's 6.12.118 and the 6.18.19 tree, absent from 6.1.192");

  /**
   * The receiver's SACK-compression timer (__tcp_ack_snd_check) waits
   * rtt * 1.25 * tcp_comp_sack_rtt_percent ns (rtt the shifted srtt_us or the receive RTT
   * estimate, default 33 %: a third of the RTT) instead of 5 % of the RTT, still at most
   * tcp_comp_sack_delay_ns.
   */
  public static final Patch COMP_SACK_RTT_PERCENT = new Patch(
      "comp-sack-rtt-percent", "eab39089417d", "tcp: add net.ipv4.tcp_comp_sack_rtt_percent",
      KernelVersion.of(6, 19), Status.MAINLINE,
      "SACK compression waits 33 % of the RTT (tcp_comp_sack_rtt_percent), not 5 %, at most"
          + " tcp_comp_sack_delay_ns")
      .backportedTo(KernelVersion.of(6, 18, 10), null,
          "a net-next commit (2025-11-06, after v6.18-rc4: mainline v6.19) that the 6.18.19"
              + " tree (6952350/linux-6.18.y) carries from its v6.18.10 update on; absent from"
              + " 6.1.192 and 6.12.118");

  public static final PatchCatalog CATALOG = new PatchCatalog("tcp", List.of(
      RTX_RBTREE, TSQ_PACED_UNCAPPED, SMALL_HEAD_CACHE, TSQ_RTX_SINGLE_SKB, TSO_RTT_BONUS, GROW_SKB,
      TSQ_LIMIT_4MB, TSQ_ALWAYS_LIMIT, ZERO_WINDOW_UPDATE, TSO_DEFER_EXPECTED_ACK,
      ATO_DELACK_MAX_CAP, DELACK_MAX_FROM_RTO_MIN, ATO_8BIT, COMP_SACK_RTT_PERCENT,
      SK_GSO_MAX_SIZE_ADJUSTED));
}
