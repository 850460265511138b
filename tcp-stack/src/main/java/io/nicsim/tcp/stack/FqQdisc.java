package io.nicsim.tcp.stack;

import io.nicsim.core.cpu.Core;
import io.nicsim.core.cpu.KernelOps;
import io.nicsim.core.kernel.HrTimer;
import io.nicsim.core.kernel.Kernel;
import io.nicsim.core.net.NetdevTx;
import io.nicsim.core.net.Qdisc;
import io.nicsim.core.net.Skb;
import io.nicsim.core.port.KernelPort;
import io.nicsim.tcp.TcpSock;
import java.util.ArrayDeque;
import java.util.IdentityHashMap;
import java.util.PriorityQueue;

/**
 * The fq packet scheduler (net/sched/sch_fq.c) on core's Qdisc SPI: one queue per socket,
 * round robin with a byte quantum between flows, and Earliest Departure Time pacing — a packet
 * leaves no earlier than its skb->tstamp, throttled flows wait on a watchdog hrtimer. Marks
 * the sockets it sees SK_PACING_FQ, so TCP stops pacing internally and only stamps departure
 * times.
 *
 * <p>Simplified: one priority band; flows are never garbage-collected; per-flow queues are
 * FIFO (TCP's departure stamps only grow); no flow_max_rate and no pacing of unstamped skbs
 * (TCP stamps every skb); no CE marking.
 */
public final class FqQdisc extends Qdisc {
  static final String SRC = "Kingxukai/linux@0291023e7330da28f2f7453c87c2ab7082d8360f";

  private static final class Flow {
    final Object sk;
    final ArrayDeque<Skb> queue = new ArrayDeque<>();
    int credit;
    long timeNextPacket;
    long age;
    boolean detached = true;
    boolean throttled;
    Flow next;

    Flow(Object sk) {
      this.sk = sk;
    }
  }

  /** new_flows / old_flows: intrusive singly linked lists. */
  private static final class FlowList {
    Flow first;
    Flow last;

    void addTail(Flow f) {
      f.next = null;
      if (first == null) {
        first = f;
      } else {
        last.next = f;
      }
      last = f;
    }
  }

  private final int limit = 10000;
  private final int flowPlimit = 100;
  private final int quantum;
  private final int initialQuantum;
  private final long flowRefillDelayJiffies;
  private final long horizonNs = 10_000_000_000L;
  private final IdentityHashMap<Object, Flow> flows = new IdentityHashMap<>();
  private final Flow internal = new Flow(null);
  private final FlowList newFlows = new FlowList();
  private final FlowList oldFlows = new FlowList();
  private final PriorityQueue<Flow> delayed =
      new PriorityQueue<>((a, b) -> Long.compare(a.timeNextPacket, b.timeNextPacket));
  private long timeNextDelayedFlow = Long.MAX_VALUE;
  private int qlen;
  private final HrTimer watchdog;
  long throttledCount;
  long flowsPlimitDrops;

  /** fq_init with defaults; {@code mtu} is the device's (psched_mtu adds the 14-byte header). */
  public FqQdisc(Kernel kernel, int mtu) {
    super(kernel);
    this.quantum = 2 * (mtu + 14);
    this.initialQuantum = 10 * (mtu + 14);
    this.flowRefillDelayJiffies = kernel.cpu().msecsToJiffies(40);
    // qdisc_watchdog: reschedule the qdisc when the next throttled flow may send
    this.watchdog = new HrTimer(kernel, "qdisc_watchdog", t -> {
      kernel.netifSchedule(this);
      return HrTimer.Restart.NORESTART;
    });
  }

  @Override
  public int qlen() {
    return qlen;
  }

  /** Flows moved to the throttled set so far. */
  public long throttledCount() {
    return throttledCount;
  }

  @KernelPort(file = "net/sched/sch_fq.c", function = "fq_classify", versions = "v5.0..v6.18",
      source = SRC, notes = "flows keyed by socket only; orphaned skbs use the internal flow")
  private Flow classify(Skb skb) {
    Object sk = skb.sk;
    if (sk == null) {
      return internal;
    }
    Flow f = flows.get(sk);
    if (f == null) {
      f = new Flow(sk);
      f.credit = initialQuantum;
      flows.put(sk, f);
      // rate_enable: TCP must leave pacing to us
      if (sk instanceof TcpSock tcp) {
        tcp.skPacingStatus = TcpSock.SK_PACING_FQ;
      }
    }
    return f;
  }

