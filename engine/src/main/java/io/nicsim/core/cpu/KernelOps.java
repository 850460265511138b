package io.nicsim.core.cpu;

/**
 * The generic kernel operations core charges. Every SoC profile gives a cost for each (use 0
 * with a source saying why when an operation is free on that platform). Drivers and tcp-model
 * define their own ops next to their code.
 */
public final class KernelOps {
  private KernelOps() {}

  /** Hard interrupt entry and exit: vector, GIC/APIC ack, irq_enter/irq_exit. */
  public static final CostOp IRQ_ENTRY = CostOp.named("irq_entry");
  /** One __do_softirq invocation's own overhead. */
  public static final CostOp SOFTIRQ_ENTRY = CostOp.named("softirq_entry");
  /** Switching between two tasks on a core. */
  public static final CostOp CONTEXT_SWITCH = CostOp.named("context_switch");
  /** try_to_wake_up, charged to the waker. */
  public static final CostOp TRY_TO_WAKE_UP = CostOp.named("try_to_wake_up");
  /** The periodic scheduler tick (tick_sched_timer without expired timers). */
  public static final CostOp SCHED_TICK = CostOp.named("sched_tick");

  /** hrtimer_start_range_ns: remove if queued, enqueue in the base's rb-tree. */
  public static final CostOp HRTIMER_START = CostOp.named("hrtimer_start");
  /** Extra cost when a start makes the timer the base's first: clockevent reprogram. */
  public static final CostOp HRTIMER_REPROGRAM = CostOp.named("hrtimer_reprogram");
  /** hrtimer_try_to_cancel / the removal in hrtimer_cancel. */
  public static final CostOp HRTIMER_CANCEL = CostOp.named("hrtimer_cancel");
  /**
   * hrtimer_active(): the lockless state read; hrtimer_try_to_cancel of an inactive timer costs
   * only this (profiles of MACs that cancel hrtimers give it).
   */
  public static final CostOp HRTIMER_ACTIVE = CostOp.named("hrtimer_active");
  /** hrtimer_interrupt's own work per expired timer (__run_hrtimer around the callback). */
  public static final CostOp HRTIMER_EXPIRE = CostOp.named("hrtimer_expire");

  /** mod_timer / add_timer on the timer wheel. */
  public static final CostOp MOD_TIMER = CostOp.named("mod_timer");
  /** del_timer. */
  public static final CostOp DEL_TIMER = CostOp.named("del_timer");
  /** run_timer_softirq's work per expired timer_list around the callback. */
  public static final CostOp TIMER_EXPIRE = CostOp.named("timer_expire");

  /** ____napi_schedule: list add and NET_RX raise. */
  public static final CostOp NAPI_SCHEDULE = CostOp.named("napi_schedule");
  /** net_rx_action's overhead per napi_poll call (excluding the driver's poll). */
  public static final CostOp NAPI_POLL = CostOp.named("napi_poll");
  /** napi_complete_done (GRO flush of an empty list, state update). */
  public static final CostOp NAPI_COMPLETE = CostOp.named("napi_complete");

  /** __dev_queue_xmit up to the qdisc (per skb). */
  public static final CostOp DEV_QUEUE_XMIT = CostOp.named("dev_queue_xmit");
  /** qdisc enqueue per skb. */
  public static final CostOp QDISC_ENQUEUE = CostOp.named("qdisc_enqueue");
  /** qdisc dequeue per skb. */
  public static final CostOp QDISC_DEQUEUE = CostOp.named("qdisc_dequeue");
  /** dev_hard_start_xmit / xmit_one per skb, excluding the driver. */
  public static final CostOp DEV_HARD_START_XMIT = CostOp.named("dev_hard_start_xmit");
  /** validate_xmit_skb's software GSO, per produced segment. */
  public static final CostOp GSO_SEGMENT = CostOp.named("gso_segment");
  /** BQL netdev_tx_sent_queue. */
  public static final CostOp BQL_SENT = CostOp.named("bql_sent");
  /** BQL netdev_tx_completed_queue. */
  public static final CostOp BQL_COMPLETED = CostOp.named("bql_completed");
  /** Freeing an skb (consume_skb incl. its destructor's own bookkeeping). */
  public static final CostOp SKB_FREE = CostOp.named("skb_free");
  /** Allocating an skb for received data (napi_alloc_skb / build_skb). */
  public static final CostOp SKB_ALLOC = CostOp.named("skb_alloc");
  /** GRO + __netif_receive_skb + ip_rcv for one received frame. */
  public static final CostOp NETIF_RECEIVE_SKB = CostOp.named("netif_receive_skb");

