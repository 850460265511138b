/*
 * tcp-input harnesses, the sender side: one body per ported function (a "//= name" line starts
 * it). TcpInputHarnesses puts the chosen body into nicsim_run below, so a program takes from
 * the tree only that function and its callees. The twelve argument fields x[0..11] mean what each
 * body says; the ACK segment comes from the A_* fields where a body builds it.
 */
//@ driver
/* functions whose parameters changed between the eras, called as this tree declares them */
#define NICSIM_IS(f, type) __builtin_types_compatible_p(__typeof__(&(f)), type)

static void nicsim_run(const long long *in) {
  struct sock *sk = nicsim_sock_set(in);
  struct tcp_sock *tp = tcp_sk(sk);
  const long long *x = in + X_BASE;
  (void)tp;
  (void)x;
  NICSIM_BODY
  nicsim_sock_put(sk);
}
//= tcp_rtt_estimator
  tcp_rtt_estimator(sk, (long)x[0]);
//= tcp_set_rto
  tcp_set_rto(sk);
//= tcp_update_rtt_min
  tcp_update_rtt_min(sk, (u32)x[0], (int)x[1]);
//= tcp_ack_update_rtt
  struct rate_sample rs;
  memset(&rs, 0, sizeof rs);
  OUT("ret", tcp_ack_update_rtt(sk, (int)x[0], (long)x[1], (long)x[2], (long)x[3], &rs));
  OUT("rs.rtt_us", rs.rtt_us);
//= tcp_update_pacing_rate
  tcp_update_pacing_rate(sk);
//= tcp_cong_avoid
  tcp_cong_avoid(sk, (u32)x[0], (u32)x[1]);
//= tcp_may_raise_cwnd
  OUT("ret", tcp_may_raise_cwnd(sk, (int)x[0]));
//= tcp_cong_control
  struct rate_sample rs;
  memset(&rs, 0, sizeof rs);
  rs.losses = (int)x[3];
  tcp_cong_control(sk, (u32)x[0], (u32)x[1], (int)x[2], &rs);
//= tcp_init_cwnd_reduction
  tcp_init_cwnd_reduction(sk);
//= tcp_cwnd_reduction
  tcp_cwnd_reduction(sk, (int)x[0], (int)x[1], (int)x[2]);
//= tcp_end_cwnd_reduction
  tcp_end_cwnd_reduction(sk);
//= tcp_enter_cwr
  tcp_enter_cwr(sk);
//= tcp_sndbuf_expand
  NICSIM_INLOOP_STOPS()
  tcp_sndbuf_expand(sk);
  nicsim_inloop = 0;
//= tcp_should_expand_sndbuf
  OUT("ret", tcp_should_expand_sndbuf(sk));
//= tcp_new_space
  tcp_new_space(sk);
//= tcp_check_space
  NICSIM_INLOOP_STOPS()
  tcp_check_space(sk);
  nicsim_inloop = 0;
//= tcp_ack_is_dubious
  OUT("ret", tcp_ack_is_dubious(sk, (int)x[0]));
//= tcp_may_update_window
  OUT("ret", tcp_may_update_window(tp, (u32)x[0], (u32)x[1], (u32)x[2]));
//= tcp_snd_una_update
  tcp_snd_una_update(tp, (u32)x[0]);
//= tcp_ack_update_window
  struct sk_buff *ack = nicsim_ack_set(in);
  OUT("ret", tcp_ack_update_window(sk, ack, (u32)x[0], (u32)x[1]));
//= tcp_try_keep_open
  tcp_try_keep_open(sk);
//= tcp_try_to_open
  tcp_try_to_open(sk, (int)x[0]);
//= tcp_enter_recovery
  tcp_enter_recovery(sk, (bool)x[0]);
//= tcp_timeout_mark_lost
  tcp_timeout_mark_lost(sk);
//= tcp_enter_loss
  tcp_enter_loss(sk);
//= tcp_check_sack_reneging
  int flag = (int)x[0];
  OUT("ret", tcp_check_sack_reneging(sk, &flag));
  OUT("flag", flag);
