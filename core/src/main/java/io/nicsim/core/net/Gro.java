package io.nicsim.core.net;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.kernel.NapiGro;
import io.nicsim.core.port.KernelPort;
import java.util.Arrays;

/**
 * One NAPI's GRO state (struct gro_node in 6.18; napi->gro_hash, gro_bitmask, rx_list before):
 * up to {@value #MAX_GRO_SKBS} held skbs in each of {@value #GRO_HASH_BUCKETS} buckets, youngest
 * first, and the list of GRO_NORMAL skbs waiting to go up the stack. Only TCP data frames
 * ({@link GroSegment} payloads) are merged; the rest go up as GRO_NORMAL, as UDP sockets without
 * UDP_GRO and ICMP do. Allocation-free: held skbs sit in fixed arrays, the rx list is linked
 * through {@link Skb#next}.
 */
final class Gro extends NapiGro {
  /** GRO_HASH_BUCKETS (include/net/gro.h). */
  static final int GRO_HASH_BUCKETS = 8;
  /** MAX_GRO_SKBS (net/core/gro.c). */
  static final int MAX_GRO_SKBS = 8;
  /** GRO_LEGACY_MAX_SIZE: skb_gro_receive refuses to grow an skb to 64 KB. */
  static final int GRO_MAX_SIZE = 65536;
  /** net.core.gro_normal_batch's default. */
  static final int GRO_NORMAL_BATCH = 8;

  final Kernel kernel;
  private final boolean batch;
  private GroDeliver up;
  /** Per bucket, youngest first: the held skbs, their age (jiffies), their flow's key. */
  final Skb[][] held = new Skb[GRO_HASH_BUCKETS][MAX_GRO_SKBS];
  final long[][] age = new long[GRO_HASH_BUCKETS][MAX_GRO_SKBS];
  final long[][] key = new long[GRO_HASH_BUCKETS][MAX_GRO_SKBS];
  final int[][] flow = new int[GRO_HASH_BUCKETS][MAX_GRO_SKBS];
  /** Per held skb: its segment count (NAPI_GRO_CB(p)->count) and mss (gso_size). */
  final int[][] count = new int[GRO_HASH_BUCKETS][MAX_GRO_SKBS];
  final int[][] mss = new int[GRO_HASH_BUCKETS][MAX_GRO_SKBS];
  final int[] listCount = new int[GRO_HASH_BUCKETS];
  int bitmask;
  private Skb rxHead;
  private Skb rxTail;
  private int rxCount;
  private long merged;
  long held0;

  Gro(Kernel kernel, boolean batch) {
    this.kernel = kernel;
    this.batch = batch;
  }

  void bind(GroDeliver deliver) {
    this.up = deliver;
  }

  boolean bound() {
    return up != null;
  }

  /** napi->gro_bitmask: which buckets hold skbs (0: nothing held). */
  @Override
  protected int rxCount() {
    return rxCount;
  }

  @Override
  protected int bitmask() {
    return bitmask;
  }

  /** Segments merged into a held skb so far. */
  @Override
  protected long mergedCount() {
    return merged;
  }

  /** skbs GRO held (started a merge with) so far. */
  long heldCount() {
    return held0;
  }

  /** skbs held or waiting on the rx list (for skb conservation). */
  @Override
  protected int skbsHeld() {
    int n = 0;
    for (int b = 0; b < GRO_HASH_BUCKETS; b++) {
      n += listCount[b];
    }
    for (Skb s = rxHead; s != null; s = s.next) {
      n++;
    }
    return n;
  }

  /** enum gro_result. */
  static final int GRO_MERGED = 0;
  static final int GRO_MERGED_FREE = 1;
  static final int GRO_HELD = 2;
  static final int GRO_NORMAL = 3;
  static final int GRO_CONSUMED = 4;

  /**
   * What dev_gro_receive calls of the protocol layer: the hash, gro_list_prepare, the offload
   * lookup and its gro_receive callback (inet_gro_receive -> tcp4_gro_receive). nicsim's is
   * {@link #tcp}; the executed harness records the calls and answers from its input.
   */
  interface Offload {
    /** skb_get_hash_raw. */
    int hash(Skb skb);

    /** gro_list_prepare on the bucket's list (its same_flow marks are the callback's). */
    void listPrepare(int bucket, Skb skb);

    /** Whether a packet_offload with a gro_receive callback handles skb->protocol. */
    boolean hasOffload(Skb skb);

