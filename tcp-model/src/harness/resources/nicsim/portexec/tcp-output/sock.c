/*
 * tcp_output.c harnesses: a TCP sending socket, nicsim's own C (no kernel text). The functions
 * under test, include/net/tcp.h's inline helpers, struct tcp_skb_cb, the skb list and list.h
 * helpers and the callees nicsim ports too (tcp_rbtree_insert, tcp_rearm_rto, tcp_check_space,
 * tcp_enter_cwr, tcp_rate_skb_sent, ...) come from the tree. This file gives struct sock,
 * inet_connection_sock and tcp_sock the fields those functions use (named as the kernel names
 * them), a struct sk_buff with its control block, an unbalanced binary tree behind the rb_*
 * calls (the retransmit queue is only walked in order), the per-netns sysctls, and recording
 * stubs at the model's boundary: ip_queue_xmit, the pacing hrtimer, the retransmit timer, the
 * TSQ work list, the congestion module's hooks, sk_write_space.
 *
 * Configuration the model assumes, fixed here rather than read from the record: an established
 * IPv4 socket with SACK, no urgent data (snd_up == snd_una), no MTU probing
 * (icsk_mtup.enabled 0), no TCP_TX_DELAY, no MD5/AO keys, no repair mode, no zero-copy, no
 * timestamping requests (tx_flags 0), memory accounting off (sk_prot->memory_allocated NULL), a
 * pure sender (icsk_ack.ato 0: no pingpong), tcp_early_retrans 0 (no tail loss probe).
 *
 * Record layout (TcpOutputHarnesses.SOCK, NICSIM_SK fields), then the function's own arguments:
 *   0 now_ns (ktime_get_ns)   1 jiffies   2 sk_pacing_rate   3 sk_pacing_shift
 *   4 sk_pacing_status   5 sk_gso_max_size   6 sk_gso_max_segs   7 sk_wmem_alloc
 *   8 sk_wmem_queued   9 sk_sndbuf   10 sk_tsq_flags (THROTTLED 1, QUEUED 2, TSQ_DEFERRED 4)
 *   11 sock_owned_by_user   12 SOCK_NOSPACE   13 icsk_ca_state   14 icsk_rto
 *   15 icsk_pending   16 icsk_timeout   17 snd_una   18 snd_nxt   19 write_seq   20 snd_wnd
 *   21 snd_sml   22 mss_cache   23 nonagle   24 packets_out   25 sacked_out   26 lost_out
 *   27 retrans_out   28 max_packets_out   29 is_cwnd_limited   30 cwnd_usage_seq   31 snd_cwnd
 *   32 snd_ssthresh   33 snd_cwnd_clamp   34 snd_cwnd_used   35 snd_cwnd_stamp   36 prr_out
 *   37 srtt_us   38 rtt_min   39 tcp_mstamp   40 tcp_clock_cache   41 tcp_wstamp_ns
 *   42 lsndtime   43 data_segs_out   44 segs_out   45 bytes_sent   46 bytes_retrans
 *   47 total_retrans   48 retrans_stamp   49 undo_retrans   50 delivered   51 app_limited
 *   52 first_tx_mstamp   53 delivered_mstamp   54 retransmit_skb_hint (rtx index, -1 NULL)
 *   55 highest_sack (rtx index, -1 NULL)   56 tcp_limit_output_bytes   57 tcp_tso_win_divisor
 *   58 tcp_min_tso_segs   59 tcp_slow_start_after_idle   60 tcp_tso_rtt_log
 *   61 head truesize of tcp_stream_alloc_skb   62 in ksoftirqd   63 pacing hrtimer queued
 *   64 ip_queue_xmit result (0, 1 NET_XMIT_DROP, 2 NET_XMIT_CN, 3 -ENOBUFS)
 *   65 other sockets on this CPU's TSQ list   66 CC has .min_tso_segs   67 its answer
 *   68 CC has .cong_control   69 CC .ssthresh answer   70 prior_cwnd   71 prior_ssthresh
 *   72 tcp_wmem[2]   73 sndbuf_expand answer
 *   74 write queue skbs (0..4), then 4 x (len, pcount, gso_size, tcp_flags, eor, truesize,
 *      tstamp)                                                       75..102
 *   103 rtx queue skbs (0..4)   104 bytes of the rtx head below snd_una, then 4 x (len, pcount,
 *      gso_size, tcp_flags, eor, sacked, truesize, tstamp, clones in the host, tx.delivered,
 *      tx.first_tx_mstamp, tx.is_app_limited)                       105..152
 * The write queue starts at snd_nxt, the rtx queue at snd_una - (104) and runs contiguously; its
 * skbs are on tsorted_sent_queue in that order.
 */
//@ prelude
/* the arm64 distro configuration nicsim's TCP assumes (--ports c builds it at the host's HZ) */
#define HZ 250
/* include/generated/timeconst.h (kernel/time/timeconst.bc) at HZ 300, the one HZ a host may
 * have that does not divide 1000 (as tcp-input's sock.c): the in-loop programs of
 * tcp_write_xmit and __tcp_push_pending_frames compile time.c's jiffies_to_usecs */
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
#define CONFIG_INET 1
struct inet_skb_parm {
  int iif;
  u16 flags;
  u16 frag_max_size;
};
struct inet6_skb_parm {
  int iif;
  __be16 ra;
  __u16 dst0;
  __u16 srcrt;
  __u16 dst1;
  __u16 lastopt;
  __u16 nhoff;
  __u16 flags;
  __u16 frag_max_size;
  __u16 srhoff;
};
#define __LITTLE_ENDIAN_BITFIELD 1
#define NET_SKBUFF_DATA_USES_OFFSET 1
/* named in the prototypes of the tree's functions before their own definitions */
struct dst_entry;
struct sock;
struct sk_buff;
struct tcp_sock;
struct request_sock;
struct rate_sample;
struct bpf_sock_ops_kern;
/* no TCP-MD5 key (6.1's __tcp_transmit_skb names the type) */
struct tcp_md5sig_key {
  int nicsim_unused;
};
/* embedded by the tree's struct tcp_out_options */
struct mptcp_out_options {
  int nicsim_unused;
};
/* embedded by the tree's struct tsq_tasklet (before v6.17) */
struct tasklet_struct {
  void (*callback)(struct tasklet_struct *t);
};
//@ header
#define NICSIM_SK 153
#define NICSIM_WQ 74
#define NICSIM_WQ_F 7
#define NICSIM_RQ 103
#define NICSIM_RQ_F 12
#define NICSIM_SLOTS 4
#define ENOBUFS 105
#define ENOMEM 12
#define E2BIG 7
#define EHOSTUNREACH 113

