/*
 * tcp_output.c harnesses: the record -> socket (nicsim_sock_set) and socket -> output
 * (nicsim_sock_put) halves, nicsim's own C. Layout: sock.c.
 */
//@ driver
static long long nicsim_seq_or_none(const struct sk_buff *skb) {
  return skb ? (long long)TCP_SKB_CB(skb)->seq : -1;
}

static void nicsim_skb_set(struct sk_buff *skb, u32 seq, const long long *f, int rtx) {
  struct tcp_skb_cb *scb = TCP_SKB_CB(skb);
  skb->len = (unsigned int)f[0];
  skb->data_len = skb->len;
  scb->seq = seq;
  scb->tcp_flags = (u8)f[3];
  scb->end_seq = seq + skb->len + ((scb->tcp_flags & TCPHDR_FIN) ? 1 : 0);
  tcp_skb_pcount_set(skb, (int)f[1]);
  scb->tcp_gso_size = (u16)f[2];
  scb->eor = (u8)f[4];
  if (rtx) {
    scb->sacked = (u8)f[5];
    skb->truesize = (unsigned int)f[6];
    skb->skb_mstamp_ns = (u64)f[7];
    skb->nicsim_clones = (int)f[8];
    scb->tx.delivered = (u32)f[9];
    scb->tx.first_tx_mstamp = (u64)f[10];
    scb->tx.is_app_limited = (u32)f[11];
  } else {
    skb->truesize = (unsigned int)f[5];
    skb->skb_mstamp_ns = (u64)f[6];
  }
}

static struct sock *nicsim_sock_set(const long long *in) {
  struct tcp_sock *tp = &nicsim_tp;
  struct sock *sk = (struct sock *)tp;
  struct inet_connection_sock *icsk = inet_csk(sk);