    /**
     * The callback on the bucket's list: sets {@link #cbSameFlow}, {@link #cbFlush},
     * {@link #cbFree} (and may pull headers into {@code skb.hdrLen}); returns the held skb to
     * complete (its index in the bucket), -1 for none, or {@link #EINPROGRESS}.
     */
    int groReceive(int bucket, Skb skb, Core core);
  }

  /** ERR_PTR(-EINPROGRESS) as the callback's answer. */
  static final int EINPROGRESS = -115;

  /** netif_elide_gro: GRO off on the device (nicsim's devices keep NETIF_F_GRO on). */
  boolean elide;
  Offload offload = new TcpOffload();
  /** NAPI_GRO_CB(skb) of the skb being received: flush, same_flow, free, count. */
  boolean cbFlush;
  boolean cbSameFlow;
  int cbFree;
  int cbCount;
  /** The TCP callback's flow and header key for a skb it leaves to be held. */
  int cbFlowId;
  long cbKey;

  /**
   * napi_gro_receive: dev_gro_receive, then napi_skb_finish (GRO_NORMAL goes up as
   * gro_normal_one, GRO_MERGED_FREE frees the skb whose data joined a held one).
   */
  void receive(Skb skb, Core core, int napiId) {
    if (skb.napiId == 0) {
      skb.napiId = napiId; // skb_mark_napi_id
    }
    cbFlush = false; // skb_gro_reset_offset leaves the cb as the driver's skb had it: clear
    switch (devGroReceive(skb, core)) {
      case GRO_NORMAL -> normalOne(skb, 1, core);
      case GRO_MERGED_FREE -> skb.free(); // napi_skb_free_stolen_head
      default -> { } // GRO_HELD, GRO_MERGED, GRO_CONSUMED
    }
  }

  /**
   * dev_gro_receive: the skb's bucket, the protocol's gro_receive, then the held skb it names
   * completed and the skb merged, passed up (flush) or held at the head of its bucket (the
   * oldest completed to make room).
   */
  @KernelPort(
      file = "net/core/gro.c",
      function = "dev_gro_receive",
      versions = "v5.17..v6.18",
      commits = {"587652bbdd06", "291515c76409"},
      source = "debian:linux-source-6.12@6.12.117",
      notes = "291515c76409 (v6.15) takes the gro_node; the checksum setup (NAPI_GRO_CB csum,"
          + " csum_valid, csum_cnt) is not modelled; the skb is linear and not GSO (a"
          + " driver's RX skb), so no frag0 pull and count 1")
  int devGroReceive(Skb skb, Core core) {
    GroNative c = kernel.inLoop(GroNative.class);
    if (c != null && c.receive != null) { // --ports c: the tree's C
      return c.receive(this, skb, core);
    }
    int bucket = offload.hash(skb) & (GRO_HASH_BUCKETS - 1);
    int ret;
    if (elide) {
      ret = GRO_NORMAL;
    } else {
      offload.listPrepare(bucket, skb);
      if (!offload.hasOffload(skb)) {
        ret = GRO_NORMAL; // no packet_offload for the protocol
      } else {
        ret = received(bucket, skb, core);
      }
    }
    // ok: the bucket's bit follows its count
    if (listCount[bucket] != 0) {
      bitmask |= 1 << bucket;
    } else {
      bitmask &= ~(1 << bucket);
    }
    return ret;
  }

  /**
   * dev_gro_receive from found_ptype: the protocol's gro_receive with NAPI_GRO_CB zeroed; the
   * held skb to complete (its index in the bucket), -1 for none, or {@link #EINPROGRESS}.
   */
  int protocolReceive(int bucket, Skb skb, Core core) {
    // *(u32 *)&NAPI_GRO_CB(skb)->zeroed = 0; flush = skb_has_frag_list (a linear skb: 0)
    cbSameFlow = false;
    cbFree = 0;
    cbFlush = false;
    cbCount = 1;
    return offload.groReceive(bucket, skb, core);
  }

