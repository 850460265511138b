/*
 * net/sched/sch_generic.c's dequeue side (dequeue_skb, try_bulk_dequeue_skb): nicsim's own C
 * (no kernel text). The functions, the queue-state bits and inlines of netdevice.h, sk_buff_head
 * handling of skbuff.h, sch_generic.h's qdisc helpers and struct dql come from the tree; this
 * gives struct Qdisc, netdev_queue, net_device and sk_buff the fields they touch, and a qdisc
 * whose ->dequeue is a recording stub handing out the record's queued skbs in order.
 *
 * The qdisc is a root qdisc of one TX queue (TCQ_F_ONETXQUEUE, as pfifo_fast and fq are under
 * a single-queue device or mq), with or without TCQ_F_NOLOCK|TCQ_F_CPUSTATS (pfifo_fast has
 * both, fq neither); its skbs map to that queue; no xfrm offload; skb_bad_txq stays empty (only
 * try_bulk_dequeue_skb_slow, for qdiscs without ONETXQUEUE, fills it).
 *
 * Record layout (QdiscHarnesses.QUEUE): txq state (DRV_XOFF, STACK_XOFF, FROZEN bits),
 * dql.adj_limit, dql.num_queued, lockless (0/1), gso_skb count (0..3) and 3 lengths, queued
 * count (0..8) and 8 lengths, budget; a harness's own fields follow. In the loop
 * (NICSIM_IN_LOOP, dequeue_skb's bridge net.DequeueSkbNative) the budget comes before the
 * queued skbs and the queue holds 65 (dev_tx_weight's quota, 64, plus the skb the bulk starts
 * from: the most one dequeue_skb takes), so a call crosses only the skbs the qdisc holds.
 * skb ids: queued slot i is i, gso_skb slot i is 100 + i.
 * The qdisc's own q.qlen is what the kernel keeps there: the queued and requeued skbs of a
 * qdisc without per-CPU statistics (the stub's ->dequeue takes one off as a qdisc's does), 0 for
 * one with them (TCQ_F_CPUSTATS: pfifo_fast counts per CPU).
 * Output: the stub calls (dequeue(), qdisc_maybe_clear_missed()), then the returned list's skb
 * ids in order (skb=ID each, none: skb=-1), packets, validate, then gso_skb.qlen and q.qlen.
 */
//@ prelude
#define CONFIG_BQL 1
//@ header
#define NICSIM_GSO_SLOTS 3
#define NICSIM_GSO 4
#ifdef NICSIM_IN_LOOP
#define NICSIM_Q_SLOTS 65
#define NICSIM_BUDGET (NICSIM_GSO + 1 + NICSIM_GSO_SLOTS)
#define NICSIM_QUEUED (NICSIM_BUDGET + 1)
#define NICSIM_QUEUE_FIELDS (NICSIM_QUEUED + 1 + NICSIM_Q_SLOTS)
#else
#define NICSIM_Q_SLOTS 8
#define NICSIM_QUEUED (NICSIM_GSO + 1 + NICSIM_GSO_SLOTS)
#define NICSIM_BUDGET (NICSIM_QUEUED + 1 + NICSIM_Q_SLOTS)
#define NICSIM_QUEUE_FIELDS (NICSIM_BUDGET + 1)
#endif

struct sk_buff {
  struct sk_buff *next;
  struct sk_buff *prev;
  unsigned int len;
  u16 queue_mapping;
  int nicsim_id;
};

struct sk_buff_head {
  struct sk_buff *next;
  struct sk_buff *prev;
  u32 qlen;
  spinlock_t lock;
};

struct qdisc_skb_head {
  u32 qlen;
};

struct net_device;

struct netdev_queue {
  struct net_device *dev;
  struct Qdisc *qdisc;
  unsigned long state;
  struct dql dql;
};

struct net_device {
  struct netdev_queue *_tx;
  unsigned int num_tx_queues;
  unsigned int real_num_tx_queues;
};

/* the qdisc flags dequeue_skb reads (sch_generic.h defines them inside struct Qdisc, which this
   file replaces) */
#define TCQ_F_ONETXQUEUE 0x10
#define TCQ_F_CPUSTATS 0x20
#define TCQ_F_NOLOCK 0x100

struct Qdisc {
  struct sk_buff *(*dequeue)(struct Qdisc *sch);
  unsigned int flags;
  struct netdev_queue *dev_queue;
  struct qdisc_skb_head q;
  unsigned long state;
  struct sk_buff_head gso_skb;
  spinlock_t busylock;
};

#define spin_lock(l) ((void)(l))
#define spin_unlock(l) ((void)(l))
#define trace_qdisc_dequeue(q, txq, packets, skb) ((void)0)
#define qdisc_qstats_backlog_dec(q, skb) ((void)0)
#define qdisc_qstats_cpu_backlog_dec(q, skb) ((void)0)
#define qdisc_qstats_cpu_qlen_dec(q) ((void)0)

