/*
 * TCP harnesses: nicsim's own C (no kernel text). The functions, include/net/tcp.h's inline
 * helpers, struct tcp_skb_cb, struct bictcp / struct bbr and the CUBIC/BBR constants and module
 * parameters come from the tree; this gives struct sock, inet_connection_sock and tcp_sock the
 * fields the ported functions read (named as the kernel names them), a struct sk_buff with its
 * control block, the per-netns sysctls, and no-op MIB counters.
 *
 * Record layout (TcpHarnesses.SOCK_FIELDS):
 *   0 sk_pacing_rate 1 sk_max_pacing_rate 2 sk_pacing_shift 3 sk_pacing_status
 *   4 sk_gso_max_size 5 sk_gso_max_segs 6 sk_wmem_alloc 7 rtx queue skbs (0, 1, 2+)
 *   8 snd_una 9 snd_nxt 10 write_seq 11 mss_cache 12 snd_cwnd 13 snd_ssthresh
 *   14 packets_out 15 sacked_out 16 lost_out 17 retrans_out 18 delivered 19 app_limited
 *   20 first_tx_mstamp 21 delivered_mstamp 22 rate_delivered 23 rate_interval_us
 *   24 rate_app_limited 25 tcp_mstamp 26 rtt_min (the windowed min's value) 27 jiffies
 *   28 snd_cwnd_cnt 29 snd_cwnd_clamp
 * The congestion modules' harnesses follow it with TcpHarnesses.CC_SOCK_FIELDS
 * (nicsim_cc_sock_set):
 *   0 srtt_us 1 lost 2 tcp_clock_cache 3 tcp_wstamp_ns 4 icsk_ca_state 5 lsndtime
 *   6 is_cwnd_limited 7 max_packets_out
 */
//@ prelude
/* the arm64 distro configuration nicsim's TCP assumes; in the loop, the host's CONFIG_HZ */
#define HZ 250
/* include/generated/timeconst.h (kernel/time/timeconst.bc) at HZ 300, the one HZ a host may
 * have that does not divide 1000: jiffies.h's and time.c's multiply-and-shift branches */
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
struct inet_skb_parm {
  int iif;
  u16 flags;
  u16 frag_max_size;
};
//@ header
struct net {
  struct {
    u8 sysctl_tcp_tso_rtt_log;
    u8 sysctl_tcp_min_tso_segs;
    int sysctl_tcp_limit_output_bytes;
  } ipv4;
};
static struct net nicsim_net;
#define sock_net(sk) (&nicsim_net)
#define NET_INC_STATS(net, field) ((void)0)
#define NET_ADD_STATS(net, field, adnd) ((void)0)
#define static_branch_unlikely(key) 0
static int tcp_tx_delay_enabled;

struct rb_node {
  struct rb_node *rb_left;
  struct rb_node *rb_right;
};
struct rb_root {
  struct rb_node *rb_node;
};
#define RB_EMPTY_ROOT(root) (READ_ONCE((root)->rb_node) == NULL)

struct sk_buff {
  unsigned int truesize;
  u64 skb_mstamp_ns;
  char cb[256] __aligned(8);
};

struct sock;
struct tcp_congestion_ops {
  u32 (*min_tso_segs)(struct sock *sk);
  void (*set_state)(struct sock *sk, u8 new_state);
};

struct sock {
  unsigned long sk_pacing_rate;
  unsigned long sk_max_pacing_rate;
  u8 sk_pacing_shift;
  u8 sk_pacing_status;
  unsigned int sk_gso_max_size;
  u16 sk_gso_max_segs;
  refcount_t sk_wmem_alloc;
  unsigned long sk_tsq_flags;
  struct rb_root tcp_rtx_queue;
};

struct inet_connection_sock {
  struct sock icsk_inet_sk;
  const struct tcp_congestion_ops *icsk_ca_ops;
  u8 icsk_ca_state;
  u64 icsk_ca_priv[13];
};

struct tcp_sock {
  struct inet_connection_sock inet_conn;
  u32 snd_una;
  u32 snd_nxt;
  u32 write_seq;
  u32 mss_cache;
  u32 snd_cwnd;
  u32 snd_ssthresh;
  u32 snd_cwnd_cnt;
  u32 snd_cwnd_clamp;
  u32 prior_cwnd;
  u32 packets_out;
  u32 sacked_out;
  u32 lost_out;
  u32 retrans_out;
  u32 delivered;
  u32 delivered_ce;
  u32 app_limited;
  u64 first_tx_mstamp;
  u64 delivered_mstamp;
  u32 rate_delivered;
  u32 rate_interval_us;
  u8 rate_app_limited;
  u64 tcp_mstamp;
  struct minmax rtt_min;
  u32 srtt_us;
  u32 lost;
  u64 tcp_clock_cache;
  u64 tcp_wstamp_ns;
  u32 lsndtime;
  u8 is_cwnd_limited;
  u32 max_packets_out;
  u32 tcp_tx_delay;
  struct {
    u8 sack_ok;
  } rx_opt;
};

#define tcp_sk(sk) ((struct tcp_sock *)(sk))
#define inet_csk(sk) ((struct inet_connection_sock *)(sk))
static inline void *inet_csk_ca(const struct sock *sk) {
  return (void *)((struct inet_connection_sock *)sk)->icsk_ca_priv;
}
static inline unsigned int refcount_read(const refcount_t *r) {
  return (unsigned int)r->refs;
}
/* sizeof(struct sk_buff) and skb_shared_info, cache-aligned, in the 64-bit config nicsim models */
#define SKB_TRUESIZE(x) ((x) + 256 + 320)
/* MAX_TCP_HEADER and the GSO size of that config */
#define MAX_TCP_HEADER 320
#define GSO_LEGACY_MAX_SIZE 65536u
#define GSO_MAX_SIZE 65536u

