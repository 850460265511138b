package io.nicsim.tcp;

/**
 * The truesize of an empty TCP skb ({@code tcp_stream_alloc_skb}: {@code SKB_TRUESIZE} of the
 * head's end offset), per era, computed from the kernel's definitions for one configuration:
 * arm64 with 64-byte cache lines ({@code SMP_CACHE_BYTES}), {@code MAX_SKB_FRAGS} 17, and
 * {@code MAX_HEADER} 144 (arm64 defconfig: {@code CONFIG_WLAN}, no mesh, {@code CONFIG_IPV6_SIT})
 * or 176 (Debian's arm64 config, with {@code CONFIG_MAC80211_MESH}) — both give a
 * {@code MAX_TCP_HEADER} of 320 and the same truesizes.
 *
 * <ul>
 *   <li>Before bf9f1baa279f (v6.3) the head is kmalloc'ed: {@code SKB_HEAD_ALIGN(320)} = 640
 *       rounds up to the kmalloc-1k bucket, whose end offset is 1024 - 320 = 704, so truesize =
 *       704 + 256 + 320 = 1280.
 *   <li>From v6.3 a head of at most {@code SKB_SMALL_HEAD_CACHE_SIZE} (640, not a power of two)
 *       comes from {@code skb_small_head_cache}: end offset 640 - 320 = 320, truesize = 896.
 * </ul>
 */
public final class SkbHeadTruesize {
  private SkbHeadTruesize() {}

  /** SMP_CACHE_BYTES = L1_CACHE_BYTES on arm64 (L1_CACHE_SHIFT 6). */
  static final int SMP_CACHE_BYTES = 64;
  /** sizeof(struct sk_buff) on 64-bit 6.x configs lies in 193..256; it aligns to 256. */
  static final int SIZEOF_SK_BUFF = 232;
  /** sizeof(struct skb_shared_info): 48 bytes of fields + MAX_SKB_FRAGS (17) × 16-byte frags. */
  static final int SIZEOF_SHINFO = 48 + 17 * 16;
  /** MAX_HEADER = LL_MAX_HEADER (96) + 48 with an IP tunnel configured (arm64 defconfig). */
  static final int MAX_HEADER = 96 + 48;

  static int align(int x, int a) {
    return (x + a - 1) & -a;
  }

  /** SKB_DATA_ALIGN(X). */
  static int skbDataAlign(int x) {
    return align(x, SMP_CACHE_BYTES);
  }

  /** MAX_TCP_HEADER = L1_CACHE_ALIGN(128 + MAX_HEADER). */
  static int maxTcpHeader() {
    return align(128 + MAX_HEADER, SMP_CACHE_BYTES);
  }

  /** SKB_HEAD_ALIGN(X) = SKB_DATA_ALIGN(X) + SKB_DATA_ALIGN(sizeof(struct skb_shared_info)). */
  static int skbHeadAlign(int x) {
    return skbDataAlign(x) + skbDataAlign(SIZEOF_SHINFO);
  }

  /** SKB_TRUESIZE(X) = X + SKB_DATA_ALIGN(sizeof sk_buff) + SKB_DATA_ALIGN(sizeof shinfo). */
  static int skbTruesize(int x) {
    return x + skbDataAlign(SIZEOF_SK_BUFF) + skbDataAlign(SIZEOF_SHINFO);
  }

  /** kmalloc's bucket for a request: the next power of two (kmalloc-96/192 are below 256). */
  static int kmallocSizeRoundup(int size) {
    return Integer.highestOneBit(size - 1) << 1;
  }

  /** SKB_SMALL_HEAD_CACHE_SIZE: SKB_HEAD_ALIGN(max(MAX_TCP_HEADER, GRO_MAX_HEAD)), made odd. */
  static int smallHeadCacheSize() {
    int grosMaxHead = MAX_HEADER + 128;
    int size = skbHeadAlign(Math.max(maxTcpHeader(), grosMaxHead));
    return Integer.bitCount(size) == 1 ? size + SMP_CACHE_BYTES : size;
  }

  /**
   * Truesize of the head {@code alloc_skb_fclone(MAX_TCP_HEADER)} gives TCP.
   *
   * @param smallHeadCache whether the kernel has bf9f1baa279f
   */
  public static int of(boolean smallHeadCache) {
    int objSize = skbHeadAlign(maxTcpHeader());
    int size = smallHeadCache && objSize <= smallHeadCacheSize()
        ? smallHeadCacheSize()
        : kmallocSizeRoundup(objSize);
    int endOffset = size - skbDataAlign(SIZEOF_SHINFO); // SKB_WITH_OVERHEAD
    return skbTruesize(endOffset);
  }
}
