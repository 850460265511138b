/*
 * tcp_rate.c harnesses. After the socket: the skb (skb_mstamp_ns, end_seq, sacked,
 * tx.first_tx_mstamp, tx.delivered_mstamp, tx.delivered, tx.is_app_limited), the rate sample
 * (prior_delivered, prior_mstamp, last_end_seq, interval_us, is_app_limited, is_retrans,
 * delivered), then delivered, lost, is_sack_reneg for tcp_rate_gen. NICSIM_KIND 0 skb_sent,
 * 1 skb_delivered, 2 gen, 3 check_app_limited.
 */
//@ driver
static void nicsim_run(const long long *in) {
  struct sock *sk = nicsim_sock_set(in);
  struct tcp_sock *tp = tcp_sk(sk);
  const long long *e = in + NICSIM_SOCK_FIELDS;
  struct sk_buff *skb = &nicsim_skb;
  struct tcp_skb_cb *scb = TCP_SKB_CB(skb);
  struct rate_sample rs;
  memset(skb, 0, sizeof *skb);
  memset(&rs, 0, sizeof rs);
  skb->skb_mstamp_ns = (u64)e[0];
  scb->end_seq = (u32)e[1];
  scb->sacked = (u8)e[2];
  scb->tx.first_tx_mstamp = (u64)e[3];
  scb->tx.delivered_mstamp = (u64)e[4];
  scb->tx.delivered = (u32)e[5];
  scb->tx.is_app_limited = (u32)e[6];
  rs.prior_delivered = (u32)e[7];
  rs.prior_mstamp = (u64)e[8];
  rs.last_end_seq = (u32)e[9];
  rs.interval_us = (long)e[10];
  rs.is_app_limited = (bool)e[11];
  rs.is_retrans = (bool)e[12];
  rs.delivered = (s32)e[13];
#if NICSIM_KIND == 0
  tcp_rate_skb_sent(sk, skb);
#elif NICSIM_KIND == 1
  tcp_rate_skb_delivered(sk, skb, &rs);
#elif NICSIM_KIND == 2
  tcp_rate_gen(sk, (u32)e[14], (u32)e[15], (bool)e[16], &rs);
#else
  tcp_rate_check_app_limited(sk);
#endif
  OUTU("skb.tx.first_tx_mstamp", scb->tx.first_tx_mstamp);
  OUTU("skb.tx.delivered_mstamp", scb->tx.delivered_mstamp);
  OUTU("skb.tx.delivered", scb->tx.delivered);
  OUT("skb.tx.is_app_limited", scb->tx.is_app_limited);
  OUTU("rs.prior_delivered", rs.prior_delivered);
  OUTU("rs.prior_mstamp", rs.prior_mstamp);
  OUTU("rs.last_end_seq", rs.last_end_seq);
  OUT("rs.interval_us", rs.interval_us);
  OUT("rs.is_app_limited", rs.is_app_limited);
  OUT("rs.is_retrans", rs.is_retrans);
  OUT("rs.delivered", rs.delivered);
  OUTU("rs.acked_sacked", rs.acked_sacked);
  OUT("rs.losses", rs.losses);
  OUTU("rs.snd_interval_us", rs.snd_interval_us);
  OUTU("rs.rcv_interval_us", rs.rcv_interval_us);
  nicsim_sock_put(sk);
  (void)tp;
}
