/* tcp_cong.c: NICSIM_KIND 0 tcp_slow_start(tp, acked), 1 tcp_cong_avoid_ai(tp, w, acked) */
//@ driver
static void nicsim_run(const long long *in) {
  struct sock *sk = nicsim_sock_set(in);
  struct tcp_sock *tp = tcp_sk(sk);
  const long long *e = in + NICSIM_SOCK_FIELDS;
#if NICSIM_KIND == 0
  OUTU("ret", tcp_slow_start(tp, (u32)e[0]));
#else
  tcp_cong_avoid_ai(tp, (u32)e[1], (u32)e[0]);
#endif
  nicsim_sock_put(sk);
}
