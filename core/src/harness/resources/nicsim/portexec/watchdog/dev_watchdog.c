/*
 * dev_watchdog (net/sched/sch_generic.c): nicsim's own C (no kernel text). dev_watchdog,
 * netdevice.h's queue and link-state inlines, qdisc_tx_is_noop, round_jiffies (kernel/time/
 * timer.c) and jiffies_to_msecs (kernel/time/time.c) come from the tree, at HZ 250; this gives
 * struct net_device and netdev_queue the fields they touch and records what the function calls:
 * netdev_crit (the queue and the milliseconds), netif_freeze_queues, ndo_tx_timeout,
 * netif_unfreeze_queues, mod_timer and netdev_put.
 *
 * The device is registered, present, running and has carrier, with a real qdisc on its queues
 * (the timer never fires on a stopped device: dev_deactivate deletes it first); the timer has
 * just fired, so it is not pending when mod_timer re-arms it.
 *
 * Record layout (WatchdogHarnesses.FIELDS): jiffies, watchdog_timeo, this CPU, num_tx_queues
 * (1..4), then per queue (4 slots) its state (DRV_XOFF, STACK_XOFF, FROZEN bits) and jiffies -
 * trans_start. Output: the calls in order, then each queue's trans_timeout.
 */
//@ prelude
/* port-check's HZ; in the loop, the host's CONFIG_HZ */
#define HZ 250
/* include/generated/timeconst.h (kernel/time/timeconst.bc) at HZ 300, the one HZ a host may
 * have that does not divide 1000: time.c's jiffies_to_msecs takes its DIV_ROUND_UP branch */
#if HZ == 300
#define HZ_TO_MSEC_NUM 10
#define HZ_TO_MSEC_DEN 3
#define MSEC_TO_HZ_MUL32 0x9999999AULL
#define MSEC_TO_HZ_ADJ32 0x1CCCCCCCCULL
#define MSEC_TO_HZ_SHR32 33
#define USEC_TO_HZ_MUL32 0x9D495183ULL
#define USEC_TO_HZ_ADJ32 0x7FFCB923A29ULL
#define USEC_TO_HZ_SHR32 43
#define HZ_TO_USEC_NUM 10000
#define HZ_TO_USEC_DEN 3
#endif
//@ header
#define NICSIM_QUEUES 4

struct Qdisc {
  int nicsim_unused;
};

struct netdev_queue {
  struct Qdisc *qdisc;
  unsigned long state;
  unsigned long trans_start;
  atomic_long_t trans_timeout;
};

struct net_device;

struct net_device_ops {
  void (*ndo_tx_timeout)(struct net_device *dev, unsigned int txqueue);
};

typedef struct {
  int nicsim_unused;
} netdevice_tracker;

struct net_device {
  unsigned long state;
  spinlock_t tx_global_lock;
  unsigned int num_tx_queues;
  struct netdev_queue *_tx;
  int watchdog_timeo;
  struct timer_list watchdog_timer;
  spinlock_t watchdog_lock;
  bool watchdog_ref_held;
  netdevice_tracker watchdog_dev_tracker;
  const struct net_device_ops *netdev_ops;
};

static struct Qdisc noop_qdisc;
static struct Qdisc nicsim_qdisc;
static int nicsim_cpu;
static int nicsim_timer_pending;

#define spin_lock(l) ((void)(l))
#define spin_unlock(l) ((void)(l))
#define raw_smp_processor_id() nicsim_cpu
#define atomic_long_inc(v) ((void)((v)->counter++))
#define trace_net_dev_xmit_timeout(dev, i) ((void)0)
#define netdev_crit(dev, fmt, cpu, queue, ms) CALL2("netdev_crit", queue, ms)
#define from_timer(var, callback_timer, field) \
  container_of(callback_timer, __typeof__(*var), field)
#define timer_container_of(var, callback_timer, field) \
  container_of(callback_timer, __typeof__(*var), field)

static void netif_freeze_queues(struct net_device *dev) {
  (void)dev;
  CALL0("netif_freeze_queues");
}

static void netif_unfreeze_queues(struct net_device *dev) {
  (void)dev;
  CALL0("netif_unfreeze_queues");
}

static int mod_timer(struct timer_list *timer, unsigned long expires) {
  int was = nicsim_timer_pending;
  CALL1("mod_timer", (long long)expires);
  timer->expires = expires;
  nicsim_timer_pending = 1;
  return was;
}

static inline int timer_pending(const struct timer_list *timer) {
  (void)timer;
  return nicsim_timer_pending;
}

static void netdev_put(struct net_device *dev, netdevice_tracker *tracker) {
  (void)dev;
  (void)tracker;
  CALL0("netdev_put");
}

static void nicsim_tx_timeout(struct net_device *dev, unsigned int txqueue) {
  (void)dev;
  CALL1("ndo_tx_timeout", txqueue);
}

static const struct net_device_ops nicsim_ops = {.ndo_tx_timeout = nicsim_tx_timeout};
static struct netdev_queue nicsim_tx[NICSIM_QUEUES];
static struct net_device nicsim_dev;
//@ driver
static void nicsim_run(const long long *in) {
  memset(&nicsim_dev, 0, sizeof nicsim_dev);
  memset(nicsim_tx, 0, sizeof nicsim_tx);
  jiffies = (unsigned long)in[0];
  nicsim_dev.watchdog_timeo = (int)in[1];
  nicsim_cpu = (int)in[2];
  nicsim_dev.num_tx_queues = (unsigned int)in[3];
  nicsim_dev._tx = nicsim_tx;
  nicsim_dev.netdev_ops = &nicsim_ops;
  nicsim_dev.watchdog_ref_held = true;
  set_bit(__LINK_STATE_START, &nicsim_dev.state);
  set_bit(__LINK_STATE_PRESENT, &nicsim_dev.state);
  nicsim_timer_pending = 0;
  for (int i = 0; i < NICSIM_QUEUES; i++) {
    nicsim_tx[i].qdisc = &nicsim_qdisc;
    nicsim_tx[i].state = (unsigned long)in[4 + 2 * i];
    nicsim_tx[i].trans_start = jiffies - (unsigned long)in[5 + 2 * i];
  }
  dev_watchdog(&nicsim_dev.watchdog_timer);
  for (unsigned int i = 0; i < nicsim_dev.num_tx_queues; i++) {
    OUT("trans_timeout", nicsim_tx[i].trans_timeout.counter);
  }
}
