package io.nicsim.core.net;

/** Ethernet framing sizes. */
public final class Ethernet {
  public static final int ETH_HLEN = 14;
  /** Minimum frame without FCS; shorter frames are padded. */
  public static final int ETH_ZLEN = 60;
  public static final int ETH_FCS_LEN = 4;
  public static final int PREAMBLE_SFD = 8;
  public static final int IFG = 12;
  public static final int IP_HLEN = 20;
  public static final int UDP_HLEN = 8;
  public static final int ICMP_HLEN = 8;
  public static final int TCP_HLEN = 20;

  private Ethernet() {}

  /** Bytes one frame of {@code len} (skb->len: header on, no FCS) occupies on the wire. */
  public static int wireBytes(int len) {
    return Math.max(len, ETH_ZLEN) + ETH_FCS_LEN + PREAMBLE_SFD + IFG;
  }

  /** The frame size as Ethernet counts it (with FCS, padded). */
  public static int frameSize(int len) {
    return Math.max(len, ETH_ZLEN) + ETH_FCS_LEN;
  }
}
