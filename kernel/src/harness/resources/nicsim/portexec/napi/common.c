/*
 * net/core/dev.c NAPI harnesses: nicsim's own C (no kernel text). The NAPI functions, the
 * netdevice.h inlines (napi_disable_pending, napi_prefer_busy_poll, napi_is_scheduled,
 * napi_schedule, napi_complete), the NAPI state bits, the list helpers and, from 6.15, gro.h's
 * gro_flush / gro_flush_normal / gro_normal_list come from the tree. This gives struct
 * napi_struct, net_device, softnet_data and task_struct the fields those functions touch, and
 * records what they call outside NAPI: the driver's poll (its answers from the record), GRO's
 * flush (napi_gro_flush / __gro_flush) and the hand-off of the GRO_NORMAL list
 * (netif_receive_skb_list_internal), hrtimer_start, wake_up_process, raise_softirq (a pending
 * bit, as the kernel's is), the kernel's warnings.
 *
 * Record layout (NapiHarnesses.NAPI): state on_poll_list weight defer_hard_irqs_count
 * defer_hard_irqs defer_negative gro_flush_timeout irq_suspend_timeout gro_held rx_count
 * has_thread thread_running in_net_rx_action hz_index poll[0..3] work_done id_matches; a
 * harness's own fields follow. defer_hard_irqs and gro_flush_timeout are the device's up to
 * 6.12 and the NAPI's from 6.13 (where napi_get_* read them); defer_negative makes both defer
 * values negative where they are ints (6.1), and is ignored where they are u32.
 */
//@ prelude
#define CONFIG_NET_RX_BUSY_POLL 1
static int nicsim_hz;
#define HZ nicsim_hz
//@ header
#define NICSIM_NAPI_FIELDS 20
#define NICSIM_POLLS 4

struct hrtimer {
  int nicsim_queued;
};

static void hrtimer_start(struct hrtimer *timer, ktime_t tim, const enum hrtimer_mode mode) {
  timer->nicsim_queued = 1;
  CALL2("hrtimer_start", tim, mode);
}

struct task_struct {
  unsigned int __state;
  int nicsim_runnable;
};

#ifndef TASK_RUNNING
#define TASK_RUNNING 0x0000
#endif
#ifndef TASK_INTERRUPTIBLE
#define TASK_INTERRUPTIBLE 0x0001
#endif

static int wake_up_process(struct task_struct *p) {
  CALL0("wake_up_process");
  p->nicsim_runnable = 1;
  return 1;
}

struct net_device {
  const char *name;
  unsigned long gro_flush_timeout;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
  u32 napi_defer_hard_irqs;
#else
  int napi_defer_hard_irqs;
#endif
};

struct gro_list {
  struct list_head list;
  int count;
};

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 15, 0)
struct gro_node {
  unsigned long bitmask;
  struct gro_list hash[8];
  struct list_head rx_list;
  u32 rx_count;
  u32 cached_napi_id;
};
#endif

struct napi_struct {
  unsigned long state;
  struct list_head poll_list;
  int weight;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
  u32 defer_hard_irqs_count;
#else
  int defer_hard_irqs_count;
#endif
  int (*poll)(struct napi_struct *, int);
  int list_owner;
  struct net_device *dev;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 15, 0)
  struct gro_node gro;
#else
  unsigned long gro_bitmask;
  struct list_head rx_list;
  int rx_count;
#endif
  struct hrtimer timer;
  struct task_struct *thread;
  unsigned long gro_flush_timeout;
  unsigned long irq_suspend_timeout;
  u32 defer_hard_irqs;
  unsigned int napi_id;
};

struct softnet_data {
  struct list_head poll_list;
  bool in_net_rx_action;
  bool in_napi_threaded_poll;
  unsigned int time_squeeze;
};

static struct softnet_data softnet_data;
static struct task_struct *backlog_napi;
static int nicsim_net_rx_pending;

#define this_cpu_ptr(p) (p)
#define raw_cpu_read(v) (v)
#define smp_processor_id() 0
#define lockdep_assert_irqs_disabled() ((void)0)
#define local_irq_save(flags) ((void)(flags = 0))
#define local_irq_restore(flags) ((void)(flags))
#define local_irq_disable() ((void)0)
#define local_irq_enable() ((void)0)
#define local_bh_disable() ((void)0)
#define local_bh_enable() ((void)0)
#define cmpxchg(p, o, n) \
  ({ __typeof__(*(p)) __r = *(p); if (__r == (o)) *(p) = (n); __r; })
#define try_cmpxchg(p, po, n) \
  ({ bool __ok = *(p) == *(po); if (__ok) *(p) = (n); else *(po) = *(p); __ok; })
#define netdev_err_once(dev, ...) CALL0("netdev_err_once")
#define xdp_do_check_flushed(n) ((void)0)
#define netpoll_poll_lock(n) ((void *)0)
#define netpoll_poll_unlock(h) ((void)(h))

static bool use_backlog_threads(void) {
  return false;
}

/* include/linux/interrupt.h's softirq numbers: only NET_RX is raised here */
enum { HI_SOFTIRQ, TIMER_SOFTIRQ, NET_TX_SOFTIRQ, NET_RX_SOFTIRQ };

/* raise_softirq_irqoff / __raise_softirq_irqoff: a pending bit, as the kernel's */
static void raise_softirq_irqoff(unsigned int nr) {
  (void)nr;
  nicsim_net_rx_pending = 1;
}
#define __raise_softirq_irqoff(nr) raise_softirq_irqoff(nr)

