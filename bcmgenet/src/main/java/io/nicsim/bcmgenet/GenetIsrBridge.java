package io.nicsim.bcmgenet;

import io.nicsim.core.host.BridgeSite;
import io.nicsim.core.host.PortBridge;
import io.nicsim.core.host.Replay;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.Arrays;

/**
 * {@code --ports c} for {@code bcmgenet_isr1}: the tree's ring interrupt handler in place of
 * {@link BcmgenetNapi#isr1}, the inverse of its harness in {@link GenetDataHarnesses} (INTRL2_1's
 * status and mask status, napi_schedule_prep's answers, the RX ring's DIM event counter). The
 * C's two register reads come first, before any write: the model's reads (charged as the Java's)
 * run there and give the record's values. napi_schedule_prep answers from the record: the model
 * is asked when the call is replayed, and where it answers otherwise the C runs again with its
 * answer, the calls already applied skipped. The INTRL2 writes (clear, mask set) go through the
 * live accessors, the schedules to the model's NAPI; the Java's interrupt counters beside them.
 */
final class GenetIsrBridge implements PortBridge {
  @Override
  public String file() {
    return GenetSources.MAIN_C;
  }

  @Override
  public String function() {
    return "bcmgenet_isr1";
  }

  @Override
  public boolean install(BridgeSite site, NativePort c) {
    if (!(site.driver() instanceof BcmgenetDriver d)) {
      return false;
    }
    d.napiPorts().cIsr1 = new Hook(d.priv(), c);
    return true;
  }

  /** The hook {@link BcmgenetNapi#isr1} calls first. */
  static final class Hook implements Replay.Tokens {
    private static final long PREP = NativeOut.id("napi_schedule_prep");
    private static final long SCHED = NativeOut.id("__napi_schedule_irqoff");
    private static final long WRITEL = NativeOut.id("writel");
    private static final long EVENT_CTR = NativeOut.id("dim.event_ctr");
    /** INTRL2_1's registers in the harness's register file (data.c). */
    private static final long CLEAR =
        GenetDataHarnesses.INTRL2_1_OFF + GenetDataHarnesses.intrl2Offset("INTRL2_CPU_CLEAR");
    private static final long MASK_SET =
        GenetDataHarnesses.INTRL2_1_OFF + GenetDataHarnesses.intrl2Offset("INTRL2_CPU_MASK_SET");
    /** The record's napi_schedule_prep answers: the RX ring's NAPI (0), the TX ring's (1). */
    private static final int PREP_RET = 2;

    private final BcmgenetPriv priv;
    private final NativePort c;
    private final long[] in;
    private final Replay replay;
    private long eventCtr;

    Hook(BcmgenetPriv priv, NativePort c) {
      this.priv = priv;
      this.c = c;
      this.in = new long[c.inputs()];
      this.replay = new Replay(c, in);
    }

    /** bcmgenet_isr1(irq, priv): IRQ_HANDLED or not. */
    boolean isr1() {
      Arrays.fill(in, 0);
      // the C's first two statements: the status and mask status reads
      int stat = priv.intrl2StatReadl();
      int maskStatus = priv.intrl2MaskStatusReadl();
      in[0] = Integer.toUnsignedLong(stat);
      in[1] = Integer.toUnsignedLong(maskStatus);
      in[PREP_RET] = 1; // the usual answers; the replay asks the model and reruns
      in[PREP_RET + 1] = 1;
      in[4] = priv.rx.dim.eventCtr & 0xFFFF;
      int status = stat & ~maskStatus;
      priv.irqs++;
      if ((status & GenetHw.RX0_BIT) != 0) {
        priv.rxIrqs++;
      }
      if ((status & GenetHw.TX0_BIT) != 0) {
        priv.txIrqs++;
      }
      eventCtr = priv.rx.dim.eventCtr;
      long ret = replay.run(this);
      priv.rx.dim.eventCtr = (int) eventCtr;
      return ret != 0;
    }

    @Override
    public int apply(NativeOut o) {
      long n = o.name();
      if (o.kind() != NativeOut.CALL) {
        if (n != EVENT_CTR) {
          throw PortBridge.cannotApply(c, in, o);
        }
        eventCtr = o.value();
      } else if (n == WRITEL && o.arg(0) == CLEAR) {
        priv.intrl2ClearWritel((int) o.arg(1));
      } else if (n == WRITEL && o.arg(0) == MASK_SET) {
        priv.intrl2MaskSetWritel((int) o.arg(1)); // bcmgenet_{rx,tx}_ring_int_disable
      } else if (n == PREP) {
        int id = (int) o.arg(0);
        return replay.answer(PREP_RET + id, priv.k.napiSchedulePrep(napi(id)));
      } else if (n == SCHED) {
        priv.k.napiScheduleIrqoff(napi((int) o.arg(0)));
      } else {
        throw PortBridge.cannotApply(c, in, o);
      }
      return Replay.NEXT;
    }

    private Napi napi(int id) {
      return id == 0 ? priv.rx.napi : priv.tx.napi;
    }
  }
}
