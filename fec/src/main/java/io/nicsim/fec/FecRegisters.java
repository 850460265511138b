package io.nicsim.fec;

/**
 * The ENET registers the coalescing path touches, as plain ints, with the fec.h offsets and bit
 * values (ARM/ARM64 layout). IEVENT is write-1-to-clear; everything else stores the written value.
 * The hardware side raises events with {@link #raise}; a {@link Listener} (the MAC model) hears
 * every driver write so it can re-evaluate the interrupt line, reload coalescers or start DMA.
 */
public final class FecRegisters implements FecMmio {

  // Offsets (fec.h, CONFIG_ARM/ARM64 block)
  public static final int FEC_IEVENT = 0x004;
  public static final int FEC_IMASK = 0x008;
  public static final int FEC_R_DES_ACTIVE_0 = 0x010;
  public static final int FEC_X_DES_ACTIVE_0 = 0x014;
  public static final int FEC_ECNTRL = 0x024;
  public static final int FEC_MII_SPEED = 0x044;
  public static final int FEC_MIB_CTRLSTAT = 0x064;
  public static final int FEC_R_CNTRL = 0x084;
  public static final int FEC_X_CNTRL = 0x0c4;
  public static final int FEC_ADDR_LOW = 0x0e4;
  public static final int FEC_ADDR_HIGH = 0x0e8;
  public static final int FEC_OPD = 0x0ec;
  public static final int FEC_HASH_TABLE_HIGH = 0x118;
  public static final int FEC_HASH_TABLE_LOW = 0x11c;
  public static final int FEC_X_WMRK = 0x144;
  public static final int FEC_R_BUFF_SIZE_1 = 0x168;
  public static final int FEC_R_BUFF_SIZE_2 = 0x174;
  public static final int FEC_R_BUFF_SIZE_0 = 0x188;
  public static final int FEC_R_FIFO_RSFL = 0x190;
  public static final int FEC_R_FIFO_RSEM = 0x194;
  public static final int FEC_R_FIFO_RAEM = 0x198;
  public static final int FEC_R_FIFO_RAFL = 0x19c;
  public static final int FEC_FTRL = 0x1b0;
  public static final int FEC_RACC = 0x1c4;
  public static final int FEC_RCMR_1 = 0x1c8;
  public static final int FEC_RCMR_2 = 0x1cc;
  public static final int FEC_DMA_CFG_1 = 0x1d8;
  public static final int FEC_DMA_CFG_2 = 0x1dc;
  public static final int FEC_TXIC0 = 0x0f0;
  public static final int FEC_TXIC1 = 0x0f4;
  public static final int FEC_TXIC2 = 0x0f8;
  public static final int FEC_RXIC0 = 0x100;
  public static final int FEC_RXIC1 = 0x104;
  public static final int FEC_RXIC2 = 0x108;
  public static final int FEC_R_DES_ACTIVE_1 = 0x1e0;
  public static final int FEC_X_DES_ACTIVE_1 = 0x1e4;
  public static final int FEC_R_DES_ACTIVE_2 = 0x1e8;
  public static final int FEC_X_DES_ACTIVE_2 = 0x1ec;
  public static final int FEC_R_DES_START_1 = 0x160;
  public static final int FEC_X_DES_START_1 = 0x164;
  public static final int FEC_R_DES_START_2 = 0x16c;
  public static final int FEC_X_DES_START_2 = 0x170;
  public static final int FEC_R_DES_START_0 = 0x180;
  public static final int FEC_X_DES_START_0 = 0x184;

  // ECNTRL bits (fec_main.c FEC_ECR_*)
  public static final int FEC_ECR_RESET = 1 << 0;
  public static final int FEC_ECR_ETHEREN = 1 << 1;

  // Interrupt events / masks
  public static final int FEC_ENET_HBERR = 0x80000000;
  public static final int FEC_ENET_BABR = 0x40000000;
  public static final int FEC_ENET_BABT = 0x20000000;
  public static final int FEC_ENET_GRA = 0x10000000;
  public static final int FEC_ENET_TXF_0 = 0x08000000;
  public static final int FEC_ENET_TXF_1 = 0x00000008;
  public static final int FEC_ENET_TXF_2 = 0x00000080;
  public static final int FEC_ENET_TXB = 0x04000000;
  public static final int FEC_ENET_RXF_0 = 0x02000000;
  public static final int FEC_ENET_RXF_1 = 0x00000002;
  public static final int FEC_ENET_RXF_2 = 0x00000020;
  public static final int FEC_ENET_RXB = 0x01000000;
  public static final int FEC_ENET_MII = 0x00800000;
  public static final int FEC_ENET_EBERR = 0x00400000;
  public static final int FEC_ENET_WAKEUP = 0x00020000;
  public static final int FEC_ENET_TXF = FEC_ENET_TXF_0 | FEC_ENET_TXF_1 | FEC_ENET_TXF_2;
  public static final int FEC_ENET_RXF = FEC_ENET_RXF_0 | FEC_ENET_RXF_1 | FEC_ENET_RXF_2;
  public static final int FEC_DEFAULT_IMASK = FEC_ENET_TXF | FEC_ENET_RXF;
  public static final int FEC_RX_DISABLED_IMASK = FEC_DEFAULT_IMASK & ~FEC_ENET_RXF;

  // Interrupt coalescing (RXICn / TXICn)
  public static final int FEC_ITR_CLK_SEL = 1 << 30;
  public static final int FEC_ITR_EN = 1 << 31;
  public static final int FEC_ITR_ICFT_DEFAULT = 200;
  public static final int FEC_ITR_ICTT_DEFAULT = 1000;

  /** ENET clocks per ICTT tick (the comment above fec_enet_us_to_itr_clock). */
  public static final int ITR_CLOCKS_PER_TICK = 64;

