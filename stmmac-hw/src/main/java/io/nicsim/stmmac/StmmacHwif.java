package io.nicsim.stmmac;

import io.nicsim.core.net.Skb;

/**
 * The hwif.h callbacks stmmac_main.c's ported functions call ({@code stmmac_desc_ops},
 * {@code stmmac_dma_ops}, {@code stmmac_mode_ops}), in the kernel's argument order. A descriptor
 * is named by its queue, the array the C took it from ({@link TxDesc}) and its entry. The
 * simulated hardware implements them ({@link DwmacHw}); {@code port-check --execute}'s harnesses
 * record them, as the C harness's stubs do.
 */
interface StmmacHwif {

  /** common.h's enum tx_frame_status: what {@link #txStatus} returns. */
  int TX_DONE = 0x0;
  int TX_NOT_LS = 0x1;
  int TX_ERR = 0x2;
  int TX_DMA_OWN = 0x4;
  int TX_ERR_BUMP_TC = 0x8;

  /** common.h's enum rx_frame_status: what {@link #rxStatus} returns. */
  int GOOD_FRAME = 0x0;
  int DISCARD_FRAME = 0x1;
  int CSUM_NONE = 0x2;
  int DMA_OWN = 0x8;
  int RX_NOT_LS = 0x10;

  // ---- descriptors (stmmac_desc_ops)

  /** prepare_tx_desc(p, is_fs, len, csum_flag, mode, tx_own, ls, tot_pkt_len). */
  void prepareTxDesc(StmmacTxQueue q, int kind, int entry, boolean isFs, int len,
      boolean csumFlag, int mode, boolean txOwn, boolean ls, int totPktLen);

  /**
   * prepare_tso_tx_desc(p, is_fs, len1, len2, tx_own, ls, tcphdrlen, tcppayloadlen): buffer 1
   * and 2 lengths, the TCP header length in 32-bit words and the payload length.
   */
  void prepareTsoTxDesc(StmmacTxQueue q, int kind, int entry, boolean isFs, int len1, int len2,
      boolean txOwn, boolean ls, int tcpHdrLen, int tcpPayloadLen);

  /** set_tx_owner(p): OWN, the DMA may fetch it. */
  void setTxOwner(StmmacTxQueue q, int kind, int entry);

  /** set_tx_ic(p): interrupt on completion. */
  void setTxIc(StmmacTxQueue q, int kind, int entry);

  /** set_addr(p, addr): buffer 1's bus address. */
  void setDescAddr(StmmacTxQueue q, int kind, int entry, long addr);

  /** {@code p->des0 = cpu_to_le32(value)}: a direct write (6.1's TSO on 32-bit DMA). */
  void writeDes0(StmmacTxQueue q, int kind, int entry, int value);

  /** {@code p->des1 = cpu_to_le32(value)}: buffer 2's address, written directly. */
  void writeDes1(StmmacTxQueue q, int kind, int entry, int value);

  /** set_mss(p, mss): a context descriptor carrying the MSS. */
  void setMss(StmmacTxQueue q, int kind, int entry, int mss);

  /** enable_tx_timestamp(p). */
  void enableTxTimestamp(StmmacTxQueue q, int kind, int entry);

  /** set_vlan(p, type). */
  void setDescVlan(StmmacTxQueue q, int kind, int entry, int type);

  /** set_sarc(p, sarc_type). */
  void setDescSarc(StmmacTxQueue q, int kind, int entry, int sarcType);

  /** set_tbs(p, sec, nsec) on a struct dma_edesc. */
  void setDescTbs(StmmacTxQueue q, int entry, long sec, long nsec);

  /** tx_status(x, p, ioaddr): enum tx_frame_status bits. */
  int txStatus(StmmacTxQueue q, int kind, int entry);

  /** release_tx_desc(p, mode): the descriptor cleared for reuse. */
  void releaseTxDesc(StmmacTxQueue q, int kind, int entry, int mode);

  /** rx_status(x, p): enum rx_frame_status bits. */
  int rxStatus(StmmacRxQueue q, int kind, int entry);

  /** rx_extended_status(x, p) on a struct dma_extended_desc. */
  void rxExtendedStatus(StmmacRxQueue q, int entry);

  /** set_addr(p, addr) on an RX descriptor. */
  void setRxDescAddr(StmmacRxQueue q, int kind, int entry, long addr);

  /** set_sec_addr(p, addr, buf2_valid). */
  void setDescSecAddr(StmmacRxQueue q, int kind, int entry, long addr, boolean bufValid);

  /** set_rx_owner(p, disable_rx_ic): the descriptor back to the DMA. */
  void setRxOwner(StmmacRxQueue q, int kind, int entry, boolean disableRxIc);

  /** get_rx_hash(p, &hash, &type): 0 when the descriptor carries a hash ({@code out[0..1]}). */
  int getRxHash(StmmacRxQueue q, int kind, int entry, int[] out);

  // ---- ring or chain mode (stmmac_mode_ops)

  /** refill_desc3(rx_q, p). */
  void refillDesc3(StmmacRxQueue q, int kind, int entry);


  /** is_jumbo_frm(len, enh_desc). */
  boolean isJumboFrm(int len, boolean enhDesc);

  /** jumbo_frm(tx_q, skb, csum): the last entry used, or -errno. */
  int jumboFrm(StmmacTxQueue q, Skb skb, boolean csum);

  /** clean_desc3(tx_q, p). */
  void cleanDesc3(StmmacTxQueue q, int kind, int entry);

  // ---- DMA (stmmac_dma_ops)

  /**
   * enable_dma_transmission(ioaddr, chan): poll demand (dwmac1000; the channel argument from
   * 6.12's per-channel register, ignored before).
   */
  void enableDmaTransmission(int chan);

  /** set_tx_tail_ptr(priv, ioaddr, tail_ptr, chan): the tail-pointer doorbell. */
  void setTxTailPtr(long tailPtr, int chan);

  /** set_rx_tail_ptr(priv, ioaddr, tail_ptr, chan). */
  void setRxTailPtr(long tailPtr, int chan);

  /** enable_dma_reception(ioaddr, chan): RX poll demand. */
  void enableDmaReception(int chan);

  /** dma_interrupt(priv, ioaddr, x, chan, dir): handle_rx / handle_tx and the hard errors. */
  int dmaInterruptStatus(int chan, DmaDir dir);

  /** enable_dma_irq(priv, ioaddr, chan, rx, tx). */
  void enableDmaIrq(int chan, boolean rx, boolean tx);

  /** disable_dma_irq(priv, ioaddr, chan, rx, tx). */
  void disableDmaIrq(int chan, boolean rx, boolean tx);
}
