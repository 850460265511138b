/*
 * tcp-input harnesses: the socket world of the TCP sender's input side (tcp_input.c ACK
 * processing, tcp_recovery.c RACK, tcp_timer.c). nicsim's own C, no kernel text: the ported
 * functions, their tcp_input.c / tcp_recovery.c / tcp_rate.c / tcp_output.c callees and
 * include/net/tcp.h's helpers come from the tree; this file gives struct sock,
 * inet_connection_sock and tcp_sock the fields those functions touch (named as the kernel
 * names them), an skb with its control block, the retransmit queue (an rb-tree kept as a
 * right-leaning chain in sequence order, so the tree's own rb_node walks and
 * tcp_sacktag_bsearch() find the skbs), the time-sorted sent list, the per-netns sysctls, and
 * recording stubs for what the input side calls outside its files (congestion-control hooks,
 * the output path's transmit functions, timers).
 *
 * Record layout (TcpInputRecord): the socket (S_* indices below), then NICSIM_SKBS skb slots of
 * K_* fields each (slot i holds the i-th skb of the retransmit queue in sequence order when
 * i < rtx_count), then the ACK segment (A_*), then twelve per-function arguments (x[0..11]).
 * tcp_ack in the loop (--ports c; port-check leaves these 0): x[9] the host's CONFIG_HZ (for the
 * Java side; the C's is compiled in), x[10] how many answers of the congestion module follow
 * the arguments, x[11] 1 (nicsim_ca_answer), or 2 where the model's transmit path stops the C
 * too (the timers: nicsim_model_answer), x[8] how many sockets after such a call follow the
 * answers (NICSIM_RESUME_BASE).
 *
 * Output: the calls the function made (recorded as they happen), then "ret=" when the function
 * returns a value, then the socket's fields, the retransmit queue skb by skb in sequence order
 * (seq, end_seq, len, pcount, gso_size, sacked, tcp_flags, mstamp, tx.*), the sent list as
 * sequence numbers in time order, and the hint pointers as the seq of the skb they point to.
 */
//@ prelude
/* the arm64 distro configuration nicsim's TCP assumes (--ports c builds it at the host's HZ) */
#define HZ 250
/* include/generated/timeconst.h (kernel/time/timeconst.bc) at HZ 300, the one HZ a host may
 * have that does not divide 1000 (as tcp/common.c): jiffies.h's and time.c's multiply-and-shift
 * branches */
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
struct inet6_skb_parm {
  int iif;
  u16 flags;
};
/* enum initializers of uapi/linux/tcp.h use these (byte order does not matter here) */
#define __constant_cpu_to_be32(x) ((u32)(x))
#define __cpu_to_be32(x) ((u32)(x))
//@ header
/* the record's skb slots: port-check's states fill at most six (TcpInputRecord.SKBS), a live
 * socket under --ports c up to all of them (TcpInputRecord.SLOTS) */
#define NICSIM_SKBS 128
/* the skbs there are: the queue's, those tcp_fragment splits off, the unsent one at the end */
#define NICSIM_POOL (2 * NICSIM_SKBS)

/* ---- record indices: the socket ---- */
enum {
  S_SND_UNA, S_SND_NXT, S_WRITE_SEQ, S_SND_WND, S_SND_WL1, S_MAX_WINDOW, S_BYTES_ACKED,
  S_HIGH_SEQ, S_UNDO_MARKER, S_UNDO_RETRANS, S_RTT_SEQ, S_TLP_HIGH_SEQ, S_MSS_CACHE,
  S_MSS_CLAMP, S_SND_WSCALE, S_PACKETS_OUT, S_SACKED_OUT, S_LOST_OUT, S_RETRANS_OUT,
  S_DELIVERED, S_LOST, S_APP_LIMITED, S_REORDERING, S_REORD_SEEN, S_FRTO, S_IS_SACK_RENEG,
  S_SND_CWND, S_SND_SSTHRESH, S_SND_CWND_CNT, S_SND_CWND_CLAMP, S_SND_CWND_STAMP,
  S_PRIOR_CWND, S_PRIOR_SSTHRESH, S_PRR_DELIVERED, S_PRR_OUT, S_SRTT_US, S_MDEV_US,
  S_MDEV_MAX_US, S_RTTVAR_US, S_RTT_MIN_T0, S_RTT_MIN_V0, S_RTT_MIN_T1, S_RTT_MIN_V1,
  S_RTT_MIN_T2, S_RTT_MIN_V2, S_RETRANS_STAMP, S_TCP_MSTAMP, S_TCP_CLOCK_CACHE,
  S_TCP_WSTAMP_NS, S_RACK_MSTAMP, S_RACK_RTT_US, S_RACK_END_SEQ, S_RACK_ADVANCED,
  S_RACK_REO_WND_STEPS, S_RACK_DSACK_SEEN, S_RACK_REO_WND_PERSIST, S_RACK_LAST_DELIVERED,
  S_FIRST_TX_MSTAMP, S_DELIVERED_MSTAMP, S_RATE_DELIVERED, S_RATE_INTERVAL_US,
  S_RATE_APP_LIMITED, S_HIGHEST_SACK, S_RETRANSMIT_HINT, S_SACK_CACHE0_START,
  S_SACK_CACHE0_END, S_SACK_CACHE1_START, S_SACK_CACHE1_END, S_SACK_CACHE2_START,
  S_SACK_CACHE2_END, S_SACK_CACHE3_START, S_SACK_CACHE3_END, S_DSACK_DUPS, S_TOTAL_RETRANS,
  S_DSACK_SEEN_OPT, S_SND_UP, S_CA_STATE, S_RTO, S_BACKOFF, S_RETRANSMITS, S_PENDING,
  S_TIMEOUT, S_PROBES_OUT, S_PACING_RATE, S_MAX_PACING_RATE, S_SNDBUF, S_WMEM_QUEUED,
  S_NOSPACE, S_JIFFIES, S_SYSCTL_REORDERING, S_SYSCTL_MAX_REORDERING, S_SYSCTL_MIN_RTT_WLEN,
  S_SYSCTL_PACING_SS_RATIO, S_SYSCTL_PACING_CA_RATIO, S_SYSCTL_WMEM2, S_SYSCTL_FRTO,
  S_CA_CONG_CONTROL, S_CA_PKTS_ACKED, S_CA_SNDBUF_EXPAND, S_CA_SSTHRESH_ANSWER,
  S_CA_UNDO_CWND_ANSWER, S_CA_SNDBUF_EXPAND_ANSWER, S_CURRENT_MSS_ANSWER,
  S_WRITE_TIMEOUT_ANSWER, S_TLP_RETRANS, S_RETRANSMIT_ANSWER, S_RTX_COUNT, S_LSNDTIME, S_SYSCTL_SSAI,
  S_PMTU_COOKIE, S_SND_CWND_USED,
  S_FIELDS
};

/* ---- record indices: one skb slot ---- */
enum {
  K_SEQ, K_END_SEQ, K_LEN, K_TRUESIZE, K_PCOUNT, K_GSO_SIZE, K_SACKED, K_TCP_FLAGS,
  K_MSTAMP, K_TX_FIRST_TX_MSTAMP, K_TX_DELIVERED_MSTAMP, K_TX_DELIVERED, K_TX_APP_LIMITED,
  K_SENT_RANK,
  K_FIELDS
};

/* ---- record indices: the ACK segment, then the arguments ---- */
#define A_BASE (S_FIELDS + NICSIM_SKBS * K_FIELDS)
enum {
  A_SEQ, A_END_SEQ, A_ACK_SEQ, A_WINDOW, A_NUM_SACKS, A_SACK0_START, A_SACK0_END,
  A_SACK1_START, A_SACK1_END, A_SACK2_START, A_SACK2_END, A_SACK3_START, A_SACK3_END,
  A_GSO_SEGS, A_FLAG,
  A_FIELDS
};
#define X_BASE (A_BASE + A_FIELDS) /* then twelve argument fields */

