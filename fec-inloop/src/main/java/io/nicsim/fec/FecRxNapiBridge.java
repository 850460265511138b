package io.nicsim.fec;

import io.nicsim.core.host.BridgeSite;
import io.nicsim.core.host.PortBridge;
import io.nicsim.core.host.Replay;
import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.Arrays;

/**
 * {@code --ports c} for {@code fec_enet_rx_napi}: the tree's NAPI poll in place of
 * {@link FecNapi#rxNapi}, the inverse of its harness in {@link FecDataHarnesses} (budget,
 * napi_complete_done's answer, and each pass's fec_enet_rx work and the IEVENT the pass leaves;
 * fec_enet_rx and fec_enet_tx stubs). Each pass the C makes runs the model's receive and reclaim
 * where the C calls them ({@link FecNapi#rx}, {@link FecNapi#tx}: the Java ports, or their own
 * bridges): the record first says no frame and no event, and where the model's receive did work
 * or the model's IEVENT (read, and charged, where the tree's fec_enet_collect_events reads it:
 * before its acknowledging write) holds events, the record takes the model's answer and the C
 * runs again, the calls already applied skipped. The C's register writes go to the live
 * registers ({@link FecEnetPrivate#writel}, charged as the Java's), napi_complete_done to the
 * model's NAPI. Not under the what-ifs that change the poll (napi-complete-done-return,
 * lost-irq-reenable), which the tree does not have.
 */
final class FecRxNapiBridge implements PortBridge {
  /** fec_enet_rx_napi.c's NICSIM_PASSES in the loop. */
  static final int PASSES = 64;

  @Override
  public String file() {
    return FecSources.MAIN_C;
  }

  @Override
  public String function() {
    return "fec_enet_rx_napi";
  }

  @Override
  public boolean install(BridgeSite site, NativePort c) {
    if (!(site.driver() instanceof FecDriver d)) {
      return false;
    }
    FecEnetPrivate fep = d.fep();
    if (fep.patches.has(FecPatches.NAPI_COMPLETE_DONE_RETURN)
        || fep.patches.has(FecPatches.LOST_IRQ_REENABLE)) {
      return false;
    }
    d.napiPorts().cRxNapi = new Hook(fep, c);
    return true;
  }

  /** The hook {@link FecNapi#rxNapi} calls first. */
  static final class Hook implements Replay.Tokens, FecCHooks.RxNapi {
    private static final long RX = NativeOut.id("fec_enet_rx");
    private static final long TX = NativeOut.id("fec_enet_tx");
    private static final long WRITEL = NativeOut.id("writel");
    private static final long COMPLETE = NativeOut.id("napi_complete_done");

    private final FecEnetPrivate fep;
    private final NativePort c;
    private final long[] in;
    private final Replay replay;
    /** Each pass's IEVENT as the model read it (once, where the C reads it), or -1. */
    private final long[] read = new long[PASSES];
    private FecNapi napi;
    private int budget;
    /** The run's passes so far: its fec_enet_rx calls and its IEVENT acknowledgements. */
    private int rxPass;
    private int events;

    Hook(FecEnetPrivate fep, NativePort c) {
      this.fep = fep;
      this.c = c;
      this.in = new long[Math.max(c.inputs(), 2 + 2 * PASSES)];
      this.replay = new Replay(c, in);
    }

    /** fec_enet_rx_napi(napi, budget): the work done. */
    @Override
    public int rxNapi(FecNapi napi, int budget) {
      Arrays.fill(in, 0);
      Arrays.fill(read, -1);
      in[0] = budget;
      in[1] = 1; // napi_complete_done's answer: the poll ignores it
      guess(budget);
      this.napi = napi;
      this.budget = budget;
      return (int) replay.run(this);
    }

    /**
     * The record's first answers as the model will most likely give them, so that the C runs
     * once where they hold (each is checked where the C takes it, and an answer the model gives
     * otherwise still reruns the C): the first pass's receive takes the frames the rings hold
     * now (the DMA does not write a BD back while the poll runs), acknowledging their queues'
     * RXF; its collect then reads the events pending now but those, and each later pass
     * receives nothing and reads only what a collect leaves (MII).
     */
    private void guess(int budget) {
      int frames = 0;
      int events = fep.hwp instanceof FecRegisters r ? r.ievent() : 0;
      for (int q = fep.numRxQueues - 1; q >= 0 && frames < budget; q--) {
        FecRxq rxq = fep.rxQueue[q];
        int bdp = rxq.bd.cur;
        int n = 0;
        while (frames + n < budget && n < rxq.bd.size()
            && (rxq.bds.status(bdp) & FecBds.BD_ENET_RX_EMPTY) == 0) {
          n++;
          bdp = rxq.bd.next(bdp);
        }
        if (n > 0) {
          events &= ~FecRegisters.rxfGet(q);
        }
        frames += n;
      }
      in[2] = frames;
      in[3] = Integer.toUnsignedLong(events);
      for (int k = 1; k < PASSES; k++) {
        in[3 + 2 * k] = Integer.toUnsignedLong(events & FecRegisters.FEC_ENET_MII);
      }
    }

    @Override
    public void begin(NativeOut o) {
      rxPass = 0;
      events = 0;
    }

    @Override
    public void replayed(NativeOut o) {
      if (o.kind() != NativeOut.CALL) {
        return;
      }
      if (o.name() == RX) {
        rxPass++;
      } else if (o.name() == WRITEL && o.arg(0) == FecRegisters.FEC_IEVENT) {
        events++;
      }
    }

    @Override
    public int apply(NativeOut o) {
      long n = o.name();
      if (o.kind() != NativeOut.CALL) {
        throw PortBridge.cannotApply(c, in, o);
      } else if (n == RX) {
        int k = rxPass++;
        if (k >= PASSES) {
          throw new NativeFailure("fec_enet_rx_napi's C made more"
              + " than " + PASSES + " passes: input " + PortBridge.record(c, in));
        }
        // the model's receive, where the C calls it; its work answers the C's stub
        int model = napi.rx((int) o.arg(0));
        if (model != in[2 + 2 * k] % (o.arg(0) + 1)) {
          in[2 + 2 * k] = model;
          return Replay.RERUN;
        }
      } else if (n == TX) {
        napi.tx(budget);
      } else if (n == WRITEL && o.arg(0) == FecRegisters.FEC_IEVENT) {
        // fec_enet_collect_events after pass k: its read of IEVENT came first
        int k = events;
        if (read[k] < 0) {
          read[k] = Integer.toUnsignedLong(fep.readl(FecRegisters.FEC_IEVENT));
        }
        if ((read[k] & ~FecRegisters.FEC_ENET_MII & 0xFFFF_FFFFL)
            != (o.arg(1) & 0xFFFF_FFFFL)) {
          if (in[3 + 2 * k] == read[k]) {
            throw new NativeFailure("fec_enet_rx_napi's C"
                + " acknowledged IEVENT 0x" + Long.toHexString(o.arg(1)) + " of 0x"
                + Long.toHexString(read[k]) + ": input " + PortBridge.record(c, in));
          }
          in[3 + 2 * k] = read[k];
          return Replay.RETRY;
        }
        events++;
        fep.writel((int) o.arg(1), FecRegisters.FEC_IEVENT);
        fep.lastEvents = (int) o.arg(1);
      } else if (n == WRITEL) {
        fep.writel((int) o.arg(1), (int) o.arg(0));
      } else if (n == COMPLETE) {
        fep.k.napiCompleteDone((int) o.arg(0));
      } else {
        throw PortBridge.cannotApply(c, in, o);
      }
      return Replay.NEXT;
    }
  }
}
