package io.nicsim.stmmac;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.host.PortBridge;
import io.nicsim.core.kernel.HrTimer;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.net.NetdevQueue;
import io.nicsim.core.net.NetdevTx;
import io.nicsim.core.net.Skb;
import io.nicsim.core.nic.DescRing;
import io.nicsim.core.port.exec.NameIds;
import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;

/**
 * The record a transmit-side function's C printed, applied to the simulation: every stub call
 * the C made goes, in order, to the same {@link KernelCalls}, {@link StmmacHwif} or
 * {@link UnportedCalls} method the Java port calls ({@code main.c}'s stubs and
 * {@link HarnessCalls} name them alike), then the queue's indices, the entries and the
 * statistics it left (statistics as increments: the C's start at 0 each call). Beside the calls
 * come the Java port's own counters and CPU charges, at the points the Java makes them:
 * stmmac_xmit's cost once the ring had room, a descriptor's cost before it is prepared, the IC
 * bits, the timer arms, the descriptors queued.
 */
final class TxReplay {
  /** Which function's record. */
  enum Kind { TIMER_ARM, XMIT, TSO_XMIT, TIMER, NAPI_POLL_TX }

  /** main.c's NICSIM_MAX_RING: the largest ring the harness takes. */
  static final int MAX_RING = 1024;

  /**
   * Every name a record may hold, by hash, in one table: the stub calls and fields (an index
   * into NAME_LIST), the ring entries written ("e<n>": ENTRY + n) and the descriptors
   * ("d<k>,<n>": DESC + k * MAX_RING + n). One lookup a token.
   */
  private static final NameIds NAMES = new NameIds(128 + 4 * MAX_RING);
  private static final String[] NAME_LIST;
  private static final int ENTRY = 1 << 16;
  private static final int DESC = 2 << 16;
  private static final long RET = NativeOut.id("ret");
  private static final long MAX_SDU_TXQ_DROP = NativeOut.id("max_sdu_txq_drop");

  static {
    NAME_LIST = new String[] {"napi_schedule_prep", "__napi_schedule", "napi_complete_done",
        "napi_is_scheduled", "hrtimer_start", "hrtimer_try_to_cancel", "hrtimer_active",
        "hrtimer_cancel", "netif_tx_queue_stopped", "netif_tx_stop_queue",
        "netif_tx_wake_queue", "netdev_tx_sent_queue", "netdev_tx_completed_queue",
        "__netif_tx_lock_bh", "__netif_tx_unlock_bh", "netdev_xmit_more", "dma_map_single",
        "skb_frag_dma_map", "dma_mapping_error", "dma_unmap_page", "dma_unmap_single",
        "dev_consume_skb_any", "dev_kfree_skb", "skb_tx_timestamp", "skb_checksum_help",
        "WARN_ON", "dev_err", "netdev_err", "prepare_tx_desc", "prepare_tso_tx_desc",
        "set_tx_owner", "set_tx_ic", "set_desc_addr", "set_mss", "enable_tx_timestamp",
        "set_desc_vlan", "set_desc_sarc", "set_desc_tbs", "tx_status", "release_tx_desc",
        "is_jumbo_frm", "jumbo_frm", "clean_desc3", "enable_dma_transmission",
        "set_tx_tail_ptr", "enable_dma_irq", "disable_dma_irq", "stmmac_stop_sw_lpi",
        "stmmac_disable_eee_mode", "stmmac_enable_eee_mode", "mod_timer_eee_ctrl",
        "stmmac_restart_sw_lpi_timer", "stmmac_vlan_insert", "__vlan_hwaccel_push_inside",
        "stmmac_has_ip_ethertype", "stmmac_get_tx_hwtstamp", "stmmac_free_tx_buffer", "stmmac_tx_clean",
        "cur_tx", "dirty_tx", "tx_count_frames", "mss", "tx_tail_addr", "xsk_frames_done",
        "tx_bytes", "tx_set_ic_bit", "tx_tso_frames", "tx_tso_nfrags", "napi_poll",
        "napi_tx_clean", "napi_tx_packets", "napi_tx_pkt_n", "tx_dropped", "tx_errors",
        "max_sdu_txq_drop", "queue_stopped", "ret", "skb.len", "skb.in_progress",
        "skb.vlan_present"};
    for (int i = 0; i < NAME_LIST.length; i++) {
      NAMES.put(NAME_LIST[i], i);
    }
    for (int e = 0; e < MAX_RING; e++) {
      NAMES.put("e" + e, ENTRY + e);
      for (int k = 0; k < 3; k++) {
        NAMES.put("d" + k + "," + e, DESC + k * MAX_RING + e);
      }
    }
  }