//= tcp_time_to_recover
  bool ret;
  if (NICSIM_IS(tcp_time_to_recover, bool (*)(const struct tcp_sock *))) {
    ret = ((bool (*)(const struct tcp_sock *))(void *)tcp_time_to_recover)(tp);
  } else {
    ret = ((bool (*)(struct sock *, int))(void *)tcp_time_to_recover)(sk, (int)x[0]);
  }
  OUT("ret", ret);
//= tcp_packet_delayed
  OUT("ret", tcp_packet_delayed(tp));
//= tcp_any_retrans_done
  OUT("ret", tcp_any_retrans_done(sk));
//= tcp_retrans_stamp_cleanup
  tcp_retrans_stamp_cleanup(sk);
//= tcp_undo_cwnd_reduction
  tcp_undo_cwnd_reduction(sk, (bool)x[0]);
//= tcp_try_undo_recovery
  OUT("ret", tcp_try_undo_recovery(sk));
//= tcp_try_undo_dsack
  OUT("ret", tcp_try_undo_dsack(sk));
//= tcp_try_undo_loss
  OUT("ret", tcp_try_undo_loss(sk, (bool)x[0]));
//= tcp_try_undo_partial
  bool ret;
  if (NICSIM_IS(tcp_try_undo_partial, bool (*)(struct sock *, u32))) {
    ret = ((bool (*)(struct sock *, u32))(void *)tcp_try_undo_partial)(sk, (u32)x[0]);
  } else {
    bool do_lost = false;
    ret = ((bool (*)(struct sock *, u32, bool *))(void *)tcp_try_undo_partial)(sk, (u32)x[0],
        &do_lost);
  }
  OUT("ret", ret);
//= tcp_identify_packet_loss
  int flag = (int)x[0];
  tcp_identify_packet_loss(sk, &flag);
  OUT("flag", flag);
//= tcp_process_loss
  int rexmit = (int)x[2];
  tcp_process_loss(sk, (int)x[0], (int)x[1], &rexmit);
  OUT("rexmit", rexmit);
//= tcp_fastretrans_alert
  int flag = (int)x[2];
  int rexmit = (int)x[3];
  tcp_fastretrans_alert(sk, (u32)x[0], (int)x[1], &flag, &rexmit);
  OUT("flag", flag);
  OUT("rexmit", rexmit);
//= tcp_check_sack_reordering
  tcp_check_sack_reordering(sk, (u32)x[0], (int)x[1]);
//= tcp_mark_skb_lost
  struct sk_buff *skb = nicsim_slot(x[0]);
  if (skb) {
    tcp_mark_skb_lost(sk, skb);
  }
//= tcp_xmit_recovery
  tcp_xmit_recovery(sk, (int)x[0]);
//= tcp_cwnd_restart
  tcp_cwnd_restart(sk, (s32)x[0]);
//= tcp_rearm_rto
  tcp_rearm_rto(sk);
//= tcp_write_timer_handler
  /* in the loop: the module's answers and the model's transmit path (sock.c) */
  NICSIM_INLOOP_STOPS()
  tcp_write_timer_handler(sk);
  nicsim_inloop = 0;
//= tcp_retransmit_timer
  tcp_retransmit_timer(sk);
//= tcp_rack_reo_wnd
  OUTU("ret", tcp_rack_reo_wnd(sk));
//= tcp_rack_skb_timeout
  struct sk_buff *skb = nicsim_slot(x[0]);
  if (skb) {
    OUT("ret", tcp_rack_skb_timeout(tp, skb, (u32)x[1]));
  }
//= tcp_rack_detect_loss
  u32 reo_timeout;
  tcp_rack_detect_loss(sk, &reo_timeout);
  OUTU("reo_timeout", reo_timeout);
//= tcp_rack_mark_lost
  OUT("ret", tcp_rack_mark_lost(sk));
//= tcp_rack_advance
  tcp_rack_advance(tp, (u8)x[0], (u32)x[1], (u64)x[2]);
//= tcp_rack_reo_timeout
  tcp_rack_reo_timeout(sk);
//= tcp_rack_update_reo_wnd
  struct rate_sample rs;
  memset(&rs, 0, sizeof rs);
  rs.prior_delivered = (u32)x[0];
  tcp_rack_update_reo_wnd(sk, &rs);
//= tcp_is_sackblock_valid
  OUT("ret", tcp_is_sackblock_valid(tp, (bool)x[0], (u32)x[1], (u32)x[2]));