  /** One sendto() of a UDP datagram up to dev_queue_xmit (syscall, copy, UDP/IP output). */
  public static final CostOp UDP_SENDMSG = CostOp.named("udp_sendmsg");
  /**
   * udp_sendmsg's work per KiB of payload beyond {@link #UDP_SENDMSG}'s per-call cost: the copy
   * from user space into the skb's linear head (plain {@code copy_from_iter}: on a device that
   * offloads the checksum the skb leaves as CHECKSUM_PARTIAL, no checksum while copying) and
   * the larger head it needs (a 64-byte datagram's head comes from the small-head cache, a
   * 1400-byte one's from kmalloc-2k). Optional: a profile without it carries the copy of one
   * datagram size inside udp_sendmsg ({@link Core#chargePerKibIfGiven}).
   */
  public static final CostOp UDP_SEND_KB = CostOp.named("udp_send_kb");
  /** udp_rcv + socket queueing for a received datagram. */
  public static final CostOp UDP_RCV = CostOp.named("udp_rcv");
  /** icmp_rcv / ping socket delivery of an echo reply. */
  public static final CostOp ICMP_RCV = CostOp.named("icmp_rcv");
  /** One ping sendto() (raw/ICMP socket) up to dev_queue_xmit. */
  public static final CostOp PING_SENDMSG = CostOp.named("ping_sendmsg");
  /** A blocking recvmsg() returning a datagram to user space. */
  public static final CostOp SOCK_RECVMSG = CostOp.named("sock_recvmsg");

  /**
   * Waking from a deep idle state (charged with the state's exit latency, in IDLE context, so
   * it delays work without counting as busy time). Not part of {@link #all()}: it comes from
   * the profile's {@code params.cpuidle_exit_ns}, not from {@code costs}.
   */
  public static final CostOp CPUIDLE_EXIT = CostOp.named("cpuidle_exit");
  /**
   * Race exploration only: a delay injected at a preemption point ({@link Cpu#preemptionPoint(String)}),
   * time the CPU spent away from the interrupted work. Charged as an explicit duration; no
   * profile cost.
   */
  public static final CostOp PREEMPTED = CostOp.named("preempted");
  /**
   * Time other tasks take from a core ({@link OtherLoad}: the profile's
   * {@code params.other_load_pct_cpuN}, measured from a board's trace). Charged as an explicit
   * duration; no profile cost.
   */
  public static final CostOp OTHER_TASKS = CostOp.named("other_tasks");

  /**
   * tcp4_gro_receive + skb_gro_receive for a TCP segment merged into a held GRO skb (its frags
   * attached, its head freed); the held skb itself is charged {@link #NETIF_RECEIVE_SKB} when
   * it is delivered. Charged only when GRO merges, so only TCP receive needs it.
   */
  public static final CostOp GRO_MERGE = CostOp.named("gro_merge");
  /**
   * One round of a NAPI kthread's loop around __napi_poll (napi_threaded_poll_loop:
   * local_bh_disable/enable, the netpoll lock, the RCU quiescent-state report), beside
   * {@link #NAPI_POLL}. Threaded NAPI only.
   */
  public static final CostOp NAPI_THREAD_LOOP = CostOp.named("napi_thread_loop");
  /**
   * One iteration of __napi_busy_loop besides the driver's poll (local_bh_disable/enable,
   * skb_defer_free_flush, the loop_end test, cpu_relax). Busy polling only.
   */
  public static final CostOp BUSY_POLL_LOOP = CostOp.named("busy_poll_loop");

  /**
   * The ops of the kernel's software coalescing paths (GRO merging, threaded NAPI, busy
   * polling), required only when a run uses them; every shipped base profile gives them.
   */
  public static CostOp[] softwareCoalescing() {
    return new CostOp[] {GRO_MERGE, NAPI_THREAD_LOOP, BUSY_POLL_LOOP};
  }

  /**
   * All of the above except CPUIDLE_EXIT, PREEMPTED and {@link #softwareCoalescing()}: what a
   * SoC profile must cover for core.
   */
  public static CostOp[] all() {
    return new CostOp[] {
      IRQ_ENTRY, SOFTIRQ_ENTRY, CONTEXT_SWITCH, TRY_TO_WAKE_UP, SCHED_TICK,
      HRTIMER_START, HRTIMER_REPROGRAM, HRTIMER_CANCEL, HRTIMER_EXPIRE,
      MOD_TIMER, DEL_TIMER, TIMER_EXPIRE,
      NAPI_SCHEDULE, NAPI_POLL, NAPI_COMPLETE,
      DEV_QUEUE_XMIT, QDISC_ENQUEUE, QDISC_DEQUEUE, DEV_HARD_START_XMIT, GSO_SEGMENT,
      BQL_SENT, BQL_COMPLETED, SKB_FREE, SKB_ALLOC, NETIF_RECEIVE_SKB,
      UDP_SENDMSG, UDP_RCV, ICMP_RCV, PING_SENDMSG, SOCK_RECVMSG
    };
  }
}
