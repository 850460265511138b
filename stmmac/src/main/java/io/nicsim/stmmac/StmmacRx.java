package io.nicsim.stmmac;

import static io.nicsim.stmmac.StmmacHwif.CSUM_NONE;
import static io.nicsim.stmmac.StmmacHwif.DISCARD_FRAME;
import static io.nicsim.stmmac.StmmacHwif.DMA_OWN;
import static io.nicsim.stmmac.StmmacHwif.RX_NOT_LS;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.CostOp;
import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.net.Skb;
import io.nicsim.core.nic.DescRing;
import io.nicsim.core.port.KernelPort;

/**
 * The receive half of stmmac_main.c, one method per C function: stmmac_rx (frames over one or
 * more descriptors, the XDP verdict, the skb built or filled from page-pool pages), the refill
 * that decides each descriptor's IC bit (the {@code use_rx_wd} rule, era by era) and the RX
 * NAPI poll. Kernel functions, hwif callbacks and unported helpers go through
 * {@link StmmacPriv#calls}, {@link StmmacPriv#hwif} and {@link StmmacPriv#unported}.
 */
public class StmmacRx {
  static final String FILE = StmmacLifecycle.FILE;
  static final String TREE_6_18 = StmmacLifecycle.TREE_6_18;

  /** One received descriptor: status read, buffer sync, skb build. */
  static final CostOp RX_DESC = CostOp.named("stmmac_rx_desc");
  /** One descriptor refilled and handed back. */
  static final CostOp RX_REFILL_DESC = CostOp.named("stmmac_rx_refill_desc");
  /** truesize of a received frame's skb (page_pool half page + struct sk_buff). */
  static final int RX_TRUESIZE = 2048 + 256;

  /** ETH_FCS_LEN. */
  static final int ETH_FCS_LEN = 4;
  /** STMMAC_XDP_CONSUMED / _TX / _REDIRECT. */
  static final int STMMAC_XDP_CONSUMED = 1;
  static final int STMMAC_XDP_TX = 2;
  static final int STMMAC_XDP_REDIRECT = 4;
  /** CHECKSUM_UNNECESSARY. */
  static final int CHECKSUM_UNNECESSARY = 1;
  /** GFP_ATOMIC | __GFP_NOWARN, and GFP_DMA32 (as the trees define them). */
  static final int GFP_ATOMIC_NOWARN = 0x820 | 0x2000;
  static final int GFP_DMA32 = 0x04;
  /** PAGE_SIZE. */
  static final int PAGE_SIZE = 4096;

  protected final StmmacPriv priv;
  protected final Kernel kernel;
  private final boolean napiSplit;
  private final boolean irqPerDir;
  private final boolean rxCoalFrames;
  private final boolean rxDiv0;
  private final boolean rxIcZero;
  private final boolean rxDmaWake;
  private final boolean rxLimitRing;
  private final boolean rxBuildSkb;
  private final boolean rxMarkRecycle;
  private final boolean rxHwVlan;

  /** {@code --ports c}: the tree's stmmac_napi_poll_rx in place of {@link #napiPollRx}. */
  StmmacCHooks.NapiPollRx cNapiPollRx;
  /** {@code --ports c}: the tree's stmmac_rx (its refill inside) in place of {@link #rx}. */
  StmmacCHooks.Rx cRx;

  public StmmacRx(StmmacPriv priv) {
    this.priv = priv;
    this.kernel = priv.kernel;
    var p = priv.patches;
    napiSplit = p.has(StmmacPatches.NAPI_SPLIT);
    irqPerDir = p.has(StmmacPatches.IRQ_PER_DIR);
    rxCoalFrames = p.has(StmmacPatches.RX_COAL_FRAMES);
    rxDiv0 = p.has(StmmacPatches.RX_DIV0);
    rxIcZero = p.has(StmmacPatches.RX_IC_ZERO);
    rxDmaWake = p.has(StmmacPatches.RX_DMA_WAKE);
    rxLimitRing = p.has(StmmacPatches.RX_LIMIT_RING);
    rxBuildSkb = p.has(StmmacPatches.RX_BUILD_SKB);
    rxMarkRecycle = p.has(StmmacPatches.RX_MARK_RECYCLE);
    rxHwVlan = p.has(StmmacPatches.RX_HW_VLAN);
  }

  private Core core() {
    return kernel.cpu().requireCurrent();
  }

  /** STMMAC_GET_ENTRY / STMMAC_NEXT_ENTRY on the RX ring. */
  private static int nextEntry(DescRing ring, int x) {
    return (x + 1) & (ring.size() - 1);
  }

