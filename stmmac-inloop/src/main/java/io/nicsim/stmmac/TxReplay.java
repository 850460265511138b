package io.nicsim.stmmac;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.host.PortBridge;
import io.nicsim.core.host.Replay;
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
  enum Kind { TIMER_ARM, XMIT, TSO_XMIT, TIMER, NAPI_POLL_TX, CLEAN }

  /** main.c's NICSIM_MAX_RING: the largest ring the harness takes. */
  static final int MAX_RING = 1024;

  /**
   * Every name a record may hold, by hash, in one table: the stub calls and fields (a
   * {@link TxToken}'s ordinal), the ring entries written ("e<n>": ENTRY + n) and the
   * descriptors ("d<k>,<n>": DESC + k * MAX_RING + n). One lookup a token.
   */
  private static final NameIds NAMES = new NameIds(128 + 4 * MAX_RING);
  private static final TxToken[] TOKENS = TxToken.values();
  private static final int ENTRY = 1 << 16;
  private static final int DESC = 2 << 16;
  private static final long RET = NativeOut.id("ret");
  private static final long MAX_SDU_TXQ_DROP = NativeOut.id("max_sdu_txq_drop");

  static {
    for (TxToken t : TOKENS) {
      NAMES.put(t.cName, t.ordinal());
    }
    for (int e = 0; e < MAX_RING; e++) {
      NAMES.put("e" + e, ENTRY + e);
      for (int k = 0; k < 3; k++) {
        NAMES.put("d" + k + "," + e, DESC + k * MAX_RING + e);
      }
    }
  }

  /** The token of a table number, or null for an entry, a descriptor or a name not held. */
  private static TxToken token(int number) {
    return number >= 0 && number < TOKENS.length ? TOKENS[number] : null;
  }

  /** The record's skb, as the C's stubs name it. */
  private static final int SKB_ID = 1000;

  private final StmmacTx tx;
  private final StmmacPriv priv;
  private final NativePort c;
  private final boolean armAtEnd;
  private final boolean armAfterDmaEnable;
  private final boolean zeroUsecs;
  /** Whether the record being applied has completed the queue's TX NAPI so far. */
  private boolean ownCompleted;
  /** The record being applied is tx_clean's. */
  private boolean cleaning;
  /** tx_clean's window: each entry's skb when captured (the C names it by its entry). */
  final Skb[] ringSkbs = new Skb[MAX_RING];
  /** The record that last printed each entry (tx_clean: an entry not printed is empty). */
  private final int[] printedBy = new int[MAX_RING];
  private int record;
  /** tx_clean's completions, as its netdev_tx_completed_queue reported them. */
  private int cleanPkts;
  private int cleanBytes;
  private final Applied a = new Applied();
  private Replay replay;

  TxReplay(StmmacTx tx, NativePort c) {
    this.tx = tx;
    this.priv = tx.priv;
    this.c = c;
    this.armAtEnd = priv.patches().has(StmmacPatches.ARM_AT_END);
    this.armAfterDmaEnable = priv.patches().has(StmmacPatches.ARM_AFTER_DMA_ENABLE);
    this.zeroUsecs = priv.patches().has(StmmacPatches.ZERO_USECS);
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
    return run(in, in.length, queue, skb, kind);
  }

  private long run(long[] in, int words, int queue, Skb skb, Kind kind) {
    if (replay == null || replay.in() != in) {
      replay = new Replay(c, in);
    }
    cleaning = kind == Kind.CLEAN;
    a.start(in, queue, skb, kind);
    long ret = replay.run(words, a);
    a.finish(ret);
    return ret;
  }

  /**
   * stmmac_tx_clean's record ({@code words} long: its window the call walks, from dirty_tx as
   * {@link TxCapture#cleanWindow} took it) run and applied: the calls in order, a descriptor's
   * cost where the Java charges it (its status read, not owned by the DMA), the entries the C
   * wrote and, of the window, the ones it left empty; then the Java's counters and the
   * pending-packets out-argument. The work done.
   */
  long clean(long[] in, int words, int queue) {
    DescRing ring = priv.txQueue[queue].ring;
    int from = ring.dirty;
    int window = (words - TxHarnessRig.FIELDS) / TxHarnessRig.SLOT;
    record++;
    cleanPkts = 0;
    cleanBytes = 0;
    long ret = run(in, words, queue, null, Kind.CLEAN);
    StmmacTxQueue txQueue = priv.txQueue[queue];
    for (int k = 0; k < window; k++) {
      int e = (from + k) & (ring.size() - 1);
      if (printedBy[e] != record) {
        txQueue.dmaBuf[e] = 0;
        txQueue.dmaLen[e] = 0;
        txQueue.mapAsPage[e] = false;
        txQueue.lastSegment[e] = false;
        txQueue.isJumbo[e] = false;
        txQueue.bufType[e] = 0;
        ring.setSkb(e, null);
      }
      ringSkbs[e] = null;
    }
    int count = (int) ret;
    txQueue.cleanedDesc += count;
    if (priv.dim != null) { // the dim what-if's running totals, as the Java keeps them
      priv.dim.tx.packets[queue] += cleanPkts;
      priv.dim.tx.bytes[queue] += Integer.toUnsignedLong(cleanBytes);
    }
    priv.counters.txCleanCalls++;
    priv.counters.txCleanDesc += count;
    priv.counters.txCleanPkts += cleanPkts;
    if (zeroUsecs && !armAfterDmaEnable && ring.dirty != ring.cur) {
      priv.counters.txTimerArm++; // the tree's stmmac_tx_timer_arm ran inside, for the rest
    }
    return ret;
  }

  /**
   * The record's tokens applied: what the replay has done so far, kept across the C's runs with
   * corrected answers, and each run's own view (its return, its C's SCHED bit).
   */
  private final class Applied implements Replay.Tokens {
    private long[] in;
    private int queue;
    private Skb skb;
    private Kind kind;
    private int curBefore;
    private boolean xmitCharged;
    private boolean sent;
    private boolean icSet;
    private boolean tailSet;
    /** The run's: whether the port's xmit cost is charged, the C's SCHED bit. */
    private boolean charged;
    private boolean sched;
    /** What the token being applied tells the replay. */
    private int step;
    private StmmacTxQueue txQueue;
    private NetdevQueue txq;
    private Core core;

    void start(long[] in, int queue, Skb skb, Kind kind) {
      this.in = in;
      this.queue = queue;
      this.skb = skb;
      this.kind = kind;
      txQueue = priv.txQueue[queue];
      txq = priv.dev.queue(queue);
      curBefore = txQueue.ring.cur;
      xmitCharged = false;
      sent = false;
      icSet = false;
      tailSet = false;
      if (kind == Kind.TIMER_ARM) {
        priv.counters.txTimerArm++;
      } else if (kind == Kind.TIMER) {
        priv.counters.txTimerFire++;
      }
      core = tx.kernel.cpu().requireCurrent();
    }

    @Override
    public void begin(NativeOut o) {
      // what an xmit's run took: the port's xmit cost is charged only once the ring had room
      charged = false;
      if (kind == Kind.XMIT || kind == Kind.TSO_XMIT) {
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
        charged = (int) ret != NetdevTx.NETDEV_TX_BUSY && sduDrops == 0;
      }
      // the C's own view of its queue's TX NAPI (the stubs' SCHED bit), for napi_is_scheduled
      sched = in[28] != 0;
      ownCompleted = false;
    }

    @Override
    public void replayed(NativeOut o) {
      int k = o.kind();
      if (k != NativeOut.CALL && k != NativeOut.MESSAGE) {
        return;
      }
      TxToken n = token(NAMES.get(o.name()));
      if (n == TxToken.NAPI_SCHEDULE_PREP && o.arg(0) == napiId(queue)) {
        sched = true;
      } else if (n == TxToken.NAPI_COMPLETE_DONE && o.arg(0) == napiId(queue)) {
        if (in[68] != 0 || in[TxHarnessRig.COMPLETE_CLEARS] != 0) {
          sched = false;
        }
        ownCompleted = true;
      }
    }

    @Override
    public int apply(NativeOut o) {
      int k = o.kind();
      int number = NAMES.get(o.name());
      TxToken n = token(number);
      if (k != NativeOut.CALL && k != NativeOut.MESSAGE) {
        if (n == null) {
          throw PortBridge.cannotApply(c, in, o);
        }
        field(n, o, in, txQueue, txq, skb, tailSet);
        return Replay.NEXT;
      }
      if (n == TxToken.NAPI_SCHEDULE_PREP && o.arg(0) == napiId(queue)) {
        sched = true;
      }
      boolean completes = n == TxToken.NAPI_COMPLETE_DONE && o.arg(0) == napiId(queue);
      if (n == TxToken.STMMAC_STOP_SW_LPI || n == TxToken.STMMAC_DISABLE_EEE_MODE) {
        priv.unported.stopSwLpi();
        return Replay.NEXT;
      }
      if (charged && !xmitCharged) {
        core.charge(StmmacTx.XMIT);
        priv.counters.xmit++;
        xmitCharged = true;
      }
      int e = number >= ENTRY && number < DESC ? number - ENTRY : NameIds.ABSENT;
      int d = number >= DESC ? number - DESC : NameIds.ABSENT;
      step = Replay.NEXT;
      if (e != NameIds.ABSENT) {
        entry(txQueue, e, skb, o, in);
      } else if (d != NameIds.ABSENT) {
        if (o.arg(0) != 0) {
          priv.hwif.writeDes0(txQueue, d / MAX_RING, d % MAX_RING, (int) o.arg(0));
        }
        if (o.arg(1) != 0) {
          priv.hwif.writeDes1(txQueue, d / MAX_RING, d % MAX_RING, (int) o.arg(1));
        }
      } else if (n == null) {
        throw PortBridge.cannotApply(c, in, o);
      } else {
        switch (n) {
          case NETDEV_TX_SENT_QUEUE -> sent = true;
          case SET_TX_IC -> icSet = true;
          case SET_TX_TAIL_PTR -> tailSet = true;
          default -> { }
        }
        sched = answered(n, o, in, queue, sched, core, txQueue, txq, skb, this);
        ownCompleted |= completes;
      }
      return step;
    }

    /** After the last run, which returned {@code ret}: the Java's counters of what the call did. */
    void finish(long ret) {
      DescRing ring = txQueue.ring;
      if (charged && !xmitCharged) {
        core.charge(StmmacTx.XMIT);
        priv.counters.xmit++;
      }
      if (kind == Kind.XMIT || kind == Kind.TSO_XMIT) {
        if ((int) ret == NetdevTx.NETDEV_TX_BUSY) {
          priv.counters.txBusy++;
        }
        if (sent) {
          txQueue.queuedDesc += (ring.cur - curBefore) & (ring.size() - 1);
          // the tree's stmmac_tx_timer_arm ran inside: at the end, or (before arm-at-end) for
          // an skb without IC
          if (armAtEnd || !icSet) {
            priv.counters.txTimerArm++;
          }
        }
      } else if (kind == Kind.NAPI_POLL_TX && armAfterDmaEnable
          && in[TxHarnessRig.CLEAN_PENDING] != 0) {
        // the tree's stmmac_tx_timer_arm ran inside, for the work tx_clean left pending
        priv.counters.txTimerArm++;
      }
    }
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
  private boolean answered(TxToken n, NativeOut o, long[] in, int queue, boolean sched, Core core,
      StmmacTxQueue txQueue, NetdevQueue txq, Skb skb, Applied a) {
    KernelCalls k = priv.calls;
    boolean own = o.arg(0) == napiId(queue);
    switch (n) {
      case NAPI_SCHEDULE_PREP -> {
        // the stub set SCHED already; it answered from the record's bit
        boolean asked = in[28] == 0;
        boolean model = k.napiSchedulePrep(napi((int) o.arg(0)));
        if (own && model != asked) {
          a.step = replay.answer(28, model ? 0 : 1);
        }
        return sched;
      }
      case NAPI_COMPLETE_DONE -> {
        boolean model = k.napiCompleteDone(napi((int) o.arg(0)), (int) o.arg(1));
        if (own && model != (in[68] != 0)) {
          a.step = replay.answer(68, model);
        }
        return own && (model || in[TxHarnessRig.COMPLETE_CLEARS] != 0) ? false : sched;
      }
      case NAPI_IS_SCHEDULED -> {
        boolean model = k.napiIsScheduled(napi((int) o.arg(0)));
        if (own && sched && !model && in[68] == 0 && in[TxHarnessRig.COMPLETE_CLEARS] == 0
            && ownCompleted) {
          // the completion returned false and yet cleared SCHED (deferred interrupts): the
          // record says so, and the C runs again
          a.step = replay.answer(TxHarnessRig.COMPLETE_CLEARS, 1);
          return sched;
        }
        if (own && model != sched) {
          throw new NativeFailure(c.function() + "'s C read its TX NAPI as "
              + (sched ? "" : "not ") + "scheduled and the model's is " + (model ? "" : "not ")
              + "at " + tx.kernel.cpu().requireCurrent().cursor() + " ns: input "
              + PortBridge.record(c, in));
        }
        return sched;
      }
      case STMMAC_TX_CLEAN -> {
        // the poll's stub: the model's clean already ran where the C calls it
        return sched;
      }
      default -> {
        call(n, o, in, core, txQueue, txq, skb);
        return sched;
      }
    }
  }

  private Skb skbOf(long id, Skb skb, long[] in) {
    if (id == SKB_ID && skb != null) {
      return skb;
    }
    if (cleaning && id >= 0 && id < MAX_RING && ringSkbs[(int) id] != null) {
      return ringSkbs[(int) id];
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

  private void call(TxToken n, NativeOut o, long[] in, Core core, StmmacTxQueue txQueue,
      NetdevQueue txq, Skb skb) {
    KernelCalls k = priv.calls;
    StmmacHwif h = priv.hwif;
    UnportedCalls u = priv.unported;
    switch (n) {
      case NAPI_SCHEDULE_PREP -> k.napiSchedulePrep(napi((int) o.arg(0)));
      case NAPI_SCHEDULE -> k.napiSchedule(napi((int) o.arg(0)));
      case NAPI_COMPLETE_DONE -> k.napiCompleteDone(napi((int) o.arg(0)), (int) o.arg(1));
      case NAPI_IS_SCHEDULED -> k.napiIsScheduled(napi((int) o.arg(0)));
      case HRTIMER_START -> k.hrtimerStart(timer(o.arg(0)), o.arg(1));
      case HRTIMER_TRY_TO_CANCEL -> k.hrtimerTryToCancel(timer(o.arg(0)));
      case HRTIMER_ACTIVE -> {
        // the seqcount read the Java's hrtimer-active branch charges and counts
        core.charge(StmmacTx.HRTIMER_ACTIVE);
        priv.counters.hrtimerActiveChecks++;
        k.hrtimerActive(timer(o.arg(0)));
      }
      case HRTIMER_CANCEL -> k.hrtimerCancel(timer(o.arg(0)));
      case NETIF_TX_QUEUE_STOPPED -> k.netifTxQueueStopped(priv.dev.queue((int) o.arg(0)));
      case NETIF_TX_STOP_QUEUE -> k.netifTxStopQueue(priv.dev.queue((int) o.arg(0)));
      case NETIF_TX_WAKE_QUEUE -> k.netifTxWakeQueue(priv.dev.queue((int) o.arg(0)));
      case NETDEV_TX_SENT_QUEUE -> k.netdevTxSentQueue(priv.dev.queue((int) o.arg(0)),
          (int) o.arg(1));
      case NETDEV_TX_COMPLETED_QUEUE -> {
        k.netdevTxCompletedQueue(priv.dev.queue((int) o.arg(0)), (int) o.arg(1),
            (int) o.arg(2));
        if (cleaning) {
          cleanPkts += (int) o.arg(1);
          cleanBytes += (int) o.arg(2);
        }
      }
      case NETIF_TX_LOCK_BH -> k.netifTxLockBh(priv.dev.queue((int) o.arg(0)));
      case NETIF_TX_UNLOCK_BH -> k.netifTxUnlockBh(priv.dev.queue((int) o.arg(0)));
      case NETDEV_XMIT_MORE -> k.netdevXmitMore();
      case DMA_MAP_SINGLE -> k.dmaMapSingle(skbOf(SKB_ID, skb, in), o.arg(0));
      case SKB_FRAG_DMA_MAP -> k.skbFragDmaMap(skbOf(SKB_ID, skb, in), 0, o.arg(0));
      case DMA_MAPPING_ERROR -> k.dmaMappingError(o.arg(0));
      case DMA_UNMAP_PAGE -> k.dmaUnmapPage(o.arg(0), o.arg(1));
      case DMA_UNMAP_SINGLE -> k.dmaUnmapSingle(o.arg(0), o.arg(1));
      case DEV_CONSUME_SKB_ANY -> k.devConsumeSkbAny(skbOf(o.arg(0), skb, in));
      case DEV_KFREE_SKB -> k.devKfreeSkb(skbOf(o.arg(0), skb, in));
      case SKB_TX_TIMESTAMP -> k.skbTxTimestamp(skbOf(o.arg(0), skb, in));
      case SKB_CHECKSUM_HELP -> k.skbChecksumHelp(skbOf(o.arg(0), skb, in));
      case WARN_ON -> k.warnOn();
      case DEV_ERR -> k.devErr(o.message());
      case NETDEV_ERR -> k.netdevErr(o.message());
      case PREPARE_TX_DESC -> {
        core.charge(StmmacTx.XMIT_DESC);
        h.prepareTxDesc(txQueue, (int) o.arg(0), (int) o.arg(1), o.arg(2) != 0, (int) o.arg(3),
            o.arg(4) != 0, (int) o.arg(5), o.arg(6) != 0, o.arg(7) != 0, (int) o.arg(8));
      }
      case PREPARE_TSO_TX_DESC -> {
        core.charge(StmmacTx.XMIT_DESC);
        h.prepareTsoTxDesc(txQueue, (int) o.arg(0), (int) o.arg(1), o.arg(2) != 0,
            (int) o.arg(3), (int) o.arg(4), o.arg(5) != 0, o.arg(6) != 0, (int) o.arg(7),
            (int) o.arg(8));
      }
      case SET_MSS -> {
        core.charge(StmmacTx.XMIT_DESC);
        h.setMss(txQueue, (int) o.arg(0), (int) o.arg(1), (int) o.arg(2));
      }
      case SET_TX_OWNER -> h.setTxOwner(txQueue, (int) o.arg(0), (int) o.arg(1));
      case SET_TX_IC -> {
        h.setTxIc(txQueue, (int) o.arg(0), (int) o.arg(1));
        priv.counters.txIcSet++;
      }
      case SET_DESC_ADDR -> h.setDescAddr(txQueue, (int) o.arg(0), (int) o.arg(1), o.arg(2));
      case ENABLE_TX_TIMESTAMP -> h.enableTxTimestamp(txQueue, (int) o.arg(0), (int) o.arg(1));
      case SET_DESC_VLAN -> h.setDescVlan(txQueue, (int) o.arg(0), (int) o.arg(1),
          (int) o.arg(2));
      case SET_DESC_SARC -> h.setDescSarc(txQueue, (int) o.arg(0), (int) o.arg(1),
          (int) o.arg(2));
      case SET_DESC_TBS -> h.setDescTbs(txQueue, (int) o.arg(0), o.arg(1), o.arg(2));
      case TX_STATUS -> {
        int status = h.txStatus(txQueue, (int) o.arg(0), (int) o.arg(1));
        if (cleaning && (status & StmmacHwif.TX_DMA_OWN) == 0) {
          core.charge(StmmacTx.TX_CLEAN_DESC); // a descriptor tx_clean reclaims
        }
      }
      case RELEASE_TX_DESC -> h.releaseTxDesc(txQueue, (int) o.arg(0), (int) o.arg(1),
          (int) o.arg(2));
      case IS_JUMBO_FRM -> h.isJumboFrm((int) o.arg(0), o.arg(1) != 0);
      case JUMBO_FRM -> h.jumboFrm(txQueue, skbOf(SKB_ID, skb, in), o.arg(0) != 0);
      case CLEAN_DESC3 -> h.cleanDesc3(txQueue, (int) o.arg(0), (int) o.arg(1));
      // the doorbells: the tree's callback (main.c's ops table) writes the register after its
      // name, where the core has one; the model charges the MMIO write there
      case ENABLE_DMA_TRANSMISSION, SET_TX_TAIL_PTR -> { }
      case WRITEL -> {
        core.charge(DwmacHw.DOORBELL);
        ((DwmacHw) h).regs().writel((int) o.arg(1), (int) o.arg(0));
      }
      case ENABLE_DMA_IRQ -> h.enableDmaIrq((int) o.arg(0), o.arg(1) != 0, o.arg(2) != 0);
      case DISABLE_DMA_IRQ -> h.disableDmaIrq((int) o.arg(0), o.arg(1) != 0,
          o.arg(2) != 0);
      case STMMAC_ENABLE_EEE_MODE -> u.enableEeeMode();
      case MOD_TIMER_EEE_CTRL -> u.modEeeCtrlTimer();
      case STMMAC_RESTART_SW_LPI_TIMER -> u.restartSwLpiTimer();
      case STMMAC_VLAN_INSERT -> u.vlanInsert(skbOf(SKB_ID, skb, in), txQueue);
      case VLAN_HWACCEL_PUSH_INSIDE -> u.vlanHwaccelPushInside(skbOf(o.arg(0), skb, in));
      case STMMAC_HAS_IP_ETHERTYPE -> u.hasIpEthertype(skbOf(SKB_ID, skb, in));
      case STMMAC_GET_TX_HWTSTAMP -> u.getTxHwtstamp(txQueue, (int) o.arg(0), (int) o.arg(1),
          skbOf(o.arg(2), skb, in));
      case STMMAC_FREE_TX_BUFFER -> u.freeTxBuffer((int) o.arg(0), (int) o.arg(1));
      case STMMAC_BUMP_DMA_THRESHOLD -> u.bumpDmaThreshold((int) o.arg(0));
      default -> throw PortBridge.cannotApply(c, in, o);
    }
  }

  /** An entry the C wrote: its tx_skbuff_dma fields and its tx_skbuff. */
  private void entry(StmmacTxQueue txQueue, int e, Skb skb, NativeOut o, long[] in) {
    printedBy[e] = record;
    txQueue.dmaBuf[e] = o.arg(0);
    txQueue.dmaLen[e] = (int) o.arg(1);
    txQueue.mapAsPage[e] = o.arg(2) != 0;
    txQueue.lastSegment[e] = o.arg(3) != 0;
    txQueue.isJumbo[e] = o.arg(4) != 0;
    txQueue.bufType[e] = (int) o.arg(5);
    txQueue.ring.setSkb(e, o.arg(6) < 0 ? null : skbOf(o.arg(6), skb, in));
  }

  private void field(TxToken n, NativeOut o, long[] in, StmmacTxQueue txQueue, NetdevQueue txq,
      Skb skb, boolean tailSet) {
    long v = o.value();
    StmmacXstats.Txq st = priv.xstats.txq[txQueue.queueIndex];
    switch (n) {
      case CUR_TX -> txQueue.ring.cur = (int) v;
      case DIRTY_TX -> txQueue.ring.dirty = (int) v;
      case TX_COUNT_FRAMES -> txQueue.txCountFrames = (int) v;
      case MSS -> txQueue.mss = (int) v;
      case TX_TAIL_ADDR -> {
        if (tailSet) {
          txQueue.txTailAddr = v;
        }
      }
      case XSK_FRAMES_DONE -> { }
      case TX_BYTES -> st.txBytes += v;
      case TX_SET_IC_BIT -> st.txSetIcBit += v;
      case TX_TSO_FRAMES -> st.txTsoFrames += v;
      case TX_TSO_NFRAGS -> st.txTsoNfrags += v;
      case NAPI_POLL -> st.napiPoll += v;
      case NAPI_TX_CLEAN -> st.napiTxClean += v;
      case NAPI_TX_PACKETS -> st.napiTxPackets += v;
      case NAPI_TX_PKT_N -> st.napiTxPktN += v;
      case TX_DROPPED -> priv.xstats.txDropped += v;
      case TX_ERRORS -> priv.xstats.txErrors += v;
      case MAX_SDU_TXQ_DROP -> priv.xstats.maxSduTxqDrop[txQueue.queueIndex] += v;
      case QUEUE_STOPPED -> {
        if ((v != 0) != txq.stopped()) {
          throw new NativeFailure(c.function() + "'s C left queue " + txQueue.queueIndex
              + (v != 0 ? " stopped" : " running") + " and the model's is not: input "
              + PortBridge.record(c, in));
        }
      }
      case RET -> { }
      case PENDING_PACKETS -> {
        if (v != 0) { // the out-argument is only ever set, as the Java's
          tx.pendingPackets = true;
        }
      }
      case SKB_LEN -> {
        if (skb != null) {
          skb.len = (int) v;
        }
      }
      case SKB_IN_PROGRESS -> {
        if (skb != null) {
          skb.tstampInProgress = v != 0;
        }
      }
      case SKB_VLAN_PRESENT -> {
        if (skb != null) {
          skb.vlanTagPresent = v != 0;
        }
      }
      default -> throw PortBridge.cannotApply(c, in, o);
    }
  }
}
