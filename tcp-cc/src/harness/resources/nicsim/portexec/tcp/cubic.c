/*
 * tcp_cubic.c harnesses: every function of CUBIC with HyStart. struct bictcp lives in the socket's
 * icsk_ca_priv as in the kernel; the scale factors come from the tree's own cubictcp_register
 * (run once with the default module parameters, as at module load; its registration calls
 * compiled out). The runtime-writable module parameters come from each record. Record
 * (CubicHarnesses); cubic_root reads only [0] a:
 *   [0..29]  the socket, common.c's layout
 *   [30..37] CC_SOCK_FIELDS: srtt_us lost tcp_clock_cache tcp_wstamp_ns icsk_ca_state lsndtime
 *            is_cwnd_limited max_packets_out
 *   [38..53] struct bictcp: cnt last_max_cwnd last_cwnd last_time bic_origin_point bic_K
 *            delay_min epoch_start ack_cnt tcp_cwnd sample_cnt found round_start end_seq
 *            last_ack curr_rtt
 *   [54..61] module parameters: fast_convergence beta initial_ssthresh tcp_friendliness hystart
 *            hystart_detect hystart_low_window hystart_ack_delta_us
 *   [62..69] arguments: cwnd acked delay event (also new_state) sample.pkts_acked sample.rtt_us
 *            sample.in_flight, shape (the generator's, unused here)
 * Output: the return value (if any), every WARN in order, struct bictcp, then the socket fields
 * a congestion module writes. NICSIM_KIND selects the function (CubicHarnesses.FUNCTIONS order).
 */
//@ header
#define ICSK_CA_PRIV_SIZE (13 * sizeof(u64))
#define tcp_register_congestion_control(ops) 0
static int cubictcp; /* the ops struct itself is not needed */
#define register_btf_kfunc_id_set(type, set) 0
static int tcp_cubic_kfunc_set; /* BPF's view of the module: not needed */
#define NICSIM_CA_FIELDS 16
#define NICSIM_PARAM_FIELDS 8

//@ driver
static void nicsim_ca_set(struct bictcp *ca, const long long *in) {
  ca->cnt = (u32)in[0];
  ca->last_max_cwnd = (u32)in[1];
  ca->last_cwnd = (u32)in[2];
  ca->last_time = (u32)in[3];
  ca->bic_origin_point = (u32)in[4];
  ca->bic_K = (u32)in[5];
  ca->delay_min = (u32)in[6];
  ca->epoch_start = (u32)in[7];
  ca->ack_cnt = (u32)in[8];
  ca->tcp_cwnd = (u32)in[9];
  ca->sample_cnt = (u8)in[10];
  ca->found = (u8)in[11];
  ca->round_start = (u32)in[12];
  ca->end_seq = (u32)in[13];
  ca->last_ack = (u32)in[14];
  ca->curr_rtt = (u32)in[15];
}

static void nicsim_ca_put(const struct bictcp *ca) {
  OUTU("cnt", ca->cnt);
  OUTU("last_max_cwnd", ca->last_max_cwnd);
  OUTU("last_cwnd", ca->last_cwnd);
  OUTU("last_time", ca->last_time);
  OUTU("bic_origin_point", ca->bic_origin_point);
  OUTU("bic_K", ca->bic_K);
  OUTU("delay_min", ca->delay_min);
  OUTU("epoch_start", ca->epoch_start);
  OUTU("ack_cnt", ca->ack_cnt);
  OUTU("tcp_cwnd", ca->tcp_cwnd);
  OUT("sample_cnt", ca->sample_cnt);
  OUT("found", ca->found);
  OUTU("round_start", ca->round_start);
  OUTU("end_seq", ca->end_seq);
  OUTU("last_ack", ca->last_ack);
  OUTU("curr_rtt", ca->curr_rtt);
}

static void nicsim_params_set(const long long *p) {
  fast_convergence = (int)p[0];
  beta = (int)p[1];
  initial_ssthresh = (int)p[2];
  tcp_friendliness = (int)p[3];
  hystart = (int)p[4];
  hystart_detect = (int)p[5];
  hystart_low_window = (int)p[6];
  hystart_ack_delta_us = (int)p[7];
}

static void nicsim_cubic_init_once(void) {
  static int done;
  if (!done) {
    cubictcp_register();
    done = 1;
  }
}

static void nicsim_run(const long long *in) {
  nicsim_cubic_init_once();
#if NICSIM_KIND == 0
  OUT("ret", cubic_root((u64)in[0]));
#else
  struct sock *sk = nicsim_sock_set(in);
  const long long *cc = in + NICSIM_SOCK_FIELDS;
  nicsim_cc_sock_set(sk, cc);
  struct bictcp *ca = inet_csk_ca(sk);
  const long long *c = cc + NICSIM_CC_SOCK_FIELDS;
  nicsim_ca_set(ca, c);
  const long long *p = c + NICSIM_CA_FIELDS;
  nicsim_params_set(p);
  const long long *a = p + NICSIM_PARAM_FIELDS;
  u32 cwnd = (u32)a[0];
  u32 acked = (u32)a[1];
  u32 delay = (u32)a[2];
  u32 event = (u32)a[3];
  struct ack_sample sample = {
      .pkts_acked = (u32)a[4], .rtt_us = (s32)a[5], .in_flight = (u32)a[6]};
#if NICSIM_KIND == 1
  bictcp_update(ca, cwnd, acked);
#elif NICSIM_KIND == 2
  hystart_update(sk, delay);
#elif NICSIM_KIND == 3
  OUTU("ret", hystart_ack_delay(sk));
#elif NICSIM_KIND == 4
  bictcp_hystart_reset(sk);
#elif NICSIM_KIND == 5
  bictcp_reset(ca);
#elif NICSIM_KIND == 6
  cubictcp_init(sk);
#elif NICSIM_KIND == 7
  cubictcp_cwnd_event(sk, (enum tcp_ca_event)event);
#elif NICSIM_KIND == 8
  cubictcp_cong_avoid(sk, 0, acked);
#elif NICSIM_KIND == 9
  OUTU("ret", cubictcp_recalc_ssthresh(sk));
#elif NICSIM_KIND == 10
  cubictcp_state(sk, (u8)event);
#else
  cubictcp_acked(sk, &sample);
#endif
  nicsim_ca_put(ca);
  nicsim_cc_sock_put(sk);
  (void)cwnd; (void)acked; (void)delay; (void)event; (void)sample;
#endif
}
