/*
 * tcp_output.c harnesses. NICSIM_KIND 0 tcp_tso_autosize(sk, mss_now, min_tso_segs),
 * 1 tcp_tso_segs(sk, mss_now) with the CC's min_tso_segs (or none), 2 tcp_small_queue_check(sk,
 * skb, factor). Extra record fields after the socket: a b c d (per kind).
 */
//@ driver
static void nicsim_run(const long long *in) {
  struct sock *sk = nicsim_sock_set(in);
  const long long *e = in + NICSIM_SOCK_FIELDS;
#if NICSIM_KIND == 0
  OUTU("ret", tcp_tso_autosize(sk, (unsigned int)e[0], (int)e[1]));
#elif NICSIM_KIND == 1
  nicsim_min_tso_answer = (u32)e[2];
  inet_csk(sk)->icsk_ca_ops = e[1] ? &nicsim_ca_with : &nicsim_ca_without;
  OUTU("ret", tcp_tso_segs(sk, (unsigned int)e[0]));
#else
  nicsim_skb.truesize = (unsigned int)e[0];
  nicsim_net.ipv4.sysctl_tcp_limit_output_bytes = (int)e[2];
  OUT("ret", tcp_small_queue_check(sk, &nicsim_skb, (unsigned int)e[1]));
  OUTU("sk_tsq_flags", sk->sk_tsq_flags);
#endif
}