struct net {
  struct {
    u8 sysctl_tcp_tso_rtt_log;
    u8 sysctl_tcp_min_tso_segs;
    u8 sysctl_tcp_tso_win_divisor;
    u8 sysctl_tcp_slow_start_after_idle;
    u8 sysctl_tcp_early_retrans;
    u8 sysctl_tcp_frto;
    u8 sysctl_tcp_recovery;
    u8 sysctl_tcp_mtu_probing;
    u8 sysctl_tcp_autocorking;
    u8 sysctl_tcp_thin_linear_timeouts;
    u8 sysctl_tcp_retrans_collapse;
    u8 sysctl_tcp_probe_threshold;
    u8 sysctl_tcp_pingpong_thresh;
    u8 sysctl_tcp_ecn;
    u8 sysctl_tcp_ecn_fallback;
    u8 sysctl_tcp_ecn_option;
    u8 sysctl_tcp_ecn_option_beacon;
    int sysctl_tcp_limit_output_bytes;
    int sysctl_tcp_wmem[3];
    int sysctl_tcp_rmem[3];
    int sysctl_tcp_base_mss;
    int sysctl_tcp_probe_interval;
    int sysctl_tcp_min_snd_mss;
    unsigned int sysctl_tcp_notsent_lowat;
    int sysctl_tcp_reordering;
  } ipv4;
};
static struct net nicsim_net;
#define sock_net(sk) (&nicsim_net)
#define NET_INC_STATS(net, field) ((void)0)
#define __NET_INC_STATS(net, field) ((void)0)
#define NET_ADD_STATS(net, field, adnd) ((void)0)
#define __NET_ADD_STATS(net, field, adnd) ((void)0)
#define TCP_ADD_STATS(net, field, val) ((void)0)
#define TCP_INC_STATS(net, field) ((void)0)
#define __TCP_INC_STATS(net, field) ((void)0)
#define static_branch_unlikely(key) 0
#define static_branch_likely(key) 0
#define static_key_false(key) 0
static int tcp_tx_delay_enabled;

/* ---- the retransmit queue's rb-tree: an unbalanced binary search tree ---- */
struct rb_node {
  unsigned long __rb_parent_color;
  struct rb_node *rb_right;
  struct rb_node *rb_left;
};
struct rb_root {
  struct rb_node *rb_node;
};
#define RB_ROOT (struct rb_root){ NULL, }
#define rb_parent(r) ((struct rb_node *)((r)->__rb_parent_color))
#define RB_EMPTY_ROOT(root) (READ_ONCE((root)->rb_node) == NULL)
#define RB_EMPTY_NODE(node) ((node)->__rb_parent_color == (unsigned long)(node))
#define RB_CLEAR_NODE(node) ((node)->__rb_parent_color = (unsigned long)(node))
#define rb_entry(ptr, type, member) container_of(ptr, type, member)
#define rb_entry_safe(ptr, type, member) \
  ({ __typeof__(ptr) ____ptr = (ptr); ____ptr ? rb_entry(____ptr, type, member) : NULL; })
static inline void rb_link_node(struct rb_node *node, struct rb_node *parent,
                                struct rb_node **rb_link) {
  node->__rb_parent_color = (unsigned long)parent;
  node->rb_left = node->rb_right = NULL;
  *rb_link = node;
}
static inline void rb_insert_color(struct rb_node *node, struct rb_root *root) {
  (void)node;
  (void)root;
}
static struct rb_node *rb_first(const struct rb_root *root) {
  struct rb_node *n = root->rb_node;
  if (!n) {
    return NULL;
  }
  while (n->rb_left) {
    n = n->rb_left;
  }
  return n;
}
static struct rb_node *rb_last(const struct rb_root *root) {
  struct rb_node *n = root->rb_node;
  if (!n) {
    return NULL;
  }
  while (n->rb_right) {
    n = n->rb_right;
  }
  return n;
}
static struct rb_node *rb_next(const struct rb_node *node) {
  struct rb_node *parent;
  if (node->rb_right) {
    node = node->rb_right;
    while (node->rb_left) {
      node = node->rb_left;
    }
    return (struct rb_node *)node;
  }
  while ((parent = rb_parent(node)) && node == parent->rb_right) {
    node = parent;
  }
  return parent;
}
static struct rb_node *rb_prev(const struct rb_node *node) {
  struct rb_node *parent;
  if (node->rb_left) {
    node = node->rb_left;
    while (node->rb_right) {
      node = node->rb_right;
    }
    return (struct rb_node *)node;
  }
  while ((parent = rb_parent(node)) && node == parent->rb_left) {
    node = parent;
  }
  return parent;
}
static void nicsim_rb_replace_child(struct rb_node *old, struct rb_node *new,
                                    struct rb_node *parent, struct rb_root *root) {
  if (!parent) {
    root->rb_node = new;
  } else if (parent->rb_left == old) {
    parent->rb_left = new;
  } else {
    parent->rb_right = new;
  }
  if (new) {
    new->__rb_parent_color = (unsigned long)parent;
  }
}
static void rb_erase(struct rb_node *node, struct rb_root *root) {
  struct rb_node *parent = rb_parent(node);
  if (!node->rb_left) {
    nicsim_rb_replace_child(node, node->rb_right, parent, root);
  } else if (!node->rb_right) {
    nicsim_rb_replace_child(node, node->rb_left, parent, root);
  } else {
    struct rb_node *succ = node->rb_right;
    while (succ->rb_left) {
      succ = succ->rb_left;
    }
    if (rb_parent(succ) != node) {
      nicsim_rb_replace_child(succ, succ->rb_right, rb_parent(succ), root);
      succ->rb_right = node->rb_right;
      succ->rb_right->__rb_parent_color = (unsigned long)succ;
    }
    nicsim_rb_replace_child(node, succ, parent, root);
    succ->rb_left = node->rb_left;
    succ->rb_left->__rb_parent_color = (unsigned long)succ;
  }
  node->rb_left = node->rb_right = NULL;
  node->__rb_parent_color = 0;
}

