package io.nicsim.ravb;

import static io.nicsim.ravb.RavbHw.DT_FEMPTY;
import static io.nicsim.ravb.RavbHw.DT_FEND;
import static io.nicsim.ravb.RavbHw.DT_FMID;
import static io.nicsim.ravb.RavbHw.DT_FSINGLE;
import static io.nicsim.ravb.RavbHw.DT_FSTART;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.port.KernelPort;

/**
 * The RX paths: ravb_rx_gbeth (GbEth), ravb_rx_rcar (R-Car) and their refill, in the two eras
 * the trees hold: before the v6.11 series (a quota pointer, a descriptor count "boguscnt", the
 * refill inline; 6.1.192) and after it (a budget, a packet count, ravb_rx_ring_refill; 6.12.118
 * and 6.18.19). The GbEth path between them counts packets against the quota
 * (gbeth-rx-count-packets, v6.8). The RX buffers are handles through {@link RavbKernel}.
 */
class RavbRx {
  static final int MSC_CRC = 0x01;
  static final int MSC_RFE = 0x02;
  static final int MSC_RTSF = 0x04;
  static final int MSC_RTLF = 0x08;
  static final int MSC_CEEF = 0x40;
  static final int MSC_MC = 0x80;
  private static final int MSC_ERRORS = MSC_CRC | MSC_RFE | MSC_RTSF | MSC_RTLF | MSC_CEEF;
  /** ravb.h (6.1): RX_BUF_SZ = 2048 - ETH_FCS_LEN + sizeof(__sum16). */
  static final int RX_BUF_SZ = 2048 - 4 + 2;
  /** ravb.h (6.1): GBETH_RX_DESC_DATA_SIZE. */
  static final int GBETH_RX_DESC_DATA_SIZE = 4080;
  /** SKB_DATA_ALIGN(sizeof(struct skb_shared_info)) on arm64 (MAX_SKB_FRAGS 17): 320. */
  static final int SHINFO_ALIGNED = 320;
  /** info->rx_buffer_size: SZ_2K for GbEth, SZ_2K + the aligned shared info for R-Car. */
  static int rxBufferSize(RavbHwInfo info) {
    return info.receive == RavbHwInfo.Receive.GBETH ? 2048 : 2048 + SHINFO_ALIGNED;
  }

  private final RavbPriv priv;
  /** {@code --ports c}: the tree's RX function in place of the four below. */
  RavbRxBridge.Hook cRx;

  RavbRx(RavbPriv priv) {
    this.priv = priv;
  }

  /** The quota a pre-v6.11 RX function decrements (C: {@code int *quota}). */
  static final class Quota {
    int value;

    Quota(int value) {
      this.value = value;
    }
  }

  private void charge() {
    Core c = priv.cpu == null ? null : priv.cpu.current();
    if (c != null) {
      c.charge(KernelOps.SKB_ALLOC);
      c.charge(RavbOps.RX_DESC);
    }
  }

  private int entryOf(int cur, int q) {
    return Integer.remainderUnsigned(cur, priv.numRxRing[q]);
  }

  // ------------------------------------------------------------------ v6.11+ (rx-budget)