  memset(tp, 0, sizeof *tp);
  memset(nicsim_clone_of, 0, sizeof nicsim_clone_of);
  nicsim_pool_used = 0;
  nicsim_now_ns = (u64)in[0];
  jiffies = (unsigned long)(u32)in[1];
  sk->sk_pacing_rate = (unsigned long)in[2];
  sk->sk_max_pacing_rate = ~0UL;
  sk->sk_pacing_shift = (u8)in[3];
  sk->sk_pacing_status = (u8)in[4];
  sk->sk_gso_max_size = (unsigned int)in[5];
  sk->sk_gso_max_segs = (u16)in[6];
  sk->sk_wmem_alloc.refs = (int)in[7];
  sk->sk_refcnt.refs = 2;
  sk->sk_wmem_queued = (int)in[8];
  sk->sk_sndbuf = (int)in[9];
  sk->sk_tsq_flags = (unsigned long)in[10];
  sk->nicsim_owned = (int)in[11];
  nicsim_socket.flags = in[12] ? (1UL << SOCK_NOSPACE) : 0;
  sk->sk_socket = &nicsim_socket;
  sk->sk_prot = &nicsim_prot;
  sk->sk_state = TCP_ESTABLISHED;
  /* sk_stream_write_space (net/core/stream.c) wakes the application: its one sleeper */
  sk->sk_write_space = sk_stream_write_space;
  sk->sk_wq = &nicsim_wq_sleeper;
  __skb_queue_head_init(&sk->sk_write_queue);
  sk->tcp_rtx_queue = RB_ROOT;
  icsk->icsk_ca_state = (u8)in[13];
  icsk->icsk_rto = (u32)in[14];
  icsk->icsk_pending = (u8)in[15];
  /* the retransmit timer's expiry: icsk_timeout before v6.18, the timer's own since */
  icsk->icsk_timeout = (unsigned long)(u32)in[16];
  sk->tcp_retransmit_timer.expires = (unsigned long)(u32)in[16];
  icsk->icsk_retransmit_timer.expires = (unsigned long)(u32)in[16];
  icsk->icsk_af_ops = &nicsim_af_ops;
  icsk->icsk_rto_min = TCP_RTO_MIN;
  icsk->icsk_rto_max = TCP_RTO_MAX;
  icsk->icsk_delack_max = TCP_DELACK_MAX;
  tp->snd_una = (u32)in[17];
  tp->snd_nxt = (u32)in[18];
  tp->snd_up = tp->snd_una;
  tp->write_seq = (u32)in[19];
  tp->snd_wnd = (u32)in[20];
  tp->snd_sml = (u32)in[21];
  tp->mss_cache = (u32)in[22];
  tp->nonagle = (u8)in[23];
  tp->packets_out = (u32)in[24];
  tp->sacked_out = (u32)in[25];
  tp->lost_out = (u32)in[26];
  tp->retrans_out = (u32)in[27];
  tp->max_packets_out = (u32)in[28];
  tp->is_cwnd_limited = (u8)in[29];
  tp->cwnd_usage_seq = (u32)in[30];
  tp->snd_cwnd = (u32)in[31];
  tp->snd_ssthresh = (u32)in[32];
  tp->snd_cwnd_clamp = (u32)in[33];
  tp->snd_cwnd_used = (u32)in[34];
  tp->snd_cwnd_stamp = (u32)in[35];
  tp->prr_out = (u32)in[36];
  tp->srtt_us = (u32)in[37];
  tp->rtt_min.s[0].v = (u32)in[38];
  tp->tcp_mstamp = (u64)in[39];
  tp->tcp_clock_cache = (u64)in[40];
  tp->tcp_wstamp_ns = (u64)in[41];
  tp->lsndtime = (u32)in[42];
  tp->data_segs_out = (u32)in[43];
  tp->segs_out = (u32)in[44];
  tp->bytes_sent = (u64)in[45];
  tp->bytes_retrans = (u64)in[46];
  tp->total_retrans = (u32)in[47];
  tp->retrans_stamp = (u32)in[48];
  tp->undo_retrans = (int)in[49];
  tp->delivered = (u32)in[50];
  tp->app_limited = (u32)in[51];
  tp->first_tx_mstamp = (u64)in[52];
  tp->delivered_mstamp = (u64)in[53];
  tp->prior_cwnd = (u32)in[70];
  tp->prior_ssthresh = (u32)in[71];
  tp->rx_opt.sack_ok = 1;
  tp->rx_opt.tstamp_ok = 1;
  /* the model keeps no peer MSS clamp: it equals mss_cache */
  tp->rx_opt.mss_clamp = (u16)tp->mss_cache;
  tp->reordering = 3;
  INIT_LIST_HEAD(&tp->tsorted_sent_queue);
  INIT_LIST_HEAD(&tp->tsq_node);

  memset(&nicsim_net, 0, sizeof nicsim_net);
  nicsim_net.ipv4.sysctl_tcp_limit_output_bytes = (int)in[56];
  nicsim_net.ipv4.sysctl_tcp_tso_win_divisor = (u8)in[57];
  nicsim_net.ipv4.sysctl_tcp_min_tso_segs = (u8)in[58];
  nicsim_net.ipv4.sysctl_tcp_slow_start_after_idle = (u8)in[59];
  nicsim_net.ipv4.sysctl_tcp_tso_rtt_log = (u8)in[60];
  nicsim_net.ipv4.sysctl_tcp_wmem[2] = (int)in[72];
  nicsim_net.ipv4.sysctl_tcp_early_retrans = 0;
  nicsim_net.ipv4.sysctl_tcp_frto = 2;
  nicsim_net.ipv4.sysctl_tcp_reordering = 3;
  nicsim_head_truesize = (unsigned int)in[61];
  nicsim_ksoftirqd = (int)in[62];
  current = &nicsim_tp;
  nicsim_pacing_queued = (int)in[63];
  nicsim_xmit_result = in[64] == 3 ? -ENOBUFS : (int)in[64];
  nicsim_tsq_others = (int)in[65];