  /** The name of a table number, or null for an entry, a descriptor or a name not held. */
  private static String name(int number) {
    return number >= 0 && number < ENTRY ? NAME_LIST[number] : null;
  }

  /** The record's skb, as the C's stubs name it. */
  private static final int SKB_ID = 1000;

  private final StmmacTx tx;
  private final StmmacPriv priv;
  private final NativePort c;
  private final boolean armAtEnd;
  private final boolean armAfterDmaEnable;
  /** Whether the record being applied has completed the queue's TX NAPI so far. */
  private boolean ownCompleted;

  TxReplay(StmmacTx tx, NativePort c) {
    this.tx = tx;
    this.priv = tx.priv;
    this.c = c;
    this.armAtEnd = priv.patches().has(StmmacPatches.ARM_AT_END);
    this.armAfterDmaEnable = priv.patches().has(StmmacPatches.ARM_AFTER_DMA_ENABLE);
  }

  /**
   * Runs the C on {@code in} and applies its record; the function's return value ("ret"), 0
   * without one. A stub that answered from the record (napi_schedule_prep, napi_complete_done)
   * is asked of the model when its call is replayed, at the point the C asked it; where the
   * model answers otherwise (a schedule missed meanwhile, deferred interrupts) the record takes
   * the model's answer, the C runs again, and the replay goes on after the calls already
   * applied (the C is deterministic: the same record gives the same calls up to that point).
   */
  long run(long[] in, int queue, Skb skb, Kind kind) {
    Applied a = new Applied();
    while (true) {
      try {
        return apply(c.call(in), in, queue, skb, kind, a);
      } catch (Reanswer r) {
        in[r.field] = r.value;
      }
    }
  }

  /** An answer the record gave the C that the model gives otherwise: run the C again. */
  private static final class Reanswer extends RuntimeException {
    final int field;
    final long value;

    Reanswer(int field, long value) {
      super(null, null, false, false);
      this.field = field;
      this.value = value;
    }
  }

  /** What a replay has done so far, kept across the C's runs with corrected answers. */
  private static final class Applied {
    int tokens;
    int curBefore = -1;
    boolean xmitCharged;
    boolean sent;
    boolean icSet;
    boolean tailSet;
    boolean counted;
  }