  /** stmmac_rx_dirty: descriptors consumed and not yet refilled (u32 arithmetic). */
  @KernelPort(file = FILE, function = "stmmac_rx_dirty", versions = "v4.19..v6.18",
      source = TREE_6_18)
  int rxDirty(int queue) {
    DescRing ring = priv.rxQueue[queue].ring;
    int dirty;
    if (Integer.compareUnsigned(ring.dirty, ring.cur) <= 0) {
      dirty = ring.cur - ring.dirty;
    } else {
      dirty = ring.size() - ring.dirty + ring.cur;
    }
    return dirty;
  }

  /**
   * stmmac_rx_refill: each consumed descriptor gets its page(s) back (a page-pool allocation
   * when the frame took it), then the IC decision of the era. Before rx-coal-frames:
   * {@code use_riwt}. rx-coal-frames: every rx-frames-th descriptor (a modulo by rx-frames,
   * which divides by zero when it is 0, as the C did). rx-div0: the counter is reset on every
   * descriptor, so IC is always set. rx-ic-zero: watchdog mode exactly when rx-frames is 0 and
   * RIWT is used. Then the tail pointer, and from rx-dma-wake the RX poll demand.
   */
  @KernelPort(
      file = FILE,
      function = "stmmac_rx_refill",
      versions = "v4.19..v6.18",
      commits = {"6fa9d691b91a"},
      source = TREE_6_18,
      notes = "also read in " + StmmacTx.DEBIAN + "; the page-pool form from 5.x on (the"
          + " model's pages never run out); rx-coal-frames and rx-ic-zero forms read in their"
          + " netdev postings")
  void rxRefill(int queue) {
    StmmacRxQueue rxQ = priv.rxQueue[queue];
    DescRing ring = rxQ.ring;
    int dirty = rxDirty(queue);
    int entry = ring.dirty;
    int gfp = GFP_ATOMIC_NOWARN;
    Core core = core();
    int n = priv.rxCoalFrames[queue];

    if (priv.dmaCapHostDmaWidth <= 32) {
      gfp |= GFP_DMA32;
    }

    while (dirty-- > 0) {
      boolean useRxWd;
      int kind = priv.extendDesc ? TxDesc.EXTENDED : TxDesc.BASIC;
      core.charge(RX_REFILL_DESC);

      if (rxQ.page[entry] == 0) {
        rxQ.page[entry] = priv.calls.pagePoolAllocPages(queue, gfp);
        if (rxQ.page[entry] == 0) {
          break;
        }
      }

      if (priv.sph && rxQ.secPage[entry] == 0) {
        rxQ.secPage[entry] = priv.calls.pagePoolAllocPages(queue, gfp);
        if (rxQ.secPage[entry] == 0) {
          break;
        }
        rxQ.secAddr[entry] = priv.calls.pagePoolGetDmaAddr(rxQ.secPage[entry]);
      }

      rxQ.addr[entry] = priv.calls.pagePoolGetDmaAddr(rxQ.page[entry])
          + Integer.toUnsignedLong(rxQ.pageOffset[entry]);

      priv.hwif.setRxDescAddr(rxQ, kind, entry, rxQ.addr[entry]);
      priv.hwif.setDescSecAddr(rxQ, kind, entry, rxQ.secAddr[entry], priv.sph);
      priv.hwif.refillDesc3(rxQ, kind, entry);

      if (!rxCoalFrames) {
        useRxWd = priv.useRiwt;
      } else if (!rxDiv0) {
        rxQ.rxCountFrames++;
        rxQ.rxCountFrames = Integer.remainderUnsigned(rxQ.rxCountFrames, n);
        useRxWd = priv.useRiwt && rxQ.rxCountFrames != 0;
      } else {
        rxQ.rxCountFrames++;
        rxQ.rxCountFrames += n;
        if (Integer.compareUnsigned(rxQ.rxCountFrames, n) > 0) {
          rxQ.rxCountFrames = 0;
        }

        if (!rxIcZero) {
          useRxWd = priv.useRiwt && rxQ.rxCountFrames != 0;
        } else {
          useRxWd = n == 0;
          useRxWd |= rxQ.rxCountFrames != 0;
          if (!priv.useRiwt) {
            useRxWd = false;
          }
        }
      }

      priv.hwif.setRxOwner(rxQ, kind, entry, useRxWd);
      if (!useRxWd) {
        priv.counters.rxIcDesc++;
      }

      entry = nextEntry(ring, entry);
    }
    ring.dirty = entry;
    // sizeof(struct dma_desc) whatever the descriptor size, as the C has it; u32
    rxQ.rxTailAddr = (int) (rxQ.dmaRxPhy + Integer.toUnsignedLong(ring.dirty * 16));
    priv.hwif.setRxTailPtr(Integer.toUnsignedLong(rxQ.rxTailAddr), queue);
    if (rxDmaWake) {
      // Wake up Rx DMA from the suspend state if required
      priv.hwif.enableDmaReception(queue);
    }
  }

