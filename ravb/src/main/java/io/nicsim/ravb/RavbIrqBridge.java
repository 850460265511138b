package io.nicsim.ravb;

import io.nicsim.core.host.BridgeSite;
import io.nicsim.core.host.PortBridge;
import io.nicsim.core.host.Replay;
import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.Arrays;

/**
 * {@code --ports c} for ravb's interrupt entry points: {@code ravb_interrupt} (the single
 * line's handler, with {@code ravb_timestamp_interrupt} and {@code ravb_queue_interrupt} inside)
 * in place of {@link RavbNapi#interrupt}, and {@code ravb_dma_interrupt} (R-Car's per-queue
 * lines, {@code ravb_queue_interrupt} inside) in place of {@link RavbNapi#dmaInterrupt}; the
 * inverse of their harnesses in {@link RavbHarnesses}. The record takes ISS, RIS0, RIC0, TIS and
 * TIC as the model's registers hold them as the handler starts (not charged), the hardware
 * info and napi_schedule_prep's answers (guessed true), and one word more: in the loop common.c
 * records each register read, {@code ravb_read(reg,value)}, and each is the model's read
 * (charged, as the Java's) where the C makes it; a value other than the record's reruns the C
 * with it (the calls already applied skipped), as does a napi_schedule_prep the model answers
 * otherwise. The writes go to the live registers, the schedules to the model's NAPIs, the
 * E-MAC, error and gPTP causes to the model's handlers; the Java's interrupt counters beside
 * them (a queue's when its NAPI is claimed or found scheduled, from the values the C read).
 */
final class RavbIrqBridge implements PortBridge {
  private final boolean dma;

  RavbIrqBridge(boolean dma) {
    this.dma = dma;
  }

  @Override
  public String file() {
    return RavbSources.MAIN_C;
  }

  @Override
  public String function() {
    return dma ? "ravb_dma_interrupt" : "ravb_interrupt";
  }

  @Override
  public boolean install(BridgeSite site, NativePort c) {
    if (!(site.driver() instanceof RavbDriver d)) {
      return false;
    }
    Hook h = new Hook(d.priv(), c, dma);
    if (dma) {
      d.napiPorts().cDmaInterrupt = h;
    } else {
      d.napiPorts().cInterrupt = h;
    }
    return true;
  }

  /** The hook {@link RavbNapi#interrupt} or {@link RavbNapi#dmaInterrupt} calls first. */
  static final class Hook implements Replay.Tokens {
    private static final long READ = NativeOut.id("ravb_read");
    private static final long WRITE = NativeOut.id("ravb_write");
    private static final long PREP = NativeOut.id("napi_schedule_prep");
    private static final long SCHED = NativeOut.id("__napi_schedule");
    private static final long TSTAMP = NativeOut.id("ravb_get_tx_tstamp");
    private static final long EMAC = NativeOut.id("ravb_emac_interrupt_unlocked");
    private static final long ERROR = NativeOut.id("ravb_error_interrupt");
    private static final long PTP = NativeOut.id("ravb_ptp_interrupt");
    private static final RavbReg[] REGS = RavbReg.values();

    private final RavbPriv priv;
    private final NativePort c;
    private final boolean dma;
    private final long[] in;
    private final Replay replay;
    /** The record's slot of each register (ISS, RIS0, RIC0, TIS, TIC), and the prep answers. */
    private final int iss;
    private final int ris0;
    private final int prep;
    private final int words;
    /** The registers the C has read this call, and their last values. */
    private final boolean[] read = new boolean[REGS.length];
    private final int[] last = new int[REGS.length];

    Hook(RavbPriv priv, NativePort c, boolean dma) {
      this.priv = priv;
      this.c = c;
      this.dma = dma;
      this.words = (dma ? RavbHarnesses.IRQ_Q_INPUTS : RavbHarnesses.IRQ_INPUTS) + 1;
      this.in = new long[Math.max(c.inputs(), words)];
      this.replay = new Replay(c, in);
      this.iss = dma ? -1 : 0;
      this.ris0 = 1;
      this.prep = dma ? 6 : 7;
    }