  private long apply(NativeOut o, long[] in, int queue, Skb skb, Kind kind, Applied a) {
    StmmacTxQueue txQ = priv.txQueue[queue];
    DescRing ring = txQ.ring;
    NetdevQueue txq = priv.dev.queue(queue);
    if (a.curBefore < 0) {
      a.curBefore = ring.cur;
    }
    // what the run took: the port's xmit cost is charged only once the ring had room
    long ret = 0;
    long sduDrops = 0;
    while (o.next()) {
      if (o.isField(RET)) {
        ret = o.value();
      } else if (o.isField(MAX_SDU_TXQ_DROP)) {
        sduDrops = o.value();
      }
    }
    o.rewind();
    boolean xmit = kind == Kind.XMIT || kind == Kind.TSO_XMIT;
    boolean charged = xmit && (int) ret != NetdevTx.NETDEV_TX_BUSY && sduDrops == 0;
    if (!a.counted) {
      a.counted = true;
      if (kind == Kind.TIMER_ARM) {
        priv.counters.txTimerArm++;
      } else if (kind == Kind.TIMER) {
        priv.counters.txTimerFire++;
      }
    }
    Core core = tx.kernel.cpu().requireCurrent();
    // the C's own view of its queue's TX NAPI (the stubs' SCHED bit), for napi_is_scheduled
    boolean sched = in[28] != 0;
    ownCompleted = false;
    int token = 0;
    while (o.next()) {
      int k = o.kind();
      int number = NAMES.get(o.name());
      String n = name(number);
      boolean done = token++ < a.tokens;
      if (!done) {
        a.tokens = token;
      }
      if (k == NativeOut.CALL || k == NativeOut.MESSAGE) {
        if (n != null && n.equals("napi_schedule_prep") && o.arg(0) == napiId(queue)) {
          sched = true;
        }
        boolean completes = n != null && n.equals("napi_complete_done")
            && o.arg(0) == napiId(queue);
        if (done) {
          if (completes && (in[68] != 0 || in[TxHarnessRig.COMPLETE_CLEARS] != 0)) {
            sched = false;
          }
          ownCompleted |= completes;
          continue;
        }
        if (n != null && (n.equals("stmmac_stop_sw_lpi") || n.equals("stmmac_disable_eee_mode"))) {
          priv.unported.stopSwLpi();
          continue;
        }
        if (charged && !a.xmitCharged) {
          core.charge(StmmacTx.XMIT);
          priv.counters.xmit++;
          a.xmitCharged = true;
        }
        int e = number >= ENTRY && number < DESC ? number - ENTRY : NameIds.ABSENT;
        int d = number >= DESC ? number - DESC : NameIds.ABSENT;
        if (e != NameIds.ABSENT) {
          entry(txQ, e, skb, o, in);
        } else if (d != NameIds.ABSENT) {
          if (o.arg(0) != 0) {
            priv.hwif.writeDes0(txQ, d / MAX_RING, d % MAX_RING, (int) o.arg(0));
          }
          if (o.arg(1) != 0) {
            priv.hwif.writeDes1(txQ, d / MAX_RING, d % MAX_RING, (int) o.arg(1));
          }
        } else if (n == null) {
          throw PortBridge.cannotApply(c, in, o);
        } else {
          switch (n) {
            case "netdev_tx_sent_queue" -> a.sent = true;
            case "set_tx_ic" -> a.icSet = true;
            case "set_tx_tail_ptr" -> a.tailSet = true;
            default -> { }
          }
          sched = answered(n, o, in, queue, sched, core, txQ, txq, skb);
          ownCompleted |= completes;
        }
      } else if (done) {
        continue;
      } else if (n == null) {
        throw PortBridge.cannotApply(c, in, o);
      } else {
        field(n, o, in, txQ, txq, skb, a.tailSet);
      }
    }
    if (charged && !a.xmitCharged) {
      core.charge(StmmacTx.XMIT);
      priv.counters.xmit++;
    }
    if (xmit) {
      if ((int) ret == NetdevTx.NETDEV_TX_BUSY) {
        priv.counters.txBusy++;
      }
      if (a.sent) {
        txQ.queuedDesc += (ring.cur - a.curBefore) & (ring.size() - 1);
        // the tree's stmmac_tx_timer_arm ran inside: at the end, or (before arm-at-end) for
        // an skb without IC
        if (armAtEnd || !a.icSet) {
          priv.counters.txTimerArm++;
        }
      }
    } else if (kind == Kind.NAPI_POLL_TX && armAfterDmaEnable
        && in[TxHarnessRig.CLEAN_PENDING] != 0) {
      // the tree's stmmac_tx_timer_arm ran inside, for the work tx_clean left pending
      priv.counters.txTimerArm++;
    }
    return ret;
  }

  /** main.c's id of the queue's tx_napi. */
  private static long napiId(int queue) {
    return queue * 4L + 1;
  }

