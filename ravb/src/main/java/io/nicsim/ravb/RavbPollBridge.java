package io.nicsim.ravb;

import io.nicsim.core.host.BridgeSite;
import io.nicsim.core.host.PortBridge;
import io.nicsim.core.host.Replay;
import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.Arrays;

/**
 * {@code --ports c} for {@code ravb_poll} (the tree's {@code ravb_rx} and {@code ravb_tx_free}
 * inside): the tree's NAPI poll in place of {@link RavbNapi#poll}, the inverse of its harness
 * in {@link RavbHarnesses}. The record takes the queue, the budget, the hardware info, RIS0,
 * RIC0, TIS and TIC as the model's registers hold them as the poll starts (not charged), the
 * error counters and the TX ring's indices and statistics, then the live TX ring's window
 * ({@link RavbTxWindow}). The C's calls are replayed in order: the register writes to the live
 * registers; {@code info->receive} (a stub answering from the record, guessed 0 frames and,
 * before v6.11, not run out) is the model's RX function (the Java's {@code ravb_rx_gbeth} or
 * {@code ravb_rx_rcar}, or their own bridge's C) run where the C calls it, and another answer
 * reruns the C with it, as does a TX ring its frames' stack changed meanwhile (a TCP sender's
 * ACKs queue data: the record's TX part is taken again after the receive); the
 * walk's unmaps and frees as {@link RavbTxWindow} replays them; {@code netif_wake_subqueue} to
 * the model's queue; {@code napi_complete_done} asked of the model (guessed true; another
 * answer reruns the C); each register read (in the loop {@code ravb_read(reg,value)}) is the
 * model's read (charged) where the C makes it, another value rerunning the C; then the error
 * counters, dirty_tx, the freed descriptors and the TX statistics back.
 */
final class RavbPollBridge implements PortBridge {

  @Override
  public String file() {
    return RavbSources.MAIN_C;
  }

  @Override
  public String function() {
    return "ravb_poll";
  }

  @Override
  public boolean install(BridgeSite site, NativePort c) {
    if (!(site.driver() instanceof RavbDriver d) || !RavbTxWindow.fits(d.priv())) {
      return false;
    }
    d.napiPorts().cPoll = new Hook(d.priv(), d.napiPorts().rx(), c);
    return true;
  }

  /** The hook {@link RavbNapi#poll} calls first. */
  static final class Hook implements Replay.Tokens {
    private static final int LOOP = RavbHarnesses.POLL_LOOP;
    private static final int RX_USED = 8;
    private static final int RX_RAN_OUT = 9;
    private static final int COMPLETE = 10;
    private static final long READ = NativeOut.id("ravb_read");
    private static final long WRITE = NativeOut.id("ravb_write");
    private static final long RECEIVE = NativeOut.id("receive");
    private static final long WAKE = NativeOut.id("netif_wake_subqueue");
    private static final long COMPLETE_DONE = NativeOut.id("napi_complete_done");
    private static final long PRIV_OVER = NativeOut.id("priv.rx_over_errors");
    private static final long NDEV_OVER = NativeOut.id("ndev.rx_over_errors");
    private static final long NDEV_FIFO = NativeOut.id("ndev.rx_fifo_errors");
    private static final RavbReg[] REGS = RavbReg.values();

    private final RavbPriv priv;
    private final RavbRx rx;
    private final NativePort c;
    private final long[] in;
    private final Replay replay;
    private final RavbTxWindow tx;
    private final boolean budgetEra;
    /** The registers the C has read this call. */
    private final boolean[] read = new boolean[REGS.length];
    private int q;
    /** Whether this run's C reached the TX ring (its TIS write): the walk's end is checked. */
    private boolean walked;
    /** The record's length: its TX part as last captured. */
    private int words;

    Hook(RavbPriv priv, RavbRx rx, NativePort c) {
      this.priv = priv;
      this.rx = rx;
      this.c = c;
      this.in = new long[Math.max(c.inputs(), RavbTxWindow.words(LOOP))];
      this.replay = new Replay(c, in);
      this.tx = new RavbTxWindow(priv, c, in, replay, LOOP);
      this.budgetEra = priv.patches.has(RavbPatches.RX_BUDGET);
    }

    /** ravb_poll(napi, budget): the work done. */
    int poll(int q, int budget) {
      this.q = q;
      RavbHw hw = priv.hw;
      Arrays.fill(in, 0, LOOP, 0);
      in[0] = q;
      in[1] = budget;
      in[2] = priv.info.ncQueues ? 1 : 0;
      in[3] = priv.info.irqEnDis ? 1 : 0;
      in[4] = Integer.toUnsignedLong(hw.ris0);
      in[5] = Integer.toUnsignedLong(hw.ric0);
      in[6] = Integer.toUnsignedLong(hw.tis);
      in[7] = Integer.toUnsignedLong(hw.tic);
      in[RX_USED] = 0;
      in[RX_RAN_OUT] = 0;
      in[COMPLETE] = 1;
      in[11] = priv.stats[RavbPriv.RAVB_BE].rxOverErrors;
      in[12] = priv.stats[RavbPriv.RAVB_NC].rxOverErrors;
      in[13] = Integer.toUnsignedLong(priv.rxFifoErrors);
      in[14] = priv.ndevRxOverErrors;
      in[15] = priv.ndevRxFifoErrors;
      in[16] = priv.numTxDesc;
      in[17] = priv.numTxRing[q];
      txFields(q);
      words = tx.capture(q, true);
      return (int) replay.run(words, this);
    }