  memset(&nicsim_ca, 0, sizeof nicsim_ca);
  nicsim_ca.ssthresh = nicsim_ca_ssthresh_fn;
  nicsim_ca.undo_cwnd = nicsim_ca_undo_cwnd;
  nicsim_ca.set_state = nicsim_ca_set_state;
  nicsim_ca.cwnd_event = nicsim_ca_cwnd_event;
  nicsim_ca.min_tso_segs = in[66] ? nicsim_ca_min_tso_segs : NULL;
  nicsim_ca_min_tso = (u32)in[67];
  nicsim_ca.cong_control = in[68] ? nicsim_ca_cong_control : NULL;
  nicsim_ca_ssthresh = (u32)in[69];
  nicsim_ca.sndbuf_expand = in[73] ? nicsim_ca_sndbuf_expand : NULL;
  nicsim_ca_sndbuf_answer = (u32)in[73];
  icsk->icsk_ca_ops = &nicsim_ca;

  /* the write queue from snd_nxt */
  u32 seq = tp->snd_nxt;
  int nwq = (int)in[NICSIM_WQ];
  memset(nicsim_wq_slot, 0, sizeof nicsim_wq_slot);
  for (int i = 0; i < nwq && i < NICSIM_SLOTS; i++) {
    struct sk_buff *skb = nicsim_skb_alloc();
    nicsim_skb_set(skb, seq, in + NICSIM_WQ + 1 + i * NICSIM_WQ_F, 0);
    __skb_queue_tail(&sk->sk_write_queue, skb);
    nicsim_wq_slot[i] = skb;
    seq = TCP_SKB_CB(skb)->end_seq;
  }
  /* the rtx queue from snd_una - (bytes of the head already acked), on tsorted_sent_queue */
  seq = tp->snd_una - (u32)in[NICSIM_RQ + 1];
  int nrq = (int)in[NICSIM_RQ];
  memset(nicsim_rtx_slot, 0, sizeof nicsim_rtx_slot);
  for (int i = 0; i < nrq && i < NICSIM_SLOTS; i++) {
    struct sk_buff *skb = nicsim_skb_alloc();
    nicsim_skb_set(skb, seq, in + NICSIM_RQ + 2 + i * NICSIM_RQ_F, 1);
    tcp_rbtree_insert(&sk->tcp_rtx_queue, skb);
    list_add_tail(&skb->tcp_tsorted_anchor, &tp->tsorted_sent_queue);
    nicsim_rtx_slot[i] = skb;
    seq = TCP_SKB_CB(skb)->end_seq;
  }
  tp->retransmit_skb_hint = in[54] >= 0 && in[54] < nrq ? nicsim_rtx_slot[in[54]] : NULL;
  tp->highest_sack = in[55] >= 0 && in[55] < nrq ? nicsim_rtx_slot[in[55]] : NULL;

  /* other sockets already queued for this CPU's TSQ work */
  INIT_LIST_HEAD(&nicsim_tsq_head()->head);
  if (nicsim_tsq_others) {
    list_add(&nicsim_other_tp.tsq_node, &nicsim_tsq_head()->head);
  }
  return sk;
}

static void nicsim_skb_put(const char *q, int i, const struct sk_buff *skb) {
  const struct tcp_skb_cb *scb = TCP_SKB_CB(skb);
  char name[32];
#define NICSIM_SKB_OUT(field, v) \
  do { snprintf(name, sizeof name, "%s[%d].%s", q, i, field); OUTU(name, v); } while (0)
  NICSIM_SKB_OUT("seq", scb->seq);
  NICSIM_SKB_OUT("end_seq", scb->end_seq);
  NICSIM_SKB_OUT("len", skb->len);
  NICSIM_SKB_OUT("pcount", tcp_skb_pcount(skb));
  NICSIM_SKB_OUT("gso_size", scb->tcp_gso_size);
  NICSIM_SKB_OUT("flags", scb->tcp_flags);
  NICSIM_SKB_OUT("sacked", scb->sacked);
  NICSIM_SKB_OUT("eor", scb->eor);
  NICSIM_SKB_OUT("truesize", skb->truesize);
  NICSIM_SKB_OUT("tstamp", skb->skb_mstamp_ns);
  NICSIM_SKB_OUT("tx.delivered", scb->tx.delivered);
  NICSIM_SKB_OUT("tx.first_tx_mstamp", scb->tx.first_tx_mstamp);
  NICSIM_SKB_OUT("tx.delivered_mstamp", scb->tx.delivered_mstamp);
  NICSIM_SKB_OUT("tx.is_app_limited", scb->tx.is_app_limited);
#undef NICSIM_SKB_OUT
}

