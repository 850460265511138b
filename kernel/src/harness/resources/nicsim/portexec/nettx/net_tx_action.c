/*
 * net/core/dev.c net_tx_action: nicsim's own C (no kernel text). The function and
 * __netif_schedule / __netif_reschedule come from the tree; this gives struct Qdisc and
 * softnet_data the fields they touch, and qdisc_run as a recording stub: it prints the qdisc it
 * runs and, when the record says so, schedules that qdisc again (__netif_schedule, as a qdisc
 * run that stops with packets left does), so a qdisc rescheduled during the softirq waits for
 * the next one.
 *
 * Record layout (NetTxHarnesses.OUTPUT_QUEUE): the number of qdiscs on the CPU's output_queue
 * (0..4, each scheduled), then per qdisc (4 slots): TCQ_F_NOLOCK, its run reschedules it.
 * Prints each qdisc_run(i) and raise_softirq(nr) in order, then per qdisc its
 * __QDISC_STATE_SCHED bit and the output_queue after (the qdiscs' numbers in order, -1 ends).
 * The completion_queue is empty (nicsim's drivers free their skbs themselves); no qdisc is
 * deactivated (dev_deactivate is not modelled).
 */
//@ header
#define NICSIM_QDISCS 4
#ifndef TCQ_F_NOLOCK
#define TCQ_F_NOLOCK 0x100 /* a flag of struct Qdisc's own (sch_generic.h defines it inside) */
#endif

struct Qdisc {
  unsigned int flags;
  unsigned long state;
  struct Qdisc *next_sched;
  int nicsim_id;
  int nicsim_reschedules;
  spinlock_t nicsim_lock;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 18, 0)
  struct llist_head defer_list;
#endif
};

struct softirq_action;

struct softnet_data {
  struct Qdisc *output_queue;
  struct Qdisc **output_queue_tailp;
  struct sk_buff *completion_queue;
};

static struct softnet_data softnet_data;
static struct Qdisc nicsim_qdiscs[NICSIM_QDISCS];

#ifndef __latent_entropy
#define __latent_entropy
#endif
#define this_cpu_ptr(p) (p)
#define local_irq_save(flags) ((void)(flags = 0))
#define local_irq_restore(flags) ((void)(flags))
#define local_irq_disable() ((void)0)
#define local_irq_enable() ((void)0)
#define smp_mb__before_atomic() ((void)0)
#define qdisc_lock(q) (&(q)->nicsim_lock)
#ifndef spin_lock
#define spin_lock(l) ((void)(l))
#define spin_unlock(l) ((void)(l))
#endif
#define xfrm_dev_backlog(sd) ((void)(sd))
#define tcf_kfree_skb_list(skb) ((void)(skb))

enum { HI_SOFTIRQ, TIMER_SOFTIRQ, NET_TX_SOFTIRQ, NET_RX_SOFTIRQ };

static void raise_softirq_irqoff(unsigned int nr) {
  CALL1("raise_softirq", nr);
}

static int test_and_set_bit(long nr, volatile unsigned long *addr) {
  int old = test_bit(nr, addr);
  set_bit(nr, addr);
  return old;
}

void __netif_schedule(struct Qdisc *q);

/* the qdisc's run: recorded; one that stops with packets left schedules itself again */
static struct sk_buff *nicsim_qdisc_run(struct Qdisc *q) {
  CALL1("qdisc_run", q->nicsim_id);
  if (q->nicsim_reschedules) {
    __netif_schedule(q);
  }
  return NULL;
}
#define qdisc_run(q) nicsim_qdisc_run(q)

/* the completion queue's skbs (never reached: the queue is empty) */
struct sk_buff {
  struct sk_buff *next;
  refcount_t users;
  u8 fclone;
  char cb[48];
};
enum { SKB_FCLONE_UNAVAILABLE, SKB_FCLONE_ORIG, SKB_FCLONE_CLONE };
enum { SKB_REASON_CONSUMED, SKB_CONSUMED = 0 };
#ifndef refcount_read
#define refcount_read(r) ((r)->refs)
#endif
struct nicsim_kfree_skb_cb {
  int reason;
};
#define get_kfree_skb_cb(skb) ((struct nicsim_kfree_skb_cb *)(skb)->cb)
#define trace_consume_skb(...) ((void)0)
#define trace_kfree_skb(...) ((void)0)
#define __kfree_skb(skb) CALL0("__kfree_skb")
#define __kfree_skb_defer(skb) CALL0("__kfree_skb_defer")
#define __napi_kfree_skb(skb, reason) CALL0("__napi_kfree_skb")
//@ driver
static void nicsim_run(const long long *in) {
  int n = (int)in[0];
  softnet_data.output_queue = NULL;
  softnet_data.output_queue_tailp = &softnet_data.output_queue;
  softnet_data.completion_queue = NULL;
  for (int i = 0; i < NICSIM_QDISCS; i++) {
    struct Qdisc *q = &nicsim_qdiscs[i];
    memset(q, 0, sizeof *q);
    q->nicsim_id = i;
    q->flags = in[1 + 2 * i] ? TCQ_F_NOLOCK : 0;
    q->nicsim_reschedules = (int)in[2 + 2 * i];
    if (i < n) {
      /* scheduled: on this CPU's output queue, in order */
      set_bit(__QDISC_STATE_SCHED, &q->state);
      *softnet_data.output_queue_tailp = q;
      softnet_data.output_queue_tailp = &q->next_sched;
    }
  }
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
  net_tx_action();
#else
  net_tx_action(NULL);
#endif
  /* the names as literals, each hashed once (NICSIM_ID): a name built with snprintf was
   * formatted and hashed on every call, ~3 % of a --ports c flood */
  static const char *const sched[NICSIM_QDISCS] = {"sched[0]", "sched[1]", "sched[2]",
                                                   "sched[3]"};
  static const char *const output_queue[8] = {"output_queue[0]", "output_queue[1]",
      "output_queue[2]", "output_queue[3]", "output_queue[4]", "output_queue[5]",
      "output_queue[6]", "output_queue[7]"};
  static unsigned long long sched_id[NICSIM_QDISCS], output_queue_id[8];
  if (sched_id[0] == 0) {
    for (int i = 0; i < NICSIM_QDISCS; i++) {
      sched_id[i] = nicsim_name_id(sched[i]);
    }
    for (int i = 0; i < 8; i++) {
      output_queue_id[i] = nicsim_name_id(output_queue[i]);
    }
  }
  for (int i = 0; i < NICSIM_QDISCS; i++) {
    nicsim_field(sched[i], nicsim_bin ? sched_id[i] : 0,
                 test_bit(__QDISC_STATE_SCHED, &nicsim_qdiscs[i].state), 0);
  }
  int at = 0;
  for (struct Qdisc *q = softnet_data.output_queue; q && at < 8; q = q->next_sched) {
    nicsim_field(output_queue[at], nicsim_bin ? output_queue_id[at] : 0, q->nicsim_id, 0);
    at++;
  }
  OUT("output_queue_end", at);
}