  /** dev_gro_receive from found_ptype to its return, before the bitmask update. */
  private int received(int bucket, Skb skb, Core core) {
    int pp = protocolReceive(bucket, skb, core);
    if (pp == EINPROGRESS) {
      return GRO_CONSUMED;
    }
    boolean sameFlow = cbSameFlow;
    int ret = cbFree != 0 ? GRO_MERGED_FREE : GRO_MERGED;
    if (pp >= 0) {
      complete(unlink(bucket, pp), core); // skb_list_del_init, napi_gro_complete, count--
    }
    if (sameFlow) {
      return ret;
    }
    if (cbFlush) {
      return GRO_NORMAL;
    }
    if (listCount[bucket] >= MAX_GRO_SKBS) {
      // gro_flush_oldest: the oldest skb goes up, the new one takes its place in the count
      complete(unlink(bucket, listCount[bucket] - 1), core);
    }
    // NAPI_GRO_CB(skb)->age = jiffies; gso_size = skb_gro_len(skb); list_add at the head
    int len = skb.len - skb.hdrLen;
    int m = listCount[bucket];
    for (int i = m; i > 0; i--) {
      held[bucket][i] = held[bucket][i - 1];
      age[bucket][i] = age[bucket][i - 1];
      key[bucket][i] = key[bucket][i - 1];
      flow[bucket][i] = flow[bucket][i - 1];
      count[bucket][i] = count[bucket][i - 1];
      mss[bucket][i] = mss[bucket][i - 1];
    }
    held[bucket][0] = skb;
    age[bucket][0] = kernel.cpu().jiffiesAt(core.cursor());
    key[bucket][0] = cbKey;
    flow[bucket][0] = cbFlowId;
    count[bucket][0] = cbCount;
    mss[bucket][0] = len;
    skb.gsoSize = len & 0xFFFF; // skb_shinfo(skb)->gso_size is an unsigned short
    listCount[bucket] = m + 1;
    held0++;
    return GRO_HELD;
  }

  /**
   * inet_gro_receive -> tcp4_gro_receive -> tcp_gro_receive for nicsim's TCP data frames
   * ({@link GroSegment}); nothing else has an offload here (UDP sockets without UDP_GRO and
   * ICMP go up as GRO_NORMAL, as udp_gro_receive's flush does).
   */
  private final class TcpOffload implements Offload {
    @Override
    public int hash(Skb skb) {
      return skb.payload instanceof GroSegment seg ? seg.groFlow(skb) : 0;
    }

    @Override
    public void listPrepare(int bucket, Skb skb) {
      // the same-flow test is the flow compare of groReceive's lookup
    }

    @Override
    public boolean hasOffload(Skb skb) {
      return skb.payload instanceof GroSegment;
    }

    @Override
    public int groReceive(int bucket, Skb skb, Core core) {
      GroSegment seg = (GroSegment) skb.payload;
      int f = seg.groFlow(skb);
      long k = seg.groHeaderKey(skb);
      skb.hdrLen = seg.groHeaderLen(skb);
      skb.payloadLen = skb.len - skb.hdrLen; // skb_gro_len: what is left past the headers
      skb.tcpPsh = seg.groPsh(skb);
      cbFlowId = f;
      cbKey = k;
      int n = listCount[bucket];
      int p = -1;
      for (int i = 0; i < n; i++) {
        if (flow[bucket][i] == f) { // gro_list_prepare + tcp_gro_lookup: the same 4-tuple
          p = i;
          break;
        }
      }
      // tcp_gro_receive
      int len = skb.payloadLen;
      boolean sameFlow = false;
      int pmss = 1;
      if (p >= 0) {
        Skb ps = held[bucket][p];
        pmss = mss[bucket][p];
        boolean flush = k != key[bucket][p]; // flags, ack_seq, window, options
        flush |= (len - 1) >= pmss; // (unsigned) a single frame longer than the mss
        flush |= ps.payloadOffset + ps.payloadLen != skb.payloadOffset; // not the next bytes
        if (flush || ps.len + len >= GRO_MAX_SIZE) { // skb_gro_receive's -E2BIG
          pmss = 1;
        } else {
          // skb_gro_receive: the segment's data joins p's frags, its head is freed
          core.charge(KernelOps.GRO_MERGE);
          ps.len += len;
          ps.payloadLen += len;
          count[bucket][p]++;
          ps.gsoSegs = count[bucket][p];
          ps.tcpPsh |= skb.tcpPsh;
          merged++;
          sameFlow = true;
          cbFree = 2; // NAPI_GRO_FREE_STOLEN_HEAD
        }
      }
      // out_check_final: a short segment or PSH ends the merge
      boolean flush = len < pmss || skb.tcpPsh;
      cbSameFlow = sameFlow;
      cbFlush |= flush;
      return p >= 0 && (!sameFlow || flush) ? p : -1;
    }
  }

  /** Takes a held skb off its bucket, clearing the bucket's bit once it is empty. */
  private Skb removeAt(int bucket, int i) {
    Skb s = unlink(bucket, i);
    if (listCount[bucket] == 0) {
      bitmask &= ~(1 << bucket);
    }
    return s;
  }

