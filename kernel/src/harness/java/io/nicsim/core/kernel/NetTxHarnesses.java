package io.nicsim.core.kernel;

import static io.nicsim.core.port.exec.InputField.bool;
import static io.nicsim.core.port.exec.InputField.range;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.JavaPort;
import io.nicsim.core.port.exec.Out;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code port-check --execute} harness for net_tx_action (net/core/dev.c): the CPU's
 * output_queue as {@link #OUTPUT_QUEUE}, qdiscs whose run is recorded and may schedule the qdisc
 * again; the C driver is {@code src/main/resources/nicsim/portexec/nettx/net_tx_action.c}.
 */
public final class NetTxHarnesses implements PortHarnessProvider {
  private static final String DEV_C = "net/core/dev.c";
  static final int QDISCS = 4;

  /** The output queue's length, then per qdisc: TCQ_F_NOLOCK, its run reschedules it. */
  static final List<InputField> OUTPUT_QUEUE;

  static {
    List<InputField> in = new ArrayList<>();
    in.add(range("output_queue length", 0, QDISCS));
    for (int i = 0; i < QDISCS; i++) {
      in.add(bool("q[" + i + "].flags TCQ_F_NOLOCK"));
      in.add(bool("q[" + i + "] run reschedules"));
    }
    OUTPUT_QUEUE = List.copyOf(in);
  }

  @Override
  public List<PortHarness> harnesses() {
    return List.of(PortHarness.of(DEV_C, "net_tx_action")
        .sources(DEV_C, "include/net/sch_generic.h", "include/linux/llist.h")
        .program(PortHarness.resource(NetTxHarnesses.class,
            "nicsim/portexec/nettx/net_tx_action.c"))
        .inputs(OUTPUT_QUEUE)
        .notes("the completion_queue is empty (nicsim's drivers free their skbs themselves:"
            + " dev_kfree_skb_irq's queue is not modelled), so its branch is never taken; no"
            + " qdisc is deactivated (dev_deactivate is not modelled), so the TCQ_F_NOLOCK"
            + " qdisc's early exit is never taken and the qdisc lock is not observable")
        .java(NetTxHarnesses::side)
        .build());
  }

  /** A qdisc on the output queue whose run is recorded (qdisc_run's stub in the C). */
  static final class RecordingQdisc implements TxQdisc {
    final int id;
    final Kernel kernel;
    boolean scheduled;
    boolean reschedules;
    Out out;

    RecordingQdisc(int id, Kernel kernel) {
      this.id = id;
      this.kernel = kernel;
    }

    @Override
    public boolean testAndSetScheduled() {
      boolean was = scheduled;
      scheduled = true;
      return was;
    }

    @Override
    public boolean isScheduled() {
      return scheduled;
    }

    @Override
    public void clearScheduled() {
      scheduled = false;
    }

    @Override
    public void run() {
      out.call("qdisc_run", id);
      if (reschedules) {
        boolean was = scheduled;
        kernel.netifSchedule(this);
        if (!was && scheduled) {
          out.call("raise_softirq", 2); // __netif_reschedule: NET_TX_SOFTIRQ
        }
      }
    }
  }

  private static JavaPort side(String kernel) {
    HarnessKernel hk = HarnessKernel.forRelease(kernel);
    RecordingQdisc[] qs = new RecordingQdisc[QDISCS];
    for (int i = 0; i < QDISCS; i++) {
      qs[i] = new RecordingQdisc(i, hk.kernel);
    }
    return r -> {
      String[] result = new String[1];
      hk.inTask(() -> {
        Core core = hk.cpu.core(0);
        Out out = new Out();
        recordToQueue(r, qs, hk.kernel.softnet(core), out);
        hk.kernel.netTxAction(core);
        result[0] = output(out, qs, hk.kernel.softnet(core));
        clear(qs, hk.kernel.softnet(core));
      });
      return result[0];
    };
  }

  /** Record → objects: the qdiscs, the first {@code r[0]} scheduled on the output queue. */
  static void recordToQueue(long[] r, RecordingQdisc[] qs, Softnet sd, Out out) {
    sd.outputQueue.clear();
    for (int i = 0; i < QDISCS; i++) {
      RecordingQdisc q = qs[i];
      q.reschedules = r[2 + 2 * i] != 0;
      q.out = out;
      q.scheduled = i < r[0];
      if (q.scheduled) {
        sd.outputQueue.addLast(q);
      }
    }
  }

  /** Objects → output: the calls, each qdisc's SCHED bit, the output queue after. */
  static String output(Out out, RecordingQdisc[] qs, Softnet sd) {
    for (int i = 0; i < QDISCS; i++) {
      out.put("sched[" + i + "]", qs[i].scheduled);
    }
    int at = 0;
    for (TxQdisc q : sd.outputQueue) {
      out.put("output_queue[" + at++ + "]", ((RecordingQdisc) q).id);
    }
    return out.put("output_queue_end", at).toString();
  }

  /** Leaves nothing for the CPU's NET_TX softirq to run after the task. */
  private static void clear(RecordingQdisc[] qs, Softnet sd) {
    sd.outputQueue.clear();
    for (RecordingQdisc q : qs) {
      q.scheduled = false;
    }
  }
}