static inline spinlock_t *qdisc_lock(struct Qdisc *qdisc) {
  return &qdisc->busylock;
}

/* no IPsec offload state on nicsim's skbs */
static inline void *xfrm_offload(struct sk_buff *skb) {
  (void)skb;
  return NULL;
}

static inline void qdisc_maybe_clear_missed(struct Qdisc *q, const struct netdev_queue *txq) {
  (void)q;
  (void)txq;
  CALL0("qdisc_maybe_clear_missed");
}

/* skb_bad_txq is only filled for qdiscs without TCQ_F_ONETXQUEUE */
static inline struct sk_buff *qdisc_dequeue_skb_bad_txq(struct Qdisc *q) {
  (void)q;
  return NULL;
}

static void try_bulk_dequeue_skb_slow(struct Qdisc *q, struct sk_buff *skb, int *packets) {
  (void)q;
  (void)skb;
  (void)packets;
  CALL0("try_bulk_dequeue_skb_slow");
}

static inline u16 netdev_cap_txqueue(struct net_device *dev, u16 queue_index) {
  (void)dev;
  CALL1("netdev_cap_txqueue", queue_index);
  return 0;
}

static struct sk_buff nicsim_skbs[NICSIM_Q_SLOTS];
static struct sk_buff nicsim_gso[NICSIM_GSO_SLOTS];
static int nicsim_queued;
static int nicsim_next;
static struct Qdisc nicsim_q;
static struct netdev_queue nicsim_txq;
static struct net_device nicsim_dev;

static struct sk_buff *nicsim_dequeue(struct Qdisc *sch) {
  (void)sch;
  CALL0("dequeue");
  if (nicsim_next >= nicsim_queued) {
    return NULL;
  }
  if (!(nicsim_q.flags & TCQ_F_CPUSTATS)) {
    nicsim_q.q.qlen--;
  }
  return &nicsim_skbs[nicsim_next++];
}
//@ driver
static void nicsim_queue_set(const long long *in) {
  memset(&nicsim_q, 0, sizeof nicsim_q);
  memset(&nicsim_txq, 0, sizeof nicsim_txq);
  memset(&nicsim_dev, 0, sizeof nicsim_dev);
  memset(nicsim_skbs, 0, sizeof nicsim_skbs);
  memset(nicsim_gso, 0, sizeof nicsim_gso);
  nicsim_dev._tx = &nicsim_txq;
  nicsim_dev.num_tx_queues = 1;
  nicsim_dev.real_num_tx_queues = 1;
  nicsim_txq.dev = &nicsim_dev;
  nicsim_txq.qdisc = &nicsim_q;
  nicsim_txq.state = (unsigned long)in[0];
  nicsim_txq.dql.adj_limit = (unsigned int)in[1];
  nicsim_txq.dql.num_queued = (unsigned int)in[2];
  nicsim_q.dev_queue = &nicsim_txq;
  nicsim_q.dequeue = nicsim_dequeue;
  nicsim_q.flags = TCQ_F_ONETXQUEUE | (in[3] ? TCQ_F_NOLOCK | TCQ_F_CPUSTATS : 0);
  /* q->gso_skb: an empty sk_buff_head points at itself */
  struct sk_buff *head = (struct sk_buff *)&nicsim_q.gso_skb;
  nicsim_q.gso_skb.next = head;
  nicsim_q.gso_skb.prev = head;
  int gso = (int)in[NICSIM_GSO];
  for (int i = 0; i < gso; i++) {
    struct sk_buff *skb = &nicsim_gso[i];
    skb->len = (unsigned int)in[NICSIM_GSO + 1 + i];
    skb->nicsim_id = 100 + i;
    skb->next = head;
    skb->prev = nicsim_q.gso_skb.prev;
    nicsim_q.gso_skb.prev->next = skb;
    nicsim_q.gso_skb.prev = skb;
    nicsim_q.gso_skb.qlen++;
  }
  nicsim_queued = (int)in[NICSIM_QUEUED];
  nicsim_next = 0;
  for (int i = 0; i < nicsim_queued; i++) {
    nicsim_skbs[i].len = (unsigned int)in[NICSIM_QUEUED + 1 + i];
    nicsim_skbs[i].nicsim_id = i;
  }
  if (!(nicsim_q.flags & TCQ_F_CPUSTATS)) {
    nicsim_q.q.qlen = (u32)(gso + nicsim_queued);
  }
}

static void nicsim_list_put(const struct sk_buff *skb) {
  if (!skb) {
    OUT("skb", -1);
  }
  for (int n = 0; skb && n < NICSIM_Q_SLOTS + 2; skb = skb->next, n++) {
    OUT("skb", skb->nicsim_id);
  }
}

static void nicsim_queue_put(void) {
  OUT("gso_skb.qlen", nicsim_q.gso_skb.qlen);
  OUT("q.qlen", nicsim_q.q.qlen);
}