/* every socket field the tcp_output.c functions write */
static void nicsim_sock_fields_put(const struct sock *sk) {
  const struct tcp_sock *tp = (const struct tcp_sock *)sk;
  const struct inet_connection_sock *icsk = inet_csk(sk);
  OUT("sk_wmem_alloc", refcount_read(&sk->sk_wmem_alloc));
  OUT("sk_wmem_queued", sk->sk_wmem_queued);
  OUT("sk_sndbuf", sk->sk_sndbuf);
  OUTU("sk_tsq_flags", sk->sk_tsq_flags);
  OUT("SOCK_NOSPACE", test_bit(SOCK_NOSPACE, &sk->sk_socket->flags));
  OUT("icsk_ca_state", icsk->icsk_ca_state);
  OUTU("icsk_rto", icsk->icsk_rto);
  OUT("icsk_pending", icsk->icsk_pending);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 18, 0)
  OUTU("icsk_timeout", (u32)sk->tcp_retransmit_timer.expires);
#else
  OUTU("icsk_timeout", (u32)icsk->icsk_timeout);
#endif
  OUTU("snd_nxt", tp->snd_nxt);
  OUTU("write_seq", tp->write_seq);
  OUTU("snd_sml", tp->snd_sml);
  OUTU("packets_out", tp->packets_out);
  OUTU("sacked_out", tp->sacked_out);
  OUTU("lost_out", tp->lost_out);
  OUTU("retrans_out", tp->retrans_out);
  OUTU("max_packets_out", tp->max_packets_out);
  OUT("is_cwnd_limited", tp->is_cwnd_limited);
  OUTU("cwnd_usage_seq", tp->cwnd_usage_seq);
  OUTU("snd_cwnd", tp->snd_cwnd);
  OUTU("snd_ssthresh", tp->snd_ssthresh);
  OUTU("snd_cwnd_cnt", tp->snd_cwnd_cnt);
  OUTU("snd_cwnd_used", tp->snd_cwnd_used);
  OUTU("snd_cwnd_stamp", tp->snd_cwnd_stamp);
  OUTU("prior_cwnd", tp->prior_cwnd);
  OUTU("prior_ssthresh", tp->prior_ssthresh);
  OUTU("prr_out", tp->prr_out);
  OUTU("prr_delivered", tp->prr_delivered);
  OUTU("high_seq", tp->high_seq);
  OUTU("tlp_high_seq", tp->tlp_high_seq);
  OUTU("undo_marker", tp->undo_marker);
  OUTU("tcp_mstamp", tp->tcp_mstamp);
  OUTU("tcp_clock_cache", tp->tcp_clock_cache);
  OUTU("tcp_wstamp_ns", tp->tcp_wstamp_ns);
  OUTU("lsndtime", tp->lsndtime);
  OUTU("data_segs_out", tp->data_segs_out);
  OUTU("segs_out", tp->segs_out);
  OUTU("bytes_sent", tp->bytes_sent);
  OUTU("bytes_retrans", tp->bytes_retrans);
  OUTU("total_retrans", tp->total_retrans);
  OUTU("retrans_stamp", tp->retrans_stamp);
  OUT("undo_retrans", tp->undo_retrans);
  OUTU("app_limited", tp->app_limited);
  OUTU("first_tx_mstamp", tp->first_tx_mstamp);
  OUTU("delivered_mstamp", tp->delivered_mstamp);
  OUT("retransmit_skb_hint", nicsim_seq_or_none(tp->retransmit_skb_hint));
  OUT("highest_sack", nicsim_seq_or_none(tp->highest_sack));
}

