/*
 * The receiver's delayed-ACK engine (tcp_input.c tcp_incr_quickack, tcp_enter_quickack_mode,
 * tcp_in_quickack_mode, __tcp_ack_snd_check; tcp_output.c tcp_send_delayed_ack; tcp_timer.c
 * tcp_delack_timer_handler): nicsim's own C, no kernel text. The functions, tcp.h's and
 * inet_connection_sock.h's inline helpers and tcp_sack_compress_send_ack come from the tree;
 * this file gives struct sock / inet_connection_sock / tcp_sock the fields they use and
 * recording stubs for what they call: tcp_send_ack, the delayed-ACK timer (sk_reset_timer) and
 * the compressed-ACK hrtimer's start (with its delay) and cancel.
 *
 * Configuration the model's receiver keeps, fixed here: an established socket that never
 * sends data (icsk_ack.pingpong 0), no route metrics (no RTAX_QUICKACK, no RTAX_RTO_MIN:
 * icsk_rto_min TCP_RTO_MIN, icsk_delack_max TCP_DELACK_MAX), 64-bit jiffies from
 * INITIAL_JIFFIES (so the 32-bit value wraps five minutes after boot while the C's does not).
 * __tcp_ack_snd_check: a SACK connection, the socket never owned by the user when the ACK
 * check runs (the model's CPU work is atomic), SO_RCVLOWAT at its default (1) and a receive
 * window that never shrinks: __tcp_select_window answers rcv_wnd; the compression sysctls at
 * their defaults (tcp_comp_sack_nr 44, tcp_comp_sack_delay_ns 1 ms, rtt percent 33).
 *
 * Record layout (TcpReceiverHarnesses.FIELDS):
 *   0 jiffies since boot (u32; jiffies = 2^32 - 300 * HZ + this)
 *   1 icsk_ack.timeout - jiffies (s32)   2 icsk_ack.pending   3 icsk_ack.quick
 *   4 icsk_ack.ato   5 icsk_ack.rcv_mss   6 icsk_rto   7 srtt_us   8 rcv_wnd
 *   9 compressed_ack   10 compressed-ACK hrtimer queued   11 max_quickacks (argument)
 * __tcp_ack_snd_check's record goes on (TcpReceiverHarnesses.ACK_SND_FIELDS):
 *   12 rcv_nxt   13 rcv_nxt - rcv_wup (u32)   14 out-of-order queue non-empty
 *   15 ofo_possible (argument)   16 compressed_ack_rcv_nxt   17 dup_ack_counter (2 bits)
 *   18 rcv_rtt_est.rtt_us   19 rcv_nxt - copied_seq (u32)
 * Output: ret (tcp_in_quickack_mode), then the calls in order, then icsk_ack.pending, quick,
 * ato, timeout (u32), compressed_ack; __tcp_ack_snd_check adds compressed_ack_rcv_nxt and
 * dup_ack_counter (sock_hold's reference is not compared).
 */
//@ prelude
#define HZ 250
/* include/generated/timeconst.h (kernel/time/timeconst.bc) at HZ 300, the one HZ a host may
 * have that does not divide 1000 (as tcp-input/sock.c): usecs_to_jiffies's multiply-and-shift
 * branch, which --ports c compiles in at such a host's HZ */
#if HZ == 300
#define USEC_TO_HZ_MUL32 0x9D495183ULL
#define USEC_TO_HZ_ADJ32 0x7FFCB923A29ULL
#define USEC_TO_HZ_SHR32 43
#define HZ_TO_USEC_NUM 10000
#define HZ_TO_USEC_DEN 3
#define MSEC_TO_HZ_MUL32 0x9999999AULL
#define MSEC_TO_HZ_ADJ32 0x1CCCCCCCCULL
#define MSEC_TO_HZ_SHR32 33
#define HZ_TO_MSEC_NUM 10
#define HZ_TO_MSEC_DEN 3
#endif
struct dst_entry;
struct sock;
struct sk_buff;
//@ header
struct net {
  struct {
    u8 sysctl_tcp_pingpong_thresh;
    u8 sysctl_tcp_backlog_ack_defer;
    int sysctl_tcp_comp_sack_nr;
    int sysctl_tcp_comp_sack_rtt_percent;
    unsigned long sysctl_tcp_comp_sack_delay_ns;
    unsigned long sysctl_tcp_comp_sack_slack_ns;
  } ipv4;
};
static struct net nicsim_net;
#define sock_net(sk) (&nicsim_net)
#define NET_ADD_STATS(net, field, adnd) ((void)0)
#define __NET_INC_STATS(net, field) ((void)0)
#define __sk_dst_get(sk) ((struct dst_entry *)0)
#define dst_metric_locked(dst, m) 0
#define dst_metric_rtt(dst, m) 0
#define dst_metric(dst, m) 0