/* ---- per-netns sysctls and statistics ---- */
struct net {
  struct {
    u8 sysctl_tcp_reordering_u8;
    int sysctl_tcp_reordering;
    int sysctl_tcp_max_reordering;
    int sysctl_tcp_min_rtt_wlen;
    int sysctl_tcp_pacing_ss_ratio;
    int sysctl_tcp_pacing_ca_ratio;
    int sysctl_tcp_wmem[3];
    u8 sysctl_tcp_frto;
    u8 sysctl_tcp_slow_start_after_idle;
    u8 sysctl_tcp_recovery;
    u8 sysctl_tcp_early_retrans;
    u8 sysctl_tcp_dsack;
    u8 sysctl_tcp_thin_linear_timeouts;
    u8 sysctl_tcp_syn_linear_timeouts;
    int sysctl_tcp_retries1;
    int sysctl_tcp_retries2;
    int sysctl_tcp_orphan_retries;
    unsigned int sysctl_tcp_rto_min_us;
  } ipv4;
};
static struct net nicsim_net;
#define sock_net(sk) (&nicsim_net)
#define NET_INC_STATS(net, field) ((void)0)
#define __NET_INC_STATS(net, field) ((void)0)
#define NET_ADD_STATS(net, field, adnd) ((void)0)
#define __NET_ADD_STATS(net, field, adnd) ((void)0)
#define TCP_INC_STATS(net, field) ((void)0)
#define __TCP_INC_STATS(net, field) ((void)0)
#define static_branch_unlikely(key) 0
#define static_branch_likely(key) 0
#define prefetch(x) ((void)0)
#define smp_store_release(p, v) WRITE_ONCE(*(p), (v))
#define smp_load_acquire(p) READ_ONCE(*(p))
#define sock_owned_by_me(sk) ((void)0)
#define DBGUNDO(x...) do { } while (0)

/* ---- the retransmit rb-tree: a right-leaning chain in sequence order ---- */
struct rb_node {
  unsigned long __rb_parent_color;
  struct rb_node *rb_right;
  struct rb_node *rb_left;
};
struct rb_root {
  struct rb_node *rb_node;
};
#define RB_ROOT (struct rb_root) { NULL, }
#define RB_EMPTY_ROOT(root) (READ_ONCE((root)->rb_node) == NULL)
#define rb_entry(ptr, type, member) container_of(ptr, type, member)
#define rb_parent(r) ((struct rb_node *)((r)->__rb_parent_color))
static struct rb_node *rb_first(const struct rb_root *root) {
  return root->rb_node;
}
static struct rb_node *rb_last(const struct rb_root *root) {
  struct rb_node *n = root->rb_node;
  while (n && n->rb_right) {
    n = n->rb_right;
  }
  return n;
}
static struct rb_node *rb_next(const struct rb_node *node) {
  return node->rb_right;
}
static struct rb_node *rb_prev(const struct rb_node *node) {
  return rb_parent(node);
}
/* the chain rebuilt from an in-order walk (tcp_rbtree_insert may hang a node to the left) */
static void nicsim_rb_collect(struct rb_node *n, struct rb_node **out, int *k) {
  if (!n) {
    return;
  }
  nicsim_rb_collect(n->rb_left, out, k);
  out[(*k)++] = n;
  nicsim_rb_collect(n->rb_right, out, k);
}
static void nicsim_rb_chain(struct rb_root *root) {
  struct rb_node *all[NICSIM_POOL + 8];
  int k = 0;
  nicsim_rb_collect(root->rb_node, all, &k);
  root->rb_node = k ? all[0] : NULL;
  for (int i = 0; i < k; i++) {
    all[i]->rb_left = NULL;
    all[i]->rb_right = i + 1 < k ? all[i + 1] : NULL;
    all[i]->__rb_parent_color = i ? (unsigned long)all[i - 1] : 0;
  }
}
static void rb_link_node(struct rb_node *node, struct rb_node *parent, struct rb_node **link) {
  node->__rb_parent_color = (unsigned long)parent;
  node->rb_left = node->rb_right = NULL;
  *link = node;
}
static void rb_insert_color(struct rb_node *node, struct rb_root *root) {
  (void)node;
  nicsim_rb_chain(root);
}
static void rb_erase(struct rb_node *node, struct rb_root *root) {
  struct rb_node *prev = rb_parent(node);
  struct rb_node *next = node->rb_right;
  if (prev) {
    prev->rb_right = next;
  } else {
    root->rb_node = next;
  }
  if (next) {
    next->__rb_parent_color = (unsigned long)prev;
  }
  node->rb_right = node->rb_left = NULL;
  node->__rb_parent_color = 0;
}

/* ---- list_head (include/linux/list.h semantics, no poisoning) ---- */
#define LIST_HEAD_INIT(name) { &(name), &(name) }
static inline void INIT_LIST_HEAD(struct list_head *list) {
  list->next = list;
  list->prev = list;
}
static inline void __list_add(struct list_head *n, struct list_head *prev,
    struct list_head *next) {
  next->prev = n;
  n->next = next;
  n->prev = prev;
  prev->next = n;
}
static inline void list_add(struct list_head *n, struct list_head *head) {
  __list_add(n, head, head->next);
}
static inline void list_add_tail(struct list_head *n, struct list_head *head) {
  __list_add(n, head->prev, head);
}
static inline void __list_del(struct list_head *prev, struct list_head *next) {
  next->prev = prev;
  prev->next = next;
}
static inline void list_del(struct list_head *entry) {
  __list_del(entry->prev, entry->next);
  entry->next = entry;
  entry->prev = entry;
}
static inline void list_del_init(struct list_head *entry) {
  __list_del(entry->prev, entry->next);
  INIT_LIST_HEAD(entry);
}
static inline void list_move_tail(struct list_head *list, struct list_head *head) {
  __list_del(list->prev, list->next);
  list_add_tail(list, head);
}
static inline int list_empty(const struct list_head *head) {
  return head->next == head;
}
#define list_entry(ptr, type, member) container_of(ptr, type, member)
#define list_first_entry(ptr, type, member) list_entry((ptr)->next, type, member)
#define list_next_entry(pos, member) list_entry((pos)->member.next, __typeof__(*(pos)), member)
#define list_entry_is_head(pos, head, member) (&pos->member == (head))
#define list_for_each_entry_safe(pos, n, head, member)                     \
  for (pos = list_first_entry(head, __typeof__(*pos), member),            \
      n = list_next_entry(pos, member);                                    \
       !list_entry_is_head(pos, head, member);                             \
       pos = n, n = list_next_entry(n, member))

/* ---- sk_buff ---- */
/* sizeof(struct sk_buff) and skb_shared_info, cache-aligned, in the 64-bit config nicsim models */
#define SMP_CACHE_BYTES 64
#define SKB_DATA_ALIGN(X) (((X) + (SMP_CACHE_BYTES - 1)) & ~(SMP_CACHE_BYTES - 1))
struct skb_shared_info {
  unsigned short gso_segs;
  u8 tx_flags;
  u8 nr_frags;
  u32 tskey;
  char nicsim_pad[312];
};
struct sk_buff {
  union {
    struct rb_node rbnode;
    struct {
      struct sk_buff *next;
      struct sk_buff *prev;
    };
  };
  struct list_head tcp_tsorted_anchor;
  unsigned int len;
  unsigned int truesize;
  union {
    ktime_t tstamp;
    u64 skb_mstamp_ns;
  };
  unsigned char *transport;
  struct skb_shared_info *shinfo;
  unsigned long _skb_refdst;
  void (*destructor)(struct sk_buff *skb);
  int nicsim_used;
  char cb[48] __aligned(8);
  char nicsim_pad[84];
};
struct sk_buff_head {
  struct sk_buff *next;
  struct sk_buff *prev;
  u32 qlen;
};
_Static_assert(SKB_DATA_ALIGN(sizeof(struct sk_buff)) == 256, "sk_buff");
_Static_assert(SKB_DATA_ALIGN(sizeof(struct skb_shared_info)) == 320, "skb_shared_info");
#define skb_shinfo(skb) ((skb)->shinfo)
static inline unsigned char *skb_transport_header(const struct sk_buff *skb) {
  return skb->transport;
}
#define rb_to_skb(rb) rb_entry((rb), struct sk_buff, rbnode)
#define skb_rb_first(root) ((root)->rb_node ? rb_to_skb(rb_first(root)) : NULL)
#define skb_rb_last(root) ((root)->rb_node ? rb_to_skb(rb_last(root)) : NULL)
#define skb_rb_next(skb) (rb_next(&(skb)->rbnode) ? rb_to_skb(rb_next(&(skb)->rbnode)) : NULL)
#define skb_rb_prev(skb) (rb_prev(&(skb)->rbnode) ? rb_to_skb(rb_prev(&(skb)->rbnode)) : NULL)
#define skb_rbtree_walk(skb, root) \
  for (skb = skb_rb_first(root); skb != NULL; skb = skb_rb_next(skb))
#define skb_rbtree_walk_from(skb) for (; skb != NULL; skb = skb_rb_next(skb))
#define skb_rbtree_walk_from_safe(skb, tmp) \
  for (; tmp = skb ? skb_rb_next(skb) : NULL, (skb != NULL); skb = tmp)
static inline bool skb_zcopy_pure(const struct sk_buff *skb) {
  (void)skb;
  return false;
}

