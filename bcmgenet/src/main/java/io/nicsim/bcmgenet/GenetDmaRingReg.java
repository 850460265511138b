package io.nicsim.bcmgenet;

/**
 * bcmgenet.c's {@code enum dma_ring_reg}: a ring register's index in
 * {@code genet_dma_ring_regs[]}; the RDMA names share the TDMA values.
 */
final class GenetDmaRingReg {
  private GenetDmaRingReg() {}

  static final int TDMA_READ_PTR = 0;
  static final int RDMA_WRITE_PTR = TDMA_READ_PTR;
  static final int TDMA_READ_PTR_HI = 1;
  static final int TDMA_CONS_INDEX = 2;
  static final int RDMA_PROD_INDEX = TDMA_CONS_INDEX;
  static final int TDMA_PROD_INDEX = 3;
  static final int RDMA_CONS_INDEX = TDMA_PROD_INDEX;
  static final int DMA_RING_BUF_SIZE = 4;
  static final int DMA_START_ADDR = 5;
  static final int DMA_START_ADDR_HI = 6;
  static final int DMA_END_ADDR = 7;
  static final int DMA_END_ADDR_HI = 8;
  static final int DMA_MBUF_DONE_THRESH = 9;
  static final int TDMA_FLOW_PERIOD = 10;
  static final int RDMA_XON_XOFF_THRESH = TDMA_FLOW_PERIOD;
  static final int TDMA_WRITE_PTR = 11;
  static final int RDMA_READ_PTR = TDMA_WRITE_PTR;
  static final int TDMA_WRITE_PTR_HI = 12;

  private static final String[] TDMA = {"TDMA_READ_PTR", "TDMA_READ_PTR_HI", "TDMA_CONS_INDEX",
      "TDMA_PROD_INDEX", "DMA_RING_BUF_SIZE", "DMA_START_ADDR", "DMA_START_ADDR_HI",
      "DMA_END_ADDR", "DMA_END_ADDR_HI", "DMA_MBUF_DONE_THRESH", "TDMA_FLOW_PERIOD",
      "TDMA_WRITE_PTR", "TDMA_WRITE_PTR_HI"};

  private static final String[] RDMA = {"RDMA_WRITE_PTR", "RDMA_WRITE_PTR_HI",
      "RDMA_PROD_INDEX", "RDMA_CONS_INDEX", "DMA_RING_BUF_SIZE", "DMA_START_ADDR",
      "DMA_START_ADDR_HI", "DMA_END_ADDR", "DMA_END_ADDR_HI", "DMA_MBUF_DONE_THRESH",
      "RDMA_XON_XOFF_THRESH", "RDMA_READ_PTR", "RDMA_READ_PTR_HI"};

  /** The RDMA name of a register, as a harness records the write. */
  static String rdmaName(int reg) {
    return reg >= 0 && reg < RDMA.length ? RDMA[reg] : "?";
  }

  /** The TDMA name of a register, as a harness records the write. */
  static String tdmaName(int reg) {
    return reg >= 0 && reg < TDMA.length ? TDMA[reg] : "?";
  }
}