  /** skb_list_del_init and the bucket's count--: the bit stays for the caller to clear. */
  private Skb unlink(int bucket, int i) {
    Skb s = held[bucket][i];
    int n = listCount[bucket] - 1;
    for (int j = i; j < n; j++) {
      held[bucket][j] = held[bucket][j + 1];
      age[bucket][j] = age[bucket][j + 1];
      key[bucket][j] = key[bucket][j + 1];
      flow[bucket][j] = flow[bucket][j + 1];
      count[bucket][j] = count[bucket][j + 1];
      mss[bucket][j] = mss[bucket][j + 1];
    }
    held[bucket][n] = null;
    listCount[bucket] = n;
    return s;
  }

  /** napi_gro_complete: a held skb goes up as one skb of its segments. */
  void complete(Skb skb, Core core) {
    int segs = skb.gsoSegs;
    if (segs == 1) {
      skb.gsoSize = 0; // a single frame is not a GSO skb
    }
    normalOne(skb, segs, core);
  }

  /**
   * gro_flush (include/net/gro.h, from the gro_node rework): nothing held, nothing to walk.
   * Before it, napi_gro_flush's callers made the same test ({@code if (n->gro_bitmask)}) before
   * calling it, and napi_gro_flush on an empty bitmask walks nothing: every era flushes through
   * here.
   */
  @KernelPort(
      file = "include/net/gro.h",
      function = "gro_flush",
      versions = "v6.15..v6.18",
      commits = {"291515c76409"},
      source = "6952350/linux-6.18.y@27d8ad92b7d891846660571740548bd1ab6ea5fa")
  @Override
  protected void flush(boolean flushOld, Core core) {
    GroNative c = kernel.inLoop(GroNative.class);
    if (c != null && c.groFlush != null) { // --ports c: the tree's gro_flush (6.15+)
      c.flush(c.groFlush, this, flushOld, core);
      return;
    }
    if (bitmask == 0) {
      return;
    }
    flushAll(flushOld, core);
  }

  /**
   * napi_gro_flush (__gro_flush from the gro_node rework): every bucket that holds skbs, in
   * ffs order (lowest first), has its chain flushed. GRO's functions moved from net/core/dev.c
   * to net/core/gro.c in v5.17 (587652bbdd06): the ranges here start there (a dev.c range
   * would be found in gro.c by later trees' directory search and contradict itself).
   */
  @KernelPort(
      file = "net/core/gro.c",
      function = "napi_gro_flush",
      versions = "v5.17..v6.14",
      commits = {"587652bbdd06"},
      source = "debian:linux-source-6.12@6.12.117")
  @KernelPort(
      file = "net/core/gro.c",
      function = "__gro_flush",
      versions = "v6.15..v6.18",
      commits = {"291515c76409"},
      source = "6952350/linux-6.18.y@27d8ad92b7d891846660571740548bd1ab6ea5fa")
  void flushAll(boolean flushOld, Core core) {
    GroNative c = kernel.inLoop(GroNative.class);
    if (c != null && c.napiGroFlush != null) { // --ports c: the tree's napi_gro_flush (to 6.14)
      c.flush(c.napiGroFlush, this, flushOld, core);
      return;
    }
    int mask = bitmask; // the walk reads the bitmask once, as the C copies it
    int base = -1;      // ~0U
    int i;
    while ((i = Integer.numberOfTrailingZeros(mask) + 1) != 33) { // ffs(bitmask)
      mask >>>= i;
      base += i;
      flushChain(base, flushOld, core);
    }
  }

  /**
   * __napi_gro_flush_chain (__gro_flush_chain from the gro_node rework): the bucket's skbs go
   * up oldest first; with {@code flushOld} the walk stops at the first one held this jiffy. An
   * emptied bucket clears its bit.
   */
  @KernelPort(
      file = "net/core/gro.c",
      function = "__napi_gro_flush_chain",
      versions = "v5.17..v6.14",
      commits = {"587652bbdd06"},
      source = "debian:linux-source-6.12@6.12.117")
  @KernelPort(
      file = "net/core/gro.c",
      function = "__gro_flush_chain",
      versions = "v6.15..v6.18",
      commits = {"291515c76409"},
      source = "6952350/linux-6.18.y@27d8ad92b7d891846660571740548bd1ab6ea5fa")
  void flushChain(int index, boolean flushOld, Core core) {
    long now = kernel.cpu().jiffiesAt(core.cursor());
    while (listCount[index] > 0) { // list_for_each_entry_safe_reverse: oldest first
      int oldest = listCount[index] - 1;
      if (flushOld && age[index][oldest] == now) {
        return;
      }
      complete(unlink(index, oldest), core); // skb_list_del_init; napi_gro_complete
    }
    bitmask &= ~(1 << index); // the count reached 0: __clear_bit(index, bitmask)
  }