  @KernelPort(file = RavbSources.MAIN_C, function = "ravb_rx_gbeth",
      versions = "v6.11..v6.18", source = RavbSources.S612,
      commits = {"118e640af30c", "3ee43f09cb2c", "966726324b7b"},
      notes = "identical in 6.18.19 but for ravb_rx_csum_gbeth (a callee, RavbKernel.rxCsum)"
          + " and the skb local's scope; the skb calls through RavbKernel")
  int rxGbeth(int budget, int q) {
    if (cRx != null) {
      return cRx.rx(budget, q);
    }
    RavbKernel k = priv.k;
    RavbHw hw = priv.hw;
    RavbPriv.Stats stats = priv.stats[q];
    int rxPackets = 0;
    int limit = priv.dirtyRx[q] + priv.numRxRing[q] - priv.curRx[q]; // u32 to int
    refill:
    {
      for (int i = 0; i < limit; i++, priv.curRx[q]++) {
        long skb = 0;
        int entry = entryOf(priv.curRx[q], q);
        if (rxPackets == budget || hw.rxDieDt[entry] == DT_FEMPTY) {
          break;
        }
        int descStatus = hw.rxMsc[entry];
        int descLen = hw.rxDsCc[entry] & RavbPriv.RX_DS;
        // 0-byte descriptors mark DMA mapping errors
        if (descLen == 0) {
          continue;
        }
        if ((descStatus & MSC_MC) != 0) {
          stats.multicast++;
        }
        if ((descStatus & MSC_ERRORS) != 0) {
          countErrors(stats, descStatus);
        } else {
          long buf = priv.rxBuf[q][entry];
          int dieDt = hw.rxDieDt[entry] & 0xF0;
          charge();
          k.dmaSyncRxForCpu(hw.rxDptr[entry], descLen);
          switch (dieDt) {
            case DT_FSINGLE:
            case DT_FSTART:
              skb = k.napiBuildSkb(q, entry, buf, rxBufferSize(priv.info));
              if (skb == 0) {
                stats.rxErrors++;
                k.pagePoolPutPage(q, buf);
                break refill;
              }
              k.skbMarkForRecycle(skb);
              k.skbPut(skb, descLen);
              if (dieDt == DT_FSTART) {
                priv.rx1stSkb = skb;
              }
              break;
            case DT_FMID:
            case DT_FEND:
              if (priv.rx1stSkb == 0) {
                stats.rxErrors++;
                k.pagePoolPutPage(q, buf);
                continue; // a FSINGLE or FSTART may follow
              }
              k.skbAddRxFrag(priv.rx1stSkb, buf, descLen, rxBufferSize(priv.info));
              skb = priv.rx1stSkb;
              break;
            default:
              break;
          }
          switch (dieDt) {
            case DT_FSINGLE:
            case DT_FEND:
              k.ethTypeTrans(skb);
              if (priv.ndevRxCsum) {
                k.rxCsum(skb, true);
              }
              stats.rxBytes += Integer.toUnsignedLong(k.skbLen(skb));
              k.napiGroReceive(priv.napi[q], skb);
              rxPackets++;
              priv.rx1stSkb = 0;
              break;
            default:
              break;
          }
          // the buffer is consumed
          priv.rxBuf[q][entry] = 0;
        }
      }
    }
    // refill:
    priv.dirtyRx[q] += rxRingRefill(q, priv.curRx[q] - priv.dirtyRx[q]);
    stats.rxPackets += rxPackets;
    return rxPackets;
  }

  @KernelPort(file = RavbSources.MAIN_C, function = "ravb_rx_rcar",
      versions = "v6.11..v6.18", source = RavbSources.S612,
      commits = {"118e640af30c", "966726324b7b"},
      notes = "ravb_rx_csum a callee (RavbKernel.rxCsum); the skb calls through RavbKernel")
  int rxRcar(int budget, int q) {
    if (cRx != null) {
      return cRx.rx(budget, q);
    }
    RavbKernel k = priv.k;
    RavbHw hw = priv.hw;
    RavbPriv.Stats stats = priv.stats[q];
    int rxPackets = 0;
    int limit = priv.dirtyRx[q] + priv.numRxRing[q] - priv.curRx[q]; // unsigned int
    for (int i = 0; Integer.compareUnsigned(i, limit) < 0; i++, priv.curRx[q]++) {
      int entry = entryOf(priv.curRx[q], q);
      if (rxPackets == budget || hw.rxDieDt[entry] == DT_FEMPTY) {
        break;
      }
      int descStatus = hw.rxMsc[entry];
      int pktLen = hw.rxDsCc[entry] & RavbPriv.RX_DS;
      if (pktLen == 0) {
        continue;
      }
      if ((descStatus & MSC_MC) != 0) {
        stats.multicast++;
      }
      if ((descStatus & MSC_ERRORS) != 0) {
        countErrors(stats, descStatus);
      } else {
        int getTs = priv.tstampRxCtrl & RAVB_RXTSTAMP_TYPE;
        long buf = priv.rxBuf[q][entry];
        charge();
        k.dmaSyncRxForCpu(hw.rxDptr[entry], pktLen);
        long skb = k.napiBuildSkb(q, entry, buf, rxBufferSize(priv.info));
        if (skb == 0) {
          stats.rxErrors++;
          k.pagePoolPutPage(q, buf);
          break;
        }
        k.skbMarkForRecycle(skb);
        rxHwtstamp(skb, getTs, q, entry);
        k.skbPut(skb, pktLen);
        k.ethTypeTrans(skb);
        if (priv.ndevRxCsum) {
          k.rxCsum(skb, false);
        }
        k.napiGroReceive(priv.napi[q], skb);
        rxPackets++;
        stats.rxBytes += pktLen;
        priv.rxBuf[q][entry] = 0;
      }
    }
    priv.dirtyRx[q] += rxRingRefill(q, priv.curRx[q] - priv.dirtyRx[q]);
    stats.rxPackets += rxPackets;
    return rxPackets;
  }