/* ---- struct sock, inet_connection_sock, tcp_sock ---- */
struct sock;
struct rate_sample;
struct ack_sample;
struct tcp_congestion_ops {
  u32 (*ssthresh)(struct sock *sk);
  u32 (*undo_cwnd)(struct sock *sk);
  void (*cong_avoid)(struct sock *sk, u32 ack, u32 acked);
  void (*set_state)(struct sock *sk, u8 new_state);
  void (*cwnd_event)(struct sock *sk, int ev);
  void (*in_ack_event)(struct sock *sk, u32 flags);
  void (*pkts_acked)(struct sock *sk, const struct ack_sample *sample);
  u32 (*min_tso_segs)(struct sock *sk);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 10, 0)
  void (*cong_control)(struct sock *sk, u32 ack, int flag, const struct rate_sample *rs);
#else
  void (*cong_control)(struct sock *sk, const struct rate_sample *rs);
#endif
  u32 (*sndbuf_expand)(struct sock *sk);
};
struct socket {
  unsigned long flags;
};
#define SOCK_NOSPACE 2
/* the member sk->tcp_retransmit_timer, spelled so that the C taken from the tree does not read
 * the member's name as a use of the function tcp_retransmit_timer() */
#define NICSIM_RTX_TIMER __nicsim_cat2(tcp_retransmit_, timer)
struct sock {
  unsigned long sk_pacing_rate;
  unsigned long sk_max_pacing_rate;
  int sk_sndbuf;
  int sk_wmem_queued;
  int sk_forward_alloc;
  unsigned char sk_userlocks;
  unsigned char sk_state;
  unsigned short sk_family;
  int sk_err_soft;
  struct socket *sk_socket;
  void (*sk_write_space)(struct sock *sk);
  struct rb_root tcp_rtx_queue;
  struct timer_list NICSIM_RTX_TIMER;
  unsigned long sk_route_caps;
  atomic_t sk_rmem_alloc;
  int sk_rcvbuf;
  int sk_gso_type;
  void *sk_memcg;
  u8 sk_bypass_prot_mem;
  struct sk_buff_head sk_write_queue;
};

struct inet_connection_sock {
  struct sock icsk_inet_sk;
  const struct tcp_congestion_ops *icsk_ca_ops;
  u8 icsk_ca_state;
  u8 icsk_ca_initialized;
  u8 icsk_retransmits;
  u8 icsk_pending;
  u8 icsk_backoff;
  u8 icsk_probes_out;
  u32 icsk_rto;
  u32 icsk_rto_min;
  u32 icsk_rto_max;
  u32 icsk_user_timeout;
  u32 icsk_pmtu_cookie;
  u32 icsk_probes_tstamp;
  struct {
    u8 pending;
    u8 quick;
    u8 pingpong;
    u8 retry;
    u32 ato : 8, lrcv_flowlabel : 20, dst_quick_ack : 1, unused : 3;
    unsigned long timeout;
    u32 lrcvtime;
    u16 last_seg_size;
    u16 rcv_mss;
  } icsk_ack;
  struct timer_list icsk_delack_timer;
  struct {
    int search_high;
    int search_low;
    u32 probe_size : 31, enabled : 1;
    u32 probe_timestamp;
  } icsk_mtup;
  u64 icsk_ca_priv[13];
};

/* one retransmit timer in every era: 6.18's sk->tcp_retransmit_timer, the older icsk fields */
#define icsk_retransmit_timer icsk_inet_sk.NICSIM_RTX_TIMER
#define icsk_timeout icsk_inet_sk.NICSIM_RTX_TIMER.expires

struct tcp_sack_block {
  u32 start_seq;
  u32 end_seq;
};
struct tcp_sack_block_wire {
  __be32 start_seq;
  __be32 end_seq;
};

struct tcp_rack {
  u64 mstamp;
  u32 rtt_us;
  u32 end_seq;
  u32 last_delivered;
  u8 reo_wnd_steps;
  u8 reo_wnd_persist : 5, dsack_seen : 1, advanced : 1;
};

struct tcp_sock {
  struct inet_connection_sock inet_conn;
  u32 snd_una;
  u32 snd_nxt;
  u32 write_seq;
  u32 snd_wnd;
  u32 snd_wl1;
  u32 max_window;
  u64 bytes_acked;
  u32 high_seq;
  u32 undo_marker;
  int undo_retrans;
  u32 rtt_seq;
  u32 tlp_high_seq;
  u8 tlp_retrans;
  u32 mss_cache;
  u32 packets_out;
  u32 sacked_out;
  u32 lost_out;
  u32 retrans_out;
  u32 delivered;
  u32 delivered_ce;
  u32 lost;
  u32 app_limited;
  u32 reordering;
  u32 reord_seen;
  u8 frto;
  u8 is_sack_reneg;
  u8 is_cwnd_limited;
  u8 thin_lto;
  u8 syn_data;
  u8 nonagle;
  u8 ecn_flags;
  u8 tcp_usec_ts;
  u32 snd_cwnd;
  u32 snd_ssthresh;
  u32 snd_cwnd_cnt;
  u32 snd_cwnd_clamp;
  u32 snd_cwnd_stamp;
  u32 snd_cwnd_used;
  u32 lsndtime;
  u32 prior_cwnd;
  u32 prior_ssthresh;
  u32 prr_delivered;
  u32 prr_out;
  u32 srtt_us;
  u32 mdev_us;
  u32 mdev_max_us;
  u32 rttvar_us;
  struct minmax rtt_min;
  u32 retrans_stamp;
  u64 tcp_mstamp;
  u64 tcp_clock_cache;
  u64 tcp_wstamp_ns;
  struct tcp_rack rack;
  u64 first_tx_mstamp;
  u64 delivered_mstamp;
  u32 rate_delivered;
  u32 rate_interval_us;
  u8 rate_app_limited;
  struct sk_buff *highest_sack;
  struct sk_buff *retransmit_skb_hint;
  struct sk_buff *lost_skb_hint;
  int lost_cnt_hint;
  struct tcp_sack_block recv_sack_cache[4];
  u32 dsack_dups;
  u32 total_retrans;
  u32 snd_up;
  u32 rcv_tstamp;
  u32 bytes_sent;
  /* AccECN (6.18): never negotiated here (ecn_flags 0), read only by code that does not run */
  u8 est_ecnfield;
  u8 saw_accecn_opt;
  u8 accecn_fail_mode;
  u8 received_ce_pending;
  u32 delivered_ecn_bytes[3];
  u32 rto_stamp;
  u16 total_rto;
  u16 total_rto_recoveries;
  u32 total_rto_time;
  u8 bpf_sock_ops_cb_flags;
  void *fastopen_rsk;
  struct list_head tsorted_sent_queue;
  /* header prediction (tcp_fast_path_check): not compared */
  __be32 pred_flags;
  u16 tcp_header_len;
  u32 rcv_wnd;
  u16 urg_data;
  u32 rcv_wup;
  struct rb_root out_of_order_queue;
  struct {
    u8 sack_ok;
    u8 saw_tstamp;
    u8 snd_wscale;
    u16 mss_clamp;
    u32 rcv_tsecr;
    u32 rcv_tsval;
    u32 ts_recent;
    long ts_recent_stamp;
    u16 accecn;
  } rx_opt;
  struct {
    u32 probe_seq_start;
    u32 probe_seq_end;
  } mtu_probe;
};

#define tcp_sk(sk) ((struct tcp_sock *)(sk))
#define inet_csk(sk) ((struct inet_connection_sock *)(sk))
static inline void *inet_csk_ca(const struct sock *sk) {
  return (void *)((struct inet_connection_sock *)sk)->icsk_ca_priv;
}
static inline struct dst_entry *__sk_dst_get(const struct sock *sk) {
  (void)sk;
  return NULL;
}
#define sk_dst_confirm(sk) ((void)0)
struct dst_entry;
static inline u32 dst_metric(const struct dst_entry *dst, int metric) {
  (void)dst;
  (void)metric;
  return 0;
}
static inline bool dst_metric_locked(const struct dst_entry *dst, int metric) {
  (void)dst;
  (void)metric;
  return false;
}
static inline u32 dst_metric_rtt(const struct dst_entry *dst, int metric) {
  (void)dst;
  (void)metric;
  return 0;
}
/* defined inside struct tcp_sock in the tree, where the extraction does not look */
#define TCP_RACK_RECOVERY_THRESH 16
#define htonl(x) ((u32)(x))
#define GFP_ATOMIC 0x20u
#define SKB_CLOCK_MONOTONIC 1
#define SKBTX_ANY_TSTAMP 0x0e
#define SCM_TSTAMP_ACK 2
/* the TCPF_CA_* bits are defined inside uapi/linux/tcp.h's enum, where the extraction does not
 * look */
