/*
 * net/ipv4/tcp.c's tcp_xmit_size_goal(sk, mss_now, large_allowed): nicsim's own C (no kernel
 * text). The function and tcp.h's tcp_bound_to_half_wnd come from the tree; this gives struct
 * sock and tcp_sock the fields they read and write.
 *
 * Record layout (TcpSizeGoalHarness.FIELDS):
 *   0 mss_now 1 large_allowed 2 sk_gso_max_size 3 sk_gso_max_segs 4 gso_segs 5 max_window
 *   6 tcp_header_len
 * Output: ret, then gso_segs.
 */
//@ header
struct sock {
  unsigned int sk_gso_max_size;
  u16 sk_gso_max_segs;
};

struct tcp_sock {
  struct sock sk;
  u32 max_window;
  u16 gso_segs;
  u16 tcp_header_len;
};

#define tcp_sk(sk) ((struct tcp_sock *)(sk))

static struct tcp_sock nicsim_tp;
//@ driver
static void nicsim_run(const long long *in) {
  struct tcp_sock *tp = &nicsim_tp;
  struct sock *sk = (struct sock *)tp;

  memset(tp, 0, sizeof *tp);
  sk->sk_gso_max_size = (unsigned int)in[2];
  sk->sk_gso_max_segs = (u16)in[3];
  tp->gso_segs = (u16)in[4];
  tp->max_window = (u32)in[5];
  tp->tcp_header_len = (u16)in[6];
  OUTU("ret", tcp_xmit_size_goal(sk, (u32)in[0], (int)in[1]));
  OUT("gso_segs", tp->gso_segs);
}