  static final int RAVB_RXTSTAMP_TYPE = 0x06;
  static final int RAVB_RXTSTAMP_TYPE_V2_L2_EVENT = 0x02;
  /** ktime.h: KTIME_MAX and KTIME_SEC_MAX (KTIME_MAX / NSEC_PER_SEC). */
  private static final long KTIME_MAX = Long.MAX_VALUE;
  private static final long KTIME_SEC_MAX = KTIME_MAX / 1_000_000_000L;

  /**
   * R-Car's RX timestamp: the NC queue stamps PTP event frames, the BE queue the rest, when
   * tstamp_rx_ctrl asks; the descriptor's 48-bit seconds and nanoseconds through
   * timespec64_to_ktime (ktime_set: KTIME_MAX from KTIME_SEC_MAX seconds).
   */
  private void rxHwtstamp(long skb, int getTs, int q, int entry) {
    getTs &= q == RavbPriv.RAVB_NC ? RAVB_RXTSTAMP_TYPE_V2_L2_EVENT
        : ~RAVB_RXTSTAMP_TYPE_V2_L2_EVENT;
    if (getTs != 0) {
      RavbHw hw = priv.hw;
      long sec = ((long) (hw.rxTsSh[entry] & 0xFFFF) << 32) | Integer.toUnsignedLong(hw.rxTsSl[entry]);
      long nsec = Integer.toUnsignedLong(hw.rxTsN[entry]);
      priv.k.skbRxHwtstamp(skb, sec >= KTIME_SEC_MAX ? KTIME_MAX : sec * 1_000_000_000L + nsec);
    }
  }

  @KernelPort(file = RavbSources.MAIN_C, function = "ravb_rx_ring_refill",
      versions = "v6.11..v6.18", source = RavbSources.S612, commits = {"37a01c12e9e8"},
      notes = "with ravb_alloc_rx_buffer (page_pool_alloc: RavbKernel.allocRxBuffer); the DMA"
          + " address is not modelled")
  int rxRingRefill(int q, int count) {
    int i;
    for (i = 0; Integer.compareUnsigned(i, count) < 0; i++) {
      int entry = entryOf(priv.dirtyRx[q] + i, q);
      if (priv.rxBuf[q][entry] == 0) {
        if (allocRxBuffer(q, entry) != 0) {
          break;
        }
      }
      priv.hw.setRxDieDt(entry, DT_FEMPTY);
    }
    return i;
  }

  @KernelPort(file = RavbSources.MAIN_C, function = "ravb_alloc_rx_buffer",
      versions = "v6.11..v6.18", source = RavbSources.S612, commits = {"966726324b7b"},
      notes = "page_pool_alloc, page_pool_get_dma_addr + offset and the DMA sync through"
          + " RavbKernel (a buffer is a handle of page and offset)")
  int allocRxBuffer(int q, int entry) {
    long page = priv.k.allocRxBuffer(q, entry);
    priv.rxBuf[q][entry] = page;
    if (page == 0) {
      priv.hw.rxDsCc[entry] = 0; // no DMA into a failed buffer
      return RavbPriv.ENOMEM;
    }
    long dmaAddr = priv.k.rxBufferDma(page); // dma_addr_t
    priv.k.dmaSyncRxForDevice(dmaAddr, rxBufferSize(priv.info));
    priv.hw.rxDptr[entry] = (int) dmaAddr; // cpu_to_le32: the descriptor's 32 bits
    // the end of the buffer holds the skb's shared info
    priv.hw.rxDsCc[entry] = (rxBufferSize(priv.info) - SHINFO_ALIGNED - 4 + 2) & 0xFFFF;
    return 0;
  }

  // ------------------------------------------------------------------ before v6.11