#define TCPF_CA_Open (1 << TCP_CA_Open)
#define TCPF_CA_Disorder (1 << TCP_CA_Disorder)
#define TCPF_CA_CWR (1 << TCP_CA_CWR)
#define TCPF_CA_Recovery (1 << TCP_CA_Recovery)
#define TCPF_CA_Loss (1 << TCP_CA_Loss)
static inline unsigned int fls_long(unsigned long l) {
  return (unsigned int)fls64(l);
}
#define ntohl(x) ((u32)(x))
#define atomic_read(v) ((v)->counter)
static inline bool sk_is_mptcp(const struct sock *sk) {
  (void)sk;
  return false;
}
static inline bool sk_can_gso(const struct sock *sk) {
  (void)sk;
  return false;
}
/* tcp_shift_skb_data() (merging SACKed skbs) is not ported: no skb offers data to shift, so it
 * falls back at its skb_can_shift() test and tcp_sacktag_walk() matches skb by skb */
static inline bool skb_can_shift(const struct sk_buff *skb) {
  (void)skb;
  return false;
}
/* behind skb_can_shift(): never reached */
static int skb_shift(struct sk_buff *tgt, struct sk_buff *skb, int shiftlen) {
  (void)tgt;
  (void)skb;
  (void)shiftlen;
  CALL0("BUG");
  return 0;
}
static inline time64_t ktime_get_seconds(void) {
  CALL0("ktime_get_seconds");
  return 0;
}
static inline bool mptcp_skb_can_collapse(const struct sk_buff *to, const struct sk_buff *from) {
  (void)to;
  (void)from;
  return true;
}
static inline int skb_cmp_decrypted(const struct sk_buff *skb1, const struct sk_buff *skb2) {
  (void)skb1;
  (void)skb2;
  return 0;
}
static inline bool skb_pure_zcopy_same(const struct sk_buff *skb1, const struct sk_buff *skb2) {
  (void)skb1;
  (void)skb2;
  return true;
}
static inline bool skb_frags_readable(const struct sk_buff *skb) {
  (void)skb;
  return true;
}
static inline unsigned int skb_end_offset(const struct sk_buff *skb) {
  (void)skb;
  return 0;
}
/* no MTU probing (icsk_mtup.probe_size 0): never reached */
static void tcp_mtup_probe_success(struct sock *sk) {
  (void)sk;
  CALL0("BUG");
}
static void tcp_mtup_probe_failed(struct sock *sk) {
  (void)sk;
  CALL0("BUG");
}
static void tcp_simple_retransmit(struct sock *sk) {
  (void)sk;
  CALL0("BUG");
}
/* no TX timestamps (txstamp_ack never set): never reached */
static void __skb_tstamp_tx(struct sk_buff *orig_skb, const struct sk_buff *ack_skb, void *hwtstamps,
    struct sock *sk, int tstype) {
  (void)orig_skb;
  (void)ack_skb;
  (void)hwtstamps;
  (void)sk;
  (void)tstype;
  CALL0("BUG");
}
#define SKB_TRUESIZE(x) ((x) + SKB_DATA_ALIGN(sizeof(struct sk_buff)) + \
    SKB_DATA_ALIGN(sizeof(struct skb_shared_info)))
#define MAX_TCP_HEADER 320
#define GSO_LEGACY_MAX_SIZE 65536u
#define GSO_MAX_SIZE 65536u
static int tcp_memory_pressure;
#define mem_cgroup_sockets_enabled 0
static inline bool mem_cgroup_under_socket_pressure(void *memcg) {
  (void)memcg;
  return false;
}
static inline long sk_memory_allocated(const struct sock *sk) {
  (void)sk;
  return 0;
}
static inline long sk_prot_mem_limits(const struct sock *sk, int index) {
  (void)sk;
  (void)index;
  return 1L << 40;
}
static inline int sk_unused_reserved_mem(const struct sock *sk) {
  (void)sk;
  return 0;
}
static inline void sk_mem_uncharge(struct sock *sk, int size) {
  (void)sk;
  (void)size;
}
static inline void sk_mem_charge(struct sock *sk, int size) {
  (void)sk;
  (void)size;
}
/* tcp_info statistics the input side keeps (not modelled, not compared) */
#define tcp_chrono_stop(sk, type) ((void)0)
#define tcp_chrono_start(sk, type) ((void)0)
enum { INET_ECN_NOT_ECT = 0, INET_ECN_ECT_1 = 1, INET_ECN_ECT_0 = 2, INET_ECN_CE = 3,
  INET_ECN_MASK = 3 };
static inline s32 sign_extend32(u32 value, int index) {
  u8 shift = 31 - index;
  return (s32)(value << shift) >> shift;
}
static inline u32 get_unaligned_be24(const void *p) {
  const u8 *b = (const u8 *)p;
  return ((u32)b[0] << 16) | ((u32)b[1] << 8) | b[2];
}
static inline u32 get_unaligned_be32(const void *p) {
  const u8 *b = (const u8 *)p;
  return ((u32)b[0] << 24) | ((u32)b[1] << 16) | ((u32)b[2] << 8) | b[3];
}
static inline void put_nicsim_be32(u8 *b, u32 v) {
  b[0] = (u8)(v >> 24);
  b[1] = (u8)(v >> 16);
  b[2] = (u8)(v >> 8);
  b[3] = (u8)v;
}

/* ---- the TCP header of the ACK segment ---- */
struct tcphdr {
  __be16 window;
  u16 syn : 1, ece : 1, cwr : 1, fin : 1, ae : 1;
};
static struct tcphdr nicsim_th;
#define tcp_hdr(skb) (&nicsim_th)
#define ntohs(x) ((u16)(x))

/* ---- the world ---- */
static struct skb_shared_info nicsim_ack_shinfo;
static struct tcp_sock nicsim_tp;
static struct socket nicsim_socket;
static struct sk_buff nicsim_skbs[NICSIM_POOL];
static struct sk_buff nicsim_ack;
static u8 nicsim_opts[40];
static const long long *nicsim_in;

/*
 * In the loop (--ports c: the bridge sets x[11] of tcp_ack's record, which port-check keeps 0),
 * a call into the congestion module is answered with what the live module did: the first x[10]
 * calls from the words after the twelve arguments (NICSIM_EFFECT_FIELDS each: snd_cwnd,
 * snd_ssthresh, snd_cwnd_cnt, sk_pacing_rate and app_limited as the module left them, and its
 * return value); the next one prints "stop", the socket as the output does and the rate sample
 * it is given, and ends the run there. The bridge then calls the live module on that state and
 * runs the function again with one answer more.
 */
#define NICSIM_EFFECT_FIELDS 6
static int nicsim_inloop;
static int nicsim_effects;
static int nicsim_ca_calls;
static void *nicsim_stop[5];
static void nicsim_sock_put(const struct sock *sk);
static void nicsim_rs_put(const struct rate_sample *rs);
static u32 nicsim_ca_answer(struct sock *sk, const struct rate_sample *rs, u32 otherwise) {
  struct tcp_sock *tp = tcp_sk(sk);
  if (!nicsim_inloop) {
    return otherwise;
  }
  int k = nicsim_ca_calls++;
  if (k < nicsim_effects) {
    const long long *e = nicsim_in + X_BASE + 12 + k * NICSIM_EFFECT_FIELDS;
    tp->snd_cwnd = (u32)e[0];
    tp->snd_ssthresh = (u32)e[1];
    tp->snd_cwnd_cnt = (u32)e[2];
    sk->sk_pacing_rate = (unsigned long)e[3];
    tp->app_limited = (u32)e[4];
    return (u32)e[5];
  }
  OUT("stop", k);
  nicsim_sock_put(sk);
  if (rs) {
    nicsim_rs_put(rs);
  }
  __builtin_longjmp(nicsim_stop, 1);
}
/*
 * The set-up of those stops, for the body of every function a bridge runs in the loop (tcp_ack,
 * tcp_check_space, tcp_sndbuf_expand: sender.c): the answers x[10] and the switch x[11] taken,
 * and the return point of a stop (the socket is printed there) set in nicsim_run's own frame.
 * port-check keeps x[10] and x[11] 0, so these bodies run as before there.
 */
/*
 * A call into the model's transmit path that changes much of the socket (tcp_mstamp_refresh,
 * tcp_retransmit_skb, tcp_xmit_retransmit_queue), in the loop with x[11] 2 (the timers): the C
 * stops there too with the socket printed; the bridge brings the live socket to that state,
 * makes the call on the model and runs the function again with the live socket after the call
 * appended (x[8] of them, each the record's socket part and the call's return value, after the
 * room of 16 answers of the module). Stub k then loads the socket from the k-th and returns its
 * value: the C goes on from the state the model left, as the kernel does.
 */
