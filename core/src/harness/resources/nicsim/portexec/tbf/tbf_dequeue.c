/*
 * tbf_dequeue (net/sched/sch_tbf.c): nicsim's own C (no kernel text). tbf_dequeue,
 * tbf_peak_present, struct psched_ratecfg and psched_l2t_ns come from the tree; this gives
 * struct Qdisc and tbf_sched_data the fields they touch, a child qdisc whose peek hands out the
 * record's head skb, the record's clock, and records qdisc_dequeue_peeked and
 * qdisc_watchdog_schedule_ns.
 *
 * The tbf has no peak rate (peak.rate_bytes_ps 0) and its rate no overhead, mpu or ATM link
 * layer; the child qdisc holds a head skb (nicsim asks the bucket about a frame at the head).
 *
 * Record layout (TbfHarnesses.FIELDS): skb len, now (ktime_get_ns), q->t_c, q->tokens,
 * q->buffer, q->rate.mult, q->rate.shift. Output: the calls, then skb (1 dequeued, 0 not),
 * t_c, tokens, ptokens.
 */
//@ header
struct sk_buff {
  unsigned int len;
};

struct Qdisc;

struct Qdisc_ops {
  struct sk_buff *(*peek)(struct Qdisc *sch);
};

struct qdisc_skb_head {
  u32 qlen;
};

struct Qdisc {
  const struct Qdisc_ops *ops;
  struct qdisc_skb_head q;
};

struct qdisc_watchdog {
  u64 last_expires;
};

struct tbf_sched_data {
  u32 limit;
  u32 max_size;
  s64 buffer;
  s64 mtu;
  struct psched_ratecfg rate;
  struct psched_ratecfg peak;
  s64 tokens;
  s64 ptokens;
  s64 t_c;
  struct Qdisc *qdisc;
  struct qdisc_watchdog watchdog;
};

static struct tbf_sched_data nicsim_tbf;
static struct Qdisc nicsim_sch;
static struct Qdisc nicsim_child;
static struct sk_buff nicsim_skb;
static s64 nicsim_now;

#define qdisc_priv(sch) ((void *)&nicsim_tbf)
#define qdisc_qstats_backlog_dec(sch, skb) ((void)0)
#define qdisc_bstats_update(sch, skb) ((void)0)
#define qdisc_qstats_overlimit(sch) ((void)0)

static inline unsigned int qdisc_pkt_len(const struct sk_buff *skb) {
  return skb->len;
}

static inline u64 ktime_get_ns(void) {
  return (u64)nicsim_now;
}

static struct sk_buff *nicsim_peek(struct Qdisc *sch) {
  (void)sch;
  return &nicsim_skb;
}

static const struct Qdisc_ops nicsim_child_ops = {.peek = nicsim_peek};

static inline struct sk_buff *qdisc_dequeue_peeked(struct Qdisc *sch) {
  (void)sch;
  CALL0("qdisc_dequeue_peeked");
  return &nicsim_skb;
}

static void qdisc_watchdog_schedule_ns(struct qdisc_watchdog *wd, u64 expires) {
  CALL1("qdisc_watchdog_schedule_ns", (long long)expires);
  wd->last_expires = expires;
}
//@ driver
static void nicsim_run(const long long *in) {
  memset(&nicsim_tbf, 0, sizeof nicsim_tbf);
  memset(&nicsim_sch, 0, sizeof nicsim_sch);
  memset(&nicsim_child, 0, sizeof nicsim_child);
  nicsim_child.ops = &nicsim_child_ops;
  nicsim_sch.q.qlen = 1;
  nicsim_tbf.qdisc = &nicsim_child;
  nicsim_skb.len = (unsigned int)in[0];
  nicsim_now = (s64)in[1];
  nicsim_tbf.t_c = (s64)in[2];
  nicsim_tbf.tokens = (s64)in[3];
  nicsim_tbf.buffer = (s64)in[4];
  nicsim_tbf.rate.mult = (u32)in[5];
  nicsim_tbf.rate.shift = (u8)in[6];
  nicsim_tbf.rate.rate_bytes_ps = 1;
  nicsim_tbf.ptokens = -1;
  struct sk_buff *skb = tbf_dequeue(&nicsim_sch);
  OUT("skb", skb != NULL);
  OUT("t_c", nicsim_tbf.t_c);
  OUT("tokens", nicsim_tbf.tokens);
  OUT("ptokens", nicsim_tbf.ptokens);
}