  /** ravb.h (6.1): GBETH_RX_BUFF_MAX, the GbEth RX skb's mapped size. */
  static final int GBETH_RX_BUFF_MAX = 8192;
  /** ravb.h: RAVB_ALIGN, the RX skb data alignment. */
  static final int RAVB_ALIGN = 128;

  @KernelPort(file = RavbSources.MAIN_C, function = "ravb_rx_gbeth",
      versions = "v6.1..v6.10", source = RavbSources.S61,
      commits = {"ed4adc07207d", "a892493a3434"},
      notes = "the quota era; gbeth-rx-count-packets (v6.8) counts packets against the quota,"
          + " 6.1.192 counts descriptors; rx-skip-dma-errors (v6.9) steps past 0-byte"
          + " descriptors; v6.9's jumbo-frame RX checksum and byte-count fixes are not ported;"
          + " the skb calls through RavbKernel")
  boolean rxGbethQuota(Quota quota, int q) {
    if (cRx != null) {
      return cRx.rxQuota(quota, q);
    }
    RavbKernel k = priv.k;
    RavbHw hw = priv.hw;
    RavbPriv.Stats stats = priv.stats[q];
    boolean countPackets = priv.patches.has(RavbPatches.GBETH_RX_COUNT_PACKETS);
    int entry = entryOf(priv.curRx[q], q);
    int limit = priv.dirtyRx[q] + priv.numRxRing[q] - priv.curRx[q];
    int boguscnt = limit;
    int rxPackets = 0;
    if (!countPackets) {
      boguscnt = Math.min(boguscnt, quota.value);
      limit = boguscnt;
    }
    // rx-skip-dma-errors (v6.9): for (...; i++, cur_rx++), entry and desc read at the top
    boolean moveOn = countPackets && priv.patches.has(RavbPatches.RX_SKIP_DMA_ERRORS);
    int i = 0;
    while (true) {
      if (moveOn) {
        if (i >= limit) {
          break;
        }
        entry = entryOf(priv.curRx[q], q);
        if (rxPackets == quota.value || hw.rxDieDt[entry] == DT_FEMPTY) {
          break;
        }
      } else if (countPackets ? !(i < limit && rxPackets < quota.value
          && hw.rxDieDt[entry] != DT_FEMPTY) : hw.rxDieDt[entry] == DT_FEMPTY) {
        break;
      }
      int descStatus = hw.rxMsc[entry];
      int pktLen = hw.rxDsCc[entry] & RavbPriv.RX_DS;
      if (countPackets) {
        i++; // the for loop's i++ (also on continue)
      } else if (--boguscnt < 0) {
        break;
      }
      if (pktLen == 0) {
        if (moveOn) {
          priv.curRx[q]++; // the for loop's cur_rx++
        }
        continue; // before rx-skip-dma-errors: the same descriptor again
      }
      if ((descStatus & MSC_MC) != 0) {
        stats.multicast++;
      }
      if ((descStatus & MSC_ERRORS) != 0) {
        countErrors(stats, descStatus);
      } else {
        int dieDt = hw.rxDieDt[entry] & 0xF0;
        charge();
        long skb;
        switch (dieDt) {
          case DT_FSINGLE:
            skb = getSkbGbeth(entry);
            k.skbPut(skb, pktLen);
            k.ethTypeTrans(skb);
            k.napiGroReceive(priv.napi[q], skb);
            if (countPackets) {
              rxPackets++;
            } else {
              stats.rxPackets++;
            }
            stats.rxBytes += pktLen;
            break;
          case DT_FSTART:
            priv.rx1stSkb = getSkbGbeth(entry);
            k.skbPut(priv.rx1stSkb, pktLen);
            break;
          case DT_FMID:
            skb = getSkbGbeth(entry);
            k.skbCopyToLinearDataOffset(priv.rx1stSkb, k.skbLen(priv.rx1stSkb), skb, pktLen);
            k.skbPut(priv.rx1stSkb, pktLen);
            k.devKfreeSkb(skb);
            break;
          case DT_FEND:
            skb = getSkbGbeth(entry);
            k.skbCopyToLinearDataOffset(priv.rx1stSkb, k.skbLen(priv.rx1stSkb), skb, pktLen);
            k.skbPut(priv.rx1stSkb, pktLen);
            k.devKfreeSkb(skb);
            k.ethTypeTrans(priv.rx1stSkb);
            k.napiGroReceive(priv.napi[q], priv.rx1stSkb);
            if (countPackets) {
              rxPackets++;
            } else {
              stats.rxPackets++;
            }
            stats.rxBytes += pktLen;
            break;
          default:
            break;
        }
      }
      priv.curRx[q]++;
      entry = entryOf(priv.curRx[q], q);
    }
    refillQuotaEra(q, GBETH_RX_DESC_DATA_SIZE, RAVB_ALIGN * ((GBETH_RX_BUFF_MAX + 127) / 128),
        false);
    if (countPackets) {
      stats.rxPackets += rxPackets;
      quota.value -= rxPackets;
      return quota.value == 0;
    }
    quota.value -= limit - (++boguscnt);
    return boguscnt <= 0;
  }

