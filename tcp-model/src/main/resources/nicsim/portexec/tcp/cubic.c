/*
 * CUBIC harnesses. struct bictcp lives in the socket's icsk_ca_priv as in the kernel; the module's
 * scale factors come from the tree's own cubictcp_register (its registration call compiled out).
 * bictcp record: cnt last_max_cwnd last_cwnd last_time bic_origin_point bic_K delay_min
 * epoch_start ack_cnt tcp_cwnd sample_cnt found round_start end_seq last_ack curr_rtt
 */
//@ header
#define ICSK_CA_PRIV_SIZE (13 * sizeof(u64))
#define tcp_register_congestion_control(ops) 0
static int cubictcp; /* the ops struct itself is not needed */
#define register_btf_kfunc_id_set(type, set) 0
static int tcp_cubic_kfunc_set; /* BPF's view of the module: not needed */
#define NICSIM_CA_FIELDS 16

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

//@ driver
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
  struct bictcp *ca = inet_csk_ca(sk);
  const long long *c = in + NICSIM_SOCK_FIELDS;
  nicsim_ca_set(ca, c);
#if NICSIM_KIND == 1
  bictcp_update(ca, (u32)c[NICSIM_CA_FIELDS], (u32)c[NICSIM_CA_FIELDS + 1]);
#elif NICSIM_KIND == 2
  hystart_update(sk, (u32)c[NICSIM_CA_FIELDS]);
#else
  OUTU("ret", hystart_ack_delay(sk));
#endif
  nicsim_ca_put(ca);
  OUTU("snd_ssthresh", tcp_sk(sk)->snd_ssthresh);
#endif
}
