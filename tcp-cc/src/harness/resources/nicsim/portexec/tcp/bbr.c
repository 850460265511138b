/*
 * tcp_bbr.c harnesses: every function of BBR v1, bbr_main whole. struct bbr (the tree's own, in
 * icsk_ca_priv, its bitfields included) is set from the record field by field and printed whole
 * after the call; a bitfield takes the record's value as C assignment does (the record stays in
 * each field's width). Record (BbrHarnesses):
 *   [0..29]  the socket, common.c's layout
 *   [30..37] CC_SOCK_FIELDS: srtt_us lost tcp_clock_cache tcp_wstamp_ns icsk_ca_state lsndtime
 *            is_cwnd_limited max_packets_out
 *   [38..76] struct bbr: min_rtt_us min_rtt_stamp probe_rtt_done_stamp bw.s[0].t bw.s[0].v
 *            bw.s[1].t bw.s[1].v bw.s[2].t bw.s[2].v rtt_cnt next_rtt_delivered cycle_mstamp
 *            mode prev_ca_state packet_conservation round_start idle_restart
 *            probe_rtt_round_done lt_is_sampling lt_rtt_cnt lt_use_bw lt_bw lt_last_delivered
 *            lt_last_stamp lt_last_lost pacing_gain cwnd_gain full_bw_reached full_bw_cnt
 *            cycle_idx has_seen_rtt prior_cwnd full_bw ack_epoch_mstamp extra_acked[0]
 *            extra_acked[1] ack_epoch_acked extra_acked_win_rtts extra_acked_win_idx
 *   [77..85] struct rate_sample: prior_delivered delivered interval_us rtt_us losses
 *            acked_sacked prior_in_flight is_app_limited is_ack_delayed
 *   [86..92] arguments and stub answers: bw gain cwnd (also acked, inflight_now) rate event
 *            (also new_state) get_random_u32_below's answer, shape (the generator's, unused here)
 * Output: the return value (if any, and new_cwnd for bbr_set_cwnd_to_recover_or_restore), every
 * stub call and WARN in order, struct bbr, then the socket fields a congestion module writes.
 * NICSIM_KIND selects the function (BbrHarnesses.FUNCTIONS order).
 */
//@ header
#define ICSK_CA_PRIV_SIZE (13 * sizeof(u64))
#define NICSIM_BBR_FIELDS 39
#define NICSIM_RS_FIELDS 9

/* cmpxchg on the socket: one CPU here, so a plain compare-and-store returning the old value */
#define cmpxchg(ptr, old, new) \
  ({ __typeof__(*(ptr)) __o = *(ptr); if (__o == (old)) *(ptr) = (new); __o; })

/* the random phase of bbr_reset_probe_bw_mode: the record answers, the call is recorded (6.1
   calls it prandom_u32_max, renamed get_random_u32_below in 6.2 with the same contract) */
static u32 nicsim_random_answer;
static u32 get_random_u32_below(u32 ceil) {
  CALL1("get_random_u32_below", ceil);
  return nicsim_random_answer;
}
static u32 prandom_u32_max(u32 ceil) {
  return get_random_u32_below(ceil);
}

static struct rate_sample nicsim_rs;

//@ driver
static void nicsim_bbr_set(struct bbr *bbr, const long long *b) {
  bbr->min_rtt_us = (u32)b[0];
  bbr->min_rtt_stamp = (u32)b[1];
  bbr->probe_rtt_done_stamp = (u32)b[2];
  for (int i = 0; i < 3; i++) {
    bbr->bw.s[i].t = (u32)b[3 + 2 * i];
    bbr->bw.s[i].v = (u32)b[4 + 2 * i];
  }
  bbr->rtt_cnt = (u32)b[9];
  bbr->next_rtt_delivered = (u32)b[10];
  bbr->cycle_mstamp = (u64)b[11];
  bbr->mode = (u32)b[12];
  bbr->prev_ca_state = (u32)b[13];
  bbr->packet_conservation = (u32)b[14];
  bbr->round_start = (u32)b[15];
  bbr->idle_restart = (u32)b[16];
  bbr->probe_rtt_round_done = (u32)b[17];
  bbr->lt_is_sampling = (u32)b[18];
  bbr->lt_rtt_cnt = (u32)b[19];
  bbr->lt_use_bw = (u32)b[20];
  bbr->lt_bw = (u32)b[21];
  bbr->lt_last_delivered = (u32)b[22];
  bbr->lt_last_stamp = (u32)b[23];
  bbr->lt_last_lost = (u32)b[24];
  bbr->pacing_gain = (u32)b[25];
  bbr->cwnd_gain = (u32)b[26];
  bbr->full_bw_reached = (u32)b[27];
  bbr->full_bw_cnt = (u32)b[28];
  bbr->cycle_idx = (u32)b[29];
  bbr->has_seen_rtt = (u32)b[30];
  bbr->prior_cwnd = (u32)b[31];
  bbr->full_bw = (u32)b[32];
  bbr->ack_epoch_mstamp = (u64)b[33];
  bbr->extra_acked[0] = (u16)b[34];
  bbr->extra_acked[1] = (u16)b[35];
  bbr->ack_epoch_acked = (u32)b[36];
  bbr->extra_acked_win_rtts = (u32)b[37];
  bbr->extra_acked_win_idx = (u32)b[38];
}