/* ---- skbs ---- */
struct sock;
struct net_device;
/* payload fragments: TCP's payload is all paged, but the model tracks only its length */
typedef unsigned long netmem_ref;
typedef struct {
  netmem_ref netmem;
  unsigned int len;
  unsigned int offset;
} skb_frag_t;
#define skb_frag_size(f) ((f)->len)
#define skb_frag_off(f) ((f)->offset)
#define skb_frag_ref(skb, i) ((void)0)
#define skb_frag_unref(skb, i) ((void)0)
#define skb_frag_size_sub(f, d) ((f)->len -= (d))
#define skb_frag_off_add(f, d) ((f)->offset += (d))
#define skb_frag_size_set(f, s) ((f)->len = (s))
#define skb_frag_off_set(f, o) ((f)->offset = (o))
#define __skb_frag_ref(f) ((void)0)
#define netmem_is_net_iov(n) false
#define netmem_to_page(n) ((struct page *)(n))
#define netmem_to_net_iov(n) ((struct net_iov *)(n))
struct skb_shared_info {
  u8 flags;
  u8 tx_flags;
  u8 nr_frags;
  unsigned short gso_size;
  unsigned short gso_segs;
  unsigned int gso_type;
  u32 tskey;
  struct sk_buff *frag_list;
  skb_frag_t frags[17];
  /* the 64-bit kernel's sizeof(struct skb_shared_info) rounds to 320 (SKB_DATA_ALIGN) */
  char nicsim_pad[8];
};
_Static_assert(sizeof(struct skb_shared_info) > 256 && sizeof(struct skb_shared_info) <= 320,
               "sizeof(struct skb_shared_info) must align to 320 as on arm64/x86-64");
struct sk_buff {
  union {
    struct {
      struct sk_buff *next;
      struct sk_buff *prev;
      union {
        struct net_device *dev;
        unsigned long dev_scratch;
      };
    };
    struct rb_node rbnode;
    struct list_head list;
  };
  struct sock *sk;
  union {
    ktime_t tstamp;
    u64 skb_mstamp_ns;
  };
  char cb[48] __aligned(8);
  union {
    struct {
      unsigned long _skb_refdst;
      void (*destructor)(struct sk_buff *skb);
    };
    struct list_head tcp_tsorted_anchor;
  };
  unsigned int len;
  unsigned int data_len;
  u16 mac_len;
  u16 hdr_len;
  u8 cloned:1, nohdr:1, fclone:2, peeked:1, head_frag:1, pfmemalloc:1, pp_recycle:1;
  u8 ooo_okay:1, l4_hash:1, sw_hash:1, wifi_acked_valid:1, wifi_acked:1, no_fcs:1,
      encapsulation:1, encap_hdr_csum:1;
  u8 ip_summed:2, tstamp_type:2;
  u32 hash;
  unsigned int truesize;
  refcount_t users;
  /* nicsim: transmitted clones still below TCP (skb_fclone_busy) */
  int nicsim_clones;
  int nicsim_id;
  unsigned char *data;
  unsigned char *head;
  unsigned int end;
  u16 transport_header;
  u16 network_header;
  struct skb_shared_info *nicsim_shinfo;
  /* the 64-bit kernel's sizeof(struct sk_buff) rounds to 256 (SKB_DATA_ALIGN) */
  char nicsim_pad[40];
};
_Static_assert(sizeof(struct sk_buff) > 192 && sizeof(struct sk_buff) <= 256,
               "sizeof(struct sk_buff) must align to 256 as on arm64/x86-64");
struct sk_buff_list {
  struct sk_buff *next;
  struct sk_buff *prev;
};
struct sk_buff_head {
  struct sk_buff *next;
  struct sk_buff *prev;
  __u32 qlen;
  spinlock_t lock;
};
#define skb_shinfo(skb) ((skb)->nicsim_shinfo)
#define skb_fclone_busy(sk, skb) ((void)(sk), (skb)->nicsim_clones > 0)
#define skb_headlen(skb) ((skb)->len - (skb)->data_len)
#define __skb_header_release(skb) ((void)0)
#define skb_copy_decrypted(to, from) ((void)0)
#define mptcp_skb_ext_copy(to, from) ((void)0)
#define mptcp_skb_can_collapse(to, from) 1
#define skb_cmp_decrypted(a, b) 0
#define skb_frags_readable(skb) 1
#define skb_zcopy_pure(skb) 0
#define skb_zcopy(skb) 0
#define skb_unclone_keeptruesize(skb, gfp) 0
#define skb_set_delivery_time(skb, t, type) ((skb)->tstamp = (t))
#define SKB_CLOCK_MONOTONIC 1
#define skb_tstamp_tx(skb, hw) ((void)0)
#define skb_pure_zcopy_same(a, b) 1