struct hrtimer {
  int queued;
};

struct rb_node {
  struct rb_node *rb_left;
};
struct rb_root {
  struct rb_node *rb_node;
};
#define RB_EMPTY_ROOT(root) (READ_ONCE((root)->rb_node) == NULL)
#define NSEC_PER_USEC 1000L
/* enum tsq_enum's bit (include/linux/tcp.h, v6.8+): set only on a socket owned by the user,
 * which this receiver never is */
#define TCP_ACK_DEFERRED 6
#define HRTIMER_MODE_REL_PINNED_SOFT 0

struct sock {
  unsigned char sk_state;
  refcount_t sk_refcnt;
  int sk_rcvlowat;
  unsigned long sk_tsq_flags;
};

struct inet_connection_sock {
  struct sock icsk_inet_sk;
  struct timer_list icsk_delack_timer;
  u32 icsk_rto;
  u32 icsk_rto_min;
  u32 icsk_delack_max;
  struct {
    u8 pending;
    u8 quick;
    u8 pingpong;
    u8 retry;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 15, 0) || \
    (LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 55) && LINUX_VERSION_CODE < KERNEL_VERSION(6, 13, 0))
    /* an 8-bit field since "tcp: cache RTAX_QUICKACK metric in a hot cache line" */
    u32 ato : 8, lrcv_flowlabel : 20, dst_quick_ack : 1, unused : 3;
#else
    u32 ato;
#endif
    unsigned long timeout;
    u32 lrcvtime;
    u16 last_seg_size;
    u16 rcv_mss;
  } icsk_ack;
};

struct tcp_sock {
  struct inet_connection_sock inet_conn;
  u32 rcv_nxt;
  u32 rcv_wup;
  u32 copied_seq;
  struct rb_root out_of_order_queue;
  struct {
    u8 sack_ok;
  } rx_opt;
  struct {
    u32 rtt_us;
  } rcv_rtt_est;
  u32 compressed_ack_rcv_nxt;
  u8 dup_ack_counter : 2;
  u32 rcv_wnd;
  u32 srtt_us;
  u64 tcp_mstamp;
  u8 compressed_ack;
  struct hrtimer compressed_ack_timer;
};

#define tcp_sk(sk) ((struct tcp_sock *)(sk))
#define inet_csk(sk) ((struct inet_connection_sock *)(sk))
#define __sock_put(sk) ((sk)->sk_refcnt.refs--)
#define smp_store_release(p, v) (*(p) = (v))

/* ---- recording stubs ---- */
static void tcp_send_ack(struct sock *sk) {
  (void)sk;
  CALL0("tcp_send_ack");
}
static void sk_reset_timer(struct sock *sk, struct timer_list *timer, unsigned long expires) {
  (void)sk;
  timer->expires = expires;
  CALL1("delack_timer_reset", (u32)expires);
}
static int hrtimer_try_to_cancel(struct hrtimer *t) {
  CALL0("compressed_ack_timer_cancel");
  return t->queued;
}
/* the model's CPU work runs atomically: BH never finds the socket owned by the user */
#define sock_owned_by_user_nocheck(sk) 0
#define sock_hold(sk) ((sk)->sk_refcnt.refs++)
static bool hrtimer_is_queued(struct hrtimer *t) {
  return t->queued;
}
static void hrtimer_start_range_ns(struct hrtimer *t, ktime_t tim, u64 range_ns, int mode) {
  (void)t;
  (void)range_ns;
  (void)mode;
  CALL1("compressed_ack_timer_start", tim);
}
#define ns_to_ktime(ns) ((ktime_t)(ns))
/* a window that never shrinks: the model's receivers always offer rcv_wnd */
static u32 __tcp_select_window(struct sock *sk) {
  return tcp_sk(sk)->rcv_wnd;
}
static struct rb_node nicsim_ofo_node;