static void nicsim_bbr_put(const struct bbr *bbr) {
  OUTU("min_rtt_us", bbr->min_rtt_us);
  OUTU("min_rtt_stamp", bbr->min_rtt_stamp);
  OUTU("probe_rtt_done_stamp", bbr->probe_rtt_done_stamp);
  for (int i = 0; i < 3; i++) {
    char n[16];
    snprintf(n, sizeof n, "bw.s[%d].t", i); OUTU(n, bbr->bw.s[i].t);
    snprintf(n, sizeof n, "bw.s[%d].v", i); OUTU(n, bbr->bw.s[i].v);
  }
  OUTU("rtt_cnt", bbr->rtt_cnt);
  OUTU("next_rtt_delivered", bbr->next_rtt_delivered);
  OUTU("cycle_mstamp", bbr->cycle_mstamp);
  OUT("mode", bbr->mode);
  OUT("prev_ca_state", bbr->prev_ca_state);
  OUT("packet_conservation", bbr->packet_conservation);
  OUT("round_start", bbr->round_start);
  OUT("idle_restart", bbr->idle_restart);
  OUT("probe_rtt_round_done", bbr->probe_rtt_round_done);
  OUT("lt_is_sampling", bbr->lt_is_sampling);
  OUT("lt_rtt_cnt", bbr->lt_rtt_cnt);
  OUT("lt_use_bw", bbr->lt_use_bw);
  OUTU("lt_bw", bbr->lt_bw);
  OUTU("lt_last_delivered", bbr->lt_last_delivered);
  OUTU("lt_last_stamp", bbr->lt_last_stamp);
  OUTU("lt_last_lost", bbr->lt_last_lost);
  OUT("pacing_gain", bbr->pacing_gain);
  OUT("cwnd_gain", bbr->cwnd_gain);
  OUT("full_bw_reached", bbr->full_bw_reached);
  OUT("full_bw_cnt", bbr->full_bw_cnt);
  OUT("cycle_idx", bbr->cycle_idx);
  OUT("has_seen_rtt", bbr->has_seen_rtt);
  OUTU("prior_cwnd", bbr->prior_cwnd);
  OUTU("full_bw", bbr->full_bw);
  OUTU("ack_epoch_mstamp", bbr->ack_epoch_mstamp);
  OUT("extra_acked[0]", bbr->extra_acked[0]);
  OUT("extra_acked[1]", bbr->extra_acked[1]);
  OUT("ack_epoch_acked", bbr->ack_epoch_acked);
  OUT("extra_acked_win_rtts", bbr->extra_acked_win_rtts);
  OUT("extra_acked_win_idx", bbr->extra_acked_win_idx);
}

static void nicsim_rs_set(struct rate_sample *rs, const long long *r) {
  memset(rs, 0, sizeof *rs);
  rs->prior_delivered = (u32)r[0];
  rs->delivered = (s32)r[1];
  rs->interval_us = (long)r[2];
  rs->rtt_us = (long)r[3];
  rs->losses = (int)r[4];
  rs->acked_sacked = (u32)r[5];
  rs->prior_in_flight = (u32)r[6];
  rs->is_app_limited = (bool)r[7];
  rs->is_ack_delayed = (bool)r[8];
}