  /**
   * stmmac_rx: up to {@code limit} frames the DMA has written back. A frame may span
   * descriptors (rx_not_ls) and polls (the state saved in the queue); an errored frame is
   * dropped as a whole; without an XDP program every head becomes an skb (copied from the page
   * before rx-build-skb, built around it after), later buffers are added as fragments; the
   * finished skb goes to GRO. Then the refill.
   */
  @KernelPort(
      file = FILE,
      function = "stmmac_rx",
      versions = "v4.19..v6.18",
      source = TREE_6_18,
      notes = "also read in " + StmmacTx.DEBIAN + "; the XDP program itself, timestamps,"
          + " VLAN stripping and the RX hash are the driver's helpers (stubbed); the model's"
          + " frames are one descriptor each")
  int rx(int limit, int queue) {
    if (cRx != null) {
      return cRx.rx(limit, queue);
    }
    int rxErrors = 0;
    int rxDropped = 0;
    int rxBytes = 0;
    int rxPackets = 0;
    StmmacRxQueue rxQ = priv.rxQueue[queue];
    StmmacXstats.Rxq rxqStats = priv.xstats.rxq[queue];
    DescRing ring = rxQ.ring;
    Napi napi = napiSplit ? priv.channel[queue].rxNapi : priv.channel[queue].napi;
    int count = 0;
    int error = 0;
    int len = 0;
    int status = 0;
    boolean coe = priv.rxCsum != 0;
    int nextEntry = ring.cur;
    Skb skb = null;
    int xdpStatus = 0;
    Core core = core();

    if (rxLimitRing) {
      limit = (int) Math.min(Integer.toUnsignedLong(ring.size() - 1),
          Integer.toUnsignedLong(limit));
    }

    outer:
    while (Integer.compareUnsigned(count, limit) < 0) {
      int buf1Len;
      int buf2Len;
      int entry;
      int kind = priv.extendDesc ? TxDesc.EXTENDED : TxDesc.BASIC;

      if (count == 0 && rxQ.stateSaved) {
        skb = rxQ.stateSkb;
        error = rxQ.stateError;
        len = rxQ.stateLen;
      } else {
        rxQ.stateSaved = false;
        skb = null;
        error = 0;
        len = 0;
      }

      readAgain:
      while (true) {
        if (Integer.compareUnsigned(count, limit) >= 0) {
          break outer;
        }

        buf1Len = 0;
        buf2Len = 0;
        entry = nextEntry;

        // read the status of the incoming frame
        status = priv.hwif.rxStatus(rxQ, kind, entry);
        // check if managed by the DMA otherwise go ahead
        if ((status & DMA_OWN) != 0) {
          break outer;
        }

        if (rxLimitRing) {
          ring.cur = nextEntry(ring, ring.cur);
          nextEntry = ring.cur;
        } else {
          nextEntry = nextEntry(ring, ring.cur);
          if (nextEntry == ring.dirty) {
            break outer;
          }
          ring.cur = nextEntry;
        }
        core.charge(RX_DESC);

        if (priv.extendDesc) {
          priv.hwif.rxExtendedStatus(rxQ, entry);
        }
        if (status == DISCARD_FRAME) {
          if (rxBuildSkb) {
            priv.calls.pagePoolPutPage(queue, rxQ.page[entry], 0, true);
          } else {
            priv.calls.pagePoolRecycleDirect(queue, rxQ.page[entry]);
          }
          rxQ.page[entry] = 0;
          error = 1;
          if (!priv.hwtsRxEn) {
            rxErrors++;
          }
        }

        if (error != 0 && (status & RX_NOT_LS) != 0) {
          continue readAgain;
        }
        if (error != 0) {
          priv.calls.devKfreeSkb(skb);
          skb = null;
          count++;
          continue outer;
        }

        // Buffer is good. Go on.
        buf1Len = priv.unported.rxBuf1Len(rxQ, kind, entry, status, len);
        len += buf1Len;
        buf2Len = priv.unported.rxBuf2Len(rxQ, kind, entry, status, len);
        len += buf2Len;

        // ACS is disabled; strip manually.
        if ((status & RX_NOT_LS) == 0) {
          if (buf2Len != 0) {
            buf2Len -= ETH_FCS_LEN;
            len -= ETH_FCS_LEN;
          } else if (buf1Len != 0) {
            buf1Len -= ETH_FCS_LEN;
            len -= ETH_FCS_LEN;
          }
        }

        boolean drain = false;
        // ctx.xdp: data_hard_start, data, data_end over the page (page_address is the page)
        long hardStart = rxQ.page[entry];
        long data = hardStart;
        long dataEnd = hardStart;
        if (skb == null) {
          priv.calls.dmaSyncSingleForCpu(rxQ.addr[entry], Integer.toUnsignedLong(buf1Len));

          // xdp_init_buff, xdp_prepare_buff(page, page_offset, buf1_len, meta_valid)
          data = hardStart + Integer.toUnsignedLong(rxQ.pageOffset[entry]);
          dataEnd = data + Integer.toUnsignedLong(buf1Len);
          int preLen = (int) (dataEnd - hardStart - Integer.toUnsignedLong(
              rxQ.pageOffset[entry]));

          int xdpRes = priv.unported.xdpRunProg(rxQ, entry);
          // Due xdp_adjust_tail: DMA sync for_device cover max len CPU touch
          int syncLen = (int) (dataEnd - hardStart - Integer.toUnsignedLong(
              rxQ.pageOffset[entry]));
          syncLen = Integer.compareUnsigned(syncLen, preLen) > 0 ? syncLen : preLen;

          // For Not XDP_PASS verdict
          if (xdpRes != 0) {
            if ((xdpRes & STMMAC_XDP_CONSUMED) != 0) {
              priv.calls.pagePoolPutPage(queue, rxQ.page[entry], syncLen, true);
              rxQ.page[entry] = 0;
              rxDropped++;

              // Clear skb as it was set as status by XDP program.
              skb = null;

              if ((status & RX_NOT_LS) != 0) {
                continue readAgain;
              }

              count++;
              continue outer;
            } else if ((xdpRes & (STMMAC_XDP_TX | STMMAC_XDP_REDIRECT)) != 0) {
              xdpStatus |= xdpRes;
              rxQ.page[entry] = 0;
              skb = null;
              count++;
              continue outer;
            }
          }
        }

        if (skb == null) {
          // XDP program may expand or reduce tail
          buf1Len = (int) (dataEnd - data);

          if (rxBuildSkb) {
            skb = priv.calls.napiBuildSkb(rxQ, entry, rxQ.napiSkbFragSize);
            if (skb == null) {
              priv.calls.pagePoolRecycleDirect(queue, rxQ.page[entry]);
              rxDropped++;
              count++;
              drain = true;
            } else {
              // XDP program may adjust header
              priv.calls.skbReserve(skb, (int) (data - hardStart));
              priv.calls.skbPut(skb, buf1Len);
              priv.calls.skbMarkForRecycle(skb);
              rxQ.page[entry] = 0;
            }
          } else {
            skb = priv.calls.napiAllocSkb(napi, buf1Len);
            if (skb == null) {
              rxDropped++;
              count++;
              drain = true;
            } else {
              // XDP program may adjust header
              priv.calls.skbCopyToLinearData(skb, rxQ, entry, buf1Len);
              priv.calls.skbPut(skb, buf1Len);

              // Data payload copied into SKB, page ready for recycle
              priv.calls.pagePoolRecycleDirect(queue, rxQ.page[entry]);
              rxQ.page[entry] = 0;
            }
          }
        } else if (buf1Len != 0) {
          priv.calls.dmaSyncSingleForCpu(rxQ.addr[entry], Integer.toUnsignedLong(buf1Len));
          priv.calls.skbAddRxFrag(skb, skb.nrFrags, rxQ.page[entry], rxQ.pageOffset[entry],
              buf1Len, priv.dmaBufSz);

          // Data payload appended into SKB
          if (!rxBuildSkb) {
            if (rxMarkRecycle) {
              priv.calls.skbMarkForRecycle(skb);
            } else {
              priv.calls.pagePoolReleasePage(queue, rxQ.page[entry]);
            }
          }
          rxQ.page[entry] = 0;
        }

        if (!drain && buf2Len != 0) {
          priv.calls.dmaSyncSingleForCpu(rxQ.secAddr[entry], Integer.toUnsignedLong(buf2Len));
          priv.calls.skbAddRxFrag(skb, skb.nrFrags, rxQ.secPage[entry], 0, buf2Len,
              priv.dmaBufSz);

          // Data payload appended into SKB
          if (!rxBuildSkb) {
            if (rxMarkRecycle) {
              priv.calls.skbMarkForRecycle(skb);
            } else {
              priv.calls.pagePoolReleasePage(queue, rxQ.secPage[entry]);
            }
          }
          rxQ.secPage[entry] = 0;
        }

        // drain_data:
        if ((status & RX_NOT_LS) != 0) {
          continue readAgain;
        }
        if (skb == null) {
          continue outer;
        }

        // Got entire packet into SKB. Finish it.
        priv.unported.getRxHwtstamp(rxQ, kind, entry, nextEntry, skb);

        if (rxHwVlan && priv.hwVlanEn) {
          // MAC level stripping.
          priv.unported.rxHwVlan(rxQ, kind, entry, skb);
        } else {
          // Driver level stripping.
          priv.unported.rxVlan(skb);
        }

        priv.calls.ethTypeTrans(skb);

        if (!coe || !priv.unported.hasIpEthertype(skb) || (status & CSUM_NONE) != 0) {
          priv.calls.skbChecksumNoneAssert(skb);
        } else {
          skb.ipSummed = CHECKSUM_UNNECESSARY;
        }

        int[] hash = new int[2];
        if (priv.hwif.getRxHash(rxQ, kind, entry, hash) == 0) {
          priv.calls.skbSetHash(skb, hash[0], hash[1]);
        }

        priv.calls.skbRecordRxQueue(skb, queue);
        int frameLen = len;
        priv.calls.napiGroReceive(napi, skb);
        skb = null;
        priv.counters.rxFrames++;
        if (priv.dim != null) { // the dim what-if's running totals
          priv.dim.rx.packets[queue]++;
          priv.dim.rx.bytes[queue] += Integer.toUnsignedLong(frameLen);
        }

        rxPackets++;
        rxBytes += len;
        count++;
        continue outer;
      }
    }

    if ((status & RX_NOT_LS) != 0 || skb != null) {
      rxQ.stateSaved = true;
      rxQ.stateSkb = skb;
      rxQ.stateError = error;
      rxQ.stateLen = len;
    }

    priv.unported.finalizeXdpRx(xdpStatus);

    rxRefill(queue);

    rxqStats.rxPackets += Integer.toUnsignedLong(rxPackets);
    rxqStats.rxBytes += Integer.toUnsignedLong(rxBytes);
    rxqStats.rxPktN += Integer.toUnsignedLong(count);

    priv.xstats.rxDropped += Integer.toUnsignedLong(rxDropped);
    priv.xstats.rxErrors += Integer.toUnsignedLong(rxErrors);

    return count;
  }