/* the receiver keeps no microsecond clock: tcp_mstamp is not compared */
static void tcp_mstamp_refresh(struct tcp_sock *tp) {
  (void)tp;
}

static struct tcp_sock nicsim_tp;
//@ driver
static void nicsim_run(const long long *in) {
  struct tcp_sock *tp = &nicsim_tp;
  struct sock *sk = (struct sock *)tp;
  struct inet_connection_sock *icsk = inet_csk(sk);

  memset(tp, 0, sizeof *tp);
  nicsim_net.ipv4.sysctl_tcp_pingpong_thresh = 1;
  sk->sk_state = TCP_ESTABLISHED;
  sk->sk_refcnt.refs = 2;
  jiffies = 0x100000000UL - 300UL * HZ + (unsigned long)(u32)in[0];
  unsigned long timeout = jiffies + (long)(s32)in[1];
  icsk->icsk_ack.timeout = timeout;
  icsk->icsk_delack_timer.expires = timeout;
  icsk->icsk_ack.pending = (u8)in[2];
  icsk->icsk_ack.quick = (u8)in[3];
  icsk->icsk_ack.ato = (u32)in[4];
  icsk->icsk_ack.rcv_mss = (u16)in[5];
  icsk->icsk_rto = (u32)in[6];
  icsk->icsk_rto_min = TCP_RTO_MIN;
  icsk->icsk_delack_max = TCP_DELACK_MAX;
  tp->srtt_us = (u32)in[7];
  tp->rcv_wnd = (u32)in[8];
  tp->compressed_ack = (u8)in[9];
  tp->compressed_ack_timer.queued = (int)in[10];
  (void)timeout;

#if defined(NICSIM_FN_tcp_incr_quickack)
  tcp_incr_quickack(sk, (unsigned int)in[11]);
#elif defined(NICSIM_FN_tcp_enter_quickack_mode)
  tcp_enter_quickack_mode(sk, (unsigned int)in[11]);
#elif defined(NICSIM_FN_tcp_in_quickack_mode)
  OUT("ret", tcp_in_quickack_mode(sk));
#elif defined(NICSIM_FN_tcp_send_delayed_ack)
  tcp_send_delayed_ack(sk);
#elif defined(NICSIM_FN_tcp_delack_timer_handler)
  tcp_delack_timer_handler(sk);
#elif defined(NICSIM_FN___tcp_ack_snd_check)
  nicsim_net.ipv4.sysctl_tcp_backlog_ack_defer = 1;
  nicsim_net.ipv4.sysctl_tcp_comp_sack_nr = 44;
  nicsim_net.ipv4.sysctl_tcp_comp_sack_rtt_percent = 33;
  nicsim_net.ipv4.sysctl_tcp_comp_sack_delay_ns = 1000000UL;
  nicsim_net.ipv4.sysctl_tcp_comp_sack_slack_ns = 100000UL;
  sk->sk_rcvlowat = 1;
  tp->rx_opt.sack_ok = 1;
  tp->rcv_nxt = (u32)in[12];
  tp->rcv_wup = (u32)in[12] - (u32)in[13];
  tp->out_of_order_queue.rb_node = in[14] ? &nicsim_ofo_node : NULL;
  tp->compressed_ack_rcv_nxt = (u32)in[16];
  tp->dup_ack_counter = (u8)in[17];
  tp->rcv_rtt_est.rtt_us = (u32)in[18];
  tp->copied_seq = (u32)in[12] - (u32)in[19];
  __tcp_ack_snd_check(sk, (int)in[15]);
  OUTU("compressed_ack_rcv_nxt", tp->compressed_ack_rcv_nxt);
  OUT("dup_ack_counter", tp->dup_ack_counter);
#else
#error "no driver for this function"
#endif

  OUT("pending", icsk->icsk_ack.pending);
  OUT("quick", icsk->icsk_ack.quick);
  OUTU("ato", (u32)icsk->icsk_ack.ato);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 18, 0)
  OUTU("timeout", (u32)icsk->icsk_delack_timer.expires);
#else
  OUTU("timeout", (u32)icsk->icsk_ack.timeout);
#endif
  OUT("compressed_ack", tp->compressed_ack);
}
