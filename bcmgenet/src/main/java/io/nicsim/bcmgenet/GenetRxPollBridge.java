package io.nicsim.bcmgenet;

import io.nicsim.core.dim.DimSample;
import io.nicsim.core.dim.NetDim;
import io.nicsim.core.host.BridgeSite;
import io.nicsim.core.host.PortBridge;
import io.nicsim.core.host.Replay;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.Arrays;

/**
 * {@code --ports c} for {@code bcmgenet_rx_poll}: the tree's RX NAPI poll in place of
 * {@link BcmgenetNapi#rxPoll}, the inverse of its harness in {@link GenetDataHarnesses} (budget,
 * bcmgenet_desc_rx's frames and bytes, napi_complete_done's answer, the ring's use_dim and
 * event counter). The poll's C calls bcmgenet_desc_rx first: the model's receive (the Java
 * port) runs there, before the C, and its frames and bytes answer the C's stub.
 * napi_complete_done's stub answers from the record: the model is asked when the call is
 * replayed, and where it answers otherwise the C runs again with its answer (the calls already
 * applied skipped). The INTRL2 write re-enables the ring's interrupt through the live accessor;
 * net_dim's sample (the tree's dim_update_sample, inside: its ktime_get answers from the
 * record, guessed as far on from the call's start as the last call's sample was, and a time
 * other than the model's at the sample, after the Java's charge, reruns the C with it) goes
 * to the model's net_dim.
 */
final class GenetRxPollBridge implements PortBridge {
  @Override
  public String file() {
    return GenetSources.MAIN_C;
  }

  @Override
  public String function() {
    return "bcmgenet_rx_poll";
  }

  @Override
  public boolean install(BridgeSite site, NativePort c) {
    if (!(site.driver() instanceof BcmgenetDriver d)) {
      return false;
    }
    d.napiPorts().cRxPoll = new Hook(d.priv(), c);
    return true;
  }

  /** The hook {@link BcmgenetNapi#rxPoll} calls once its bcmgenet_desc_rx ran. */
  static final class Hook implements Replay.Tokens {
    private static final long DESC_RX = NativeOut.id("bcmgenet_desc_rx");
    private static final long COMPLETE = NativeOut.id("napi_complete_done");
    private static final long WRITEL = NativeOut.id("writel");
    private static final long NET_DIM = NativeOut.id("net_dim");
    /** INTRL2_1's CPU_MASK_CLEAR in the harness's register file (data.c). */
    private static final long MASK_CLEAR =
        GenetDataHarnesses.INTRL2_1_OFF + GenetDataHarnesses.intrl2Offset("INTRL2_CPU_MASK_CLEAR");
    private static final int COMPLETE_RET = 3;
    private static final int KTIME = 6;

    private final BcmgenetPriv priv;
    private final NativePort c;
    private final long[] in;
    private final Replay replay;
    private final DimSample sample = new DimSample();
    private Napi napi;
    /** The time as the call starts, and the last call's time from there to its sample. */
    private long start;
    private long lastDelta;
    /** Whether this call's net_dim was charged (a rerun for the sample's time charges once). */
    private boolean dimCharged;

    Hook(BcmgenetPriv priv, NativePort c) {
      this.priv = priv;
      this.c = c;
      this.in = new long[c.inputs()];
      this.replay = new Replay(c, in);
    }

    /** bcmgenet_rx_poll(napi, budget) once bcmgenet_desc_rx returned {@code work}. */
    int rxPoll(Napi napi, int budget, int work) {
      BcmgenetPriv.RxRing ring = priv.rx;
      Arrays.fill(in, 0);
      in[0] = budget;
      in[1] = Integer.toUnsignedLong(work);
      in[2] = ring.dim.bytes;
      in[COMPLETE_RET] = 1; // the usual answer; the replay asks the model and reruns
      in[4] = ring.dim.useDim & 0xFFFF;
      in[5] = ring.dim.eventCtr & 0xFFFF;
      // dim_update_sample's ktime_get: guessed as far on as the last call's sample was
      if (ring.dim.useDim != 0) {
        start = priv.k.ktimeGet();
        in[KTIME] = start + lastDelta;
      }
      dimCharged = false;
      this.napi = napi;
      return (int) replay.run(this);
    }

    @Override
    public int apply(NativeOut o) {
      long n = o.name();
      if (o.kind() != NativeOut.CALL) {
        throw PortBridge.cannotApply(c, in, o);
      } else if (n == DESC_RX) {
        return Replay.NEXT; // the model's receive ran before the C, where the C calls it
      } else if (n == COMPLETE) {
        if (o.arg(0) != 0) {
          throw PortBridge.cannotApply(c, in, o);
        }
        return replay.answer(COMPLETE_RET, priv.k.napiCompleteDone(napi, (int) o.arg(1)));
      } else if (n == WRITEL && o.arg(0) == MASK_CLEAR) {
        priv.intrl2MaskClearWritel((int) o.arg(1)); // bcmgenet_rx_ring_int_enable
      } else if (n == NET_DIM) {
        if (!dimCharged) {
          priv.core().charge(NetDim.NET_DIM);
          dimCharged = true;
        }
        long now = priv.k.ktimeGet();
        if (in[KTIME] != now) { // the sample's time is the model's: the C again with it
          lastDelta = now - start;
          in[KTIME] = now;
          return Replay.RETRY;
        }
        // the tree's dim_update_sample filled it (its time the model's ktime_get)
        sample.time = o.arg(3);
        sample.pktCtr = (int) o.arg(1);
        sample.byteCtr = (int) o.arg(2);
        sample.eventCtr = (int) o.arg(0) & 0xFFFF;
        priv.k.netDim(priv.rx.dim.dim, sample);
      } else {
        throw PortBridge.cannotApply(c, in, o);
      }
      return Replay.NEXT;
    }
  }
}
