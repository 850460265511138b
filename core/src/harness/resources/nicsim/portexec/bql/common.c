/*
 * TX queue harnesses (include/linux/netdevice.h's BQL accounting, net/core/dev.c's queue wake
 * and qdisc scheduling): nicsim's own C (no kernel text). The functions, struct dql and
 * lib/dynamic_queue_limits.c come from the tree; this gives struct netdev_queue, Qdisc and
 * softnet_data the fields they touch and records raise_softirq. Stall detection is off
 * (stall_thrs 0, as netdev queues have it unless sysfs sets it).
 *
 * Record layout (BqlHarnesses.QUEUE): queue state (DRV_XOFF, STACK_XOFF, FROZEN bits),
 * jiffies - trans_start, qdisc scheduled, jiffies, then struct dql as DqlHarnesses.DQL_FIELDS
 * without its jiffies (slack_start_time as jiffies - slack_start_time); a harness's own fields
 * follow. Times are printed as jiffies minus the time, as the Java side's clock is its own.
 */
//@ prelude
#define CONFIG_BQL 1
//@ header
#define NICSIM_QUEUE_FIELDS 17

struct Qdisc {
  unsigned long state;
  struct Qdisc *next_sched;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 18, 0)
  struct llist_head defer_list;
#endif
};

struct netdev_queue {
  struct Qdisc *qdisc;
  unsigned long state;
  unsigned long trans_start;
  struct dql dql;
};

struct softnet_data {
  struct Qdisc *output_queue;
  struct Qdisc **output_queue_tailp;
};

static struct softnet_data softnet_data;
static struct Qdisc nicsim_qdisc;
static struct netdev_queue nicsim_txq;

#define this_cpu_ptr(p) (p)
#define local_irq_save(flags) ((void)(flags = 0))
#define local_irq_restore(flags) ((void)(flags))

enum { HI_SOFTIRQ, TIMER_SOFTIRQ, NET_TX_SOFTIRQ, NET_RX_SOFTIRQ };

static void raise_softirq_irqoff(unsigned int nr) {
  CALL1("raise_softirq", nr);
}

static int test_and_set_bit(long nr, volatile unsigned long *addr) {
  int old = test_bit(nr, addr);
  set_bit(nr, addr);
  return old;
}

static int test_and_clear_bit(long nr, volatile unsigned long *addr) {
  int old = test_bit(nr, addr);
  clear_bit(nr, addr);
  return old;
}
//@ driver
static void nicsim_queue_set(const long long *in) {
  const long long *d = in + 4;
  memset(&nicsim_txq, 0, sizeof nicsim_txq);
  memset(&nicsim_qdisc, 0, sizeof nicsim_qdisc);
  softnet_data.output_queue = NULL;
  softnet_data.output_queue_tailp = &softnet_data.output_queue;
  jiffies = (unsigned long)in[3];
  nicsim_txq.state = (unsigned long)in[0];
  nicsim_txq.trans_start = jiffies - (unsigned long)in[1];
  nicsim_txq.qdisc = &nicsim_qdisc;
  if (in[2]) {
    /* scheduled: on this CPU's output queue */
    set_bit(__QDISC_STATE_SCHED, &nicsim_qdisc.state);
    *softnet_data.output_queue_tailp = &nicsim_qdisc;
    softnet_data.output_queue_tailp = &nicsim_qdisc.next_sched;
  }
  struct dql *q = &nicsim_txq.dql;
  q->num_queued = (unsigned int)d[0];
  q->adj_limit = (unsigned int)d[1];
  q->last_obj_cnt = (unsigned int)d[2];
  q->limit = (unsigned int)d[3];
  q->num_completed = (unsigned int)d[4];
  q->prev_ovlimit = (unsigned int)d[5];
  q->prev_num_queued = (unsigned int)d[6];
  q->prev_last_obj_cnt = (unsigned int)d[7];
  q->lowest_slack = (unsigned int)d[8];
  q->slack_start_time = jiffies - (unsigned long)d[9];
  q->max_limit = (unsigned int)d[10];
  q->min_limit = (unsigned int)d[11];
  q->slack_hold_time = (unsigned int)d[12];
}

static void nicsim_queue_put(void) {
  const struct dql *q = &nicsim_txq.dql;
  OUTU("state", nicsim_txq.state);
  OUTU("trans_start_age", jiffies - nicsim_txq.trans_start);
  OUT("qdisc_scheduled", test_bit(__QDISC_STATE_SCHED, &nicsim_qdisc.state));
  OUT("on_output_queue", softnet_data.output_queue == &nicsim_qdisc);
  OUTU("num_queued", q->num_queued);
  OUTU("adj_limit", q->adj_limit);
  OUTU("last_obj_cnt", q->last_obj_cnt);
  OUTU("limit", q->limit);
  OUTU("num_completed", q->num_completed);
  OUTU("prev_ovlimit", q->prev_ovlimit);
  OUTU("prev_num_queued", q->prev_num_queued);
  OUTU("prev_last_obj_cnt", q->prev_last_obj_cnt);
  OUTU("lowest_slack", q->lowest_slack);
  OUTU("slack_start_age", jiffies - q->slack_start_time);
}
