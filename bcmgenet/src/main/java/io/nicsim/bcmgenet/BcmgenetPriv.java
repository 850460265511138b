package io.nicsim.bcmgenet;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.Cpu;
import io.nicsim.core.dim.Dim;
import io.nicsim.core.dim.NetDim;
import io.nicsim.core.era.PatchSet;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.net.NetDevice;

/**
 * The parts of {@code struct bcmgenet_priv} and its ring structs the model uses: one RX ring
 * (GENET v5 on BCM2711 has {@code rx_queues = 0}: ring 0 only) and TX ring 0, plus the register
 * accessors, each charging one MMIO access.
 */
final class BcmgenetPriv {
  /** TOTAL_DESC: BDs shared by all rings of a direction. */
  static final int TOTAL_DESC = 256;
  /** DMA_INTR_THRESHOLD_MASK. */
  static final int DMA_INTR_THRESHOLD_MASK = 0x01FF;
  /** DMA_TIMEOUT_MASK. */
  static final int DMA_TIMEOUT_MASK = 0xFFFF;
  /** DMA_P_INDEX_MASK / DMA_C_INDEX_MASK. */
  static final int DMA_INDEX_MASK = 0xFFFF;
  static final int DMA_P_INDEX_DISCARD_CNT_SHIFT = 16;
  static final int DMA_P_INDEX_DISCARD_CNT_MASK = 0xFFFF;
  /** MAX_SKB_FRAGS with the default CONFIG_MAX_SKB_FRAGS. */
  static final int MAX_SKB_FRAGS = 17;
  static final int NAPI_POLL_WEIGHT = 64;
  /** 64-byte receive status block + 2 bytes of IP alignment in front of every RX frame. */
  static final int RSB_AND_ALIGN = 66;
  /** RX_BUF_LENGTH. */
  static final int RX_BUF_LENGTH = 2048;
  /** ENET_MAX_MTU_SIZE: ETH_DATA_LEN + ETH_HLEN + VLAN_HLEN + BRCM tag + ETH_FCS_LEN + pad. */
  static final int ENET_MAX_MTU_SIZE = 1500 + 14 + 4 + 6 + 4 + 8;
  /** DMA_RING_SIZE_SHIFT. */
  static final int DMA_RING_SIZE_SHIFT = 16;

  /** GENET v5 bcmgenet_hw_params: tx_queues, tx_bds_per_q, rx_queues, rx_bds_per_q. */
  static final int V5_TX_QUEUES = 4;
  static final int V5_TX_BDS_PER_Q = 32;
  static final int V5_RX_QUEUES = 0;
  static final int V5_RX_BDS_PER_Q = 0;

  final GenetHw hw;
  final PatchSet patches;
  final Cpu cpu;
  NetDevice dev;
  NetDim netDim;
  /** The kernel functions the interrupt and NAPI paths call. */
  GenetKernel k;

  final RxRing rx = new RxRing();
  final TxRing tx = new TxRing();
  /** hw_params->words_per_bd: 3 from GENET v4 (v5 here). */
  int wordsPerBd = 3;
  /** GENET_HAS_40BITS (v4 and v5): dmadesc_set_addr writes the address's upper word too. */
  boolean has40bits = true;
  /** priv->rx_buf_len: RX_BUF_LENGTH, set by bcmgenet_probe. */
  int rxBufLen = RX_BUF_LENGTH;
  /** priv->crc_fwd_en: the UMAC forwards the FCS (off: the model's UMAC strips it). */
  boolean crcFwdEn;
  /** dev->features & NETIF_F_RXCSUM (on: bcmgenet_probe sets it). */
  boolean rxCsum = true;
  /** priv->rx_cbs: RX control block i's skb (a handle, 0 for none), DMA address and length. */
  final long[] rxCbSkb = new long[TOTAL_DESC];
  final long[] rxCbDmaAddr = new long[TOTAL_DESC];
  final int[] rxCbDmaLen = new int[TOTAL_DESC];
  // priv->mib
  long allocRxBuffFailed;
  long rxDmaFailed;

  long irqs;
  long rxIrqs;
  long txIrqs;

  BcmgenetPriv(GenetHw hw, PatchSet patches, Cpu cpu) {
    this.hw = hw;
    this.patches = patches;
    this.cpu = cpu;
  }

  Core core() {
    return cpu.requireCurrent();
  }

  void chargeRead() {
    Core c = cpu.current();
    if (c != null) {
      c.charge(GenetOps.MMIO_READ);
    }
  }

  void chargeWrite() {
    Core c = cpu.current();
    if (c != null) {
      c.charge(GenetOps.MMIO_WRITE);
    }
  }

  // ---- INTRL2_1 (status, mask; write-1 clear / mask set / mask clear)

  int intrl2StatReadl() {
    chargeRead();
    return hw.intrl2.status();
  }

  int intrl2MaskStatusReadl() {
    chargeRead();
    return ~hw.intrl2.enable();
  }

