package io.nicsim.stmmac;

import static io.nicsim.core.port.exec.InputField.bool;
import static io.nicsim.core.port.exec.InputField.range;

import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

/**
 * {@code port-check --execute} harnesses for stmmac_main.c's interrupt handlers (napi_check,
 * dma_interrupt, the shared line, the per-direction MSI vectors) and the service work that
 * resets the adapter (tx_timeout, global_err, service_event_schedule, reset_subtask,
 * service_task). The C is {@code main.c} with {@code irq_*.c} and {@code svc.c}; the Java side
 * builds on {@link TxHarnessRig}.
 */
public final class StmmacIrqHarnesses implements PortHarnessProvider {
  private static final String DIR = "nicsim/portexec/stmmac/";
  private static final String MAIN_C = StmmacTx.FILE;

  /** The IRQ record: layout in irq_napi_check.c. */
  static final List<InputField> IRQ_FIELDS;

  static {
    List<InputField> f = new ArrayList<>(List.of(
        range("tx_queues_to_use", 1, 8), range("rx_queues_to_use", 1, 8),
        range("priv->state", 0, 15), range("sfty_irq", -1, 3),
        bool("stmmac_safety_feat_interrupt"), range("chan", 0, 7), range("dir", 1, 3)));
    for (int c = 0; c < 8; c++) {
      // handle_rx 0x4, handle_tx 0x8, tx_hard_error 0x1, tx_hard_error_bump_tc 0x2
      long[] edges = {0, 0x1, 0x2, 0x4, 0x8, 0xC, 0x5, 0x9, 0x3};
      f.add(range("status[" + c + "].rx", 0, 15).withEdges(edges));
      f.add(range("status[" + c + "].tx", 0, 15).withEdges(edges));
      f.add(range("status[" + c + "].rxtx", 0, 15).withEdges(edges));
      f.add(bool("rx_napi[" + c + "] scheduled"));
      f.add(bool("tx_napi[" + c + "] scheduled"));
    }
    IRQ_FIELDS = List.copyOf(f);
  }

  /** The service record: layout in svc.c. */
  static final List<InputField> SVC_FIELDS = List.of(range("priv->state", 0, 15),
      range("txqueue", 0, 7), bool("queue_work"));

  static final String NOTES = "no AF_XDP pool (rx_napi/tx_napi, never rxtx_napi); the DMA"
      + " status, NAPI, safety-feature, common-interrupt, threshold and TX-error calls are"
      + " recording stubs answered from the record";

  @Override
  public List<PortHarness> harnesses() {
    List<PortHarness> out = new ArrayList<>();
    out.add(irq("stmmac_napi_check", "irq_napi_check.c", (irq, r) -> (long) irq.napiCheck(
        (int) r[5], r[6] == 1 ? DmaDir.RX : r[6] == 2 ? DmaDir.TX : DmaDir.RXTX)));
    out.add(irq("stmmac_dma_interrupt", "irq_dma_interrupt.c", (irq, r) -> {
      irq.dmaInterrupt();
      return null;
    }));
    out.add(irq("stmmac_interrupt", "irq_interrupt.c",
        (irq, r) -> irq.interrupt() ? 1L : 0L));
    out.add(irq("stmmac_msi_intr_tx", "irq_msi_tx.c",
        (irq, r) -> irq.msiIntrTx((int) r[5]) ? 1L : 0L));
    out.add(irq("stmmac_msi_intr_rx", "irq_msi_rx.c",
        (irq, r) -> irq.msiIntrRx((int) r[5]) ? 1L : 0L));
    String[] svc = {"stmmac_tx_timeout", "stmmac_global_err", "stmmac_service_event_schedule",
        "stmmac_reset_subtask", "stmmac_service_task"};
    for (int i = 0; i < svc.length; i++) {
      out.add(service(svc[i], i));
    }
    return out;
  }

  private static String program(String driver, String prelude) {
    return PortHarness.resource(StmmacIrqHarnesses.class, DIR + "main.c") + "\n"
        + PortHarness.resource(StmmacIrqHarnesses.class, DIR + driver) + "\n//@ prelude\n"
        + prelude + "\n";
  }

  private static PortHarness irq(String function, String driver,
      BiFunction<StmmacIrq, long[], Long> port) {
    return StmmacTxHarnesses.hwUnits(PortHarness.of(MAIN_C, function))
        .sources(StmmacTxHarnesses.SOURCES)
        .program(program(driver, ""))
        .inputs(IRQ_FIELDS)
        .notes(NOTES)
        .java(kernel -> {
          TxHarnessRig rig = new TxHarnessRig(StmmacTxHarnesses.patches(kernel));
          return r -> {
            rig.reset((int) r[0], (int) r[1], 6, DwmacCore.GMAC4, false);
            StmmacPriv priv = rig.priv;
            priv.state = r[2];
            priv.sftyIrq = (int) r[3];
            rig.calls.safetyFeat = r[4] != 0;
            for (int c = 0; c < 8; c++) {
              int w = 7 + c * 5;
              rig.calls.dmaStatus[c * 4 + 1] = (int) r[w];
              rig.calls.dmaStatus[c * 4 + 2] = (int) r[w + 1];
              rig.calls.dmaStatus[c * 4 + 3] = (int) r[w + 2];
              rig.calls.napiSched.put(rig.rxNapi[c], r[w + 3] != 0);
              rig.calls.napiSched.put(rig.txNapi[c], r[w + 4] != 0);
            }
            // the loop's tail: the core and the register file its dwmac callbacks read
            rig.calls.hwFrom(r, IRQ_FIELDS.size(), true);
            StmmacIrq irq = new StmmacIrq(priv, null, null);
            Long[] ret = new Long[1];
            rig.run(() -> ret[0] = port.apply(irq, r));
            if (ret[0] != null) {
              rig.calls.out.put("ret", ret[0]);
            }
            return rig.calls.out.u("state", priv.state).toString();
          };
        })
        .build();
  }

  private static PortHarness service(String function, int which) {
    return StmmacTxHarnesses.hwUnits(PortHarness.of(MAIN_C, function))
        .sources(StmmacTxHarnesses.SOURCES)
        .program(program("svc.c", "#define NICSIM_SVC " + which))
        .inputs(SVC_FIELDS)
        // STMMAC_RESETING is set only inside stmmac_reset_subtask, which the one service work
        // item runs: on entry it is clear whenever the reset would proceed
        .admit(r -> {
          boolean resets = (r[0] & 0x2) != 0 && (r[0] & 0x1) == 0;
          if (resets && (which == 3 || which == 4)) {
            r[0] &= ~0x4L;
          }
          return r;
        })
        .notes("queue_work, netif_carrier_off, RTNL, netif_trans_update, dev_close and"
            + " dev_open are recording stubs")
        .java(kernel -> {
          TxHarnessRig rig = new TxHarnessRig(StmmacTxHarnesses.patches(kernel));
          return r -> {
            rig.reset(1, 1, 6, DwmacCore.GMAC4, false);
            StmmacPriv priv = rig.priv;
            priv.state = r[0];
            rig.calls.queueWorkRet = r[2] != 0;
            StmmacService svc = new StmmacService(priv);
            rig.run(() -> {
              switch (which) {
                case 0 -> svc.txTimeout((int) r[1]);
                case 1 -> svc.globalErr();
                case 2 -> svc.serviceEventSchedule();
                case 3 -> svc.resetSubtask();
                default -> svc.serviceTask();
              }
            });
            return rig.calls.out.u("state", priv.state).toString();
          };
        })
        .build();
  }
}