/* every socket field the tcp_output.c functions write, both queues and the tsorted order */
static void nicsim_sock_put(const struct sock *sk) {
  const struct tcp_sock *tp = (const struct tcp_sock *)sk;
  nicsim_sock_fields_put(sk);
  int i = 0;
  for (const struct sk_buff *skb = skb_peek(&sk->sk_write_queue); skb; skb = skb->next) {
    if (skb == (const struct sk_buff *)&sk->sk_write_queue) {
      break;
    }
    nicsim_skb_put("wq", i++, skb);
  }
  OUT("wq.n", i);
  i = 0;
  for (const struct sk_buff *skb = skb_rb_first(&sk->tcp_rtx_queue); skb; skb = skb_rb_next(skb)) {
    nicsim_skb_put("rtx", i++, skb);
  }
  OUT("rtx.n", i);
  i = 0;
  const struct list_head *pos;
  char name[24];
  for (pos = tp->tsorted_sent_queue.next; pos != &tp->tsorted_sent_queue; pos = pos->next) {
    const struct sk_buff *skb = container_of(pos, struct sk_buff, tcp_tsorted_anchor);
    snprintf(name, sizeof name, "tsorted[%d]", i++);
    OUTU(name, TCP_SKB_CB(skb)->seq);
  }
  /* this CPU's TSQ list, head first: 1 this socket, 0 another */
  i = 0;
  for (pos = nicsim_tsq_head()->head.next; pos != &nicsim_tsq_head()->head; pos = pos->next) {
    snprintf(name, sizeof name, "tsq[%d]", i++);
    OUT(name, pos == &tp->tsq_node);
  }
}

static struct sk_buff *nicsim_wq(int i) {
  return i >= 0 && i < NICSIM_SLOTS ? nicsim_wq_slot[i] : NULL;
}
static struct sk_buff *nicsim_rq(int i) {
  return i >= 0 && i < NICSIM_SLOTS ? nicsim_rtx_slot[i] : NULL;
}

#ifdef NICSIM_IN_LOOP
/*
 * The loop's record (--ports c), after the function's arguments (t): 0 the answers that follow
 * the queues, 1 write-queue skbs, 2 rtx skbs (each at most NICSIM_LOOP_SKBS), 3 skbs on the
 * tsorted list, 4 bytes of the rtx head below snd_una, 5 retransmit_skb_hint and 6 highest_sack
 * (rtx indices, -1 NULL), 7 the host's CONFIG_HZ (for the Java side; the C's is compiled in),
 * 8..12 the socket fields the output prints that the socket record lacks (snd_cwnd_cnt,
 * prr_delivered, high_seq, tlp_high_seq, undo_marker: tcp_enter_cwr writes them); then the write-queue skbs (NICSIM_WQ_F fields as the slots), the rtx skbs (NICSIM_RQ_F as the
 * slots, then tx.delivered_mstamp, which the slots leave 0 and tcp_ack reads later), the
 * tsorted list as rtx indices in its order, the answers (sock.c, nicsim_loop_answer). The
 * socket record's own queue slots are empty in the loop.
 */