  /**
   * stmmac_napi_poll_rx (napi-split on): on completion the RX interrupt comes back: the whole
   * channel before irq-per-dir, RX only after.
   */
  @KernelPort(
      file = FILE,
      function = "stmmac_napi_poll_rx",
      versions = "v5.0..v6.18",
      commits = {"4ccb45857c2c", "021bd5e36970"},
      source = TREE_6_18)
  int napiPollRx(Napi napi, int budget) {
    int chan = indexOfRxNapi(napi);
    priv.counters.napiPollRx++;
    if (cNapiPollRx != null) {
      // the tree's poll calls stmmac_rx first (after its poll statistic): the model's receive
      // runs there, and answers the C's stub
      int workDone = cNapiPollRx.napiPollRx(chan, budget, rx(budget, chan));
      if (priv.dim != null) {
        priv.dim.rx.sample(kernel.cpu().requireCurrent(), chan, napi.scheduleCount());
      }
      return workDone;
    }

    priv.xstats.rxq[chan].napiPoll++;

    int workDone = rx(budget, chan);
    if (workDone < budget && priv.calls.napiCompleteDone(napi, workDone)) {
      priv.hwif.enableDmaIrq(chan, true, !irqPerDir);
    }
    if (priv.dim != null) { // the dim what-if: events = RX NAPI schedules
      priv.dim.rx.sample(kernel.cpu().requireCurrent(), chan, napi.scheduleCount());
    }

    return workDone;
  }

  private int indexOfRxNapi(Napi napi) {
    for (StmmacChannel ch : priv.channel) {
      if (ch.rxNapi == napi) {
        return ch.index;
      }
    }
    throw new IllegalStateException("not an RX NAPI of this device: " + napi.name());
  }
}