  /**
   * ravb_get_skb_gbeth: the BE ring's skb for {@code entry}, taken off the ring, its buffer
   * unmapped (ALIGN(GBETH_RX_BUFF_MAX, 16) bytes).
   */
  private long getSkbGbeth(int entry) {
    long buf = priv.rxBuf[RavbPriv.RAVB_BE][entry];
    long skb = priv.k.rxRingSkb(RavbPriv.RAVB_BE, entry, buf);
    priv.rxBuf[RavbPriv.RAVB_BE][entry] = 0;
    priv.k.dmaUnmapSingle(priv.hw.rxDptr[entry], (GBETH_RX_BUFF_MAX + 15) & ~15);
    return skb;
  }

  @KernelPort(file = RavbSources.MAIN_C, function = "ravb_rx_rcar",
      versions = "v6.1..v6.10", source = RavbSources.S61,
      commits = {"def52db470df", "a892493a3434"},
      notes = "the quota era: 6.1.192's descriptor count, rcar-rx-count-packets and"
          + " rx-skip-dma-errors (v6.9) from the patches; the skb calls through RavbKernel")
  boolean rxRcarQuota(Quota quota, int q) {
    if (cRx != null) {
      return cRx.rxQuota(quota, q);
    }
    if (priv.patches.has(RavbPatches.RCAR_RX_COUNT_PACKETS)) {
      return rxRcarQuotaPackets(quota, q);
    }
    RavbHw hw = priv.hw;
    int entry = entryOf(priv.curRx[q], q);
    int boguscnt = (priv.dirtyRx[q] + priv.numRxRing[q]) - priv.curRx[q];
    boguscnt = Math.min(boguscnt, quota.value);
    int limit = boguscnt;
    while (hw.rxDieDt[entry] != DT_FEMPTY) {
      int pktLen = hw.rxDsCc[entry] & RavbPriv.RX_DS;
      if (--boguscnt < 0) {
        break;
      }
      if (pktLen == 0) {
        continue;
      }
      if (rcarQuotaFrame(q, entry, pktLen)) {
        priv.stats[q].rxPackets++;
      }
      priv.curRx[q]++;
      entry = entryOf(priv.curRx[q], q);
    }
    refillQuotaEra(q, RX_BUF_SZ, RX_BUF_SZ + RAVB_ALIGN - 1, true);
    quota.value -= limit - (++boguscnt);
    return boguscnt <= 0;
  }

  /**
   * ravb_rx_rcar from rcar-rx-count-packets (v6.9): packets against the quota, the limit
   * unsigned; with rx-skip-dma-errors (v6.9) the loop steps past a 0-byte descriptor.
   */
  private boolean rxRcarQuotaPackets(Quota quota, int q) {
    RavbHw hw = priv.hw;
    boolean moveOn = priv.patches.has(RavbPatches.RX_SKIP_DMA_ERRORS);
    int limit = priv.dirtyRx[q] + priv.numRxRing[q] - priv.curRx[q]; // unsigned int
    int rxPackets = 0;
    int entry = entryOf(priv.curRx[q], q);
    for (int i = 0; Integer.compareUnsigned(i, limit) < 0; i++) {
      if (moveOn) {
        entry = entryOf(priv.curRx[q], q);
        if (rxPackets == quota.value || hw.rxDieDt[entry] == DT_FEMPTY) {
          break;
        }
      } else if (!(rxPackets < quota.value && hw.rxDieDt[entry] != DT_FEMPTY)) {
        break;
      }
      int pktLen = hw.rxDsCc[entry] & RavbPriv.RX_DS;
      if (pktLen == 0) {
        if (moveOn) {
          priv.curRx[q]++; // the for loop's cur_rx++
        }
        continue; // before rx-skip-dma-errors: the same descriptor again
      }
      if (rcarQuotaFrame(q, entry, pktLen)) {
        rxPackets++;
      }
      priv.curRx[q]++;
      entry = entryOf(priv.curRx[q], q);
    }
    refillQuotaEra(q, RX_BUF_SZ, RX_BUF_SZ + RAVB_ALIGN - 1, true);
    priv.stats[q].rxPackets += rxPackets;
    quota.value -= rxPackets;
    return quota.value == 0;
  }

