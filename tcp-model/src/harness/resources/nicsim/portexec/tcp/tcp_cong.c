/*
 * tcp_cong.c: NICSIM_KIND 0 tcp_slow_start(tp, acked), 1 tcp_cong_avoid_ai(tp, w, acked),
 * 2 tcp_reno_undo_cwnd(sk), 3 tcp_set_ca_state(sk, ca_state).
 * Record after the socket (TcpHarnesses.SOCK_FIELDS): kinds 0, 1: acked w; kind 2: prior_cwnd;
 * kind 3: ca_state, whether the module has .set_state.
 * Output: kind 0, 2: ret; every WARN_ON (tcp_snd_cwnd_set's); kind 3: the module's set_state
 * call with its state, then icsk_ca_state; then the socket (nicsim_sock_put).
 */
//@ header
/* a congestion module's .set_state: recorded with the state it is given */
static void nicsim_set_state(struct sock *sk, u8 new_state) {
  (void)sk;
  CALL1("set_state", new_state);
}
static struct tcp_congestion_ops nicsim_ca_set_state = {.set_state = nicsim_set_state};
//@ driver
static void nicsim_run(const long long *in) {
  struct sock *sk = nicsim_sock_set(in);
  struct tcp_sock *tp = tcp_sk(sk);
  const long long *e = in + NICSIM_SOCK_FIELDS;
#if NICSIM_KIND == 0
  OUTU("ret", tcp_slow_start(tp, (u32)e[0]));
#elif NICSIM_KIND == 1
  tcp_cong_avoid_ai(tp, (u32)e[1], (u32)e[0]);
#elif NICSIM_KIND == 2
  tp->prior_cwnd = (u32)e[0];
  OUTU("ret", tcp_reno_undo_cwnd(sk));
#else
  inet_csk(sk)->icsk_ca_ops = e[1] ? &nicsim_ca_set_state : &nicsim_ca_without;
  tcp_set_ca_state(sk, (u8)e[0]);
  OUT("icsk_ca_state", inet_csk(sk)->icsk_ca_state);
#endif
  nicsim_sock_put(sk);
}