  @Override
  @KernelPort(file = "net/sched/sch_fq.c", function = "fq_enqueue", versions = "v5.0..v6.18",
      source = SRC)
  public int enqueue(Skb skb) {
    Core core = kernel.cpu().current();
    if (core != null) {
      core.charge(KernelOps.QDISC_ENQUEUE);
    }
    if (qlen >= limit) {
      return drop(skb);
    }
    long now = kernel.now();
    if (skb.tstamp == 0) {
      // fq_skb_cb(skb)->time_to_send = now; kept in skb.tstamp, which nothing below reads
      skb.tstamp = now;
    } else if (skb.tstamp > now + horizonNs) {
      return drop(skb); // beyond the horizon: horizon_drop
    }
    Flow f = classify(skb);
    if (f != internal) {
      if (f.queue.size() >= flowPlimit) {
        flowsPlimitDrops++;
        return drop(skb);
      }
      if (f.detached) {
        newFlows.addTail(f);
        f.detached = false;
        if (kernel.cpu().jiffies() > f.age + flowRefillDelayJiffies) {
          f.credit = Math.max(f.credit, quantum);
        }
      }
    }
    f.queue.addLast(skb);
    f.age = kernel.cpu().jiffies();
    qlen++;
    return NetdevTx.NET_XMIT_SUCCESS;
  }

  private int drop(Skb skb) {
    dropCount++;
    skb.free();
    return NetdevTx.NET_XMIT_DROP;
  }

  private long dropCount;

  /** Packets fq dropped (limit, flow_plimit, horizon). */
  public long fqDrops() {
    return dropCount;
  }

  @KernelPort(file = "net/sched/sch_fq.c", function = "fq_check_throttled",
      versions = "v5.0..v6.18", source = SRC, notes = "6.18 adds offload_horizon (0 unless"
          + " set, as here) to now and guards the unthrottle-latency statistic")
  private void checkThrottled(long now) {
    if (timeNextDelayedFlow > now) {
      return;
    }
    timeNextDelayedFlow = Long.MAX_VALUE;
    Flow f;
    while ((f = delayed.peek()) != null) {
      if (f.timeNextPacket > now) {
        timeNextDelayedFlow = f.timeNextPacket;
        break;
      }
      delayed.poll();
      f.throttled = false;
      oldFlows.addTail(f); // fq_flow_unset_throttled
    }
  }

  @Override
  @KernelPort(file = "net/sched/sch_fq.c", function = "fq_dequeue", versions = "v5.0..v6.18",
      source = SRC, notes = "one band; EDT-stamped skbs only; 6.18 compares against now +"
          + " offload_horizon (0 unless set, as here) and moves its statistics into"
          + " fq_dequeue_skb")
  public Skb dequeue() {
    if (qlen == 0) {
      return null;
    }
    Skb skb = internal.queue.pollFirst();
    if (skb != null) {
      return dequeued(skb);
    }
    long now = kernel.now();
    checkThrottled(now);
    while (true) {
      FlowList head = newFlows.first != null ? newFlows : oldFlows.first != null ? oldFlows : null;
      if (head == null) {
        if (timeNextDelayedFlow != Long.MAX_VALUE) {
          watchdog.start(Math.max(0, timeNextDelayedFlow - now));
        }
        return null;
      }
      Flow f = head.first;
      if (f.credit <= 0) {
        f.credit += quantum;
        head.first = f.next;
        oldFlows.addTail(f);
        continue;
      }
      skb = f.queue.peekFirst();
      if (skb != null) {
        long timeNextPacket = Math.max(skb.tstamp, f.timeNextPacket);
        if (now < timeNextPacket) {
          head.first = f.next;
          f.timeNextPacket = timeNextPacket;
          // fq_flow_set_throttled
          f.throttled = true;
          throttledCount++;
          delayed.add(f);
          if (timeNextDelayedFlow > timeNextPacket) {
            timeNextDelayedFlow = timeNextPacket;
          }
          continue;
        }
        f.queue.pollFirst();
        f.credit -= skb.len;
        return dequeued(skb);
      }
      head.first = f.next;
      // force a pass through old_flows to prevent starvation
      if (head == newFlows) {
        oldFlows.addTail(f);
      } else {
        f.detached = true;
      }
    }
  }

  private Skb dequeued(Skb skb) {
    Core core = kernel.cpu().current();
    if (core != null) {
      core.charge(KernelOps.QDISC_DEQUEUE);
    }
    qlen--;
    return skb;
  }
}
