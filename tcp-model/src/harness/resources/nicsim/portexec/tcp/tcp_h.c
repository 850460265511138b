/*
 * include/net/tcp.h's inline helpers, each called once per record: nicsim's own C (no kernel
 * text). The helpers, struct tcp_skb_cb and TCP_SKB_CB come from the tree; this gives struct
 * sock, inet_connection_sock and tcp_sock the fields the helpers read (named as the kernel names
 * them) and a congestion module whose .cwnd_event is recorded.
 *
 * NICSIM_KIND: 0 tcp_ca_event(sk, event), 1 tcp_current_ssthresh(sk),
 * 2 tcp_highest_sack_seq(tp), 3 tcp_in_cwnd_reduction(sk), 4 tcp_in_slow_start(tp),
 * 5 tcp_is_cwnd_limited(sk), 6 tcp_left_out(tp), 7 tcp_min_rtt(tp),
 * 8 tcp_needs_internal_pacing(sk), 9 tcp_packets_in_flight(tp),
 * 10 tcp_skb_sent_after(t1, t2, seq1, seq2), 11 tcp_stamp_us_delta(t1, t0 = t2),
 * 12 tcp_wnd_end(tp).
 *
 * Record layout (TcpHelperHarnesses.FIELDS):
 *   0 snd_cwnd 1 snd_ssthresh 2 icsk_ca_state (the 5-bit field) 3 is_cwnd_limited
 *   4 max_packets_out 5 packets_out 6 sacked_out 7 lost_out 8 retrans_out 9 snd_una 10 snd_nxt
 *   11 snd_wnd 12 highest_sack (0: NULL, else an skb) 13 the highest_sack skb's seq
 *   14 rtt_min (the windowed min's value) 15 sk_pacing_status 16 the module has .cwnd_event
 *   17 event 18 t1 19 t2 20 seq1 21 seq2 22 shape (TcpHelperHarnesses' admit, unused here)
 * Output: ret (kind 0: the module's cwnd_event call with its event, if it has one).
 * None of the helpers writes the socket.
 */
//@ prelude
struct inet_skb_parm {
  int iif;
  u16 flags;
  u16 frag_max_size;
};
//@ header
/* the sk_pacing_status read pairs with the store of the pacing side; one thread here */
#define smp_load_acquire(p) READ_ONCE(*(p))
/* the TCPF_CA_* bits are defined inside uapi/linux/tcp.h's enum, where the extraction does not
 * look: the same bits, one per state */
#define TCPF_CA_CWR (1 << TCP_CA_CWR)
#define TCPF_CA_Recovery (1 << TCP_CA_Recovery)

struct sk_buff {
  char cb[256] __aligned(8);
};

struct sock;
struct tcp_congestion_ops {
  void (*cwnd_event)(struct sock *sk, enum tcp_ca_event ev);
};

struct sock {
  u8 sk_pacing_status;
};

struct inet_connection_sock {
  struct sock icsk_inet_sk;
  const struct tcp_congestion_ops *icsk_ca_ops;
  u8 icsk_ca_state : 5;
};

struct tcp_sock {
  struct inet_connection_sock inet_conn;
  u32 snd_una;
  u32 snd_nxt;
  u32 snd_wnd;
  u32 snd_cwnd;
  u32 snd_ssthresh;
  u32 packets_out;
  u32 sacked_out;
  u32 lost_out;
  u32 retrans_out;
  u32 max_packets_out;
  u8 is_cwnd_limited;
  struct minmax rtt_min;
  struct sk_buff *highest_sack;
};

#define tcp_sk(sk) ((struct tcp_sock *)(sk))
#define inet_csk(sk) ((struct inet_connection_sock *)(sk))

/* a congestion module's .cwnd_event: recorded with the event it is given */
static void nicsim_cwnd_event(struct sock *sk, enum tcp_ca_event ev) {
  (void)sk;
  CALL1("cwnd_event", ev);
}
static struct tcp_congestion_ops nicsim_ca_with = {.cwnd_event = nicsim_cwnd_event};
static struct tcp_congestion_ops nicsim_ca_without = {.cwnd_event = NULL};

static struct tcp_sock nicsim_tp;
static struct sk_buff nicsim_highest;
//@ driver
static void nicsim_run(const long long *in) {
  memset(&nicsim_tp, 0, sizeof nicsim_tp);
  memset(&nicsim_highest, 0, sizeof nicsim_highest);
  struct tcp_sock *tp = &nicsim_tp;
  struct sock *sk = (struct sock *)tp;
  tp->snd_cwnd = (u32)in[0];
  tp->snd_ssthresh = (u32)in[1];
  inet_csk(sk)->icsk_ca_state = (u8)in[2];
  tp->is_cwnd_limited = (u8)in[3];
  tp->max_packets_out = (u32)in[4];
  tp->packets_out = (u32)in[5];
  tp->sacked_out = (u32)in[6];
  tp->lost_out = (u32)in[7];
  tp->retrans_out = (u32)in[8];
  tp->snd_una = (u32)in[9];
  tp->snd_nxt = (u32)in[10];
  tp->snd_wnd = (u32)in[11];
  if (in[12]) {
    TCP_SKB_CB(&nicsim_highest)->seq = (u32)in[13];
    tp->highest_sack = &nicsim_highest;
  }
  tp->rtt_min.s[0].v = (u32)in[14];
  sk->sk_pacing_status = (u8)in[15];
  inet_csk(sk)->icsk_ca_ops = in[16] ? &nicsim_ca_with : &nicsim_ca_without;
  u64 t1 = (u64)in[18], t2 = (u64)in[19];
  u32 seq1 = (u32)in[20], seq2 = (u32)in[21];
  (void)t1; (void)t2; (void)seq1; (void)seq2;
#if NICSIM_KIND == 0
  tcp_ca_event(sk, (enum tcp_ca_event)in[17]);
#elif NICSIM_KIND == 1
  OUTU("ret", tcp_current_ssthresh(sk));
#elif NICSIM_KIND == 2
  OUTU("ret", tcp_highest_sack_seq(tp));
#elif NICSIM_KIND == 3
  OUT("ret", tcp_in_cwnd_reduction(sk));
#elif NICSIM_KIND == 4
  OUT("ret", tcp_in_slow_start(tp));
#elif NICSIM_KIND == 5
  OUT("ret", tcp_is_cwnd_limited(sk));
#elif NICSIM_KIND == 6
  OUTU("ret", tcp_left_out(tp));
#elif NICSIM_KIND == 7
  OUTU("ret", tcp_min_rtt(tp));
#elif NICSIM_KIND == 8
  OUT("ret", tcp_needs_internal_pacing(sk));
#elif NICSIM_KIND == 9
  OUTU("ret", tcp_packets_in_flight(tp));
#elif NICSIM_KIND == 10
  OUT("ret", tcp_skb_sent_after(t1, t2, seq1, seq2));
#elif NICSIM_KIND == 11
  OUTU("ret", tcp_stamp_us_delta(t1, t2));
#else
  OUTU("ret", tcp_wnd_end(tp));
#endif
}
