package io.nicsim.stmmac;

import static io.nicsim.core.port.exec.InputField.range;
import static io.nicsim.core.port.exec.InputField.u32;

import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code port-check --execute} harnesses for stmmac_main.c's open-time coalescing setup:
 * stmmac_init_coalesce (the per-queue defaults and each TX queue's hrtimer). The C is
 * {@code main.c} with {@code init_coalesce.c}; the timer setup (hrtimer_init, from
 * hrtimer-setup hrtimer_setup) is a recording stub.
 */
public final class StmmacLifecycleHarnesses implements PortHarnessProvider {
  private static final String DIR = "nicsim/portexec/stmmac/";

  /** The coalesce record: queue counts, then every queue's three values before the call. */
  static final List<InputField> COAL_FIELDS;

  static {
    List<InputField> f = new ArrayList<>(List.of(range("tx_queues_to_use", 1, 8),
        range("rx_queues_to_use", 1, 8)));
    for (String a : List.of("tx_coal_frames", "tx_coal_timer", "rx_coal_frames")) {
      for (int q = 0; q < 8; q++) {
        f.add(u32(a + "[" + q + "]").withEdges(25, 1000, 5000));
      }
    }
    COAL_FIELDS = List.copyOf(f);
  }

  @Override
  public List<PortHarness> harnesses() {
    return List.of(StmmacTxHarnesses.hwUnits(PortHarness.of(StmmacTx.FILE,
        "stmmac_init_coalesce"))
        .sources(StmmacTxHarnesses.SOURCES)
        .program(PortHarness.resource(StmmacLifecycleHarnesses.class, DIR + "main.c") + "\n"
            + PortHarness.resource(StmmacLifecycleHarnesses.class, DIR + "init_coalesce.c"))
        .inputs(COAL_FIELDS)
        .notes("hrtimer_init / hrtimer_setup are recording stubs; the callback is checked to be"
            + " stmmac_tx_timer")
        .java(kernel -> {
          TxHarnessRig rig = new TxHarnessRig(StmmacTxHarnesses.patches(kernel));
          boolean setup = rig.patches.has(StmmacPatches.HRTIMER_SETUP);
          return r -> {
            rig.reset((int) r[0], (int) r[1], 6, DwmacCore.GMAC4, false);
            StmmacPriv priv = rig.priv;
            for (int q = 0; q < 8; q++) {
              priv.txCoalFrames[q] = (int) r[2 + q];
              priv.txCoalTimer[q] = (int) r[10 + q];
              priv.rxCoalFrames[q] = (int) r[18 + q];
            }
            boolean[] function = new boolean[8];
            StmmacLifecycle life = new StmmacLifecycle(priv) {
              @Override
              protected void setupTxTimer(int chan) {
                rig.calls.out.call(setup ? "hrtimer_setup" : "hrtimer_init", chan,
                    1 /* CLOCK_MONOTONIC */, 1 /* HRTIMER_MODE_REL */);
                function[chan] = true;
              }
            };
            life.initCoalesce();
            for (int q = 0; q < 8; q++) {
              rig.calls.out.u32("tx_coal_frames[" + q + "]", priv.txCoalFrames[q])
                  .u32("tx_coal_timer[" + q + "]", priv.txCoalTimer[q])
                  .u32("rx_coal_frames[" + q + "]", priv.rxCoalFrames[q])
                  .put("function[" + q + "]", function[q]);
            }
            return rig.calls.out.toString();
          };
        })
        .build());
  }
}
