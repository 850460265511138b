package io.nicsim.stmmac;

import io.nicsim.core.host.PortBridge;
import io.nicsim.core.host.Replay;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.port.exec.NameIds;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.Arrays;

/**
 * {@code --ports c} for {@code stmmac_napi_poll_rx}: the tree's RX NAPI poll in place of
 * {@link StmmacRx#napiPollRx}, the inverse of its harness in {@link StmmacRxHarnesses} (the RX
 * record, {@code stmmac_rx} a stub). The poll's C calls stmmac_rx first (after its poll
 * statistic): the model's receive (the Java port) runs there, before the C, and its work done
 * answers the C's stub. napi_complete_done's stub answers from the record: the model is asked
 * when the call is replayed, and where it answers otherwise the C runs again with its answer
 * (the calls already applied skipped). The RX interrupt's re-enable goes to the live hwif; the
 * statistics come back as increments. The record's ring window is not read by the poll (its
 * {@code b<entry>} tokens are the record's own and are not applied).
 */
final class RxPollBridge extends StmmacPortBridge {
  RxPollBridge() {
    super("stmmac_napi_poll_rx");
  }

  @Override
  boolean installOn(StmmacDriver d, StmmacPriv priv, NativePort c) {
    // the harness covers rings of at most 1024 descriptors
    if (priv.rxQueue[0].ring.size() > 1024) {
      return false;
    }
    d.rx().cNapiPollRx = new Hook(priv, c);
    return true;
  }

  /** The hook {@link StmmacRx#napiPollRx} calls after the model's stmmac_rx ran. */
  static final class Hook implements Replay.Tokens, StmmacCHooks.NapiPollRx {
    private static final long RX = NativeOut.id("stmmac_rx");
    private static final long COMPLETE = NativeOut.id("napi_complete_done");
    private static final long ENABLE = NativeOut.id("enable_dma_irq");
    private static final long NAPI_POLL = NativeOut.id("napi_poll");
    private static final long RX_PACKETS = NativeOut.id("rx_packets");
    private static final long RX_BYTES = NativeOut.id("rx_bytes");
    private static final long RX_PKT_N = NativeOut.id("rx_pkt_n");
    private static final long RX_DROPPED = NativeOut.id("rx_dropped");
    private static final long RX_ERRORS = NativeOut.id("rx_errors");
    /** The record's fields the stub answers come from (main.c's RX record). */
    private static final int BUDGET = 13;
    private static final int RX_RET = 14;
    private static final int COMPLETE_RET = 15;
    /** The record's buffer window as nicsim_rx_put prints it ("b<entry>"). */
    private static final NameIds BUFFERS =
        new NameIds(TxReplay.MAX_RING);

    static {
      for (int e = 0; e < TxReplay.MAX_RING; e++) {
        BUFFERS.put("b" + e, e);
      }
    }

    private final StmmacPriv priv;
    private final NativePort c;
    private final long[] in;
    private final Replay replay;
    private int chan;
    private StmmacXstats.Rxq st;

    Hook(StmmacPriv priv, NativePort c) {
      this.priv = priv;
      this.c = c;
      this.in = new long[c.inputs()];
      this.replay = new Replay(c, in);
    }

    /**
     * stmmac_napi_poll_rx(&ch->rx_napi, budget) once its stmmac_rx returned {@code workDone};
     * the poll's return.
     */
    @Override
    public int napiPollRx(int chan, int budget, int workDone) {
      Arrays.fill(in, 0);
      StmmacRxQueue rxQ = priv.rxQueue[chan];
      in[0] = chan;
      in[1] = priv.plat.rxQueuesToUse();
      in[2] = Integer.numberOfTrailingZeros(rxQ.ring.size());
      in[3] = rxQ.ring.cur;
      in[4] = rxQ.ring.dirty;
      in[BUDGET] = budget;
      in[RX_RET] = workDone;
      in[COMPLETE_RET] = 1; // the usual answer; the replay asks the model and reruns
      this.chan = chan;
      st = priv.xstats.rxq[chan];
      return (int) replay.run(this);
    }

    @Override
    public int apply(NativeOut o) {
      long n = o.name();
      if (o.kind() != NativeOut.CALL) {
        long v = o.value();
        if (n == NAPI_POLL) {
          st.napiPoll += v;
        } else if (n == RX_PACKETS) {
          st.rxPackets += v;
        } else if (n == RX_BYTES) {
          st.rxBytes += v;
        } else if (n == RX_PKT_N) {
          st.rxPktN += v;
        } else if (n == RX_DROPPED) {
          priv.xstats.rxDropped += v;
        } else if (n == RX_ERRORS) {
          priv.xstats.rxErrors += v;
        }
        // cur_rx, dirty_rx, rx_count_frames, rx_tail_addr and the state: the record's,
        // which the poll (its stmmac_rx a stub) leaves as they were
        return Replay.NEXT;
      }
      if (n == RX) {
        return Replay.NEXT; // the model's stmmac_rx ran before the C, where the C calls it
      } else if (n == COMPLETE) {
        Napi napi = napi((int) o.arg(0));
        boolean model = priv.calls.napiCompleteDone(napi, (int) o.arg(1));
        if (napi == priv.channel[chan].rxNapi) {
          return replay.answer(COMPLETE_RET, model);
        }
      } else if (n == ENABLE) {
        priv.hwif.enableDmaIrq((int) o.arg(0), o.arg(1) != 0, o.arg(2) != 0);
      } else if (BUFFERS.get(n) == NameIds.ABSENT) {
        throw PortBridge.cannotApply(c, in, o);
      }
      return Replay.NEXT;
    }

    private Napi napi(int id) {
      StmmacChannel ch = priv.channel[id / 4];
      return switch (id % 4) {
        case 0 -> ch.rxNapi;
        case 1 -> ch.txNapi;
        default -> ch.napi;
      };
    }
  }
}
