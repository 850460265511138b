package io.nicsim.bcmgenet;

/**
 * bcmgenet.c's RX control block helpers, as {@code bcmgenet_desc_rx} and
 * {@code bcmgenet_alloc_rx_buffers} call them: {@code bcmgenet_rx_refill},
 * {@code bcmgenet_free_rx_cb} and {@code dmadesc_set_addr} (each inline in its callers' C, so
 * each runs inside the callers' executed harnesses).
 */
final class GenetRxCb {
  private GenetRxCb() {}

  /** SKB_ALIGNMENT (bcmgenet.c). */
  static final int SKB_ALIGNMENT = 32;
  /** DMA_DESC_ADDRESS_LO / _HI (bcmgenet.h): a BD's address words. */
  static final int DMA_DESC_ADDRESS_LO = 0x04;
  static final int DMA_DESC_ADDRESS_HI = 0x08;

  /**
   * bcmgenet_rx_refill: a new buffer for control block {@code cb}; returns the buffer it held
   * (0 for none, or when the new one could not be allocated or mapped: the old one stays).
   */
  static long rxRefill(BcmgenetPriv priv, int cb) {
    GenetKernel k = priv.k;
    // allocate a new Rx skb
    long skb = k.netdevAllocSkb(priv.rxBufLen + SKB_ALIGNMENT);
    if (skb == 0) {
      priv.allocRxBuffFailed++;
      k.netifErr("bcmgenet_rx_refill: Rx skb allocation failed");
      return 0;
    }
    // DMA-map the new Rx skb
    long mapping = k.dmaMapSingleFromDevice(skb, priv.rxBufLen);
    if (k.dmaMappingError(mapping)) {
      priv.rxDmaFailed++;
      k.devKfreeSkbAny(skb);
      k.netifErr("bcmgenet_rx_refill: Rx skb DMA mapping failed");
      return 0;
    }
    // grab the current Rx skb from the ring and DMA-unmap it
    long rxSkb = freeRxCb(priv, cb);
    // put the new Rx skb on the ring
    priv.rxCbSkb[cb] = skb;
    priv.rxCbDmaAddr[cb] = mapping;
    priv.rxCbDmaLen[cb] = priv.rxBufLen;
    dmadescSetAddr(priv, cb, mapping);
    return rxSkb;
  }

  /** bcmgenet_free_rx_cb: the control block's skb, its mapping undone. */
  static long freeRxCb(BcmgenetPriv priv, int cb) {
    long skb = priv.rxCbSkb[cb];
    priv.rxCbSkb[cb] = 0;
    if (priv.rxCbDmaAddr[cb] != 0) {
      priv.k.dmaUnmapSingleFromDevice(cb, priv.rxCbDmaAddr[cb], priv.rxCbDmaLen[cb]);
      priv.rxCbDmaAddr[cb] = 0;
    }
    return skb;
  }

  /**
   * dmadesc_set_addr on RX BD {@code bd}: the address's low word, and its high word on a
   * GENET_HAS_40BITS part (CONFIG_PHYS_ADDR_T_64BIT: arm64).
   */
  static void dmadescSetAddr(BcmgenetPriv priv, int bd, long addr) {
    priv.k.rxBdWritel(bd, DMA_DESC_ADDRESS_LO, (int) addr);
    if (priv.has40bits) {
      priv.k.rxBdWritel(bd, DMA_DESC_ADDRESS_HI, (int) (addr >>> 32));
    }
  }
}