#define htons(x) __builtin_bswap16((u16)(x))
#define htonl(x) __builtin_bswap32((u32)(x))
#define ntohl(x) __builtin_bswap32((u32)(x))
#define skb_reset_transport_header(skb) ((void)0)
#define skb_orphan(skb) ((void)0)
#define skb_set_dst_pending_confirm(skb, v) ((void)0)
#define skb_set_hash_from_sk(skb, sk) ((void)0)
#define skb_cloned(skb) 0
#define __kfree_skb(skb) ((void)0)
#define kfree_skb_reason(skb, r) ((void)0)
#define kfree_skb(skb) ((void)0)
#define cmpxchg(ptr, o, n) \
  ({ __typeof__(*(ptr)) __o = (o); __typeof__(*(ptr)) __cur = *(ptr); \
     if (__cur == __o) *(ptr) = (n); __cur; })

/*
 * each pool skb's head room and shared info; in the loop (--ports c) the queues run to
 * NICSIM_LOOP_SKBS skbs each, and every skb sent takes a clone and may take a split
 */
#ifdef NICSIM_IN_LOOP
#define NICSIM_LOOP_SKBS 128
#define NICSIM_POOL 2048
#else
#define NICSIM_POOL 320
#endif
static unsigned char nicsim_heads[NICSIM_POOL][96];
static struct skb_shared_info nicsim_shinfos[NICSIM_POOL];

/* skb_push: the header goes in front of the (absent) payload; len counts it */
static unsigned char *skb_push(struct sk_buff *skb, unsigned int len) {
  if (!skb->data) {
    skb->data = nicsim_heads[skb->nicsim_id] + sizeof nicsim_heads[0];
  }
  skb->data -= len;
  skb->len += len;
  return skb->data;
}

/*
 * 6.1's tcp_mtu_probe copies the probe's payload into a linear skb; MTU probing is off
 * (icsk_mtup.enabled 0), so these record a call that no admitted record reaches
 */
static int skb_copy_bits(const struct sk_buff *skb, int offset, void *to, int len) {
  (void)skb;
  (void)offset;
  (void)to;
  CALL1("skb_copy_bits", len);
  return 0;
}
static void *skb_put(struct sk_buff *skb, unsigned int len) {
  CALL1("skb_put", len);
  skb->len += len;
  return NULL;
}
static void *skb_pull(struct sk_buff *skb, unsigned int len) {
  CALL1("skb_pull", len);
  skb->len -= len;
  return NULL;
}

/* skb_split: the first len bytes stay, the rest move (all of a TCP skb's payload is paged) */
static void skb_split(struct sk_buff *skb, struct sk_buff *skb1, const u32 len) {
  skb1->len = skb->len - len;
  skb1->data_len = skb1->len;
  skb->len = len;
  skb->data_len = len;
}
/* skb_shift: up to shiftlen paged bytes move from skb to tgt, their truesize with them */
static int skb_shift(struct sk_buff *tgt, struct sk_buff *skb, int shiftlen) {
  tgt->len += shiftlen;
  tgt->data_len += shiftlen;
  tgt->truesize += shiftlen;
  skb->len -= shiftlen;
  skb->data_len -= shiftlen;
  skb->truesize -= shiftlen;
  return shiftlen;
}
/* __pskb_trim_head: the first len paged bytes go, and their truesize */
static int __pskb_trim_head(struct sk_buff *skb, int len) {
  skb->len -= len;
  skb->data_len -= len;
  return len;
}

struct sock;
struct socket {
  unsigned long flags;
};
/* the socket's wait queue: the application sleeping in sendmsg is its one sleeper */
struct socket_wq {
  int wait;
  void *fasync_list;
};
static struct socket_wq nicsim_wq_sleeper;
#define skwq_has_sleeper(wq) ((wq) != NULL)
#define wake_up_interruptible_poll(wait, events) CALL0("sk_write_space")
#define sock_wake_async(wq, how, band) ((void)0)
#define SOCK_NOSPACE 2

struct proto {
  long *memory_allocated;
  bool (*stream_memory_free)(const struct sock *sk, int wake);
};
static struct proto nicsim_prot;

struct tcp_congestion_ops {
  u32 (*ssthresh)(struct sock *sk);
  void (*cong_avoid)(struct sock *sk, u32 ack, u32 acked);
  void (*set_state)(struct sock *sk, u8 new_state);
  void (*cwnd_event)(struct sock *sk, int ev);
  void (*in_ack_event)(struct sock *sk, u32 flags);
  void (*pkts_acked)(struct sock *sk, const void *sample);
  u32 (*min_tso_segs)(struct sock *sk);
  void (*cong_control)(struct sock *sk, u32 ack, int flag, const void *rs);
  u32 (*undo_cwnd)(struct sock *sk);
  u32 (*sndbuf_expand)(struct sock *sk);
  u32 flags;
  const char *name;
};

struct hrtimer {
  int queued;
};
enum hrtimer_restart {
  HRTIMER_NORESTART,
  HRTIMER_RESTART,
};
#define from_tasklet(var, t, field) container_of(t, __typeof__(*var), field)

struct sock {
  struct socket *sk_socket;
  struct proto *sk_prot;
  unsigned char sk_state;
  unsigned int sk_userlocks;
  int sk_sndbuf;
  int sk_wmem_queued;
  int sk_forward_alloc;
  refcount_t sk_wmem_alloc;
  atomic_t sk_rmem_alloc;
  int sk_rcvbuf;
  int sk_reserved_mem;
  u8 sk_bypass_prot_mem;
  u8 sk_gso_disabled;
  u64 sk_route_caps;
  struct timer_list tcp_retransmit_timer;
  refcount_t sk_refcnt;
  unsigned long sk_tsq_flags;
  unsigned long sk_pacing_rate;
  unsigned long sk_max_pacing_rate;
  u8 sk_pacing_shift;
  u8 sk_pacing_status;
  unsigned int sk_gso_max_size;
  u16 sk_gso_max_segs;
  int sk_gso_type;
  u8 sk_dst_pending_confirm;
  u32 sk_txhash;
  struct sk_buff_head sk_write_queue;
  struct rb_root tcp_rtx_queue;
  void (*sk_write_space)(struct sock *sk);
  struct socket_wq *sk_wq;
  u8 sk_shutdown;
  int nicsim_owned;
};