#define NICSIM_MAX_EFFECTS 16
#define NICSIM_RESUME_BASE (X_BASE + 12 + NICSIM_MAX_EFFECTS * NICSIM_EFFECT_FIELDS)
#define NICSIM_RESUME_FIELDS (A_BASE + 1)
static int nicsim_resumes;
static int nicsim_model_calls;
static struct sock *nicsim_sock_load(const long long *in);
static long long nicsim_model_answer(struct sock *sk, long long otherwise) {
  if (nicsim_inloop != 2) {
    return otherwise;
  }
  int k = nicsim_model_calls++;
  if (k < nicsim_resumes) {
    const long long *r = nicsim_in + NICSIM_RESUME_BASE + k * NICSIM_RESUME_FIELDS;
    nicsim_sock_load(r);
    return r[A_BASE];
  }
  OUT("stop", k);
  nicsim_sock_put(sk);
  __builtin_longjmp(nicsim_stop, 1);
}
#define NICSIM_INLOOP_STOPS() \
  nicsim_inloop = (int)x[11]; \
  nicsim_effects = (int)x[10]; \
  nicsim_ca_calls = 0; \
  nicsim_resumes = (int)x[8]; \
  nicsim_model_calls = 0; \
  if (__builtin_setjmp(nicsim_stop)) { \
    nicsim_inloop = 0; \
    return; /* stopped at a call the bridge answers next: the socket is printed */ \
  }

/* ---- recording stubs: congestion control ---- */
static u32 nicsim_ca_ssthresh(struct sock *sk) {
  CALL0("ca.ssthresh");
  return nicsim_ca_answer(sk, NULL, (u32)nicsim_in[S_CA_SSTHRESH_ANSWER]);
}
static u32 nicsim_ca_undo_cwnd(struct sock *sk) {
  CALL0("ca.undo_cwnd");
  return nicsim_ca_answer(sk, NULL, (u32)nicsim_in[S_CA_UNDO_CWND_ANSWER]);
}
static void nicsim_ca_cong_avoid(struct sock *sk, u32 ack, u32 acked) {
  CALL2("ca.cong_avoid", ack, acked);
  nicsim_ca_answer(sk, NULL, 0);
}
static void nicsim_ca_set_state(struct sock *sk, u8 new_state) {
  CALL1("ca.set_state", new_state);
  nicsim_ca_answer(sk, NULL, 0);
}
static void nicsim_ca_cwnd_event(struct sock *sk, int ev) {
  CALL1("ca.cwnd_event", ev);
  nicsim_ca_answer(sk, NULL, 0);
}
struct ack_sample {
  u32 pkts_acked;
  s32 rtt_us;
  u32 in_flight;
};
static void nicsim_ca_pkts_acked(struct sock *sk, const struct ack_sample *sample) {
  CALL3("ca.pkts_acked", sample->pkts_acked, sample->rtt_us, sample->in_flight);
  nicsim_ca_answer(sk, NULL, 0);
}
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 10, 0)
static void nicsim_ca_cong_control(struct sock *sk, u32 ack, int flag,
    const struct rate_sample *rs) {
  CALL2("ca.cong_control", ack, flag);
  nicsim_ca_answer(sk, rs, 0);
}
#else
static void nicsim_ca_cong_control(struct sock *sk, const struct rate_sample *rs) {
  CALL0("ca.cong_control");
  nicsim_ca_answer(sk, rs, 0);
}
#endif
static u32 nicsim_ca_sndbuf_expand(struct sock *sk) {
  CALL0("ca.sndbuf_expand");
  return nicsim_ca_answer(sk, NULL, (u32)nicsim_in[S_CA_SNDBUF_EXPAND_ANSWER]);
}
static struct tcp_congestion_ops nicsim_ca;

/* ---- recording stubs: the output path, timers, the writer ---- */
static void nicsim_write_space(struct sock *sk) {
  (void)sk;
  CALL0("sk_write_space");
}
static void sk_reset_timer(struct sock *sk, struct timer_list *timer, unsigned long expires) {
  (void)sk;
  timer->expires = expires;
  CALL1("sk_reset_timer", (u32)expires);
}
static unsigned int tcp_current_mss(struct sock *sk) {
  (void)sk;
  CALL0("tcp_current_mss");
  return (unsigned int)nicsim_in[S_CURRENT_MSS_ANSWER];
}
static void __tcp_push_pending_frames(struct sock *sk, unsigned int cur_mss, int nonagle) {
  (void)sk;
  CALL2("tcp_push_pending_frames", cur_mss, nonagle);
}
static void tcp_xmit_retransmit_queue(struct sock *sk) {
  CALL0("tcp_xmit_retransmit_queue");
  nicsim_model_answer(sk, 0);
}
static unsigned int tcp_sync_mss(struct sock *sk, u32 pmtu) {
  CALL1("tcp_sync_mss", pmtu);
  return tcp_sk(sk)->mss_cache;
}
static int tcp_retransmit_skb(struct sock *sk, struct sk_buff *skb, int segs) {
  CALL2("tcp_retransmit_skb", TCP_SKB_CB(skb)->seq, segs);
  return (int)nicsim_model_answer(sk, nicsim_in[S_RETRANSMIT_ANSWER]);
}
/* TLP is off (net.ipv4.tcp_early_retrans 0: the model has no tail loss probe) */
static bool tcp_schedule_loss_probe(struct sock *sk, bool advancing_rto) {
  (void)sk;
  (void)advancing_rto;
  return false;
}
static void tcp_send_challenge_ack(struct sock *sk, ...) {
  (void)sk;
  CALL0("tcp_send_challenge_ack");
}
static inline void tcp_bpf_rtt(struct sock *sk, ...) {
  (void)sk;
}
static inline void tcp_mstamp_refresh(struct tcp_sock *tp) {
  CALL0("tcp_mstamp_refresh");
  nicsim_model_answer(&tp->inet_conn.icsk_inet_sk, 0);
}
/* tcp_timer.c's connection abort: not ported, answered from the record */
static int tcp_write_timeout(struct sock *sk) {
  (void)sk;
  CALL0("tcp_write_timeout");
  return (int)nicsim_in[S_WRITE_TIMEOUT_ANSWER];
}
/* the zero-window probe and loss probe timers: outside the domain (never armed) */
static void tcp_write_err(struct sock *sk) {
  (void)sk;
  CALL0("tcp_write_err");
}
static void tcp_send_loss_probe(struct sock *sk) {
  (void)sk;
  CALL0("tcp_send_loss_probe");
}
static void tcp_probe_timer(struct sock *sk) {
  (void)sk;
  CALL0("tcp_probe_timer");
}
struct request_sock;
static void tcp_fastopen_synack_timer(struct sock *sk, struct request_sock *req) {
  (void)sk;
  (void)req;
  CALL0("tcp_fastopen_synack_timer");
}
/* the route cache (dst) is not modelled */
#define __sk_dst_reset(sk) ((void)0)
#define net_dbg_ratelimited(...) ((void)0)
#define rcu_dereference_protected(p, c) (p)
#define SOCK_DEAD 1
static inline bool sock_flag(const struct sock *sk, int flag) {
  (void)sk;
  (void)flag;
  return false;
}
#define AF_INET 2
/* BPF sock_ops programs: none attached */
#define BPF_SOCK_OPS_TIMEOUT_INIT 1
static inline int tcp_call_bpf(struct sock *sk, int op, u32 nargs, u32 *args) {
  (void)sk;
  (void)op;
  (void)nargs;
  (void)args;
  return -1;
}
struct inet_sock;
#define inet_sk(sk) ((struct inet_sock *)(sk))

/* ---- skb memory for tcp_fragment and tcp_trim_head ---- */
/* TCP payload is paged: trimming the head frees len bytes of truesize */
static int __pskb_trim_head(struct sk_buff *skb, int len) {
  skb->len -= len;
  return len;
}
static struct sk_buff *nicsim_alloc_skb(void) {
  for (int i = 0; i < NICSIM_POOL; i++) {
    if (!nicsim_skbs[i].nicsim_used) {
      struct sk_buff *skb = &nicsim_skbs[i];
      memset(skb, 0, sizeof *skb);
      skb->nicsim_used = 1;
      INIT_LIST_HEAD(&skb->tcp_tsorted_anchor);
      return skb;
    }
  }
  return NULL;
}
static void __kfree_skb(struct sk_buff *skb) {
  skb->nicsim_used = 0;
}
/* skb memory never runs out and TCP skbs are never cloned here: the ports model neither */
static inline int skb_unclone_keeptruesize(struct sk_buff *skb, gfp_t pri) {
  (void)skb;
  (void)pri;
  return 0;
}
/* 6.1 passes the head size too; the head truesize the ports give a new skb (SkbHeadTruesize:
 * kmalloc-1k before v6.3, the small-head cache from it) */
