package io.nicsim.stmmac;

import io.nicsim.core.host.PortBridge;
import io.nicsim.core.host.Replay;
import io.nicsim.core.kernel.Napi;
import io.nicsim.core.port.exec.NativeFailure;
import io.nicsim.core.port.exec.NativeOut;
import io.nicsim.core.port.exec.NativePort;
import java.util.Arrays;

/**
 * {@code --ports c} for stmmac's interrupt entry points: the shared line's
 * {@code stmmac_interrupt} (with the tree's {@code stmmac_dma_interrupt} and
 * {@code stmmac_napi_check} inside), {@code stmmac_dma_interrupt} and the per-direction MSI
 * vectors {@code stmmac_msi_intr_rx} and {@code stmmac_msi_intr_tx}, in place of
 * {@link StmmacIrq}'s ports; the inverse of their harnesses in {@link StmmacIrqHarnesses} (the IRQ
 * record: queue counts, state, every channel's DMA status per direction and NAPI SCHED bits).
 * The tree's own dma_interrupt callback (dwmac_lib.c's or dwmac4_lib.c's, main.c's ops table)
 * decides inside the C: the record's tail holds the core and the registers it reads, as the
 * model has them when the entry point starts ({@link HwRegs}); a read the model answers
 * otherwise where the C makes it reruns the C with the model's value, the calls already applied
 * skipped (the same record up to there gives the same calls); its status clear is applied to
 * the model's registers, the model's charge for the access made where the C calls the op. The NAPI claims, masks and
 * schedules are replayed as {@link StmmacBridges.NapiCheckHook} replays them (a claim the model
 * answers otherwise reruns the C too), the driver's unported helpers (safety features, common
 * interrupt, threshold bump, TX error) on the model's {@link UnportedCalls}, and the Java's
 * interrupt counters at each status read.
 */
final class IrqBridge extends StmmacPortBridge {
  IrqBridge(String function) {
    super(function);
  }

  @Override
  boolean installOn(StmmacDriver d, StmmacPriv priv, NativePort c) {
    // the harnesses cover the per-direction masks (irq-per-dir), at most 8 channels
    if (!priv.patches().has(StmmacPatches.IRQ_PER_DIR) || priv.channel.length > 8) {
      return false;
    }
    Hook hook = new Hook(priv, c);
    switch (function()) {
      case "stmmac_interrupt" -> d.irq().cInterrupt = hook;
      case "stmmac_dma_interrupt" -> d.irq().cDmaInterrupt = hook;
      case "stmmac_msi_intr_rx" -> d.irq().cMsiIntrRx = hook;
      default -> d.irq().cMsiIntrTx = hook;
    }
    return true;
  }

  /** The hook a {@link StmmacIrq} entry point (or its napi check) calls first. */
  static final class Hook implements Replay.Tokens, StmmacCHooks.Irq, StmmacCHooks.NapiCheck {
    private static final long STATUS = NativeOut.id("dma_interrupt");
    private static final long PREP = NativeOut.id("napi_schedule_prep");
    private static final long SCHED = NativeOut.id("__napi_schedule");
    private static final long DISABLE = NativeOut.id("disable_dma_irq");
    private static final long SAFETY = NativeOut.id("stmmac_safety_feat_interrupt");
    private static final long COMMON = NativeOut.id("stmmac_common_interrupt");
    private static final long BUMP = NativeOut.id("stmmac_bump_dma_threshold");
    private static final long TX_ERR = NativeOut.id("stmmac_tx_err");
    private static final long WARN = NativeOut.id("WARN_ON");
    private static final long STATE = NativeOut.id("state");
    /** The IRQ record's fields (irq_napi_check.c). */
    private static final int SAFETY_RET = 4;
    private static final int CHAN = 5;
    private static final int DIR = 6;
    private static final int CHANNELS = 7;
    private static final int CHANNEL_WORDS = 5;

    private final StmmacPriv priv;
    private final NativePort c;
    private final long[] in;
    private final Replay replay;
    private final HwRegs regs;
    private long state;

    Hook(StmmacPriv priv, NativePort c) {
      this.priv = priv;
      this.c = c;
      this.in = new long[c.inputs() + HwRegs.TAIL];
      this.replay = new Replay(c, in);
      this.regs = new HwRegs(priv, c, replay, c.inputs());
    }

