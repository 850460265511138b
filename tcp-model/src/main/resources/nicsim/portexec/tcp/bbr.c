/*
 * tcp_bbr.c model helpers. struct bbr in icsk_ca_priv; the record after the socket: min_rtt_us,
 * mode, cycle_idx, then bw, gain, cwnd (u64 rate for bbr_rate_bytes_per_sec). NICSIM_KIND:
 * 0 bbr_bdp, 1 bbr_quantization_budget, 2 bbr_inflight, 3 bbr_rate_bytes_per_sec,
 * 4 bbr_bw_to_pacing_rate, 5 bbr_tso_segs_goal, 6 bbr_min_tso_segs.
 */
//@ header
#define ICSK_CA_PRIV_SIZE (13 * sizeof(u64))
//@ driver
static void nicsim_run(const long long *in) {
  struct sock *sk = nicsim_sock_set(in);
  struct bbr *bbr = inet_csk_ca(sk);
  const long long *e = in + NICSIM_SOCK_FIELDS;
  bbr->min_rtt_us = (u32)e[0];
  bbr->mode = (u32)e[1];
  bbr->cycle_idx = (u32)e[2];
#if NICSIM_KIND == 0
  OUTU("ret", bbr_bdp(sk, (u32)e[3], (int)e[4]));
#elif NICSIM_KIND == 1
  OUTU("ret", bbr_quantization_budget(sk, (u32)e[5]));
#elif NICSIM_KIND == 2
  OUTU("ret", bbr_inflight(sk, (u32)e[3], (int)e[4]));
#elif NICSIM_KIND == 3
  OUTU("ret", bbr_rate_bytes_per_sec(sk, (u64)e[6], (int)e[4]));
#elif NICSIM_KIND == 4
  OUTU("ret", bbr_bw_to_pacing_rate(sk, (u32)e[3], (int)e[4]));
#elif NICSIM_KIND == 5
  OUTU("ret", bbr_tso_segs_goal(sk));
#else
  OUTU("ret", bbr_min_tso_segs(sk));
#endif
}