  /**
   * A call whose answer the C took from the record: the model answers now, and an answer other
   * than the C's runs the C again with the model's; then the call itself. The C's view of its
   * TX NAPI's SCHED bit after the call.
   */
  private boolean answered(String n, NativeOut o, long[] in, int queue, boolean sched, Core core,
      StmmacTxQueue txQ, NetdevQueue txq, Skb skb) {
    KernelCalls k = priv.calls;
    boolean own = o.arg(0) == napiId(queue);
    switch (n) {
      case "napi_schedule_prep" -> {
        // the stub set SCHED already; it answered from the record's bit
        boolean asked = in[28] == 0;
        boolean model = k.napiSchedulePrep(napi((int) o.arg(0)));
        if (own && model != asked) {
          throw new Reanswer(28, model ? 0 : 1);
        }
        return sched;
      }
      case "napi_complete_done" -> {
        boolean model = k.napiCompleteDone(napi((int) o.arg(0)), (int) o.arg(1));
        if (own && model != (in[68] != 0)) {
          throw new Reanswer(68, model ? 1 : 0);
        }
        return own && (model || in[TxHarnessRig.COMPLETE_CLEARS] != 0) ? false : sched;
      }
      case "napi_is_scheduled" -> {
        boolean model = k.napiIsScheduled(napi((int) o.arg(0)));
        if (own && sched && !model && in[68] == 0 && in[TxHarnessRig.COMPLETE_CLEARS] == 0
            && ownCompleted) {
          // the completion returned false and yet cleared SCHED (deferred interrupts): the
          // record says so, and the C runs again
          throw new Reanswer(TxHarnessRig.COMPLETE_CLEARS, 1);
        }
        if (own && model != sched) {
          throw new NativeFailure(c.function() + "'s C read its TX NAPI as "
              + (sched ? "" : "not ") + "scheduled and the model's is " + (model ? "" : "not ")
              + "at " + tx.kernel.cpu().requireCurrent().cursor() + " ns: input "
              + PortBridge.record(c, in));
        }
        return sched;
      }
      case "stmmac_tx_clean" -> {
        // the poll's stub: the model's clean already ran where the C calls it
        return sched;
      }
      default -> {
        call(n, o, in, core, txQ, txq, skb);
        return sched;
      }
    }
  }

  private Skb skbOf(long id, Skb skb, long[] in) {
    if (id == SKB_ID && skb != null) {
      return skb;
    }
    throw new NativeFailure(c.function() + "'s C named skb " + id + ", which the record did not"
        + " hold; input " + PortBridge.record(c, in));
  }

  private Napi napi(int id) {
    StmmacChannel ch = priv.channel[id / 4];
    return switch (id % 4) {
      case 0 -> ch.rxNapi;
      case 1 -> ch.txNapi;
      default -> ch.napi;
    };
  }

  private HrTimer timer(long queue) {
    return priv.txQueue[(int) queue].txtimer;
  }

