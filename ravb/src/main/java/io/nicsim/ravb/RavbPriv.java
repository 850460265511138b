package io.nicsim.ravb;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.Cpu;
import io.nicsim.core.era.PatchSet;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.net.NetDevice;
import io.nicsim.core.net.Skb;

/**
 * The parts of {@code struct ravb_private} the ported paths use, per queue (RAVB_BE = 0,
 * RAVB_NC = 1): the ring indices ({@code u32} in the C, kept as Java ints with unsigned
 * compares), ring sizes, the TX skbs, the RX buffers (handles; 0 is NULL), the statistics,
 * the NAPIs; and the register accessors, each one MMIO charge.
 */
final class RavbPriv {
  static final int RAVB_BE = 0;
  static final int RAVB_NC = 1;
  static final int NUM_RX_QUEUE = 2;
  static final int NUM_TX_QUEUE = 2;
  static final int BE_TX_RING_SIZE = 64;
  static final int BE_RX_RING_SIZE = 1024;
  static final int NC_TX_RING_SIZE = 64;
  static final int NC_RX_RING_SIZE = 64;
  static final int DPTR_ALIGN = 4;
  static final int NAPI_POLL_WEIGHT = 64;
  static final int ETH_ZLEN = 60;
  static final int RX_DS = 0x0fff;
  static final int TX_DS = 0x0fff;
  static final int TX_TSR = 0x40;
  /** -ENOMEM. */
  static final int ENOMEM = -12;

  /** The fields of struct net_device_stats the RX and TX paths write. */
  static final class Stats {
    long rxPackets;
    long rxBytes;
    long txPackets;
    long txBytes;
    long multicast;
    long rxErrors;
    long rxCrcErrors;
    long rxFrameErrors;
    long rxLengthErrors;
    long rxMissedErrors;
    long rxOverErrors;
  }

  final RavbHw hw;
  final RavbHwInfo info;
  final PatchSet patches;
  final Cpu cpu;
  NetDevice dev;
  RavbKernel k;

  final int[] curRx = new int[NUM_RX_QUEUE];
  final int[] dirtyRx = new int[NUM_RX_QUEUE];
  final int[] curTx = new int[NUM_TX_QUEUE];
  final int[] dirtyTx = new int[NUM_TX_QUEUE];
  final int[] numRxRing = new int[NUM_RX_QUEUE];
  final int[] numTxRing = new int[NUM_TX_QUEUE];
  int numTxDesc;
  /** tx_skb[q][entry / num_tx_desc]. */
  final Skb[][] txSkb = new Skb[NUM_TX_QUEUE][];
  /** rx_buffers[q][entry].page (v6.11+) or rx_skb[q][entry] (before): a handle, 0 = NULL. */
  final long[][] rxBuf = new long[NUM_RX_QUEUE][];
  /** ts_skb_tag: the next TX timestamp tag (10 bits). */
  int tsSkbTag;
  /** GbEth: the skb of a frame spanning descriptors (a handle, 0 = NULL). */
  long rx1stSkb;
  /** tstamp_rx_ctrl: R-Car RX timestamping (off: the model takes no hardware timestamps). */
  int tstampRxCtrl;
  /**
   * ndev->features has NETIF_F_RXCSUM: the RX paths hand each frame to the checksum helper.
   * Off in a run (the model's frames carry no checksum status); a harness record sets it.
   */
  boolean ndevRxCsum;
  final Stats[] stats = {new Stats(), new Stats()};
  /** priv->rx_over_errors / rx_fifo_errors: u32 (the sum of the queues' counts wraps). */
  int rxOverErrors;
  int rxFifoErrors;
  /** ndev->stats.rx_over_errors / rx_fifo_errors. */
  long ndevRxOverErrors;
  long ndevRxFifoErrors;
  final Napi[] napi = new Napi[NUM_RX_QUEUE];

  // counters for reports
  long irqs;
  long queueIrqs;
  /** Queue interrupts that found the RX / TX status set and enabled (both may). */
  long rxIrqs;
  long txIrqs;
  long txBusy;
  long queueStops;
  long cleanedDescs;
  long queuedDescs;

  RavbPriv(RavbHw hw, RavbHwInfo info, PatchSet patches, Cpu cpu) {
    this.hw = hw;
    this.info = info;
    this.patches = patches;
    this.cpu = cpu;
  }

  Core core() {
    return cpu.requireCurrent();
  }

  private long now() {
    Core c = cpu == null ? null : cpu.current();
    return c == null ? 0 : c.cursor();
  }

  int read(RavbReg reg) {
    Core c = cpu == null ? null : cpu.current();
    if (c != null) {
      c.charge(RavbOps.MMIO_READ);
    }
    return hw.read(reg);
  }

  /** ravb_write(ndev, value, reg). */
  void write(int value, RavbReg reg) {
    Core c = cpu == null ? null : cpu.current();
    if (c != null) {
      c.charge(RavbOps.MMIO_WRITE);
    }
    hw.write(reg, value, now());
  }

  /** ravb_modify: {@code ravb_write(ndev, (ravb_read(ndev, reg) & ~clear) | set, reg)}. */
  void modify(RavbReg reg, int clear, int set) {
    write((read(reg) & ~clear) | set, reg);
  }

  /** Which NAPI {@code n} is (C: {@code napi - priv->napi}). */
  int queueOf(Napi n) {
    return napi[RAVB_NC] != null && n == napi[RAVB_NC] ? RAVB_NC : RAVB_BE;
  }
}