    private void txFields(int q) {
      in[18] = Integer.toUnsignedLong(priv.dirtyTx[q]);
      in[19] = Integer.toUnsignedLong(priv.curTx[q] - priv.dirtyTx[q]);
      in[20] = priv.stats[q].txPackets;
      in[21] = priv.stats[q].txBytes;
    }

    /**
     * The TX ring again after the model's RX function (its frames' stack may have queued
     * frames, or freed some, on the ring the C walks next): the record's TX part as the ring is
     * now, and the C again where it changed ({@link Replay#RERUN}; nothing before the receive
     * reads it).
     */
    private int txAgain() {
      long[] before = Arrays.copyOfRange(in, 18, words);
      txFields(q);
      words = tx.rewindow();
      return Arrays.equals(before, Arrays.copyOfRange(in, 18, words)) ? Replay.NEXT
          : Replay.RERUN;
    }

    @Override
    public void begin(NativeOut o) {
      tx.begin(o);
      walked = false;
      Arrays.fill(read, false);
    }

    @Override
    public void replayed(NativeOut o) {
      if (o.kind() == NativeOut.CALL && o.name() == WRITE
          && reg(o.arg(0), o) == RavbReg.TIS) {
        walked = true;
      } else if (o.kind() == NativeOut.CALL && o.name() == READ) {
        read[reg(o.arg(0), o).ordinal()] = true;
      }
    }

    @Override
    public int apply(NativeOut o) {
      long n = o.name();
      if (o.kind() != NativeOut.CALL) {
        int step = walked ? tx.end() : Replay.NEXT;
        if (step != Replay.NEXT) {
          return step;
        }
        if (n == RavbTxWindow.DIRTY_TX) {
          if (walked) {
            tx.ringBack();
          }
        } else if (n == PRIV_OVER) {
          priv.rxOverErrors = (int) o.value();
        } else if (n == NDEV_OVER) {
          priv.ndevRxOverErrors = o.value();
        } else if (n == NDEV_FIFO) {
          priv.ndevRxFifoErrors = o.value();
        } else if (!RavbTxWindow.field(n)) {
          throw PortBridge.cannotApply(c, in, o);
        }
        return Replay.NEXT;
      }
      if (RavbTxWindow.walkCall(n)) {
        tx.call(o);
        return Replay.NEXT;
      }
      if (walked && n != WRITE && n != READ) {
        int step = tx.end();
        if (step != Replay.NEXT) {
          return step;
        }
      }
      if (n == WRITE) {
        RavbReg r = reg(o.arg(0), o);
        priv.write((int) o.arg(1), r);
        if (r == RavbReg.TIS) {
          walked = true;
        }
      } else if (n == READ) {
        return read(o);
      } else if (n == RECEIVE) {
        return receive((int) o.arg(0), (int) o.arg(1));
      } else if (n == WAKE) {
        priv.k.netifWakeSubqueue((int) o.arg(0));
      } else if (n == COMPLETE_DONE) {
        boolean done = priv.k.napiCompleteDone(priv.napi[(int) o.arg(0)], (int) o.arg(1));
        return replay.answer(COMPLETE, done);
      } else {
        throw PortBridge.cannotApply(c, in, o);
      }
      return Replay.NEXT;
    }

    /** info->receive where the C calls it: the model's RX function, its answer the record's. */
    private int receive(int budgetOrQuota, int queue) {
      boolean gbeth = priv.info.receive == RavbHwInfo.Receive.GBETH;
      int step;
      if (budgetEra) {
        int work = gbeth ? rx.rxGbeth(budgetOrQuota, queue) : rx.rxRcar(budgetOrQuota, queue);
        step = replay.answer(RX_USED, work);
      } else {
        RavbRx.Quota quota = new RavbRx.Quota(budgetOrQuota);
        boolean ranOut = gbeth ? rx.rxGbethQuota(quota, queue) : rx.rxRcarQuota(quota, queue);
        int used = replay.answer(RX_USED, budgetOrQuota - quota.value);
        int out = replay.answer(RX_RAN_OUT, ranOut);
        step = used == Replay.NEXT ? out : used;
      }
      int again = txAgain();
      return step == Replay.NEXT ? again : step;
    }

    /** A register read where the C makes it: the model's (charged); another value reruns. */
    private int read(NativeOut o) {
      RavbReg r = reg(o.arg(0), o);
      int model = priv.read(r);
      boolean again = read[r.ordinal()];
      read[r.ordinal()] = true;
      if ((model & 0xFFFF_FFFFL) == o.arg(1)) {
        return Replay.NEXT;
      }
      int s = switch (r) {
        case RIS0 -> 4;
        case RIC0 -> 5;
        case TIS -> 6;
        case TIC -> 7;
        default -> -1;
      };
      if (again || s < 0) {
        throw new NativeFailure("ravb_poll's C read " + r + " = 0x" + Long.toHexString(o.arg(1))
            + " and the model's reads 0x" + Integer.toHexString(model) + ": input "
            + PortBridge.record(c, in));
      }
      in[s] = model & 0xFFFF_FFFFL;
      return Replay.RERUN;
    }

    private RavbReg reg(long offset, NativeOut o) {
      for (RavbReg r : REGS) {
        if (RavbHarnesses.offset(r) == offset) {
          return r;
        }
      }
      throw PortBridge.cannotApply(c, in, o);
    }
  }
}