  /** One R-Car quota-era descriptor that is not 0 bytes: counted, or handed up (true). */
  private boolean rcarQuotaFrame(int q, int entry, int pktLen) {
    RavbKernel k = priv.k;
    RavbHw hw = priv.hw;
    RavbPriv.Stats stats = priv.stats[q];
    int descStatus = hw.rxMsc[entry];
    if ((descStatus & MSC_MC) != 0) {
      stats.multicast++;
    }
    if ((descStatus & MSC_ERRORS) != 0) {
      countErrors(stats, descStatus);
      return false;
    }
    int getTs = priv.tstampRxCtrl & RAVB_RXTSTAMP_TYPE;
    charge();
    long buf = priv.rxBuf[q][entry];
    long skb = k.rxRingSkb(q, entry, buf);
    priv.rxBuf[q][entry] = 0;
    k.dmaUnmapSingle(hw.rxDptr[entry], RX_BUF_SZ);
    rxHwtstamp(skb, getTs, q, entry);
    k.skbPut(skb, pktLen);
    k.ethTypeTrans(skb);
    if (priv.ndevRxCsum) {
      k.rxCsum(skb, false);
    }
    k.napiGroReceive(priv.napi[q], skb);
    stats.rxBytes += pktLen;
    return true;
  }

  /**
   * The inline refill loop of both quota-era RX functions: netdev_alloc_skb(ndev,
   * info->max_rx_len), ravb_set_buffer_align, dma_map_single of the descriptor's size (R-Car)
   * or GBETH_RX_BUFF_MAX (GbEth); a failed mapping leaves the descriptor 0 bytes long.
   */
  private void refillQuotaEra(int q, int dataSize, int maxRxLen, boolean mapDescSize) {
    RavbKernel k = priv.k;
    for (; priv.curRx[q] - priv.dirtyRx[q] != 0; priv.dirtyRx[q]++) { // u32 "> 0"
      int entry = entryOf(priv.dirtyRx[q], q);
      priv.hw.rxDsCc[entry] = dataSize;
      if (priv.rxBuf[q][entry] == 0) {
        long skb = k.netdevAllocSkb(q, entry, maxRxLen);
        if (skb == 0) {
          break; // better luck next round
        }
        // ravb_set_buffer_align
        int reserve = k.rxSkbDataMisalign(skb) & (RAVB_ALIGN - 1);
        if (reserve != 0) {
          k.skbReserve(skb, RAVB_ALIGN - reserve);
        }
        long dmaAddr = k.dmaMapRx(skb, mapDescSize ? priv.hw.rxDsCc[entry] & 0xFFFF
            : GBETH_RX_BUFF_MAX);
        if (k.rxDmaMappingError(dmaAddr)) {
          priv.hw.rxDsCc[entry] = 0;
        }
        priv.hw.rxDptr[entry] = (int) dmaAddr;
        priv.rxBuf[q][entry] = skb;
      }
      priv.hw.setRxDieDt(entry, DT_FEMPTY);
    }
  }

  private static void countErrors(RavbPriv.Stats stats, int descStatus) {
    stats.rxErrors++;
    if ((descStatus & MSC_CRC) != 0) {
      stats.rxCrcErrors++;
    }
    if ((descStatus & MSC_RFE) != 0) {
      stats.rxFrameErrors++;
    }
    if ((descStatus & (MSC_RTLF | MSC_RTSF)) != 0) {
      stats.rxLengthErrors++;
    }
    if ((descStatus & MSC_CEEF) != 0) {
      stats.rxMissedErrors++;
    }
  }
}
