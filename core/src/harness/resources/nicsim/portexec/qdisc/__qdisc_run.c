/*
 * __qdisc_run (net/sched/sch_generic.c): nicsim's own C (no kernel text). The function comes
 * from the tree; this gives struct Qdisc the fields it touches and replaces qdisc_restart (a
 * dequeue and sch_direct_xmit, executed by their own harnesses) with a recording stub whose
 * answers, one per call, come from the record; __netif_schedule is recorded too.
 *
 * dev_tx_weight is 64 (net.core.dev_weight 64 times dev_weight_tx_bias 1, nicsim's
 * KernelConfig).
 *
 * Record layout (QdiscRunHarnesses.FIELDS): lockless (TCQ_F_NOLOCK, 0/1), answers (0..8), then
 * per answer (8 slots) the packets it sent. qdisc_restart returns true for the first answers,
 * false after them (in the loop, NICSIM_IN_LOOP, 64 answer slots: QdiscRunNative). Output: the calls (qdisc_restart(budget), __netif_schedule()), then
 * whether the MISSED bit is set.
 */
//@ header
#ifdef NICSIM_IN_LOOP
/* in the loop (--ports c) the record answers every restart one quota can make: each sends at
 * least one packet, so at most dev_tx_weight of them answer true */
#define NICSIM_ANSWERS 64
#else
#define NICSIM_ANSWERS 8
#endif
#define TCQ_F_NOLOCK 0x100

struct Qdisc {
  unsigned int flags;
  unsigned long state;
};

static int dev_tx_weight = 64;
static struct {
  int dev_tx_weight;
} net_hotdata = {64};

static long long nicsim_answers;
static long long nicsim_packets[NICSIM_ANSWERS];
static int nicsim_answer;
static struct Qdisc nicsim_q;

static inline bool qdisc_restart(struct Qdisc *q, int *packets, int budget) {
  (void)q;
  CALL1("qdisc_restart", budget);
  if (nicsim_answer >= nicsim_answers) {
    return false;
  }
  *packets = (int)nicsim_packets[nicsim_answer++];
  return true;
}

static void __netif_schedule(struct Qdisc *q) {
  (void)q;
  CALL0("__netif_schedule");
}
//@ driver
static void nicsim_run(const long long *in) {
  memset(&nicsim_q, 0, sizeof nicsim_q);
  nicsim_q.flags = in[0] ? TCQ_F_NOLOCK : 0;
  nicsim_answers = in[1];
  nicsim_answer = 0;
  for (int i = 0; i < NICSIM_ANSWERS; i++) {
    nicsim_packets[i] = in[2 + i];
  }
  __qdisc_run(&nicsim_q);
  OUT("MISSED", test_bit(__QDISC_STATE_MISSED, &nicsim_q.state));
}