static struct sk_buff *tcp_stream_alloc_skb(struct sock *sk, ...) {
  (void)sk;
  struct sk_buff *skb = nicsim_alloc_skb();
  if (skb) {
    skb->truesize = LINUX_VERSION_CODE >= KERNEL_VERSION(6, 3, 0) ? 896 : 1280;
    skb->shinfo = &nicsim_ack_shinfo;
  }
  return skb;
}
static inline unsigned int skb_headlen(const struct sk_buff *skb) {
  (void)skb;
  return 0; /* TCP payload sits in page frags */
}
#define skb_copy_decrypted(to, from) ((void)0)
#define mptcp_skb_ext_copy(to, from) ((void)0)
#define __skb_header_release(skb) ((void)0)
static void skb_split(struct sk_buff *skb, struct sk_buff *skb1, const u32 len) {
  skb1->len = skb->len - len;
  skb->len = len;
}
static inline void skb_set_delivery_time(struct sk_buff *skb, ktime_t kt, ...) {
  skb->tstamp = kt;
}
/* no TX timestamps in the domain */
static void tcp_fragment_tstamp(struct sk_buff *skb, struct sk_buff *skb2) {
  (void)skb;
  (void)skb2;
}
static inline struct sk_buff *skb_peek(const struct sk_buff_head *list) {
  return list->qlen ? list->next : NULL;
}
static inline void __skb_queue_after(struct sk_buff_head *list, struct sk_buff *prev,
    struct sk_buff *newsk) {
  (void)list;
  (void)prev;
  (void)newsk;
  CALL0("__skb_queue_after");
}

/* ---- record -> socket ---- */
/*
 * A 32-bit jiffies value of the record as a 64-bit one: the value within (-2^31, 2^31] jiffies
 * of now, the reading under which the model's 32-bit time_after() agrees with the kernel's.
 */
static unsigned long nicsim_jiffies64(u32 v) {
  u32 d = v - (u32)jiffies;
  return d <= 0x80000000u ? jiffies + d : jiffies - (0x100000000UL - d);
}

static struct sk_buff *nicsim_slot(long long index) {
  int n = (int)nicsim_in[S_RTX_COUNT];
  return index >= 0 && index < n ? &nicsim_skbs[index] : NULL;
}

static struct sock *nicsim_sock_set(const long long *in) {
  nicsim_in = in;
  return nicsim_sock_load(in);
}

/* the socket and its queues from a record's socket part (the record itself, or a resume's) */
static struct sock *nicsim_sock_load(const long long *in) {
  struct tcp_sock *tp = &nicsim_tp;
  struct inet_connection_sock *icsk = &tp->inet_conn;
  struct sock *sk = &icsk->icsk_inet_sk;
  memset(tp, 0, sizeof *tp);
  /* the queue's slots cleared; the rest of the pool only freed (nicsim_alloc_skb clears) */
  memset(nicsim_skbs, 0, (size_t)in[S_RTX_COUNT] * sizeof nicsim_skbs[0]);
  for (int i = (int)in[S_RTX_COUNT]; i < NICSIM_POOL; i++) {
    nicsim_skbs[i].nicsim_used = 0;
  }
  memset(&sk->sk_write_queue, 0, sizeof sk->sk_write_queue);
  memset(&nicsim_net, 0, sizeof nicsim_net);
  nicsim_net.ipv4.sysctl_tcp_reordering = (int)in[S_SYSCTL_REORDERING];
  nicsim_net.ipv4.sysctl_tcp_max_reordering = (int)in[S_SYSCTL_MAX_REORDERING];
  nicsim_net.ipv4.sysctl_tcp_min_rtt_wlen = (int)in[S_SYSCTL_MIN_RTT_WLEN];
  nicsim_net.ipv4.sysctl_tcp_pacing_ss_ratio = (int)in[S_SYSCTL_PACING_SS_RATIO];
  nicsim_net.ipv4.sysctl_tcp_pacing_ca_ratio = (int)in[S_SYSCTL_PACING_CA_RATIO];
  nicsim_net.ipv4.sysctl_tcp_wmem[2] = (int)in[S_SYSCTL_WMEM2];
  nicsim_net.ipv4.sysctl_tcp_frto = (u8)in[S_SYSCTL_FRTO];
  nicsim_net.ipv4.sysctl_tcp_slow_start_after_idle = (u8)in[S_SYSCTL_SSAI];
  nicsim_net.ipv4.sysctl_tcp_recovery = 1; /* TCP_RACK_LOSS_DETECTION, the default */
  nicsim_net.ipv4.sysctl_tcp_early_retrans = 0;
  nicsim_net.ipv4.sysctl_tcp_dsack = 1;
  nicsim_net.ipv4.sysctl_tcp_retries1 = 3;
  nicsim_net.ipv4.sysctl_tcp_retries2 = 15;
  nicsim_net.ipv4.sysctl_tcp_rto_min_us = 200000;
  /* 64-bit jiffies past 2^32 (as 5 minutes after boot); the model keeps the low 32 bits */
  jiffies = (1UL << 32) | (u32)in[S_JIFFIES];

  tp->snd_una = (u32)in[S_SND_UNA];
  tp->snd_nxt = (u32)in[S_SND_NXT];
  tp->write_seq = (u32)in[S_WRITE_SEQ];
  tp->snd_wnd = (u32)in[S_SND_WND];
  tp->snd_wl1 = (u32)in[S_SND_WL1];
  tp->max_window = (u32)in[S_MAX_WINDOW];
  tp->bytes_acked = (u64)in[S_BYTES_ACKED];
  tp->high_seq = (u32)in[S_HIGH_SEQ];
  tp->undo_marker = (u32)in[S_UNDO_MARKER];
  tp->undo_retrans = (int)in[S_UNDO_RETRANS];
  tp->rtt_seq = (u32)in[S_RTT_SEQ];
  tp->tlp_high_seq = (u32)in[S_TLP_HIGH_SEQ];
  tp->tlp_retrans = (u8)in[S_TLP_RETRANS];
  tp->mss_cache = (u32)in[S_MSS_CACHE];
  tp->rx_opt.mss_clamp = (u16)in[S_MSS_CLAMP];
  tp->rx_opt.snd_wscale = (u8)in[S_SND_WSCALE];
  tp->rx_opt.sack_ok = 1 | (in[S_DSACK_SEEN_OPT] ? 4 : 0); /* TCP_SACK_SEEN, TCP_DSACK_SEEN */
  tp->packets_out = (u32)in[S_PACKETS_OUT];
  tp->sacked_out = (u32)in[S_SACKED_OUT];
  tp->lost_out = (u32)in[S_LOST_OUT];
  tp->retrans_out = (u32)in[S_RETRANS_OUT];
  tp->delivered = (u32)in[S_DELIVERED];
  tp->lost = (u32)in[S_LOST];
  tp->app_limited = (u32)in[S_APP_LIMITED];
  tp->reordering = (u32)in[S_REORDERING];
  tp->reord_seen = (u32)in[S_REORD_SEEN];
  tp->frto = (u8)in[S_FRTO];
  tp->is_sack_reneg = (u8)in[S_IS_SACK_RENEG];
  tp->snd_cwnd = (u32)in[S_SND_CWND];
  tp->snd_ssthresh = (u32)in[S_SND_SSTHRESH];
  tp->snd_cwnd_cnt = (u32)in[S_SND_CWND_CNT];
  tp->snd_cwnd_clamp = (u32)in[S_SND_CWND_CLAMP];
  tp->snd_cwnd_stamp = (u32)in[S_SND_CWND_STAMP];
  tp->snd_cwnd_used = (u32)in[S_SND_CWND_USED];
  tp->lsndtime = (u32)in[S_LSNDTIME];
  tp->tcp_header_len = 32;
  icsk->icsk_pmtu_cookie = (u32)in[S_PMTU_COOKIE];
  tp->prior_cwnd = (u32)in[S_PRIOR_CWND];
  tp->prior_ssthresh = (u32)in[S_PRIOR_SSTHRESH];
  tp->prr_delivered = (u32)in[S_PRR_DELIVERED];
  tp->prr_out = (u32)in[S_PRR_OUT];
  tp->srtt_us = (u32)in[S_SRTT_US];
  tp->mdev_us = (u32)in[S_MDEV_US];
  tp->mdev_max_us = (u32)in[S_MDEV_MAX_US];
  tp->rttvar_us = (u32)in[S_RTTVAR_US];
  for (int i = 0; i < 3; i++) {
    tp->rtt_min.s[i].t = (u32)in[S_RTT_MIN_T0 + 2 * i];
    tp->rtt_min.s[i].v = (u32)in[S_RTT_MIN_V0 + 2 * i];
  }
  tp->retrans_stamp = (u32)in[S_RETRANS_STAMP];
  tp->tcp_mstamp = (u64)in[S_TCP_MSTAMP];
  tp->tcp_clock_cache = (u64)in[S_TCP_CLOCK_CACHE];
  tp->tcp_wstamp_ns = (u64)in[S_TCP_WSTAMP_NS];
  tp->rack.mstamp = (u64)in[S_RACK_MSTAMP];
  tp->rack.rtt_us = (u32)in[S_RACK_RTT_US];
  tp->rack.end_seq = (u32)in[S_RACK_END_SEQ];
  tp->rack.advanced = (u8)in[S_RACK_ADVANCED];
  tp->rack.reo_wnd_steps = (u8)in[S_RACK_REO_WND_STEPS];
  tp->rack.dsack_seen = (u8)in[S_RACK_DSACK_SEEN];
  tp->rack.reo_wnd_persist = (u8)in[S_RACK_REO_WND_PERSIST];
  tp->rack.last_delivered = (u32)in[S_RACK_LAST_DELIVERED];
  tp->first_tx_mstamp = (u64)in[S_FIRST_TX_MSTAMP];
  tp->delivered_mstamp = (u64)in[S_DELIVERED_MSTAMP];
  tp->rate_delivered = (u32)in[S_RATE_DELIVERED];
  tp->rate_interval_us = (u32)in[S_RATE_INTERVAL_US];
  tp->rate_app_limited = (u8)in[S_RATE_APP_LIMITED];
  for (int i = 0; i < 4; i++) {
    tp->recv_sack_cache[i].start_seq = (u32)in[S_SACK_CACHE0_START + 2 * i];
    tp->recv_sack_cache[i].end_seq = (u32)in[S_SACK_CACHE0_END + 2 * i];
  }
  tp->dsack_dups = (u32)in[S_DSACK_DUPS];
  tp->total_retrans = (u32)in[S_TOTAL_RETRANS];
  tp->snd_up = (u32)in[S_SND_UP];
  icsk->icsk_ca_state = (u8)in[S_CA_STATE];
  icsk->icsk_rto = (u32)in[S_RTO];
  icsk->icsk_rto_min = HZ / 5;    /* TCP_RTO_MIN */
  icsk->icsk_rto_max = 120 * HZ;  /* TCP_RTO_MAX */
  icsk->icsk_backoff = (u8)in[S_BACKOFF];
  icsk->icsk_retransmits = (u8)in[S_RETRANSMITS];
  icsk->icsk_pending = (u8)in[S_PENDING];
  sk->tcp_retransmit_timer.expires = nicsim_jiffies64((u32)in[S_TIMEOUT]);
  icsk->icsk_probes_out = (u8)in[S_PROBES_OUT];
  sk->sk_pacing_rate = (unsigned long)in[S_PACING_RATE];
  sk->sk_max_pacing_rate = (unsigned long)in[S_MAX_PACING_RATE];
  sk->sk_sndbuf = (int)in[S_SNDBUF];
  sk->sk_wmem_queued = (int)in[S_WMEM_QUEUED];
  sk->sk_state = 1; /* TCP_ESTABLISHED */
  nicsim_socket.flags = in[S_NOSPACE] ? 1UL << SOCK_NOSPACE : 0;
  sk->sk_socket = &nicsim_socket;
  sk->sk_write_space = nicsim_write_space;