    /** ravb_interrupt(irq, ndev), or ravb_dma_interrupt(irq, ndev, q): IRQ_HANDLED or not. */
    boolean interrupt(int q) {
      Arrays.fill(in, 0);
      RavbHw hw = priv.hw;
      if (dma) {
        in[0] = q;
        in[5] = priv.info.irqEnDis ? 1 : 0;
        in[prep] = 1;
      } else {
        in[0] = Integer.toUnsignedLong(hw.issSource.getAsInt());
        in[5] = priv.info.ncQueues ? 1 : 0;
        in[6] = priv.info.irqEnDis ? 1 : 0;
        in[prep] = 1;
        in[prep + 1] = 1;
      }
      in[ris0] = Integer.toUnsignedLong(hw.ris0);
      in[ris0 + 1] = Integer.toUnsignedLong(hw.ric0);
      in[ris0 + 2] = Integer.toUnsignedLong(hw.tis);
      in[ris0 + 3] = Integer.toUnsignedLong(hw.tic);
      in[words - 1] = 1; // the loop's record: the reads recorded
      Arrays.fill(read, false);
      priv.irqs++;
      return replay.run(words, this) != 0;
    }

    private int slot(RavbReg reg) {
      return switch (reg) {
        case ISS -> iss;
        case RIS0 -> ris0;
        case RIC0 -> ris0 + 1;
        case TIS -> ris0 + 2;
        case TIC -> ris0 + 3;
        default -> -1;
      };
    }

    private RavbReg reg(long offset, NativeOut o) {
      for (RavbReg r : REGS) {
        if (RavbHarnesses.offset(r) == offset) {
          return r;
        }
      }
      throw PortBridge.cannotApply(c, in, o);
    }

    @Override
    public void begin(NativeOut o) {
      Arrays.fill(read, false);
    }

    @Override
    public void replayed(NativeOut o) {
      if (o.kind() == NativeOut.CALL && o.name() == READ) {
        RavbReg r = reg(o.arg(0), o);
        read[r.ordinal()] = true;
        last[r.ordinal()] = (int) o.arg(1);
      }
    }

    @Override
    public int apply(NativeOut o) {
      long n = o.name();
      if (o.kind() != NativeOut.CALL) {
        throw PortBridge.cannotApply(c, in, o);
      }
      if (n == READ) {
        RavbReg r = reg(o.arg(0), o);
        int model = priv.read(r);
        int k = r.ordinal();
        boolean again = read[k];
        read[k] = true;
        last[k] = model;
        if ((model & 0xFFFF_FFFFL) != o.arg(1)) {
          int s = slot(r);
          if (again || s < 0) {
            throw new NativeFailure(function() + "'s C read " + r + " = 0x"
                + Long.toHexString(o.arg(1)) + " and the model's reads 0x"
                + Integer.toHexString(model) + ": input " + PortBridge.record(c, in));
          }
          in[s] = model & 0xFFFF_FFFFL;
          return Replay.RERUN;
        }
      } else if (n == WRITE) {
        priv.write((int) o.arg(1), reg(o.arg(0), o));
      } else if (n == PREP) {
        int q = (int) o.arg(0);
        count(q);
        return replay.answer(dma ? prep : prep + q, priv.k.napiSchedulePrep(priv.napi[q]));
      } else if (n == SCHED) {
        priv.k.napiSchedule(priv.napi[(int) o.arg(0)]);
      } else if (n == TSTAMP) {
        priv.k.getTxTstamp();
      } else if (n == EMAC) {
        priv.k.emacInterruptUnlocked();
      } else if (n == ERROR) {
        priv.k.errorInterrupt();
      } else if (n == PTP) {
        priv.k.ptpInterrupt();
      } else {
        throw PortBridge.cannotApply(c, in, o);
      }
      return Replay.NEXT;
    }

    /** The Java's counters of a queue interrupt that claims its NAPI, from what the C read. */
    private void count(int q) {
      int bit = 1 << q;
      int rx = last[RavbReg.RIS0.ordinal()] & last[RavbReg.RIC0.ordinal()] & bit;
      int tx = last[RavbReg.TIS.ordinal()] & last[RavbReg.TIC.ordinal()] & bit;
      priv.queueIrqs++;
      if (rx != 0) {
        priv.rxIrqs++;
      }
      if (tx != 0) {
        priv.txIrqs++;
      }
    }

    private String function() {
      return dma ? "ravb_dma_interrupt" : "ravb_interrupt";
    }
  }
}
