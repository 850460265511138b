package io.nicsim.core.net;

import static io.nicsim.core.port.exec.InputField.bool;
import static io.nicsim.core.port.exec.InputField.range;
import static io.nicsim.core.port.exec.InputField.u32;
import static io.nicsim.core.port.exec.InputField.urange;

import io.nicsim.core.kernel.HarnessKernel;
import io.nicsim.core.port.exec.InputField;
import io.nicsim.core.port.exec.KernelHeaders;
import io.nicsim.core.port.exec.Out;
import io.nicsim.core.port.exec.PortHarness;
import io.nicsim.core.port.exec.PortHarnessProvider;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code port-check --execute} harnesses for the dequeue side of net/sched/sch_generic.c
 * ({@link DevXmit}'s dequeue_skb and try_bulk_dequeue_skb): a root qdisc of one TX queue whose
 * dequeue hands out the record's skbs, its requeued (gso_skb) list and the queue's BQL room. The
 * C drivers are {@code src/main/resources/nicsim/portexec/qdisc/} (record layout in common.c).
 */
public final class QdiscHarnesses implements PortHarnessProvider {
  private static final String DIR = "nicsim/portexec/qdisc/";
  private static final String SCH_GENERIC_C = "net/sched/sch_generic.c";
  private static final List<String> SOURCES;

  static {
    List<String> s = new ArrayList<>(List.of(SCH_GENERIC_C, "include/net/sch_generic.h",
        "include/linux/netdevice.h", "include/linux/skbuff.h",
        "include/linux/dynamic_queue_limits.h"));
    s.addAll(KernelHeaders.ARITHMETIC);
    SOURCES = List.copyOf(s);
  }

  static final int GSO_SLOTS = 3;
  static final int Q_SLOTS = 8;
  /** Where the record's requeued and queued skbs start, and its budget. */
  private static final int GSO = 4;
  private static final int QUEUED = GSO + 1 + GSO_SLOTS;
  private static final int BUDGET = QUEUED + 1 + Q_SLOTS;
  /**
   * The loop's layout ({@link DequeueSkbNative}, common.c with NICSIM_IN_LOOP): the budget
   * before the queued skbs, of which it holds {@link DequeueSkbNative#Q_SLOTS}; a record that
   * long is the loop's.
   */
  private static final int LOOP_BUDGET = DequeueSkbNative.BUDGET;
  private static final int LOOP_QUEUED = DequeueSkbNative.QUEUED;

  static int budget(long[] r) {
    return (int) r[r.length >= DequeueSkbNative.WORDS ? LOOP_BUDGET : BUDGET];
  }

  static int queued(long[] r) {
    return r.length >= DequeueSkbNative.WORDS ? LOOP_QUEUED : QUEUED;
  }

  /** A root qdisc of one TX queue: see common.c. */
  static final List<InputField> QUEUE;

  static {
    List<InputField> q = new ArrayList<>();
    q.add(range("state (DRV_XOFF, STACK_XOFF, FROZEN)", 0, 7));
    q.add(u32("dql.adj_limit").withEdges(1514, 3028, 65536));
    q.add(u32("dql.num_queued").withEdges(1514, 3028, 65536));
    q.add(bool("lockless (TCQ_F_NOLOCK, TCQ_F_CPUSTATS)"));
    q.add(range("gso_skb", 0, GSO_SLOTS));
    for (int i = 0; i < GSO_SLOTS; i++) {
      q.add(u32("gso_skb[" + i + "].len").withEdges(60, 1514, 65226));
    }
    q.add(range("queued", 0, Q_SLOTS));
    for (int i = 0; i < Q_SLOTS; i++) {
      q.add(u32("queued[" + i + "].len").withEdges(60, 1514, 65226));
    }
    q.add(urange("budget", 1, Integer.MAX_VALUE).withEdges(1, 2, 3, 8, 64));
    QUEUE = List.copyOf(q);
  }

  private static final String NOTE = "a root qdisc of one TX queue (TCQ_F_ONETXQUEUE), skbs of"
      + " that queue, no xfrm offload, skb_bad_txq empty (try_bulk_dequeue_skb_slow, which fills"
      + " it, runs only without ONETXQUEUE); qdisc statistics are not compared; the qdisc's"
      + " ->dequeue and qdisc_maybe_clear_missed (nicsim's qdiscs keep no MISSED bit) are"
      + " recorded calls";

  @Override
  public List<PortHarness> harnesses() {
    return List.of(dequeueSkb(), tryBulkDequeueSkb(), qdiscRun());
  }

  private static PortHarness.Builder harness(String function, List<InputField> in) {
    return PortHarness.of(SCH_GENERIC_C, function)
        .sources(SOURCES)
        .program(PortHarness.resource(QdiscHarnesses.class, DIR + "common.c") + "\n"
            + PortHarness.resource(QdiscHarnesses.class, DIR + function + ".c"))
        .inputs(in)
        .notes(NOTE);
  }

  private static PortHarness dequeueSkb() {
    return harness("dequeue_skb", QUEUE)
        .java(kernel -> {
          Setup s = new Setup(kernel);
          return r -> {
            Out o = new Out();
            RecordQdisc q = s.set(r, o);
            long clears = s.xmit.missedClears;
            Skb skb = s.xmit.dequeueSkb(q, budget(r));
            return s.put(o, q, skb, clears)
                .put("packets", s.xmit.dequeuedPackets())
                .put("validate", s.xmit.dequeuedValidate())
                .put("gso_skb.qlen", q.requeuedLen())
                .put("q.qlen", q.kernelQlen())
                .toString();
          };
        })
        .build();
  }

  private static PortHarness tryBulkDequeueSkb() {
    List<InputField> in = new ArrayList<>(QUEUE);
    in.add(u32("skb->len").withEdges(60, 1514, 65226));
    return harness("try_bulk_dequeue_skb", in)
        .java(kernel -> {
          Setup s = new Setup(kernel);
          return r -> {
            Out o = new Out();
            RecordQdisc q = s.set(r, o);
            Skb first = s.skb((int) r[QUEUE.size()], 50);
            long clears = s.xmit.missedClears;
            s.xmit.resetPackets();
            s.xmit.tryBulkDequeueSkb(q, first, q.txq, budget(r));
            return s.put(o, q, first, clears)
                .put("packets", s.xmit.dequeuedPackets())
                .put("gso_skb.qlen", q.requeuedLen())
                .put("q.qlen", q.kernelQlen())
                .toString();
          };
        })
        .build();
  }

  static final int ANSWERS = 8;

  /** lockless, the number of qdisc_restart calls that send, and what each sent. */
  static final List<InputField> RUN;

  static {
    List<InputField> f = new ArrayList<>();
    f.add(bool("lockless (TCQ_F_NOLOCK)"));
    f.add(range("qdisc_restart answers true", 0, ANSWERS));
    for (int i = 0; i < ANSWERS; i++) {
      f.add(urange("packets[" + i + "]", 1, 256).withEdges(1, 8, 63, 64, 65));
    }
    RUN = List.copyOf(f);
  }

  private static PortHarness qdiscRun() {
    return PortHarness.of(SCH_GENERIC_C, "__qdisc_run")
        .sources(SOURCES)
        .program(PortHarness.resource(QdiscHarnesses.class, DIR + "__qdisc_run.c"))
        .inputs(RUN)
        .notes("qdisc_restart (dequeue_skb and sch_direct_xmit, executed by their own harnesses)"
            + " is a recording stub answering from the record; dev_tx_weight 64 (nicsim's"
            + " KernelConfig)")
        .java(kernel -> {
          Setup s = new Setup(kernel);
          int[] next = new int[1];
          long[][] rec = new long[1][];
          Out[] out = new Out[1];
          s.xmit.restart = (q, budget) -> {
            out[0].call("qdisc_restart", budget);
            if (next[0] >= rec[0][1]) {
              return false;
            }
            s.xmit.setPackets((int) rec[0][2 + next[0]++]);
            return true;
          };
          return r -> {
            rec[0] = r;
            next[0] = 0;
            out[0] = new Out();
            RecordQdisc q = new RecordQdisc(s.hk, out[0]);
            q.txq = s.dev.queue(0);
            q.lockless = r[0] != 0;
            s.xmit.qdiscRestartLoop(q);
            if (q.isScheduled()) {
              out[0].call("__netif_schedule");
            }
            return out[0].put("MISSED", q.missed).toString();
          };
        })
        .build();
  }

  /** The Java side: a device of one queue, its DevXmit, and the record's qdisc. */
  private static final class Setup {
    final HarnessKernel hk;
    final NetDevice dev;
    final DevXmit xmit;
    final SkbLedger ledger = new SkbLedger();
    final Map<Skb, Integer> ids = new IdentityHashMap<>();
    /** The record's queued slots: common.c prints at most this many + 2 of the returned list. */
    int slots = Q_SLOTS;

    Setup(String kernel) {
      hk = HarnessKernel.forRelease(kernel);
      dev = new NetDevice(hk.kernel, "eth0", 1, ledger);
      xmit = dev.xmit();
    }

    Skb skb(int len, int id) {
      Skb skb = ledger.alloc(len, len);
      ids.put(skb, id);
      return skb;
    }

    /** Record → objects: the queue's state and BQL room, the requeued list, the queued skbs. */
    RecordQdisc set(long[] r, Out calls) {
      ids.clear();
      NetdevQueue txq = dev.queue(0);
      txq.state = (int) r[0];
      txq.dql().adjLimit = (int) r[1];
      txq.dql().numQueued = (int) r[2];
      RecordQdisc q = new RecordQdisc(hk, calls);
      q.txq = txq;
      Skb tail = null;
      for (int i = 0; i < r[GSO]; i++) {
        Skb s = skb((int) r[GSO + 1 + i], 100 + i);
        if (tail == null) {
          q.gsoSkb = s;
        } else {
          tail.next = s;
        }
        tail = s;
      }
      q.lockless = r[3] != 0;
      int queued = queued(r);
      slots = queued == LOOP_QUEUED ? DequeueSkbNative.Q_SLOTS : Q_SLOTS;
      for (int i = 0; i < r[queued]; i++) {
        q.fifo.add(skb((int) r[queued + 1 + i], i));
      }
      return q;
    }

    /** Objects → output: the calls made, then the returned list's ids. */
    Out put(Out o, RecordQdisc q, Skb list, long clearsBefore) {
      for (long i = clearsBefore; i < xmit.missedClears; i++) {
        o.call("qdisc_maybe_clear_missed");
      }
      if (list == null) {
        o.put("skb", -1);
      }
      int n = 0;
      for (Skb s = list; s != null && n < slots + 2; s = s.next, n++) {
        o.put("skb", ids.get(s));
      }
      return o;
    }
  }

  /** A qdisc handing out the record's skbs; each ->dequeue is a recorded call. */
  private static final class RecordQdisc extends Qdisc {
    final ArrayDeque<Skb> fifo = new ArrayDeque<>();
    final Out calls;
    boolean lockless;

    RecordQdisc(HarnessKernel hk, Out calls) {
      super(hk.kernel);
      this.calls = calls;
    }

    @Override
    public int enqueue(Skb skb) {
      throw new UnsupportedOperationException("the harness only dequeues");
    }

    @Override
    public Skb dequeue() {
      calls.call("dequeue");
      return fifo.pollFirst();
    }

    @Override
    public int qlen() {
      return fifo.size();
    }

    @Override
    public boolean lockless() {
      return lockless;
    }

    /**
     * q->q.qlen as the kernel keeps it: the queued and requeued skbs of a qdisc without
     * per-CPU statistics, 0 for one with them (TCQ_F_CPUSTATS, here with TCQ_F_NOLOCK).
     */
    int kernelQlen() {
      return lockless ? 0 : qlen() + requeuedLen();
    }
  }
}