/* the CC's .min_tso_segs when the record gives one */
static u32 nicsim_min_tso_answer;
static u32 nicsim_min_tso_segs(struct sock *sk) {
  (void)sk;
  return nicsim_min_tso_answer;
}
static struct tcp_congestion_ops nicsim_ca_with = {.min_tso_segs = nicsim_min_tso_segs};
static struct tcp_congestion_ops nicsim_ca_without = {.min_tso_segs = NULL};

static struct tcp_sock nicsim_tp;
static struct rb_node nicsim_rtx_nodes[2];
static struct sk_buff nicsim_skb;

#define NICSIM_SOCK_FIELDS 30

static struct sock *nicsim_sock_set(const long long *in) {
  memset(&nicsim_tp, 0, sizeof nicsim_tp);
  memset(nicsim_rtx_nodes, 0, sizeof nicsim_rtx_nodes);
  struct sock *sk = (struct sock *)&nicsim_tp;
  sk->sk_pacing_rate = (unsigned long)in[0];
  sk->sk_max_pacing_rate = (unsigned long)in[1];
  sk->sk_pacing_shift = (u8)in[2];
  sk->sk_pacing_status = (u8)in[3];
  sk->sk_gso_max_size = (unsigned int)in[4];
  sk->sk_gso_max_segs = (u16)in[5];
  sk->sk_wmem_alloc.refs = (int)(unsigned int)in[6];
  if (in[7] >= 1) {
    sk->tcp_rtx_queue.rb_node = &nicsim_rtx_nodes[0];
  }
  if (in[7] >= 2) {
    nicsim_rtx_nodes[0].rb_left = &nicsim_rtx_nodes[1];
  }
  struct tcp_sock *tp = &nicsim_tp;
  tp->snd_una = (u32)in[8];
  tp->snd_nxt = (u32)in[9];
  tp->write_seq = (u32)in[10];
  tp->mss_cache = (u32)in[11];
  tp->snd_cwnd = (u32)in[12];
  tp->snd_ssthresh = (u32)in[13];
  tp->packets_out = (u32)in[14];
  tp->sacked_out = (u32)in[15];
  tp->lost_out = (u32)in[16];
  tp->retrans_out = (u32)in[17];
  tp->delivered = (u32)in[18];
  tp->app_limited = (u32)in[19];
  tp->first_tx_mstamp = (u64)in[20];
  tp->delivered_mstamp = (u64)in[21];
  tp->rate_delivered = (u32)in[22];
  tp->rate_interval_us = (u32)in[23];
  tp->rate_app_limited = (u8)in[24];
  tp->tcp_mstamp = (u64)in[25];
  tp->rtt_min.s[0].v = (u32)in[26];
  jiffies = (unsigned long)in[27];
  tp->snd_cwnd_cnt = (u32)in[28];
  tp->snd_cwnd_clamp = (u32)in[29];
  nicsim_net.ipv4.sysctl_tcp_tso_rtt_log = 9;
  nicsim_net.ipv4.sysctl_tcp_min_tso_segs = 2;
  return sk;
}

static void nicsim_sock_put(const struct sock *sk) {
  const struct tcp_sock *tp = (const struct tcp_sock *)sk;
  OUTU("sk_pacing_rate", sk->sk_pacing_rate);
  OUTU("sk_tsq_flags", sk->sk_tsq_flags);
  OUTU("snd_cwnd", tp->snd_cwnd);
  OUTU("snd_ssthresh", tp->snd_ssthresh);
  OUTU("snd_cwnd_cnt", tp->snd_cwnd_cnt);
  OUTU("app_limited", tp->app_limited);
  OUTU("first_tx_mstamp", tp->first_tx_mstamp);
  OUTU("delivered_mstamp", tp->delivered_mstamp);
  OUTU("rate_delivered", tp->rate_delivered);
  OUTU("rate_interval_us", tp->rate_interval_us);
  OUT("rate_app_limited", tp->rate_app_limited);
}

#define NICSIM_CC_SOCK_FIELDS 8

/* the fields only the congestion modules read (record layout above) */
static void nicsim_cc_sock_set(struct sock *sk, const long long *in) {
  struct tcp_sock *tp = tcp_sk(sk);
  tp->srtt_us = (u32)in[0];
  tp->lost = (u32)in[1];
  tp->tcp_clock_cache = (u64)in[2];
  tp->tcp_wstamp_ns = (u64)in[3];
  inet_csk(sk)->icsk_ca_state = (u8)in[4];
  tp->lsndtime = (u32)in[5];
  tp->is_cwnd_limited = (u8)in[6];
  tp->max_packets_out = (u32)in[7];
}

/* what the congestion modules write in the socket */
static void nicsim_cc_sock_put(const struct sock *sk) {
  const struct tcp_sock *tp = (const struct tcp_sock *)sk;
  OUTU("sk_pacing_rate", sk->sk_pacing_rate);
  OUT("sk_pacing_status", sk->sk_pacing_status);
  OUTU("snd_cwnd", tp->snd_cwnd);
  OUTU("snd_ssthresh", tp->snd_ssthresh);
  OUTU("snd_cwnd_cnt", tp->snd_cwnd_cnt);
  OUTU("app_limited", tp->app_limited);
}