  private void call(String n, NativeOut o, long[] in, Core core, StmmacTxQueue txQ,
      NetdevQueue txq, Skb skb) {
    KernelCalls k = priv.calls;
    StmmacHwif h = priv.hwif;
    UnportedCalls u = priv.unported;
    switch (n) {
      case "napi_schedule_prep" -> k.napiSchedulePrep(napi((int) o.arg(0)));
      case "__napi_schedule" -> k.napiSchedule(napi((int) o.arg(0)));
      case "napi_complete_done" -> k.napiCompleteDone(napi((int) o.arg(0)), (int) o.arg(1));
      case "napi_is_scheduled" -> k.napiIsScheduled(napi((int) o.arg(0)));
      case "hrtimer_start" -> k.hrtimerStart(timer(o.arg(0)), o.arg(1));
      case "hrtimer_try_to_cancel" -> k.hrtimerTryToCancel(timer(o.arg(0)));
      case "hrtimer_active" -> {
        // the seqcount read the Java's hrtimer-active branch charges and counts
        core.charge(StmmacTx.HRTIMER_ACTIVE);
        priv.counters.hrtimerActiveChecks++;
        k.hrtimerActive(timer(o.arg(0)));
      }
      case "hrtimer_cancel" -> k.hrtimerCancel(timer(o.arg(0)));
      case "netif_tx_queue_stopped" -> k.netifTxQueueStopped(priv.dev.queue((int) o.arg(0)));
      case "netif_tx_stop_queue" -> k.netifTxStopQueue(priv.dev.queue((int) o.arg(0)));
      case "netif_tx_wake_queue" -> k.netifTxWakeQueue(priv.dev.queue((int) o.arg(0)));
      case "netdev_tx_sent_queue" -> k.netdevTxSentQueue(priv.dev.queue((int) o.arg(0)),
          (int) o.arg(1));
      case "netdev_tx_completed_queue" -> k.netdevTxCompletedQueue(
          priv.dev.queue((int) o.arg(0)), (int) o.arg(1), (int) o.arg(2));
      case "__netif_tx_lock_bh" -> k.netifTxLockBh(priv.dev.queue((int) o.arg(0)));
      case "__netif_tx_unlock_bh" -> k.netifTxUnlockBh(priv.dev.queue((int) o.arg(0)));
      case "netdev_xmit_more" -> k.netdevXmitMore();
      case "dma_map_single" -> k.dmaMapSingle(skbOf(SKB_ID, skb, in), o.arg(0));
      case "skb_frag_dma_map" -> k.skbFragDmaMap(skbOf(SKB_ID, skb, in), 0, o.arg(0));
      case "dma_mapping_error" -> k.dmaMappingError(o.arg(0));
      case "dma_unmap_page" -> k.dmaUnmapPage(o.arg(0), o.arg(1));
      case "dma_unmap_single" -> k.dmaUnmapSingle(o.arg(0), o.arg(1));
      case "dev_consume_skb_any" -> k.devConsumeSkbAny(skbOf(o.arg(0), skb, in));
      case "dev_kfree_skb" -> k.devKfreeSkb(skbOf(o.arg(0), skb, in));
      case "skb_tx_timestamp" -> k.skbTxTimestamp(skbOf(o.arg(0), skb, in));
      case "skb_checksum_help" -> k.skbChecksumHelp(skbOf(o.arg(0), skb, in));
      case "WARN_ON" -> k.warnOn();
      case "dev_err" -> k.devErr(o.message());
      case "netdev_err" -> k.netdevErr(o.message());
      case "prepare_tx_desc" -> {
        core.charge(StmmacTx.XMIT_DESC);
        h.prepareTxDesc(txQ, (int) o.arg(0), (int) o.arg(1), o.arg(2) != 0, (int) o.arg(3),
            o.arg(4) != 0, (int) o.arg(5), o.arg(6) != 0, o.arg(7) != 0, (int) o.arg(8));
      }
      case "prepare_tso_tx_desc" -> {
        core.charge(StmmacTx.XMIT_DESC);
        h.prepareTsoTxDesc(txQ, (int) o.arg(0), (int) o.arg(1), o.arg(2) != 0,
            (int) o.arg(3), (int) o.arg(4), o.arg(5) != 0, o.arg(6) != 0, (int) o.arg(7),
            (int) o.arg(8));
      }
      case "set_mss" -> {
        core.charge(StmmacTx.XMIT_DESC);
        h.setMss(txQ, (int) o.arg(0), (int) o.arg(1), (int) o.arg(2));
      }
      case "set_tx_owner" -> h.setTxOwner(txQ, (int) o.arg(0), (int) o.arg(1));
      case "set_tx_ic" -> {
        h.setTxIc(txQ, (int) o.arg(0), (int) o.arg(1));
        priv.counters.txIcSet++;
      }
      case "set_desc_addr" -> h.setDescAddr(txQ, (int) o.arg(0), (int) o.arg(1), o.arg(2));
      case "enable_tx_timestamp" -> h.enableTxTimestamp(txQ, (int) o.arg(0), (int) o.arg(1));
      case "set_desc_vlan" -> h.setDescVlan(txQ, (int) o.arg(0), (int) o.arg(1),
          (int) o.arg(2));
      case "set_desc_sarc" -> h.setDescSarc(txQ, (int) o.arg(0), (int) o.arg(1),
          (int) o.arg(2));
      case "set_desc_tbs" -> h.setDescTbs(txQ, (int) o.arg(0), o.arg(1), o.arg(2));
      case "tx_status" -> h.txStatus(txQ, (int) o.arg(0), (int) o.arg(1));
      case "release_tx_desc" -> h.releaseTxDesc(txQ, (int) o.arg(0), (int) o.arg(1),
          (int) o.arg(2));
      case "is_jumbo_frm" -> h.isJumboFrm((int) o.arg(0), o.arg(1) != 0);
      case "jumbo_frm" -> h.jumboFrm(txQ, skbOf(SKB_ID, skb, in), o.arg(0) != 0);
      case "clean_desc3" -> h.cleanDesc3(txQ, (int) o.arg(0), (int) o.arg(1));
      case "enable_dma_transmission" -> h.enableDmaTransmission((int) o.arg(0));
      case "set_tx_tail_ptr" -> h.setTxTailPtr(o.arg(0), (int) o.arg(1));
      case "enable_dma_irq" -> h.enableDmaIrq((int) o.arg(0), o.arg(1) != 0, o.arg(2) != 0);
      case "disable_dma_irq" -> h.disableDmaIrq((int) o.arg(0), o.arg(1) != 0,
          o.arg(2) != 0);
      case "stmmac_enable_eee_mode" -> u.enableEeeMode();
      case "mod_timer_eee_ctrl" -> u.modEeeCtrlTimer();
      case "stmmac_restart_sw_lpi_timer" -> u.restartSwLpiTimer();
      case "stmmac_vlan_insert" -> u.vlanInsert(skbOf(SKB_ID, skb, in), txQ);
      case "__vlan_hwaccel_push_inside" -> u.vlanHwaccelPushInside(skbOf(o.arg(0), skb, in));
      case "stmmac_has_ip_ethertype" -> u.hasIpEthertype(skbOf(SKB_ID, skb, in));
      case "stmmac_get_tx_hwtstamp" -> u.getTxHwtstamp(txQ, (int) o.arg(0), (int) o.arg(1),
          skbOf(o.arg(2), skb, in));
      case "stmmac_free_tx_buffer" -> u.freeTxBuffer((int) o.arg(0), (int) o.arg(1));
      default -> throw PortBridge.cannotApply(c, in, o);
    }
  }