static int test_and_set_bit(long nr, volatile unsigned long *addr) {
  int old = test_bit(nr, addr);
  set_bit(nr, addr);
  return old;
}

static void assign_bit(long nr, volatile unsigned long *addr, bool value) {
  if (value) {
    set_bit(nr, addr);
  } else {
    clear_bit(nr, addr);
  }
}

/* GRO: the flush of held skbs and the hand-off of the GRO_NORMAL list. In the loop
 * (NICSIM_IN_LOOP, the poll's bridge kernel.NapiNative) the flush's completions join the
 * GRO_NORMAL list: the rx_count after it is the record's answer (nicsim_rx_after_flush), which
 * gro_normal_list then reads. */
static int nicsim_rx_answered;
static long long nicsim_rx_after_flush;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 15, 0)
#define NICSIM_GRO_BITMASK(n) ((n)->gro.bitmask)
#define NICSIM_RX_COUNT(n) ((n)->gro.rx_count)
#define NICSIM_RX_LIST(n) ((n)->gro.rx_list)
void __gro_flush(struct gro_node *gro, bool flush_old) {
  CALL1("gro_flush", flush_old);
  if (nicsim_rx_answered) {
    gro->rx_count = (int)nicsim_rx_after_flush;
  }
}
#else
#define NICSIM_GRO_BITMASK(n) ((n)->gro_bitmask)
#define NICSIM_RX_COUNT(n) ((n)->rx_count)
#define NICSIM_RX_LIST(n) ((n)->rx_list)
void napi_gro_flush(struct napi_struct *napi, bool flush_old) {
  CALL1("gro_flush", flush_old);
  if (nicsim_rx_answered) {
    napi->rx_count = (int)nicsim_rx_after_flush;
  }
}
#endif

static struct napi_struct nicsim_napi;

void netif_receive_skb_list_internal(struct list_head *head) {
  (void)head;
  CALL1("gro_normal_list", NICSIM_RX_COUNT(&nicsim_napi));
}

/* the driver's poll: its answers come from the record, one per call */
static long long nicsim_poll_answer[NICSIM_POLLS];
static int nicsim_polls;

static int nicsim_driver_poll(struct napi_struct *n, int budget) {
  int work = nicsim_polls < NICSIM_POLLS ? (int)nicsim_poll_answer[nicsim_polls] : 0;
  (void)n;
  nicsim_polls++;
  CALL2("poll", budget, work);
  return work;
}

static struct net_device nicsim_dev = {.name = "eth0"};
static struct task_struct nicsim_thread;
static const int nicsim_hzs[4] = {100, 250, 300, 1000};

//@ driver
/* the state before the call, from the record */
static void nicsim_napi_set(const long long *in) {
  struct napi_struct *n = &nicsim_napi;
  memset(n, 0, sizeof *n);
  softnet_data.poll_list.next = &softnet_data.poll_list;
  softnet_data.poll_list.prev = &softnet_data.poll_list;
  n->poll_list.next = &n->poll_list;
  n->poll_list.prev = &n->poll_list;
  n->state = (unsigned long)in[0];
  if (in[1]) {
    list_add_tail(&n->poll_list, &softnet_data.poll_list);
  }
  n->weight = (int)in[2];
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
  n->defer_hard_irqs_count = (u32)in[3];
  nicsim_dev.napi_defer_hard_irqs = (u32)in[4];
#else
  n->defer_hard_irqs_count = in[5] ? -(int)in[3] : (int)in[3];
  nicsim_dev.napi_defer_hard_irqs = in[5] ? -(int)in[4] : (int)in[4];
#endif
  n->defer_hard_irqs = (u32)in[4];
  nicsim_dev.gro_flush_timeout = (unsigned long)in[6];
  n->gro_flush_timeout = (unsigned long)in[6];
  n->irq_suspend_timeout = (unsigned long)in[7];
  NICSIM_GRO_BITMASK(n) = in[8] ? 1 : 0;
  NICSIM_RX_LIST(n).next = &NICSIM_RX_LIST(n);
  NICSIM_RX_LIST(n).prev = &NICSIM_RX_LIST(n);
  NICSIM_RX_COUNT(n) = (int)in[9];
  memset(&nicsim_thread, 0, sizeof nicsim_thread);
  nicsim_thread.__state = in[11] ? TASK_RUNNING : TASK_INTERRUPTIBLE;
  nicsim_thread.nicsim_runnable = (int)in[11];
  n->thread = in[10] ? &nicsim_thread : NULL;
  softnet_data.in_net_rx_action = (bool)in[12];
  nicsim_hz = nicsim_hzs[in[13] & 3];
  for (int i = 0; i < NICSIM_POLLS; i++) {
    nicsim_poll_answer[i] = in[14 + i];
  }
  nicsim_polls = 0;
  n->poll = nicsim_driver_poll;
  n->dev = &nicsim_dev;
  n->list_owner = -1;
  n->napi_id = 513;
  nicsim_net_rx_pending = 0;
  nicsim_rx_answered = 0;
}

/* the state after: what the NAPI functions write */
static void nicsim_napi_put(void) {
  struct napi_struct *n = &nicsim_napi;
  OUTU("state", n->state);
  OUT("on_poll_list", !list_empty(&n->poll_list));
  OUTU("defer_hard_irqs_count", (u32)n->defer_hard_irqs_count);
  OUT("rx_count", NICSIM_RX_COUNT(n));
  OUT("net_rx_pending", nicsim_net_rx_pending);
  OUT("thread_runnable", n->thread ? n->thread->nicsim_runnable : 0);
}
