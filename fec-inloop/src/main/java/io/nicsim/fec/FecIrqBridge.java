package io.nicsim.fec;

import io.nicsim.core.host.BridgeSite;
import io.nicsim.core.host.PortBridge;
import io.nicsim.core.host.Replay;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.Arrays;

/**
 * {@code --ports c} for {@code fec_enet_interrupt}: the tree's interrupt handler (with its
 * {@code fec_enet_collect_events} inside) in place of {@link FecNapi#enetInterrupt}, the inverse
 * of its harness in {@link FecDataHarnesses} (IEVENT, the link, napi_schedule_prep's answer).
 * The C reads IEVENT first: the model's read (charged as the Java's) runs there and gives the
 * record its value. napi_schedule_prep answers from the record: the model is asked when the call
 * is replayed, and where it answers otherwise the C runs again with its answer, the calls
 * already applied skipped. The register writes (the events acknowledged, every event masked) go
 * to the live registers, the schedule to the model's NAPI; the Java's interrupt counters and the
 * dim what-if's event count beside them.
 */
final class FecIrqBridge implements PortBridge {
  @Override
  public String file() {
    return FecSources.MAIN_C;
  }

  @Override
  public String function() {
    return "fec_enet_interrupt";
  }

  @Override
  public boolean install(BridgeSite site, NativePort c) {
    if (!(site.driver() instanceof FecDriver d)) {
      return false;
    }
    d.napiPorts().cInterrupt = new Hook(d.fep(), c);
    return true;
  }

  /** The hook {@link FecNapi#enetInterrupt} calls first. */
  static final class Hook implements Replay.Tokens, FecCHooks.Interrupt {
    private static final long PREP = NativeOut.id("napi_schedule_prep");
    private static final long SCHED = NativeOut.id("__napi_schedule");
    private static final long WRITEL = NativeOut.id("writel");
    private static final int PREP_RET = 2;

    private final FecEnetPrivate fep;
    private final NativePort c;
    private final long[] in;
    private final Replay replay;
    private FecNapi napi;

    Hook(FecEnetPrivate fep, NativePort c) {
      this.fep = fep;
      this.c = c;
      this.in = new long[c.inputs()];
      this.replay = new Replay(c, in);
    }

    /** fec_enet_interrupt(irq, ndev): IRQ_HANDLED or IRQ_NONE. */
    @Override
    public boolean interrupt(FecNapi napi) {
      Arrays.fill(in, 0);
      fep.irqs++;
      // fec_enet_collect_events' read, the C's first statement
      int raw = fep.readl(FecRegisters.FEC_IEVENT);
      in[0] = Integer.toUnsignedLong(raw);
      in[1] = fep.link;
      in[PREP_RET] = 1; // the usual answer; the replay asks the model and reruns
      this.napi = napi;
      long ret = replay.run(this);
      if (ret == 0) {
        fep.irqNone++;
      }
      return ret != 0;
    }

    @Override
    public int apply(NativeOut o) {
      long n = o.name();
      if (o.kind() != NativeOut.CALL) {
        throw PortBridge.cannotApply(c, in, o);
      } else if (n == WRITEL) {
        fep.writel((int) o.arg(1), (int) o.arg(0));
        if (o.arg(0) == FecRegisters.FEC_IEVENT) {
          fep.lastEvents = (int) o.arg(1);
          if (fep.link != 0 && o.arg(1) != 0) {
            // the Java counts the events before it claims the NAPI
            napi.countEventsOf(fep.lastEvents);
          }
        }
      } else if (n == PREP) {
        return replay.answer(PREP_RET, fep.k.napiSchedulePrep());
      } else if (n == SCHED) {
        fep.k.napiSchedule();
      } else {
        throw PortBridge.cannotApply(c, in, o);
      }
      return Replay.NEXT;
    }
  }
}