static void nicsim_run(const long long *in) {
  struct sock *sk = nicsim_sock_set(in);
  const long long *cc = in + NICSIM_SOCK_FIELDS;
  nicsim_cc_sock_set(sk, cc);
  struct bbr *bbr = inet_csk_ca(sk);
  const long long *b = cc + NICSIM_CC_SOCK_FIELDS;
  nicsim_bbr_set(bbr, b);
  const long long *r = b + NICSIM_BBR_FIELDS;
  struct rate_sample *rs = &nicsim_rs;
  nicsim_rs_set(rs, r);
  const long long *a = r + NICSIM_RS_FIELDS;
  u32 bw = (u32)a[0];
  int gain = (int)a[1];
  u32 cwnd = (u32)a[2];
  u64 rate = (u64)a[3];
  u32 event = (u32)a[4];
  nicsim_random_answer = (u32)a[5];
#if NICSIM_KIND == 0
  OUTU("ret", bbr_bdp(sk, bw, gain));
#elif NICSIM_KIND == 1
  OUTU("ret", bbr_quantization_budget(sk, cwnd));
#elif NICSIM_KIND == 2
  OUTU("ret", bbr_inflight(sk, bw, gain));
#elif NICSIM_KIND == 3
  OUTU("ret", bbr_rate_bytes_per_sec(sk, rate, gain));
#elif NICSIM_KIND == 4
  OUTU("ret", bbr_bw_to_pacing_rate(sk, bw, gain));
#elif NICSIM_KIND == 5
  OUTU("ret", bbr_tso_segs_goal(sk));
#elif NICSIM_KIND == 6
  OUTU("ret", bbr_min_tso_segs(sk));
#elif NICSIM_KIND == 7
  OUT("ret", bbr_full_bw_reached(sk));
#elif NICSIM_KIND == 8
  OUTU("ret", bbr_max_bw(sk));
#elif NICSIM_KIND == 9
  OUTU("ret", bbr_bw(sk));
#elif NICSIM_KIND == 10
  OUTU("ret", bbr_extra_acked(sk));
#elif NICSIM_KIND == 11
  bbr_init_pacing_rate_from_rtt(sk);
#elif NICSIM_KIND == 12
  bbr_set_pacing_rate(sk, bw, gain);
#elif NICSIM_KIND == 13
  bbr_save_cwnd(sk);
#elif NICSIM_KIND == 14
  bbr_cwnd_event(sk, (enum tcp_ca_event)event);
#elif NICSIM_KIND == 15
  OUTU("ret", bbr_packets_in_net_at_edt(sk, cwnd));
#elif NICSIM_KIND == 16
  OUTU("ret", bbr_ack_aggregation_cwnd(sk));
#elif NICSIM_KIND == 17
  u32 new_cwnd = 0xdeadbeef; /* left alone unless the function writes it */
  OUT("ret", bbr_set_cwnd_to_recover_or_restore(sk, rs, cwnd, &new_cwnd));
  OUTU("new_cwnd", new_cwnd);
#elif NICSIM_KIND == 18
  bbr_set_cwnd(sk, rs, cwnd, bw, gain);
#elif NICSIM_KIND == 19
  OUT("ret", bbr_is_next_cycle_phase(sk, rs));
#elif NICSIM_KIND == 20
  bbr_advance_cycle_phase(sk);
#elif NICSIM_KIND == 21
  bbr_update_cycle_phase(sk, rs);
#elif NICSIM_KIND == 22
  bbr_reset_startup_mode(sk);
#elif NICSIM_KIND == 23
  bbr_reset_probe_bw_mode(sk);
#elif NICSIM_KIND == 24
  bbr_reset_mode(sk);
#elif NICSIM_KIND == 25
  bbr_reset_lt_bw_sampling_interval(sk);
#elif NICSIM_KIND == 26
  bbr_reset_lt_bw_sampling(sk);
#elif NICSIM_KIND == 27
  bbr_lt_bw_interval_done(sk, bw);
#elif NICSIM_KIND == 28
  bbr_lt_bw_sampling(sk, rs);
#elif NICSIM_KIND == 29
  bbr_update_bw(sk, rs);
#elif NICSIM_KIND == 30
  bbr_update_ack_aggregation(sk, rs);
#elif NICSIM_KIND == 31
  bbr_check_full_bw_reached(sk, rs);
#elif NICSIM_KIND == 32
  bbr_check_drain(sk, rs);
#elif NICSIM_KIND == 33
  bbr_check_probe_rtt_done(sk);
#elif NICSIM_KIND == 34
  bbr_update_min_rtt(sk, rs);
#elif NICSIM_KIND == 35
  bbr_update_gains(sk);
#elif NICSIM_KIND == 36
  bbr_update_model(sk, rs);
#elif NICSIM_KIND == 37
  /* .cong_control gained (ack, flag) in v6.10; BBR reads neither */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 10, 0)
  bbr_main(sk, 0, 0, rs);
#else
  bbr_main(sk, rs);
#endif
#elif NICSIM_KIND == 38
  bbr_init(sk);
#elif NICSIM_KIND == 39
  OUTU("ret", bbr_sndbuf_expand(sk));
#elif NICSIM_KIND == 40
  OUTU("ret", bbr_undo_cwnd(sk));
#elif NICSIM_KIND == 41
  OUTU("ret", bbr_ssthresh(sk));
#else
  bbr_set_state(sk, (u8)event);
#endif
  nicsim_bbr_put(bbr);
  nicsim_cc_sock_put(sk);
  (void)bw; (void)gain; (void)cwnd; (void)rate; (void)event; (void)rs;
}