  void intrl2ClearWritel(int bits) {
    chargeWrite();
    hw.writes.written("intrl2_1_writel", "INTRL2_CPU_CLEAR", 0, bits);
    hw.intrl2.ack(bits);
  }

  void intrl2MaskSetWritel(int bits) {
    chargeWrite();
    hw.writes.written("intrl2_1_writel", "INTRL2_CPU_MASK_SET", 0, bits);
    hw.intrl2.setEnable(hw.intrl2.enable() & ~bits);
  }

  void intrl2MaskClearWritel(int bits) {
    chargeWrite();
    hw.writes.written("intrl2_1_writel", "INTRL2_CPU_MASK_CLEAR", 0, bits);
    hw.intrl2.setEnable(hw.intrl2.enable() | bits);
  }

  // ---- RDMA ring registers

  /** {@code bcmgenet_rdma_ring_readl(priv, ring, RDMA_PROD_INDEX)}: one MMIO read. */
  int rdmaProdIndexReadl(int ring) {
    chargeRead();
    return ring == 0 ? hw.readRdmaProdIndex() : 0;
  }

  /**
   * {@code bcmgenet_rdma_ring_writel(priv, ring, value, reg)}: one MMIO write; the model's RDMA
   * takes ring 0's indices (a write to RDMA_PROD_INDEX clears the discard counter).
   */
  void rdmaRingWritel(int ring, int value, int reg) {
    chargeWrite();
    hw.writes.written("rdma_ring_writel", GenetDmaRingReg.rdmaName(reg), ring, value);
    if (ring != 0) {
      return;
    }
    switch (reg) {
      case GenetDmaRingReg.RDMA_PROD_INDEX -> hw.writeRdmaProdIndex(value);
      case GenetDmaRingReg.RDMA_CONS_INDEX -> hw.rdmaConsIndex = value;
      case GenetDmaRingReg.RDMA_WRITE_PTR ->
          hw.rdma.reset((int) (Integer.toUnsignedLong(value) / wordsPerBd));
      default -> {
        // buffer size, XON/XOFF, start/end address, read/write pointers: nothing the model times
      }
    }
  }

  // ---- TDMA ring registers

  /**
   * {@code bcmgenet_tdma_ring_writel(priv, ring, value, reg)}: one MMIO write; the model's
   * TDMA takes ring 0's indices, its done threshold and its read pointer (a restart there).
   */
  void tdmaRingWritel(int ring, int value, int reg) {
    chargeWrite();
    hw.writes.written("tdma_ring_writel", GenetDmaRingReg.tdmaName(reg), ring, value);
    if (ring != 0) {
      return;
    }
    switch (reg) {
      case GenetDmaRingReg.TDMA_PROD_INDEX -> hw.tdmaProdIndex = value & 0xFFFF;
      case GenetDmaRingReg.TDMA_CONS_INDEX -> hw.tdmaConsIndex = value & 0xFFFF;
      case GenetDmaRingReg.DMA_MBUF_DONE_THRESH -> hw.tdmaDoneThresh = value;
      case GenetDmaRingReg.TDMA_READ_PTR ->
          hw.tdma.reset((int) (Integer.toUnsignedLong(value) / wordsPerBd));
      default -> {
        // flow period, buffer size, start/end address, write pointer: nothing the model times
      }
    }
  }

  /** The parts of struct bcmgenet_rx_ring (ring 0). */
  static final class RxRing {
    Napi napi;
    int index;
    int size;
    int cIndex;
    int readPtr;
    int cbPtr;
    int endPtr;
    int oldDiscards;
    long rxCoalesceUsecs;
    long rxMaxCoalescedFrames;
    final NetDimCtx dim = new NetDimCtx();
    // stats64
    long packets;
    long bytes;
    long errors;
    /** stats64.missed: the RDMA's discards from rx-missed-stat (v6.16). */
    long missed;
    long dropped;
    long multicast;
    /** stats64.broadcast (rx-more-stats, v6.16). */
    long broadcast;
    long lengthErrors;
    long overErrors;
    long crcErrors;
    long frameErrors;
    /** stats64.fragmented_errors (rx-more-stats, v6.16; counted as errors before). */
    long fragmentedErrors;
    /** ring->cbs as an offset into priv->rx_cbs. */
    int cbs;
  }

  /** struct bcmgenet_net_dim. */
  static final class NetDimCtx {
    int useDim;
    int eventCtr; // u16
    long packets;
    long bytes;
    final Dim dim = new Dim();
  }

  /** The parts of struct bcmgenet_tx_ring (ring 0). */
  static final class TxRing {
    Napi napi;
    int index;
    /** ring->cbs as an offset into priv->tx_cbs. */
    int cbs;
    int size;
    int cIndex;
    int prodIndex;
    int freeBds;
    int writePtr;
    int cleanPtr;
    int cbPtr;
    int endPtr;
    long packets;
    long bytes;
    // for the liveness check (not in the C struct): BDs handed to TDMA and reclaimed, monotonic
    long queuedBds;
    long cleanedBds;
  }
}