struct inet_connection_sock_af_ops {
  int (*queue_xmit)(struct sock *sk, struct sk_buff *skb, void *fl);
  void (*send_check)(struct sock *sk, struct sk_buff *skb);
  int (*rebuild_header)(struct sock *sk);
  void (*mtu_reduced)(struct sock *sk);
  u16 net_header_len;
  u16 net_frag_header_len;
};

struct inet_connection_sock {
  struct sock icsk_inet_sk;
  unsigned long icsk_timeout;
  const struct tcp_congestion_ops *icsk_ca_ops;
  const struct inet_connection_sock_af_ops *icsk_af_ops;
  u8 icsk_ca_state:5, icsk_ca_initialized:1, icsk_ca_setsockopt:1, icsk_ca_dst_locked:1;
  u8 icsk_retransmits;
  u8 icsk_pending;
  u8 icsk_backoff;
  u8 icsk_syn_retries;
  u8 icsk_probes_out;
  u32 icsk_rto;
  u32 icsk_rto_min;
  u32 icsk_rto_max;
  u16 icsk_ext_hdr_len;
  u32 icsk_pmtu_cookie;
  struct timer_list icsk_retransmit_timer;
  struct timer_list icsk_delack_timer;
  u32 icsk_delack_max;
  struct {
    u8 pending;
    u8 quick;
    u8 pingpong;
    u8 retry;
    u32 ato;
    u32 lrcvtime;
    unsigned long timeout;
  } icsk_ack;
  struct {
    int search_high;
    int search_low;
    u32 probe_size:31, enabled:1;
    u32 probe_timestamp;
  } icsk_mtup;
  u64 icsk_ca_priv[13];
};

struct tcp_sock {
  struct inet_connection_sock inet_conn;
  u32 snd_una;
  u32 snd_nxt;
  u32 snd_up;
  u16 tcp_header_len;
  struct {
    u32 probe_seq_start;
    u32 probe_seq_end;
  } mtu_probe;
  u32 write_seq;
  u32 pushed_seq;
  u32 snd_wnd;
  u32 max_window;
  u32 snd_sml;
  u32 rcv_nxt;
  u32 mss_cache;
  u16 gso_segs;
  u8 nonagle:4, thin_lto:1, recvmsg_inq:1, repair:1, frto:1;
  u8 repair_queue;
  u8 is_cwnd_limited:1, syn_data:1, syn_fastopen:1, is_sack_reneg:1;
  u8 tlp_retrans:1;
  u8 ecn_flags;
  u8 tcp_usec_ts:1;
  u32 accecn_opt_tstamp;
  u8 accecn_fail_mode;
  u8 accecn_opt_demand;
  u32 packets_out;
  u32 sacked_out;
  u32 lost_out;
  u32 retrans_out;
  u32 max_packets_out;
  u32 cwnd_usage_seq;
  u32 snd_cwnd;
  u32 snd_ssthresh;
  u32 snd_cwnd_cnt;
  u32 snd_cwnd_clamp;
  u32 snd_cwnd_used;
  u32 snd_cwnd_stamp;
  u32 prior_cwnd;
  u32 prr_delivered;
  u32 prr_out;
  u32 high_seq;
  u32 undo_marker;
  int undo_retrans;
  u32 srtt_us;
  u32 mdev_us;
  u32 rttvar_us;
  struct minmax rtt_min;
  u64 tcp_mstamp;
  u64 tcp_clock_cache;
  u64 tcp_wstamp_ns;
  u32 lsndtime;
  u32 data_segs_out;
  u32 segs_out;
  u64 bytes_sent;
  u64 bytes_retrans;
  u32 total_retrans;
  u32 retrans_stamp;
  u32 delivered;
  u32 delivered_ce;
  u32 app_limited;
  u64 first_tx_mstamp;
  u64 delivered_mstamp;
  u32 lost;
  u32 tcp_tx_delay;
  u32 prior_ssthresh;
  u32 reordering;
  u32 tlp_high_seq;
  u32 chrono_start;
  u32 chrono_stat[3];
  u8 chrono_type:2, rate_app_limited:1, fastopen_connect:1, fastopen_no_cookie:1,
      is_mptcp:1, fastopen_client_fail:2;
  u8 compressed_ack;
  u16 timeout_rehash;
  u32 rcv_wnd;
  struct sk_buff *retransmit_skb_hint;
  struct sk_buff *highest_sack;
  struct sk_buff *lost_skb_hint;
  int lost_cnt_hint;
  struct list_head tsorted_sent_queue;
  struct list_head tsq_node;
  struct hrtimer pacing_timer;
  void *fastopen_rsk;
  struct {
    u8 sack_ok;
    u8 num_sacks;
    u8 dsack;
    u8 tstamp_ok;
    u8 wscale_ok;
    u16 mss_clamp;
    u8 snd_wscale;
    u8 rcv_wscale;
  } rx_opt;
};