#define NICSIM_LOOP_HDR 13
/* the loop's rtx skbs by index (a function's rtx argument names one: tcp_retransmit_skb) */
static struct sk_buff *nicsim_loop_rtx[NICSIM_LOOP_SKBS];
static __attribute__((unused)) void nicsim_loop_begin(struct sock *sk, const long long *t) {
  struct tcp_sock *tp = tcp_sk(sk);
  struct sk_buff **rtx = nicsim_loop_rtx;
  int nwq = (int)t[1];
  int nrq = (int)t[2];
  int nts = (int)t[3];
  const long long *f = t + NICSIM_LOOP_HDR;
  u32 seq = tp->snd_nxt;
  for (int i = 0; i < nwq && i < NICSIM_LOOP_SKBS; i++, f += NICSIM_WQ_F) {
    struct sk_buff *skb = nicsim_skb_alloc();
    nicsim_skb_set(skb, seq, f, 0);
    __skb_queue_tail(&sk->sk_write_queue, skb);
    seq = TCP_SKB_CB(skb)->end_seq;
  }
  seq = tp->snd_una - (u32)t[4];
  for (int i = 0; i < nrq && i < NICSIM_LOOP_SKBS; i++, f += NICSIM_RQ_F + 1) {
    struct sk_buff *skb = nicsim_skb_alloc();
    nicsim_skb_set(skb, seq, f, 1);
    TCP_SKB_CB(skb)->tx.delivered_mstamp = (u64)f[NICSIM_RQ_F];
    tcp_rbtree_insert(&sk->tcp_rtx_queue, skb);
    rtx[i] = skb;
    seq = TCP_SKB_CB(skb)->end_seq;
  }
  for (int i = 0; i < nts; i++, f++) {
    list_add_tail(&rtx[*f]->tcp_tsorted_anchor, &tp->tsorted_sent_queue);
  }
  tp->retransmit_skb_hint = t[5] >= 0 && t[5] < nrq ? rtx[t[5]] : NULL;
  tp->highest_sack = t[6] >= 0 && t[6] < nrq ? rtx[t[6]] : NULL;
  tp->snd_cwnd_cnt = (u32)t[8];
  tp->prr_delivered = (u32)t[9];
  tp->high_seq = (u32)t[10];
  tp->tlp_high_seq = (u32)t[11];
  tp->undo_marker = (u32)t[12];
  nicsim_loop_answers = (int)t[0];
  nicsim_loop_ans = f;
  nicsim_loop_k = 0;
  nicsim_loop_on = 1;
}

/* one skb of the loop's output: its queue (0 write, 1 rtx) first */
static void nicsim_loop_skb_put(int q, const struct sk_buff *skb) {
  const struct tcp_skb_cb *scb = TCP_SKB_CB(skb);
  OUT("skb.q", q);
  OUTU("skb.seq", scb->seq);
  OUTU("skb.end_seq", scb->end_seq);
  OUTU("skb.len", skb->len);
  OUTU("skb.pcount", tcp_skb_pcount(skb));
  OUTU("skb.gso_size", scb->tcp_gso_size);
  OUTU("skb.flags", scb->tcp_flags);
  OUTU("skb.sacked", scb->sacked);
  OUTU("skb.eor", scb->eor);
  OUTU("skb.truesize", skb->truesize);
  OUTU("skb.tstamp", skb->skb_mstamp_ns);
  OUTU("skb.tx.delivered", scb->tx.delivered);
  OUTU("skb.tx.first_tx_mstamp", scb->tx.first_tx_mstamp);
  OUTU("skb.tx.delivered_mstamp", scb->tx.delivered_mstamp);
  OUTU("skb.tx.is_app_limited", scb->tx.is_app_limited);
}

/* the loop's output after a stop or the return: the socket, the rtx then the write queue, the
 * tsorted list as sequence numbers in its order */
static void nicsim_loop_put(const struct sock *sk) {
  const struct tcp_sock *tp = (const struct tcp_sock *)sk;
  nicsim_sock_fields_put(sk);
  for (const struct sk_buff *skb = skb_rb_first(&sk->tcp_rtx_queue); skb; skb = skb_rb_next(skb)) {
    nicsim_loop_skb_put(1, skb);
  }
  for (const struct sk_buff *skb = skb_peek(&sk->sk_write_queue); skb; skb = skb->next) {
    if (skb == (const struct sk_buff *)&sk->sk_write_queue) {
      break;
    }
    nicsim_loop_skb_put(0, skb);
  }
  for (const struct list_head *pos = tp->tsorted_sent_queue.next;
       pos != &tp->tsorted_sent_queue; pos = pos->next) {
    OUTU("tsorted", TCP_SKB_CB(container_of(pos, struct sk_buff, tcp_tsorted_anchor))->seq);
  }
}
#endif