  /** An entry the C wrote: its tx_skbuff_dma fields and its tx_skbuff. */
  private void entry(StmmacTxQueue txQ, int e, Skb skb, NativeOut o, long[] in) {
    txQ.dmaBuf[e] = o.arg(0);
    txQ.dmaLen[e] = (int) o.arg(1);
    txQ.mapAsPage[e] = o.arg(2) != 0;
    txQ.lastSegment[e] = o.arg(3) != 0;
    txQ.isJumbo[e] = o.arg(4) != 0;
    txQ.bufType[e] = (int) o.arg(5);
    txQ.ring.setSkb(e, o.arg(6) < 0 ? null : skbOf(o.arg(6), skb, in));
  }

  private void field(String n, NativeOut o, long[] in, StmmacTxQueue txQ, NetdevQueue txq,
      Skb skb, boolean tailSet) {
    long v = o.value();
    StmmacXstats.Txq st = priv.xstats.txq[txQ.queueIndex];
    switch (n) {
      case "cur_tx" -> txQ.ring.cur = (int) v;
      case "dirty_tx" -> txQ.ring.dirty = (int) v;
      case "tx_count_frames" -> txQ.txCountFrames = (int) v;
      case "mss" -> txQ.mss = (int) v;
      case "tx_tail_addr" -> {
        if (tailSet) {
          txQ.txTailAddr = v;
        }
      }
      case "xsk_frames_done" -> { }
      case "tx_bytes" -> st.txBytes += v;
      case "tx_set_ic_bit" -> st.txSetIcBit += v;
      case "tx_tso_frames" -> st.txTsoFrames += v;
      case "tx_tso_nfrags" -> st.txTsoNfrags += v;
      case "napi_poll" -> st.napiPoll += v;
      case "napi_tx_clean" -> st.napiTxClean += v;
      case "napi_tx_packets" -> st.napiTxPackets += v;
      case "napi_tx_pkt_n" -> st.napiTxPktN += v;
      case "tx_dropped" -> priv.xstats.txDropped += v;
      case "tx_errors" -> priv.xstats.txErrors += v;
      case "max_sdu_txq_drop" -> priv.xstats.maxSduTxqDrop[txQ.queueIndex] += v;
      case "queue_stopped" -> {
        if ((v != 0) != txq.stopped()) {
          throw new NativeFailure(c.function() + "'s C left queue " + txQ.queueIndex
              + (v != 0 ? " stopped" : " running") + " and the model's is not: input "
              + PortBridge.record(c, in));
        }
      }
      case "ret" -> { }
      case "skb.len" -> {
        if (skb != null) {
          skb.len = (int) v;
        }
      }
      case "skb.in_progress" -> {
        if (skb != null) {
          skb.tstampInProgress = v != 0;
        }
      }
      case "skb.vlan_present" -> {
        if (skb != null) {
          skb.vlanTagPresent = v != 0;
        }
      }
      default -> throw PortBridge.cannotApply(c, in, o);
    }
  }
}
