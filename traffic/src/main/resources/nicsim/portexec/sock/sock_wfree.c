/*
 * sock_wfree (net/core/sock.c) for a UDP socket: nicsim's own C (no kernel text). sock_wfree,
 * sock_def_write_space(_wfree), sock_writeable, sock_flag, skwq_has_sleeper and
 * sk_wake_async(_rcu) come from the tree; this gives struct sock and sk_buff the fields they
 * touch, refcount_t's helpers and a recording wake-up.
 *
 * The socket is a bound UDP socket as nicsim's senders have: SOCK_RCU_FREE set (udp_lib_get_port
 * sets it), SOCK_USE_WRITE_QUEUE and SOCK_FASYNC clear, sk_write_space = sock_def_write_space
 * (sock_init_data).
 *
 * Record layout (SockHarnesses.WFREE): skb->truesize, sk_wmem_alloc (the refcount, sk_alloc's
 * base of 1 included), sk_sndbuf, a writer sleeping in sock_wait_for_wmem (0/1).
 * Output: sk_wmem_alloc after; calls wake_up_interruptible_sync_poll(mask), __sk_free(),
 * sock_wake_async(how,band), WARN_ON().
 */
//@ header
#define EPOLLOUT 0x00000004
#define EPOLLWRNORM 0x00000100
#define EPOLLWRBAND 0x00000200
#define POLL_OUT 2
enum { SOCK_WAKE_IO, SOCK_WAKE_WAITD, SOCK_WAKE_SPACE, SOCK_WAKE_URG };

struct wait_queue_head {
  int sleepers;
};

struct socket_wq {
  struct wait_queue_head wait;
};

struct sock {
  unsigned long sk_flags;
  refcount_t sk_wmem_alloc;
  int sk_sndbuf;
  struct socket_wq *sk_wq;
  void (*sk_write_space)(struct sock *sk);
};

struct sk_buff {
  struct sock *sk;
  unsigned int truesize;
};

static inline unsigned int refcount_read(const refcount_t *r) {
  return (unsigned int)r->refs;
}

static inline bool __refcount_sub_and_test(int i, refcount_t *r, int *oldp) {
  int old = r->refs;
  r->refs = (int)((unsigned int)old - (unsigned int)i);
  if (oldp) {
    *oldp = old;
  }
  return old == i;
}

static inline bool refcount_sub_and_test(int i, refcount_t *r) {
  return __refcount_sub_and_test(i, r, NULL);
}

static inline bool waitqueue_active(struct wait_queue_head *wq_head) {
  return wq_head->sleepers != 0;
}

static inline bool wq_has_sleeper(struct wait_queue_head *wq_head) {
  return waitqueue_active(wq_head);
}

#define wake_up_interruptible_sync_poll(x, m) \
  CALL1("wake_up_interruptible_sync_poll", (long long)(m))

static void __sk_free(struct sock *sk) {
  (void)sk;
  CALL0("__sk_free");
}

struct socket_wq;
static int sock_wake_async(struct socket_wq *wq, int how, int band) {
  (void)wq;
  CALL2("sock_wake_async", how, band);
  return 0;
}

static struct sock nicsim_sk;
static struct socket_wq nicsim_wq;
static struct sk_buff nicsim_skb;
static void sock_def_write_space(struct sock *sk);
//@ driver
static void nicsim_run(const long long *in) {
  memset(&nicsim_sk, 0, sizeof nicsim_sk);
  memset(&nicsim_wq, 0, sizeof nicsim_wq);
  nicsim_sk.sk_flags = 1UL << SOCK_RCU_FREE;
  nicsim_sk.sk_write_space = sock_def_write_space;
  nicsim_sk.sk_wq = &nicsim_wq;
  nicsim_skb.sk = &nicsim_sk;
  nicsim_skb.truesize = (unsigned int)in[0];
  nicsim_sk.sk_wmem_alloc.refs = (int)(unsigned int)in[1];
  nicsim_sk.sk_sndbuf = (int)in[2];
  nicsim_wq.wait.sleepers = (int)in[3];
  sock_wfree(&nicsim_skb);
  OUTU("sk_wmem_alloc", refcount_read(&nicsim_sk.sk_wmem_alloc));
}
