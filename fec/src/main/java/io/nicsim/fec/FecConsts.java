package io.nicsim.fec;

/** Driver constants from fec.h / fec_main.c that do not belong to one register. */
public final class FecConsts {
  private FecConsts() {}

  /** TX_TIMEOUT (2 * HZ): dev_watchdog's timeout for fec, two seconds whatever HZ is. */
  public static final long TX_TIMEOUT_MS = 2000;
  public static final int FEC_ENET_MAX_TX_QS = 3;
  public static final int FEC_ENET_MAX_RX_QS = 3;
  public static final int FEC_IRQ_NUM = 3;

  /** MAX_SKB_FRAGS with the default CONFIG_MAX_SKB_FRAGS=17 (a fixed 17 before v6.5). */
  public static final int MAX_SKB_FRAGS = 17;
  public static final int FEC_MAX_TSO_SEGS = 100;
  public static final int FEC_MAX_SKB_DESCS = FEC_MAX_TSO_SEGS * 2 + MAX_SKB_FRAGS;

  /** PAGE_SIZE on every i.MX kernel nicsim models. */
  public static final int PAGE_SIZE = 4096;
  public static final int FEC_ENET_RX_PAGES = 256;
  /** FEC_ENET_RX_FRSIZE before the page-pool change. */
  public static final int FEC_ENET_RX_FRSIZE_OLD = 2048;
  /** XDP_PACKET_HEADROOM. */
  public static final int FEC_ENET_XDP_HEADROOM = 256;
  /** SKB_DATA_ALIGN(sizeof(struct skb_shared_info)) on arm64 (64-byte cache lines). */
  public static final int SKB_SHARED_INFO_ALIGNED = 320;

  public static final int TX_RING_SIZE_OLD = 512;
  public static final int TX_RING_SIZE_NEW = 1024;

  /** NAPI_POLL_WEIGHT: netif_napi_add without a weight uses it. */
  public static final int NAPI_POLL_WEIGHT = 64;
}
