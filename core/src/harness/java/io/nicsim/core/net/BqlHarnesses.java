package io.nicsim.core.net;

import static io.nicsim.core.port.exec.InputField.bool;
import static io.nicsim.core.port.exec.InputField.range;
import static io.nicsim.core.port.exec.InputField.u32;
import static io.nicsim.core.port.exec.InputField.u64;
import static io.nicsim.core.port.exec.InputField.urange;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.KernelHeaders;
import io.nicsim.core.port.exec.Out;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import io.nicsim.core.kernel.HarnessKernel;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * {@code port-check --execute} harnesses for a TX queue's BQL accounting
 * (include/linux/netdevice.h's netdev_tx_sent_queue and netdev_tx_completed_queue) and its
 * wake-up and qdisc scheduling (net/core/dev.c's netif_tx_wake_queue, netif_schedule_queue,
 * __netif_schedule). A queue travels as {@link #QUEUE}; the C drivers are
 * {@code src/main/resources/nicsim/portexec/bql/}.
 */
public final class BqlHarnesses implements PortHarnessProvider {
  private static final String DIR = "nicsim/portexec/bql/";
  private static final String DEV_C = "net/core/dev.c";
  private static final String NETDEVICE_H = "include/linux/netdevice.h";
  private static final List<String> SOURCES;

  static {
    List<String> s = new ArrayList<>(List.of(DEV_C, NETDEVICE_H, "lib/dynamic_queue_limits.c",
        "include/linux/dynamic_queue_limits.h", "include/net/sch_generic.h",
        "include/linux/llist.h"));
    s.addAll(KernelHeaders.ARITHMETIC);
    SOURCES = List.copyOf(s);
  }

  /** A TX queue: its state, qdisc, the time and its dql. */
  static final List<InputField> QUEUE = List.of(
      range("state (DRV_XOFF, STACK_XOFF, FROZEN)", 0, 7),
      u32("jiffies - trans_start").withEdges(1, 250, 1000),
      bool("qdisc scheduled"),
      u64("jiffies"),
      u32("num_queued"), u32("adj_limit"), u32("last_obj_cnt"), u32("limit"),
      u32("num_completed"), u32("prev_ovlimit"), u32("prev_num_queued"),
      u32("prev_last_obj_cnt"), u32("lowest_slack"),
      u32("jiffies - slack_start_time").withEdges(99, 100, 101, 999, 1000, 1001),
      u32("max_limit").withEdges(Integer.toUnsignedLong(Dql.MAX_LIMIT)), u32("min_limit"),
      u32("slack_hold_time").withEdges(100, 250, 1000));

  private static final int DQL = 4;

  private static final String NOTE = "BQL's stall detection off (stall_thrs 0, as netdev queues"
      + " have it unless sysfs sets it); times as jiffies minus the time (each side has its own"
      + " clock); no CPU is inside __dev_xmit_skb (6.18's qdisc defer_list is empty: nicsim's"
      + " transmit path runs as one piece of CPU work)";

  @Override
  public List<PortHarness> harnesses() {
    return List.of(
        harness(NETDEVICE_H, "netdev_tx_sent_queue",
            List.of(urange("bytes", 0, Integer.toUnsignedLong(Dql.MAX_OBJECT))),
            (q, r) -> q.sentQueue((int) r[QUEUE.size()])),
        harness(NETDEVICE_H, "netdev_tx_completed_queue",
            List.of(u32("pkts"), u32("bytes")),
            (q, r) -> q.completedQueue((int) r[QUEUE.size()], (int) r[QUEUE.size() + 1])),
        harness(DEV_C, "netif_tx_wake_queue", List.of(), (q, r) -> q.wake()),
        harness(DEV_C, "netif_schedule_queue", List.of(), (q, r) -> q.scheduleQueue()),
        harness(DEV_C, "__netif_schedule", List.of(),
            (q, r) -> q.kernel().netifSchedule(q.qdisc())));
  }

  private static PortHarness harness(String file, String function, List<InputField> args,
      BiConsumer<NetdevQueue, long[]> port) {
    List<InputField> in = new ArrayList<>(QUEUE);
    in.addAll(args);
    boolean completes = function.equals("netdev_tx_completed_queue");
    return PortHarness.of(file, function)
        .sources(SOURCES)
        .program(PortHarness.resource(BqlHarnesses.class, DIR + "common.c") + "\n"
            + PortHarness.resource(BqlHarnesses.class, DIR + function + ".c"))
        .inputs(in)
        .admit(r -> {
          if (completes) {
            // the driver never completes more than is in flight (dql_completed's BUG_ON)
            long inflight = (r[DQL] - r[DQL + 4]) & 0xFFFF_FFFFL;
            int bytes = QUEUE.size() + 1;
            r[bytes] = Long.remainderUnsigned(r[bytes], inflight + 1);
          }
          return r;
        })
        .notes(NOTE)
        .java(kernel -> {
          HarnessKernel hk = HarnessKernel.forRelease(kernel);
          NetDevice dev = new NetDevice(hk.kernel, "eth0", 1, new SkbLedger());
          NetdevQueue txq = dev.queue(0);
          return r -> {
            String[] out = new String[1];
            hk.inTask(() -> out[0] = run(hk, txq, r, port));
            return out[0];
          };
        })
        .build();
  }

  private static String run(HarnessKernel hk, NetdevQueue txq, long[] r,
      BiConsumer<NetdevQueue, long[]> port) {
    Core core = hk.cpu.core(0);
    Qdisc q = txq.qdisc();
    long now = hk.kernel.cpu().jiffies();
    q.clearScheduled();
    if (r[2] != 0) {
      hk.kernel.netifSchedule(q); // scheduled: on this CPU's output queue
    }
    txq.state = (int) r[0];
    txq.transStart = now - r[1];
    Dql d = txq.dql();
    d.numQueued = (int) r[DQL];
    d.adjLimit = (int) r[DQL + 1];
    d.lastObjCnt = (int) r[DQL + 2];
    d.limit = (int) r[DQL + 3];
    d.numCompleted = (int) r[DQL + 4];
    d.prevOvlimit = (int) r[DQL + 5];
    d.prevNumQueued = (int) r[DQL + 6];
    d.prevLastObjCnt = (int) r[DQL + 7];
    d.lowestSlack = (int) r[DQL + 8];
    d.slackStartTime = now - r[DQL + 9];
    d.maxLimit = (int) r[DQL + 10];
    d.minLimit = (int) r[DQL + 11];
    d.slackHoldTime = r[DQL + 12];
    boolean wasScheduled = q.isScheduled();
    port.accept(txq, r);
    Out o = new Out();
    if (!wasScheduled && q.isScheduled()) {
      o.call("raise_softirq", 2); // __netif_reschedule: NET_TX_SOFTIRQ
    }
    return o.u("state", txq.state)
        .u("trans_start_age", now - txq.transStart)
        .put("qdisc_scheduled", q.isScheduled())
        .put("on_output_queue", hk.kernel.softnet(core).onOutputQueue(q))
        .u32("num_queued", d.numQueued).u32("adj_limit", d.adjLimit)
        .u32("last_obj_cnt", d.lastObjCnt).u32("limit", d.limit)
        .u32("num_completed", d.numCompleted).u32("prev_ovlimit", d.prevOvlimit)
        .u32("prev_num_queued", d.prevNumQueued).u32("prev_last_obj_cnt", d.prevLastObjCnt)
        .u32("lowest_slack", d.lowestSlack)
        .u("slack_start_age", now - d.slackStartTime)
        .toString();
  }
}