#define tcp_sk(sk) ((struct tcp_sock *)(sk))
#define inet_csk(sk) ((struct inet_connection_sock *)(sk))
#define sk_to_tcp(sk) ((struct tcp_sock *)(sk))
static inline void *inet_csk_ca(const struct sock *sk) {
  return (void *)((struct inet_connection_sock *)sk)->icsk_ca_priv;
}
static inline unsigned int refcount_read(const refcount_t *r) {
  return (unsigned int)r->refs;
}
static inline void refcount_add(int i, refcount_t *r) {
  r->refs += i;
}
static inline bool refcount_sub_and_test(int i, refcount_t *r) {
  r->refs -= i;
  return r->refs == 0;
}
static inline void refcount_inc(refcount_t *r) {
  r->refs++;
}
#define sock_hold(sk) refcount_inc(&(sk)->sk_refcnt)
#define __sock_put(sk) ((sk)->sk_refcnt.refs--)
#define sock_put(sk) ((sk)->sk_refcnt.refs--)
/* sk_free: the sk_wmem_alloc reference tcp_wfree kept */
#define sk_free(sk) ((sk)->sk_wmem_alloc.refs--)
#define sock_owned_by_user(sk) ((sk)->nicsim_owned)
#define sock_owned_by_user_nocheck(sk) ((sk)->nicsim_owned)
/* 6.1's tcp_release_cb gives up the ownership it was called with */
#define sock_release_ownership(sk) ((sk)->nicsim_owned = 0)
#define bh_lock_sock(sk) ((void)0)
#define bh_unlock_sock(sk) ((void)0)
#define local_irq_save(f) ((f) = 0)
#define local_irq_restore(f) ((void)(f))
#define __sk_dst_get(sk) ((void *)0)
#define sk_dst_get(sk) ((void *)0)
#define dst_metric(dst, m) 0
/* 6.1's tcp_mtu_to_mss: no route asks for fragment headers on every packet */
#define dst_allfrag(dst) 0
#define sk_gfp_mask(sk, gfp) (gfp)
/* memory accounting off: the sk_mem_* helpers do nothing, nothing is under pressure */
#define sk_mem_charge(sk, size) ((void)(size))
#define sk_mem_uncharge(sk, size) ((void)(size))
#define sk_wmem_schedule(sk, size) 1
#define tcp_under_memory_pressure(sk) false
#define sk_memory_allocated(sk) 0L
#define sk_under_memory_pressure(sk) false
#define sk_prot_mem_limits(sk, index) 1L
/* include/linux/netdevice.h: the qdisc's answers */
#define NET_XMIT_SUCCESS 0x00
#define NET_XMIT_DROP 0x01
#define NET_XMIT_CN 0x02
#define net_xmit_eval(e) ((e) == NET_XMIT_CN ? 0 : (e))
#define atomic_read(v) ((v)->counter)
#define PAGE_SIZE 4096UL
#define SMP_CACHE_BYTES 64
#define SOCK_SNDBUF_LOCK 1
#define NETIF_F_GSO_MASK 0xffff0000ULL
#define roundup_pow_of_two(n) (1UL << fls64((u64)(n) - 1))
#define psp_enqueue_set_decrypted(sk, skb) ((void)0)
/* no TCP-MD5 or TCP-AO key on the socket */
struct tcp_key {
  int type;
  void *ao_key;
  void *md5_key;
};
#define tcp_get_current_key(sk, key) ((key)->type = 0)
#define tcp_key_is_md5(key) false
#define tcp_key_is_ao(key) false
#define tcp_ao_transmit_skb(...) 0
#define bpf_skops_write_hdr_opt(...) ((void)0)
/* no BPF sock_ops program */
#define BPF_SOCK_OPS_TEST_FLAG(tp, flag) 0
#define BPF_SOCK_OPS_RETRANS_CB_FLAG 0
#define BPF_SOCK_OPS_RETRANS_CB 0
#define tcp_call_bpf_3arg(...) 0
#define __pskb_copy_fclone(skb, headroom, gfp, fclone) skb_clone(skb, gfp)
#define SKB_DROP_REASON_NOT_SPECIFIED 2
#define sk_skb_reason_drop(sk, skb, r) ((void)0)
static void __sock_wfree(struct sk_buff *skb) {
  (void)skb;
}
#define GFP_ATOMIC 0x20u
#define GFP_KERNEL 0xccu
/* sizeof(struct sk_buff) and skb_shared_info, cache-aligned, in the 64-bit config nicsim models */
#define SKB_TRUESIZE(x) ((x) + 256 + 320)
#define MAX_TCP_HEADER 320
#define GSO_LEGACY_MAX_SIZE 65536u
#define GSO_MAX_SIZE 65536u
#define try_cmpxchg(ptr, oldp, new) \
  ({ int __ok = (*(ptr) == *(oldp)); if (__ok) *(ptr) = (new); else *(oldp) = *(ptr); __ok; })
#define smp_load_acquire(p) (*(p))
#define smp_store_release(p, v) (*(p) = (v))
#define test_and_set_bit(nr, addr) \
  ({ int __old = test_bit(nr, addr); set_bit(nr, addr); __old; })
#define this_cpu_ptr(p) (p)
#define per_cpu(var, cpu) (var)
#define ns_to_ktime(ns) ((ktime_t)(ns))
#define div64_ul(a, b) ((a) / (b))
#define this_cpu_ksoftirqd() (nicsim_ksoftirqd ? current : (void *)0)
static void *current;
static int nicsim_ksoftirqd;

/* ---- the clock ---- */
static u64 nicsim_now_ns;
static inline u64 ktime_get_ns(void) {
  return nicsim_now_ns;
}

#ifdef NICSIM_IN_LOOP
/*
 * In the loop (--ports c: tcp_write_xmit, __tcp_push_pending_frames and TSQ's tcp_pace_kick and
 * tcp_tasklet_func/tcp_tsq_workfn, functions.c), a call the model answers (ip_queue_xmit: its IP
 * output, qdisc and driver; a congestion-module hook)
 * takes its answer from the record: the first nicsim_loop_answers calls from the words after
 * the queues (NICSIM_LOOP_AF each: the return value, then snd_cwnd, snd_ssthresh, snd_cwnd_cnt,
 * sk_pacing_rate, app_limited, sk_wmem_alloc, sk_tsq_flags, the ns clock and jiffies as the
 * model left them); the next one prints "stop" and the socket (nicsim_loop_put) and ends the run
 * there. The bridge makes that call on the live socket and runs the function again from the
 * same record with one answer more.
 */