    /** stmmac_interrupt(irq, dev). */
    @Override
    public boolean interrupt() {
      capture(0, DmaDir.RXTX);
      // the C checks the state, the safety features and the common interrupt first, none of
      // which the model's DMA sees
      if (!priv.testBit(StmmacPriv.STMMAC_DOWN)) {
        in[SAFETY_RET] = priv.unported.safetyFeatInterrupt() ? 1 : 0;
      }
      return run() != 0;
    }

    /** stmmac_dma_interrupt(priv). */
    @Override
    public void dmaInterrupt() {
      capture(0, DmaDir.RXTX);
      run();
    }

    /** stmmac_msi_intr_rx(irq, rx_q) or stmmac_msi_intr_tx(irq, tx_q). */
    @Override
    public boolean msiIntr(int chan, DmaDir dir) {
      capture(chan, dir);
      return run() != 0;
    }

    /** stmmac_napi_check(priv, chan, dir). */
    @Override
    public int napiCheck(int chan, DmaDir dir) {
      capture(chan, dir);
      return (int) run();
    }

    private void capture(int chan, DmaDir dir) {
      Arrays.fill(in, 0);
      in[0] = priv.plat.txQueuesToUse();
      in[1] = priv.plat.rxQueuesToUse();
      in[2] = priv.state;
      in[3] = priv.sftyIrq;
      in[CHAN] = chan;
      in[DIR] = dir.ordinal() + 1;
      for (int ch = 0; ch < 8 && ch < priv.channel.length; ch++) {
        int w = CHANNELS + ch * CHANNEL_WORDS;
        StmmacChannel x = priv.channel[ch];
        in[w + 3] = x.rxNapi != null && x.rxNapi.isScheduled() ? 1 : 0;
        in[w + 4] = x.txNapi != null && x.txNapi.isScheduled() ? 1 : 0;
      }
      // the registers the dwmac callback reads, as the model has them now (every channel's:
      // nothing the C does before its read touches the model's DMA)
      regs.capture(Math.min(8, priv.channel.length));
    }

    private void countIrq(int status) {
      priv.counters.isr++;
      if ((status & DwmacHw.HANDLE_TX) != 0) {
        priv.counters.txIrq++;
      }
      if ((status & DwmacHw.HANDLE_RX) != 0) {
        priv.counters.rxIrq++;
      }
    }

    private long run() {
      state = priv.state;
      long ret = replay.run(regs.words(), this);
      priv.state = state;
      return ret;
    }

    @Override
    public int apply(NativeOut o) {
      long n = o.name();
      if (o.kind() != NativeOut.CALL) {
        if (n != STATE) {
          throw PortBridge.cannotApply(c, in, o);
        }
        state = o.value();
      } else if (n == STATUS) {
        regs.hw().charge(DwmacHw.DMA_ISR); // the model's status read and clear
      } else if (n == HwRegs.READL) {
        return regs.readl(o);
      } else if (n == HwRegs.WRITEL) {
        regs.writel(o);
      } else if (n == HwRegs.DMA_STATUS) {
        countIrq((int) o.arg(0));
      } else if (n == PREP) {
        int id = (int) o.arg(0);
        boolean tx = id % 4 == 1;
        // the record holds the SCHED bit the claim finds: set means the claim fails
        return replay.answer(CHANNELS + (id / 4) * CHANNEL_WORDS + (tx ? 4 : 3),
            !priv.calls.napiSchedulePrep(napi(id)));
      } else if (n == SCHED) {
        priv.calls.napiSchedule(napi((int) o.arg(0)));
      } else if (n == DISABLE) {
        priv.hwif.disableDmaIrq((int) o.arg(0), o.arg(1) != 0, o.arg(2) != 0);
      } else if (n == SAFETY) {
        boolean model = priv.unported.safetyFeatInterrupt();
        if (model != (in[SAFETY_RET] != 0)) {
          throw new NativeFailure(c.function() + "'s C was given stmmac_safety_feat_interrupt "
              + in[SAFETY_RET] + " and the model answers otherwise: input "
              + PortBridge.record(c, in));
        }
      } else if (n == COMMON) {
        priv.unported.commonInterrupt();
      } else if (n == BUMP) {
        priv.unported.bumpDmaThreshold((int) o.arg(0));
      } else if (n == TX_ERR) {
        priv.unported.txErr((int) o.arg(0));
      } else if (n == WARN) {
        priv.calls.warnOn();
      } else {
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
