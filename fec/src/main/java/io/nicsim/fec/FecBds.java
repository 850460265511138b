package io.nicsim.fec;

import io.nicsim.core.nic.DescRing;

/**
 * The words of a ring's buffer descriptors ({@code struct bufdesc_ex}, fec.h) that the shared
 * {@link DescRing} does not hold: {@code cbd_sc} without its READY/EMPTY bit (that bit is the
 * ring's OWN, which the DMA model hands back), {@code cbd_bufaddr}, and the enhanced words
 * {@code cbd_esc}, {@code cbd_prot}, {@code cbd_bdu}, {@code ts}. {@code cbd_datlen} is the
 * ring's {@code bufLen}.
 *
 * <p>Writing a status keeps the ring's flags in step with it, as the hardware reads them: OWN
 * from READY/EMPTY, and for TX the frame end (LS) from BD_ENET_TX_LAST and the completion
 * interrupt (IC) from BD_ENET_TX_INTR; for RX, IC from BD_ENET_RX_INT in {@code cbd_esc} (or
 * always, without enhanced BDs: the MAC raises RXF for every frame).
 */
public final class FecBds {
  /** BD_SC_EMPTY / BD_SC_READY: the BD belongs to the uDMA. */
  public static final int BD_SC_OWNED = 0x8000;
  public static final int BD_SC_WRAP = 0x2000;

  public static final int BD_ENET_RX_EMPTY = 0x8000;
  public static final int BD_ENET_RX_LAST = 0x0800;
  public static final int BD_ENET_RX_LG = 0x0020;
  public static final int BD_ENET_RX_NO = 0x0010;
  public static final int BD_ENET_RX_SH = 0x0008;
  public static final int BD_ENET_RX_CR = 0x0004;
  public static final int BD_ENET_RX_OV = 0x0002;
  public static final int BD_ENET_RX_CL = 0x0001;
  public static final int BD_ENET_RX_STATS = 0x013f;
  /** cbd_esc: VLAN frame. */
  public static final int BD_ENET_RX_VLAN = 0x00000004;
  /** cbd_esc: interrupt on this BD. */
  public static final int BD_ENET_RX_INT = 0x00800000;
  /** cbd_esc FLAG_RX_CSUM_ERROR (BD_ENET_RX_ICE | BD_ENET_RX_PCR). */
  public static final int FLAG_RX_CSUM_ERROR = 0x00000020 | 0x00000010;
  /** fep->csum_flags FLAG_RX_CSUM_ENABLED (the same two bits). */
  public static final int FLAG_RX_CSUM_ENABLED = 0x00000020 | 0x00000010;

  public static final int BD_ENET_TX_READY = 0x8000;
  public static final int BD_ENET_TX_INTR = 0x1000;
  public static final int BD_ENET_TX_LAST = 0x0800;
  public static final int BD_ENET_TX_TC = 0x0400;
  public static final int BD_ENET_TX_DEF = 0x0200;
  public static final int BD_ENET_TX_HB = 0x0100;
  public static final int BD_ENET_TX_LC = 0x0080;
  public static final int BD_ENET_TX_RL = 0x0040;
  public static final int BD_ENET_TX_UN = 0x0002;
  public static final int BD_ENET_TX_CSL = 0x0001;
  public static final int BD_ENET_TX_STATS = 0x0fff;
  /** cbd_esc bits of a TX BD. */
  public static final int BD_ENET_TX_INT = 0x40000000;
  public static final int BD_ENET_TX_TS = 0x20000000;
  public static final int BD_ENET_TX_PINS = 0x10000000;
  public static final int BD_ENET_TX_IINS = 0x08000000;

  private final DescRing ring;
  private final boolean tx;
  /** cbd_sc without BD_SC_OWNED. */
  final int[] sc;
  /** cbd_bufaddr (u32). */
  final int[] bufaddr;
  final int[] esc;
  final int[] prot;
  final int[] bdu;
  final int[] ts;
  /** fep->bufdesc_ex, for the RX interrupt bit. */
  boolean ex = true;

  FecBds(DescRing ring, boolean tx) {
    this.ring = ring;
    this.tx = tx;
    int n = ring.size();
    sc = new int[n];
    bufaddr = new int[n];
    esc = new int[n];
    prot = new int[n];
    bdu = new int[n];
    ts = new int[n];
  }

  /** {@code fec16_to_cpu(bdp->cbd_sc)}. */
  public int status(int i) {
    return sc[i] | (ring.own(i) ? BD_SC_OWNED : 0);
  }

  /** {@code bdp->cbd_sc = cpu_to_fec16(status)}. */
  public void setStatus(int i, int status) {
    status &= 0xFFFF;
    sc[i] = status & ~BD_SC_OWNED;
    flags(i);
    boolean own = (status & BD_SC_OWNED) != 0;
    if (own && !ring.own(i)) {
      ring.setOwn(i);
    } else if (!own && ring.own(i)) {
      ring.releaseOwn(i);
    }
  }

  /** {@code cbd_esc} of an enhanced BD. */
  public void setEsc(int i, int value) {
    esc[i] = value;
    flags(i);
  }

  /** The ring's IC/LS flags as the hardware derives them from the BD's words. */
  private void flags(int i) {
    int want;
    if (tx) {
      want = ((sc[i] & BD_ENET_TX_LAST) != 0 ? DescRing.LS : 0)
          | ((sc[i] & BD_ENET_TX_INTR) != 0 ? DescRing.IC : 0);
    } else {
      want = !ex || (esc[i] & BD_ENET_RX_INT) != 0 ? DescRing.IC : 0;
    }
    int have = ring.flags(i) & (DescRing.LS | DescRing.IC);
    if (have != want) {
      ring.clear(i, have & ~want);
      ring.set(i, want & ~have);
    }
  }

  /** The hardware's write-back of a received frame: status bits set (LAST), length given. */
  void rxWriteBack(int i, int bits) {
    sc[i] |= bits;
  }
}