  memset(&nicsim_ca, 0, sizeof nicsim_ca);
  nicsim_ca.ssthresh = nicsim_ca_ssthresh;
  nicsim_ca.undo_cwnd = nicsim_ca_undo_cwnd;
  nicsim_ca.cong_avoid = nicsim_ca_cong_avoid;
  nicsim_ca.set_state = nicsim_ca_set_state;
  nicsim_ca.cwnd_event = nicsim_ca_cwnd_event;
  nicsim_ca.pkts_acked = in[S_CA_PKTS_ACKED] ? nicsim_ca_pkts_acked : NULL;
  nicsim_ca.cong_control = in[S_CA_CONG_CONTROL] ? nicsim_ca_cong_control : NULL;
  nicsim_ca.sndbuf_expand = in[S_CA_SNDBUF_EXPAND] ? nicsim_ca_sndbuf_expand : NULL;
  icsk->icsk_ca_ops = &nicsim_ca;

  /* the retransmit queue and the sent list */
  INIT_LIST_HEAD(&tp->tsorted_sent_queue);
  int n = (int)in[S_RTX_COUNT];
  struct rb_node *prev = NULL;
  for (int i = 0; i < n; i++) {
    const long long *k = in + S_FIELDS + i * K_FIELDS;
    struct sk_buff *skb = &nicsim_skbs[i];
    struct tcp_skb_cb *scb = TCP_SKB_CB(skb);
    skb->nicsim_used = 1;
    INIT_LIST_HEAD(&skb->tcp_tsorted_anchor);
    scb->seq = (u32)k[K_SEQ];
    scb->end_seq = (u32)k[K_END_SEQ];
    skb->len = (unsigned int)k[K_LEN];
    skb->truesize = (unsigned int)k[K_TRUESIZE];
    scb->tcp_gso_segs = (u16)k[K_PCOUNT];
    scb->tcp_gso_size = (u16)k[K_GSO_SIZE];
    scb->sacked = (u8)k[K_SACKED];
    scb->tcp_flags = (u8)k[K_TCP_FLAGS];
    skb->skb_mstamp_ns = (u64)k[K_MSTAMP];
    scb->tx.first_tx_mstamp = (u64)k[K_TX_FIRST_TX_MSTAMP];
    scb->tx.delivered_mstamp = (u64)k[K_TX_DELIVERED_MSTAMP];
    scb->tx.delivered = (u32)k[K_TX_DELIVERED];
    scb->tx.is_app_limited = (u32)k[K_TX_APP_LIMITED] & 1;
    skb->rbnode.__rb_parent_color = (unsigned long)prev;
    skb->rbnode.rb_left = skb->rbnode.rb_right = NULL;
    if (prev) {
      prev->rb_right = &skb->rbnode;
    } else {
      sk->tcp_rtx_queue.rb_node = &skb->rbnode;
    }
    prev = &skb->rbnode;
  }
  /* the sent list in rank order (rank 0: not on it) */
  for (int rank = 1; rank <= n; rank++) {
    for (int i = 0; i < n; i++) {
      if (in[S_FIELDS + i * K_FIELDS + K_SENT_RANK] == rank) {
        list_add_tail(&nicsim_skbs[i].tcp_tsorted_anchor, &tp->tsorted_sent_queue);
      }
    }
  }
  /* the unsent data [snd_nxt, write_seq) as one skb at the head of the write queue */
  if (tp->write_seq != tp->snd_nxt) {
    struct sk_buff *w = &nicsim_skbs[NICSIM_POOL - 1];
    memset(w, 0, sizeof *w);
    w->nicsim_used = 1;
    INIT_LIST_HEAD(&w->tcp_tsorted_anchor);
    TCP_SKB_CB(w)->seq = tp->snd_nxt;
    TCP_SKB_CB(w)->end_seq = tp->write_seq;
    w->len = tp->write_seq - tp->snd_nxt;
    sk->sk_write_queue.next = w;
    sk->sk_write_queue.prev = w;
    sk->sk_write_queue.qlen = 1;
  }
  long long h = in[S_HIGHEST_SACK], r = in[S_RETRANSMIT_HINT];
  tp->highest_sack = h >= 0 && h < n ? &nicsim_skbs[h] : NULL;
  tp->retransmit_skb_hint = r >= 0 && r < n ? &nicsim_skbs[r] : NULL;
  return sk;
}

/* the ACK segment: header fields, TCP_SKB_CB, the SACK option on the wire */
static struct sk_buff *nicsim_ack_set(const long long *in) {
  const long long *a = in + A_BASE;
  struct tcp_skb_cb *cb = TCP_SKB_CB(&nicsim_ack);
  memset(&nicsim_ack, 0, sizeof nicsim_ack);
  memset(&nicsim_th, 0, sizeof nicsim_th);
  memset(nicsim_opts, 0, sizeof nicsim_opts);
  cb->seq = (u32)a[A_SEQ];
  cb->end_seq = (u32)a[A_END_SEQ];
  cb->ack_seq = (u32)a[A_ACK_SEQ];
  nicsim_th.window = (u16)a[A_WINDOW];
  nicsim_ack.shinfo = &nicsim_ack_shinfo;
  nicsim_ack_shinfo.gso_segs = (unsigned short)a[A_GSO_SEGS];
  nicsim_ack.transport = nicsim_opts;
  int n = (int)a[A_NUM_SACKS];
  if (n > 0) {
    /* TCPOPT_NOP, TCPOPT_NOP, then the SACK option at offset 2 */
    nicsim_opts[0] = 1;
    nicsim_opts[1] = 1;
    nicsim_opts[2] = 5;
    nicsim_opts[3] = (u8)(2 + 8 * n);
    for (int i = 0; i < n; i++) {
      put_nicsim_be32(nicsim_opts + 4 + 8 * i, (u32)a[A_SACK0_START + 2 * i]);
      put_nicsim_be32(nicsim_opts + 8 + 8 * i, (u32)a[A_SACK0_END + 2 * i]);
    }
    cb->sacked = 2;
  }
  return &nicsim_ack;
}