//= tcp_dsack_seen
  struct tcp_sacktag_state st;
  nicsim_state_set(&st, x + 2);
  OUTU("ret", tcp_dsack_seen(tp, (u32)x[0], (u32)x[1], &st));
  nicsim_state_put(&st);
//= tcp_check_dsack
  struct tcp_sacktag_state st;
  struct sk_buff *ack = nicsim_ack_set(in);
  nicsim_state_set(&st, x + 2);
  int n = (int)in[A_BASE + A_NUM_SACKS];
  OUT("ret", tcp_check_dsack(sk, ack, (struct tcp_sack_block_wire *)(nicsim_opts + 4), n,
      (u32)x[0], &st));
  nicsim_state_put(&st);
//= tcp_match_skb_to_sack
  struct sk_buff *skb = nicsim_slot(x[0]);
  if (skb) {
    OUT("ret", tcp_match_skb_to_sack(sk, skb, (u32)x[1], (u32)x[2]));
  }
//= tcp_sacktag_one
  struct tcp_sacktag_state st;
  struct sk_buff *skb = nicsim_slot(x[0]);
  nicsim_state_set(&st, x + 2);
  if (skb) {
    const struct tcp_skb_cb *scb = TCP_SKB_CB(skb);
    u8 ret;
    if (NICSIM_IS(tcp_sacktag_one, u8 (*)(struct sock *, struct tcp_sacktag_state *, u8, u32,
        u32, int, int, u32, u64))) {
      ret = ((u8 (*)(struct sock *, struct tcp_sacktag_state *, u8, u32, u32, int, int, u32,
          u64))(void *)tcp_sacktag_one)(sk, &st, scb->sacked, scb->seq, scb->end_seq,
          (int)x[1], tcp_skb_pcount(skb), skb->len, tcp_skb_timestamp_us(skb));
    } else {
      ret = ((u8 (*)(struct sock *, struct tcp_sacktag_state *, u8, u32, u32, int, int,
          u64))(void *)tcp_sacktag_one)(sk, &st, scb->sacked, scb->seq, scb->end_seq,
          (int)x[1], tcp_skb_pcount(skb), tcp_skb_timestamp_us(skb));
    }
    OUT("ret", ret);
  }
  nicsim_state_put(&st);
//= tcp_sacktag_walk
  struct tcp_sacktag_state st;
  struct tcp_sack_block dup = {(u32)x[4], (u32)x[5]};
  nicsim_state_set(&st, x + 6);
  struct sk_buff *skb = tcp_sacktag_walk(nicsim_slot(x[0]), sk, x[3] ? &dup : NULL, &st,
      (u32)x[1], (u32)x[2], (bool)x[3]);
  OUT("ret", nicsim_seq_of(skb));
  nicsim_state_put(&st);
//= tcp_sacktag_write_queue
  struct tcp_sacktag_state st;
  struct sk_buff *ack = nicsim_ack_set(in);
  nicsim_state_set(&st, x + 2);
  OUT("ret", tcp_sacktag_write_queue(sk, ack, (u32)x[0], &st));
  nicsim_state_put(&st);
//= tcp_tso_acked
  struct sk_buff *skb = nicsim_slot(x[0]);
  if (skb) {
    OUTU("ret", tcp_tso_acked(sk, skb));
  }
//= tcp_clean_rtx_queue
  struct tcp_sacktag_state st;
  struct sk_buff *ack = nicsim_ack_set(in);
  nicsim_state_set(&st, x + 2);
  OUT("ret", tcp_clean_rtx_queue(sk, ack, (u32)x[0], (u32)x[1], &st, false));
  nicsim_state_put(&st);
//= tcp_ack_probe
  tcp_ack_probe(sk);
//= tcp_ack
  struct sk_buff *ack = nicsim_ack_set(in);
  /* in the loop: answers of the congestion module (sock.c, nicsim_ca_answer) */
  NICSIM_INLOOP_STOPS()
  int ret = tcp_ack(sk, ack, (int)in[A_BASE + A_FLAG]);
  nicsim_inloop = 0;
  OUT("ret", ret == -SKB_DROP_REASON_TCP_TOO_OLD_ACK ? -1
      : ret == -SKB_DROP_REASON_TCP_ACK_UNSENT_DATA ? -2 : ret);