  /** Frame-threshold field, bits 27:20. */
  public static int itrIcft(int x) {
    return (x & 0xff) << 20;
  }

  /** Timer-threshold field, bits 15:0. */
  public static int itrIctt(int x) {
    return x & 0xffff;
  }

  /** FEC_ENET_RXF_GET(q). */
  public static int rxfGet(int queue) {
    return queue == 0 ? FEC_ENET_RXF_0 : queue == 1 ? FEC_ENET_RXF_1 : FEC_ENET_RXF_2;
  }

  /** The TXF bit of ring {@code queue}. */
  public static int txfGet(int queue) {
    return queue == 0 ? FEC_ENET_TXF_0 : queue == 1 ? FEC_ENET_TXF_1 : FEC_ENET_TXF_2;
  }

  public static int rxicOffset(int queue) {
    return FEC_RXIC0 + 4 * queue;
  }

  public static int txicOffset(int queue) {
    return FEC_TXIC0 + 4 * queue;
  }

  /** FEC_R_DES_START(X). */
  public static int rDesStart(int queue) {
    return queue == 1 ? FEC_R_DES_START_1 : queue == 2 ? FEC_R_DES_START_2 : FEC_R_DES_START_0;
  }

  /** FEC_X_DES_START(X). */
  public static int xDesStart(int queue) {
    return queue == 1 ? FEC_X_DES_START_1 : queue == 2 ? FEC_X_DES_START_2 : FEC_X_DES_START_0;
  }

  /** FEC_R_BUFF_SIZE(X). */
  public static int rBuffSize(int queue) {
    return queue == 1 ? FEC_R_BUFF_SIZE_1 : queue == 2 ? FEC_R_BUFF_SIZE_2 : FEC_R_BUFF_SIZE_0;
  }

  /** FEC_RCMR(X). */
  public static int rcmr(int queue) {
    return queue == 2 ? FEC_RCMR_2 : FEC_RCMR_1;
  }

  /** FEC_DMA_CFG(X). */
  public static int dmaCfg(int queue) {
    return queue == 2 ? FEC_DMA_CFG_2 : FEC_DMA_CFG_1;
  }

  public static int rDesActive(int queue) {
    return queue == 0 ? FEC_R_DES_ACTIVE_0 : queue == 1 ? FEC_R_DES_ACTIVE_1 : FEC_R_DES_ACTIVE_2;
  }

  public static int xDesActive(int queue) {
    return queue == 0 ? FEC_X_DES_ACTIVE_0 : queue == 1 ? FEC_X_DES_ACTIVE_1 : FEC_X_DES_ACTIVE_2;
  }

  /** The hardware behind the registers: hears driver writes, answers doorbell reads. */
  public interface Listener {
    /** A driver write, after the register took the value. */
    void written(int offset, int value);

    /** TDAR/RDAR read: non-zero while that DMA is active. */
    default int readDoorbell(int offset) {
      return 0;
    }
  }

  private static final Listener NONE = (offset, value) -> {};

  int ievent;
  int imask;
  /** RACC: SHIFT16 puts two bytes in front of every received frame. */
  int racc;
  final int[] txic = new int[3];
  final int[] rxic = new int[3];
  /** Number of driver writes to each RXIC/TXIC (a test can tell "untouched" from "rewritten"). */
  long coalWrites;

  private Listener listener = NONE;

  public void listener(Listener l) {
    this.listener = l == null ? NONE : l;
  }

  /** Driver read. Doorbell registers read 0 (the DMA clears them as soon as it runs). */
  @Override
  public int readl(int offset) {
    switch (offset) {
      case FEC_IEVENT:
        return ievent;
      case FEC_IMASK:
        return imask;
      case FEC_RACC:
        return racc;
      case FEC_TXIC0:
      case FEC_TXIC1:
      case FEC_TXIC2:
        return txic[(offset - FEC_TXIC0) >> 2];
      case FEC_RXIC0:
      case FEC_RXIC1:
      case FEC_RXIC2:
        return rxic[(offset - FEC_RXIC0) >> 2];
      default:
        return listener.readDoorbell(offset);
    }
  }

  /** Driver write, {@code writel(value, hwp + offset)}. */
  @Override
  public void writel(int value, int offset) {
    switch (offset) {
      case FEC_IEVENT:
        ievent &= ~value; // write 1 to clear
        break;
      case FEC_IMASK:
        imask = value;
        break;
      case FEC_RACC:
        racc = value;
        break;
      case FEC_TXIC0:
      case FEC_TXIC1:
      case FEC_TXIC2:
        txic[(offset - FEC_TXIC0) >> 2] = value;
        coalWrites++;
        break;
      case FEC_RXIC0:
      case FEC_RXIC1:
      case FEC_RXIC2:
        rxic[(offset - FEC_RXIC0) >> 2] = value;
        coalWrites++;
        break;
      default:
        break; // doorbells and registers nicsim does not hold
    }
    listener.written(offset, value);
  }

  /** Hardware side: set event bits. */
  public void raise(int events) {
    ievent |= events;
  }

  /** Whether the ENET asserts its interrupt output: an unmasked event is pending. */
  public boolean irqPending() {
    return (ievent & imask) != 0;
  }

  public int ievent() {
    return ievent;
  }

  public int imask() {
    return imask;
  }

  /** Whether RACC's SHIFT16 is on (the MAC writes two bytes before each frame). */
  public boolean shift16() {
    return (racc & (1 << 7)) != 0;
  }

  public int rxic(int queue) {
    return rxic[queue];
  }

  public int txic(int queue) {
    return txic[queue];
  }

  public long coalWrites() {
    return coalWrites;
  }
}