/* ---- socket -> record ---- */
static long long nicsim_seq_of(const struct sk_buff *skb) {
  return skb ? (long long)TCP_SKB_CB(skb)->seq : -1;
}

static void nicsim_sock_put(const struct sock *sk) {
  const struct tcp_sock *tp = (const struct tcp_sock *)sk;
  const struct inet_connection_sock *icsk = &tp->inet_conn;
  OUTU("snd_una", tp->snd_una);
  OUTU("snd_nxt", tp->snd_nxt);
  OUTU("snd_wnd", tp->snd_wnd);
  OUTU("snd_wl1", tp->snd_wl1);
  OUTU("max_window", tp->max_window);
  OUTU("bytes_acked", tp->bytes_acked);
  OUTU("high_seq", tp->high_seq);
  OUTU("undo_marker", tp->undo_marker);
  OUT("undo_retrans", tp->undo_retrans);
  OUTU("rtt_seq", tp->rtt_seq);
  OUTU("tlp_high_seq", tp->tlp_high_seq);
  OUTU("packets_out", tp->packets_out);
  OUTU("sacked_out", tp->sacked_out);
  OUTU("lost_out", tp->lost_out);
  OUTU("retrans_out", tp->retrans_out);
  OUTU("delivered", tp->delivered);
  OUTU("lost", tp->lost);
  OUTU("app_limited", tp->app_limited);
  OUTU("reordering", tp->reordering);
  OUTU("reord_seen", tp->reord_seen);
  OUT("frto", tp->frto);
  OUT("is_sack_reneg", tp->is_sack_reneg);
  OUTU("snd_cwnd", tp->snd_cwnd);
  OUTU("snd_ssthresh", tp->snd_ssthresh);
  OUTU("snd_cwnd_cnt", tp->snd_cwnd_cnt);
  OUTU("snd_cwnd_stamp", tp->snd_cwnd_stamp);
  OUTU("prior_cwnd", tp->prior_cwnd);
  OUTU("prior_ssthresh", tp->prior_ssthresh);
  OUTU("prr_delivered", tp->prr_delivered);
  OUTU("prr_out", tp->prr_out);
  OUTU("srtt_us", tp->srtt_us);
  OUTU("mdev_us", tp->mdev_us);
  OUTU("mdev_max_us", tp->mdev_max_us);
  OUTU("rttvar_us", tp->rttvar_us);
  for (int i = 0; i < 3; i++) {
    OUTU("rtt_min.t", tp->rtt_min.s[i].t);
    OUTU("rtt_min.v", tp->rtt_min.s[i].v);
  }
  OUTU("retrans_stamp", tp->retrans_stamp);
  OUTU("rack.mstamp", tp->rack.mstamp);
  OUTU("rack.rtt_us", tp->rack.rtt_us);
  OUTU("rack.end_seq", tp->rack.end_seq);
  OUT("rack.advanced", tp->rack.advanced);
  OUT("rack.reo_wnd_steps", tp->rack.reo_wnd_steps);
  OUT("rack.dsack_seen", tp->rack.dsack_seen);
  OUT("rack.reo_wnd_persist", tp->rack.reo_wnd_persist);
  OUTU("rack.last_delivered", tp->rack.last_delivered);
  OUTU("first_tx_mstamp", tp->first_tx_mstamp);
  OUTU("delivered_mstamp", tp->delivered_mstamp);
  OUTU("rate_delivered", tp->rate_delivered);
  OUTU("rate_interval_us", tp->rate_interval_us);
  OUT("rate_app_limited", tp->rate_app_limited);
  OUT("highest_sack", nicsim_seq_of(tp->highest_sack));
  OUT("retransmit_skb_hint", nicsim_seq_of(tp->retransmit_skb_hint));
  for (int i = 0; i < 4; i++) {
    OUTU("recv_sack_cache.start", tp->recv_sack_cache[i].start_seq);
    OUTU("recv_sack_cache.end", tp->recv_sack_cache[i].end_seq);
  }
  OUTU("dsack_dups", tp->dsack_dups);
  OUT("dsack_seen_opt", (tp->rx_opt.sack_ok & 4) != 0);
  OUTU("snd_up", tp->snd_up);
  OUTU("rcv_tstamp", tp->rcv_tstamp);
  OUT("ca_state", icsk->icsk_ca_state);
  OUTU("rto", icsk->icsk_rto);
  OUT("backoff", icsk->icsk_backoff);
  OUT("retransmits", icsk->icsk_retransmits);
  OUT("pending", icsk->icsk_pending);
  OUTU("timeout", (u32)sk->tcp_retransmit_timer.expires);
  OUT("probes_out", icsk->icsk_probes_out);
  OUTU("sk_pacing_rate", sk->sk_pacing_rate);
  OUT("sk_sndbuf", sk->sk_sndbuf);
  OUT("sk_wmem_queued", sk->sk_wmem_queued);
  OUT("nospace", (sk->sk_socket->flags >> SOCK_NOSPACE) & 1);
  OUTU("snd_cwnd_used", tp->snd_cwnd_used);
  int n = 0;
  const struct sk_buff *skb;
  for (skb = skb_rb_first(&sk->tcp_rtx_queue); skb; skb = skb_rb_next(skb)) {
    const struct tcp_skb_cb *scb = TCP_SKB_CB(skb);
    OUTU("skb.seq", scb->seq);
    OUTU("skb.end_seq", scb->end_seq);
    OUTU("skb.len", skb->len);
    OUTU("skb.truesize", skb->truesize);
    OUTU("skb.pcount", scb->tcp_gso_segs);
    OUTU("skb.gso_size", scb->tcp_gso_size);
    OUT("skb.sacked", scb->sacked);
    OUT("skb.tcp_flags", scb->tcp_flags);
    OUTU("skb.mstamp", skb->skb_mstamp_ns);
    OUTU("skb.tx.first_tx_mstamp", scb->tx.first_tx_mstamp);
    OUTU("skb.tx.delivered_mstamp", scb->tx.delivered_mstamp);
    OUTU("skb.tx.delivered", scb->tx.delivered);
    OUT("skb.tx.is_app_limited", scb->tx.is_app_limited);
    n++;
  }
  OUT("rtx_queue", n);
  const struct list_head *l;
  for (l = tp->tsorted_sent_queue.next; l != &tp->tsorted_sent_queue; l = l->next) {
    OUTU("sent", TCP_SKB_CB(list_entry(l, struct sk_buff, tcp_tsorted_anchor))->seq);
  }
}

/*
 * A tcp_sacktag_state from four argument fields (first_sackt, last_sackt, reord,
 * sack_delivered), its rate sample the zeroed nicsim_rs with prior_delivered from the fifth.
 */
static struct rate_sample nicsim_rs;
static void nicsim_state_set(struct tcp_sacktag_state *st, const long long *x) {
  memset(st, 0, sizeof *st);
  memset(&nicsim_rs, 0, sizeof nicsim_rs);
  st->first_sackt = (u64)x[0];
  st->last_sackt = (u64)x[1];
  st->reord = (u32)x[2];
  st->sack_delivered = (u32)x[3];
  st->rate = &nicsim_rs;
}
static void nicsim_rs_put(const struct rate_sample *rs);
static void nicsim_state_put(const struct tcp_sacktag_state *st) {
  OUTU("state.first_sackt", st->first_sackt);
  OUTU("state.last_sackt", st->last_sackt);
  OUTU("state.reord", st->reord);
  OUTU("state.sack_delivered", st->sack_delivered);
  OUT("state.flag", st->flag);
  OUTU("state.mss_now", st->mss_now);
  nicsim_rs_put(st->rate);
}

static void nicsim_rs_put(const struct rate_sample *rs) {
  OUTU("rs.prior_mstamp", rs->prior_mstamp);
  OUTU("rs.prior_delivered", rs->prior_delivered);
  OUT("rs.delivered", rs->delivered);
  OUT("rs.interval_us", rs->interval_us);
  OUTU("rs.snd_interval_us", rs->snd_interval_us);
  OUTU("rs.rcv_interval_us", rs->rcv_interval_us);
  OUT("rs.rtt_us", rs->rtt_us);
  OUT("rs.losses", rs->losses);
  OUTU("rs.acked_sacked", rs->acked_sacked);
  OUTU("rs.prior_in_flight", rs->prior_in_flight);
  OUTU("rs.last_end_seq", rs->last_end_seq);
  OUT("rs.is_app_limited", rs->is_app_limited);
  OUT("rs.is_retrans", rs->is_retrans);
  OUT("rs.is_ack_delayed", rs->is_ack_delayed);
}