#define NICSIM_LOOP_AF 10
static int nicsim_loop_on;
static int nicsim_loop_k;
static int nicsim_loop_answers;
static const long long *nicsim_loop_ans;
static void *nicsim_loop_stop[5];
static void nicsim_loop_put(const struct sock *sk);
static long long nicsim_loop_answer(struct sock *sk, long long otherwise) {
  if (!nicsim_loop_on) {
    return otherwise;
  }
  int k = nicsim_loop_k++;
  if (k < nicsim_loop_answers) {
    const long long *e = nicsim_loop_ans + k * NICSIM_LOOP_AF;
    struct tcp_sock *tp = tcp_sk(sk);
    tp->snd_cwnd = (u32)e[1];
    tp->snd_ssthresh = (u32)e[2];
    tp->snd_cwnd_cnt = (u32)e[3];
    sk->sk_pacing_rate = (unsigned long)e[4];
    tp->app_limited = (u32)e[5];
    sk->sk_wmem_alloc.refs = (int)e[6];
    sk->sk_tsq_flags = (unsigned long)e[7];
    nicsim_now_ns = (u64)e[8];
    jiffies = (unsigned long)(u32)e[9];
    return e[0];
  }
  OUT("stop", k);
  nicsim_loop_on = 0;
  nicsim_loop_put(sk);
  __builtin_longjmp(nicsim_loop_stop, 1);
}
#else
#define nicsim_loop_answer(sk, otherwise) (otherwise)
#endif

/* ---- recording stubs at the model's boundary ---- */
static int nicsim_xmit_result;
static int nicsim_pacing_queued;

/* the original of each clone (skb_clone), for ip_queue_xmit's record */
static struct sk_buff *nicsim_clone_of[NICSIM_POOL];
static int nicsim_header_len;

/*
 * ip_queue_xmit: the transmitted skb's original (its seq, end_seq, pcount), the clone's payload
 * bytes, truesize and departure time
 */
static int nicsim_queue_xmit(struct sock *sk, struct sk_buff *skb, void *fl) {
  (void)sk;
  (void)fl;
  const struct sk_buff *orig = nicsim_clone_of[skb->nicsim_id] ? nicsim_clone_of[skb->nicsim_id]
                                                               : skb;
  nicsim_call("queue_xmit", 6, (long long)TCP_SKB_CB(orig)->seq,
              (long long)TCP_SKB_CB(orig)->end_seq, (long long)(skb->len - nicsim_header_len),
              (long long)TCP_SKB_CB(orig)->tcp_gso_segs, (long long)skb->truesize,
              (long long)skb->tstamp);
  return (int)nicsim_loop_answer(sk, nicsim_xmit_result);
}
static void nicsim_send_check(struct sock *sk, struct sk_buff *skb) {
  (void)sk;
  (void)skb;
}
/* the route is there (inet_sk_rebuild_header succeeds) */
static int nicsim_rebuild_header(struct sock *sk) {
  (void)sk;
  return 0;
}
static const struct inet_connection_sock_af_ops nicsim_af_ops = {
  .queue_xmit = nicsim_queue_xmit,
  .send_check = nicsim_send_check,
  .rebuild_header = nicsim_rebuild_header,
};
#define INDIRECT_CALL_INET(f, f2, f1, ...) f(__VA_ARGS__)
#define INDIRECT_CALL_INET_1(f, f1, ...) f(__VA_ARGS__)

static int hrtimer_is_queued(struct hrtimer *t) {
  (void)t;
  return nicsim_pacing_queued;
}
static void hrtimer_start(struct hrtimer *t, ktime_t at, int mode) {
  (void)t;
  (void)mode;
  CALL1("pacing_timer_start", at);
  nicsim_pacing_queued = 1;
}
#define HRTIMER_MODE_ABS_PINNED_SOFT 0

/* the retransmit timer (icsk_retransmit_timer) and the delayed-ACK timer */
static void sk_reset_timer(struct sock *sk, struct timer_list *timer, unsigned long expires) {
  struct inet_connection_sock *icsk = (struct inet_connection_sock *)sk;
  timer->expires = expires;
  if (timer == &icsk->icsk_delack_timer) {
    CALL1("delack_timer_reset", (u32)expires);
  } else {
    CALL1("xmit_timer_reset", (u32)expires);
  }
}
static void sk_stop_timer(struct sock *sk, struct timer_list *timer) {
  struct inet_connection_sock *icsk = (struct inet_connection_sock *)sk;
  if (timer == &icsk->icsk_delack_timer) {
    CALL0("delack_timer_clear");
  } else {
    CALL0("xmit_timer_clear");
  }
}
#define sk_stop_timer_sync(sk, t) sk_stop_timer(sk, t)

/* the TSQ work list of this CPU: other sockets before this one, then the queue_work call */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 17, 0)
static struct tsq_work tsq_work;
#define nicsim_tsq_head() (&tsq_work)
#else
static struct tsq_tasklet tsq_tasklet;
#define nicsim_tsq_head() (&tsq_tasklet)
#endif
static int nicsim_tsq_others;
static void nicsim_tsq_kick(void) {
  CALL0("tsq_work_queue");
}
#define tasklet_schedule(t) nicsim_tsq_kick()
#define queue_work(wq, w) nicsim_tsq_kick()
#define system_bh_wq ((void *)0)