  /** Per id (bucket * 8 + slot, {@link #FRESH} the skb received): a held skb's fields. */
  private Skb[] relistSkb;
  private long[] relistAge;
  private long[] relistKey;
  private int[] relistFlow;
  private int[] relistCount;
  private int[] relistMss;
  /** The id a C gives the skb dev_gro_receive receives (after the 64 held ones). */
  static final int FRESH = GRO_HASH_BUCKETS * MAX_GRO_SKBS;

  /**
   * The held skbs laid out again as a C left them ({@link GroNative}): {@code ids[b]} holds
   * bucket b's ids head first ({@code n[b]} of them), each id the skb's place before the call
   * (bucket * 8 + slot) or {@link #FRESH}, the skb received (its age, count and gso_size the
   * C's, its flow and header key the protocol's callback's); {@code mask} the C's bitmask.
   */
  void relist(int[][] ids, int[] n, int mask, Skb fresh, long freshAge, int freshCount) {
    if (relistSkb == null) {
      relistSkb = new Skb[FRESH + 1];
      relistAge = new long[FRESH + 1];
      relistKey = new long[FRESH + 1];
      relistFlow = new int[FRESH + 1];
      relistCount = new int[FRESH + 1];
      relistMss = new int[FRESH + 1];
    }
    for (int b = 0; b < GRO_HASH_BUCKETS; b++) {
      for (int i = 0; i < listCount[b]; i++) {
        int id = b * MAX_GRO_SKBS + i;
        relistSkb[id] = held[b][i];
        relistAge[id] = age[b][i];
        relistKey[id] = key[b][i];
        relistFlow[id] = flow[b][i];
        relistCount[id] = count[b][i];
        relistMss[id] = mss[b][i];
      }
    }
    if (fresh != null) {
      relistSkb[FRESH] = fresh;
      relistAge[FRESH] = freshAge;
      relistKey[FRESH] = cbKey;
      relistFlow[FRESH] = cbFlowId;
      relistCount[FRESH] = freshCount;
      relistMss[FRESH] = fresh.len - fresh.hdrLen;
    }
    for (int b = 0; b < GRO_HASH_BUCKETS; b++) {
      for (int i = 0; i < MAX_GRO_SKBS; i++) {
        int id = i < n[b] ? ids[b][i] : -1;
        held[b][i] = id < 0 ? null : relistSkb[id];
        if (id >= 0) {
          age[b][i] = relistAge[id];
          key[b][i] = relistKey[id];
          flow[b][i] = relistFlow[id];
          count[b][i] = relistCount[id];
          mss[b][i] = relistMss[id];
        }
      }
      listCount[b] = n[b];
    }
    Arrays.fill(relistSkb, null);
    bitmask = mask;
  }

  /** gro_normal_one: queue for the stack; a full batch goes up at once. */
  void normalOne(Skb skb, int segs, Core core) {
    if (!batch) {
      up.deliver(skb, core); // before 6570bc79c0df: netif_receive_skb_internal at once
      return;
    }
    skb.next = null;
    if (rxTail == null) {
      rxHead = skb;
    } else {
      rxTail.next = skb;
    }
    rxTail = skb;
    rxCount += segs;
    if (rxCount >= GRO_NORMAL_BATCH) {
      normalList(core);
    }
  }

  /** gro_normal_list: the waiting skbs go up the stack. */
  @Override
  protected void normalList(Core core) {
    if (rxCount == 0) {
      return;
    }
    Skb s = rxHead;
    rxHead = null;
    rxTail = null;
    rxCount = 0;
    while (s != null) {
      Skb next = s.next;
      s.next = null;
      up.deliver(s, core);
      s = next;
    }
  }

  /** gro_flush_normal (6.18) / napi_gro_flush + gro_normal_list: both, in that order. */
  @Override
  protected void flushNormal(boolean flushOld, Core core) {
    flush(flushOld, core);
    normalList(core);
  }

  /** Frees what GRO holds (napi_disable's flush_gro_hash; the rx list is freed too). */
  @Override
  protected void drop() {
    for (int b = 0; b < GRO_HASH_BUCKETS; b++) {
      while (listCount[b] > 0) {
        removeAt(b, listCount[b] - 1).free();
      }
    }
    Skb s = rxHead;
    rxHead = null;
    rxTail = null;
    rxCount = 0;
    while (s != null) {
      Skb next = s.next;
      s.next = null;
      s.free();
      s = next;
    }
  }
}
