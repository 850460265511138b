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

  public static final PatchCatalog CATALOG = new PatchCatalog("tcp", List.of(
      RTX_RBTREE, TSQ_PACED_UNCAPPED, SMALL_HEAD_CACHE, TSQ_RTX_SINGLE_SKB, TSO_RTT_BONUS, GROW_SKB,
      TSQ_LIMIT_4MB, TSQ_ALWAYS_LIMIT, ZERO_WINDOW_UPDATE));
}