/* the congestion module: hooks record their calls; answers come from the record */
static u32 nicsim_ca_min_tso, nicsim_ca_ssthresh;
static u32 nicsim_ca_min_tso_segs(struct sock *sk) {
  (void)sk;
  return nicsim_ca_min_tso;
}
static u32 nicsim_ca_ssthresh_fn(struct sock *sk) {
  (void)sk;
  CALL0("ca_ssthresh");
  return (u32)nicsim_loop_answer(sk, nicsim_ca_ssthresh);
}
static u32 nicsim_ca_undo_cwnd(struct sock *sk) {
  return tcp_sk(sk)->snd_cwnd;
}
static void nicsim_ca_set_state(struct sock *sk, u8 s) {
  (void)sk;
  CALL1("ca_set_state", s);
  nicsim_loop_answer(sk, 0);
}
static void nicsim_ca_cwnd_event(struct sock *sk, int ev) {
  (void)sk;
  CALL1("ca_cwnd_event", ev);
  nicsim_loop_answer(sk, 0);
}
static void nicsim_ca_cong_control(struct sock *sk, u32 ack, int flag, const void *rs) {
  (void)sk;
  (void)ack;
  (void)flag;
  (void)rs;
}
static u32 nicsim_ca_sndbuf_answer;
static u32 nicsim_ca_sndbuf_expand(struct sock *sk) {
  (void)sk;
#ifdef NICSIM_IN_LOOP
  if (nicsim_loop_on) {
    /* in the loop the live module answers (the record's answer is port-check's) */
    CALL0("ca_sndbuf_expand");
    return (u32)nicsim_loop_answer(sk, 0);
  }
#endif
  return nicsim_ca_sndbuf_answer;
}
static struct tcp_congestion_ops nicsim_ca;

/* ---- the socket, its skbs and the per-CPU TSQ state ---- */
static struct tcp_sock nicsim_tp;
static struct socket nicsim_socket;
static struct sk_buff nicsim_pool[NICSIM_POOL];
static int nicsim_pool_used;
static struct sk_buff *nicsim_rtx_slot[NICSIM_SLOTS];
static struct sk_buff *nicsim_wq_slot[NICSIM_SLOTS];
static unsigned int nicsim_head_truesize;
static struct tcp_sock nicsim_other_tp;

static struct sk_buff *nicsim_skb_alloc(void) {
  if (nicsim_pool_used >= NICSIM_POOL) {
    CALL0("nicsim_pool_exhausted");
    return NULL;
  }
  struct sk_buff *skb = &nicsim_pool[nicsim_pool_used];
  memset(skb, 0, sizeof *skb);
  skb->nicsim_id = nicsim_pool_used++;
  memset(&nicsim_shinfos[skb->nicsim_id], 0, sizeof nicsim_shinfos[0]);
  skb->nicsim_shinfo = &nicsim_shinfos[skb->nicsim_id];
  skb->tcp_tsorted_anchor.next = skb->tcp_tsorted_anchor.prev = &skb->tcp_tsorted_anchor;
  return skb;
}

/* tcp_stream_alloc_skb: an empty skb whose head is charged (as the model's head truesize) */
static struct sk_buff *nicsim_stream_alloc_skb(struct sock *sk) {
  (void)sk;
  struct sk_buff *skb = nicsim_skb_alloc();
  if (skb) {
    skb->truesize = nicsim_head_truesize;
    skb->ip_summed = 3;
  }
  return skb;
}
#define tcp_stream_alloc_skb(sk, ...) nicsim_stream_alloc_skb(sk)

/*
 * __tcp_transmit_skb's header: the model carries no TCP header, so its options, window and ECN
 * bits are stubs (a 12-byte timestamp option); the receive-side ACK bookkeeping
 * (tcp_event_ack_sent) of a pure sender does nothing the model keeps
 */
#define NICSIM_OPTIONS 12
#define tcp_established_options(sk, skb, opts, key) (nicsim_header_len = 20 + NICSIM_OPTIONS, \
                                                     NICSIM_OPTIONS)
#define tcp_syn_options(sk, skb, opts, key) (nicsim_header_len = 20 + NICSIM_OPTIONS, \
                                             NICSIM_OPTIONS)
#define tcp_options_write(...) ((void)0)
#define tcp_select_window(sk) 0
#define tcp_ecn_send(sk, skb, th, len) ((void)0)
#define tcp_event_ack_sent(sk, rcv_nxt) ((void)0)
struct inet_sock {
  __be16 inet_sport;
  __be16 inet_dport;
  struct {
    int fl;
  } cork;
};
static struct inet_sock nicsim_inet;
#define inet_sk(sk) (&nicsim_inet)

/* skb_clone: a copy from the pool that remembers its original, which is now fclone-busy */
static struct sk_buff *nicsim_skb_alloc(void);
static struct sk_buff *skb_clone(struct sk_buff *skb, gfp_t gfp) {
  (void)gfp;
  struct sk_buff *n = nicsim_skb_alloc();
  if (!n) {
    return NULL;
  }
  int id = n->nicsim_id;
  memcpy(n, skb, sizeof *n);
  n->nicsim_id = id;
  n->nicsim_shinfo = &nicsim_shinfos[id];
  n->data = NULL;
  n->nicsim_clones = 0;
  nicsim_clone_of[id] = skb;
  skb->nicsim_clones++;
  return n;
}
#define pskb_copy(skb, gfp) skb_clone(skb, gfp)

/* no route metrics (no dst): tcp_rto_min and friends take the defaults */
#define dst_metric_locked(dst, m) 0
#define dst_metric_rtt(dst, m) 0
#define RTAX_RTO_MIN 13

/*
 * tcp_release_cb's other deferred events and the ACK it may send: the model never defers a
 * timer, an ACK or an MTU event (its sk_tsq_flags hold only the TSQ bits), so these record a
 * call that no admitted record reaches
 */
static void tcp_send_ack(struct sock *sk) {
  (void)sk;
  CALL0("tcp_send_ack");
}
static void tcp_write_timer_handler(struct sock *sk) {
  (void)sk;
  CALL0("tcp_write_timer_handler");
}
static void tcp_delack_timer_handler(struct sock *sk) {
  (void)sk;
  CALL0("tcp_delack_timer_handler");
}

/* tcp_current_mss: the model sends no SACK blocks and its path MTU does not change */
static unsigned int tcp_current_mss(struct sock *sk) {
  return tcp_sk(sk)->mss_cache;
}

