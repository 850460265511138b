/*
 * tcp_output.c harnesses: one driver per function, chosen by NICSIM_FN_<name>. The function's
 * arguments follow the socket record (a = in + NICSIM_SK); skbs are named by queue and index.
 * Prints the result, then every socket field, both queues and the stub calls in their order.
 */
//@ driver
static struct sk_buff *nicsim_wq(int i) {
  return i >= 0 && i < NICSIM_SLOTS ? nicsim_wq_slot[i] : NULL;
}
static struct sk_buff *nicsim_rq(int i) {
  return i >= 0 && i < NICSIM_SLOTS ? nicsim_rtx_slot[i] : NULL;
}

static void nicsim_run(const long long *in) {
  struct sock *sk = nicsim_sock_set(in);
  struct tcp_sock *tp = tcp_sk(sk);
  const long long *a = in + NICSIM_SK;
  (void)tp;
  (void)a;
#if defined(NICSIM_FN_tcp_cwnd_test)
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 10, 0)
  OUTU("ret", tcp_cwnd_test(tp, nicsim_wq(0)));
#else
  OUTU("ret", tcp_cwnd_test(tp));
#endif
#elif defined(NICSIM_FN_tcp_snd_wnd_test)
  OUT("ret", tcp_snd_wnd_test(tp, nicsim_wq(0), (unsigned int)a[0]));
#elif defined(NICSIM_FN_tcp_nagle_test)
  OUT("ret", tcp_nagle_test(tp, nicsim_wq(0), (unsigned int)a[0], (int)a[1]));
#elif defined(NICSIM_FN_tcp_nagle_check)
  OUT("ret", tcp_nagle_check((bool)a[0], tp, (int)a[1]));
#elif defined(NICSIM_FN_tcp_minshall_check)
  OUT("ret", tcp_minshall_check(tp));
#elif defined(NICSIM_FN_tcp_minshall_update)
  tcp_minshall_update(tp, (unsigned int)a[0], nicsim_wq(0));
#elif defined(NICSIM_FN_tcp_init_tso_segs)
  OUT("ret", tcp_init_tso_segs(nicsim_wq(0), (unsigned int)a[0]));
#elif defined(NICSIM_FN_tcp_set_skb_tso_segs)
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 10, 0)
  tcp_set_skb_tso_segs(nicsim_wq(0), (unsigned int)a[0]);
#else
  OUT("ret", tcp_set_skb_tso_segs(nicsim_wq(0), (unsigned int)a[0]));
#endif
#elif defined(NICSIM_FN_tcp_adjust_pcount)
  tcp_adjust_pcount(sk, nicsim_rq((int)a[0]), (int)a[1]);
#elif defined(NICSIM_FN_tcp_mss_split_point)
  OUTU("ret", tcp_mss_split_point(sk, nicsim_wq(0), (unsigned int)a[0], (unsigned int)a[1],
                                  (int)a[2]));
#elif defined(NICSIM_FN_tcp_tso_should_defer)
  bool cwnd_limited = (bool)a[1], rwnd_limited = (bool)a[2];
  OUT("ret", tcp_tso_should_defer(sk, nicsim_wq(0), &cwnd_limited, &rwnd_limited, (u32)a[0]));
  OUT("is_cwnd_limited_out", cwnd_limited);
  OUT("is_rwnd_limited_out", rwnd_limited);
#elif defined(NICSIM_FN_tcp_cwnd_validate)
  tcp_cwnd_validate(sk, (bool)a[0]);
#elif defined(NICSIM_FN_tcp_cwnd_application_limited)
  tcp_cwnd_application_limited(sk);
#elif defined(NICSIM_FN_tcp_pacing_check)
  OUT("ret", tcp_pacing_check(sk));
#elif defined(NICSIM_FN_tcp_rtx_queue_empty_or_single_skb)
  OUT("ret", tcp_rtx_queue_empty_or_single_skb(sk));
#elif defined(NICSIM_FN_tcp_small_queue_check)
  struct sk_buff *skb = a[1] ? nicsim_rq(0) : nicsim_wq(0);
  OUT("ret", tcp_small_queue_check(sk, skb, (unsigned int)a[0]));
#elif defined(NICSIM_FN_tcp_tso_autosize)
  OUTU("ret", tcp_tso_autosize(sk, (unsigned int)a[0], (int)a[1]));
#elif defined(NICSIM_FN_tcp_tso_segs)
  OUTU("ret", tcp_tso_segs(sk, (unsigned int)a[0]));
#elif defined(NICSIM_FN_tcp_mstamp_refresh)
  tcp_mstamp_refresh(tp);
#elif defined(NICSIM_FN_tcp_event_data_sent)
  tcp_event_data_sent(tp, sk);
#elif defined(NICSIM_FN_tcp_update_skb_after_send)
  tcp_update_skb_after_send(sk, nicsim_rq((int)a[0]), (u64)a[1]);
#elif defined(NICSIM_FN_skb_still_in_host_queue)
  OUT("ret", skb_still_in_host_queue(sk, nicsim_rq((int)a[0])));
#else
#error "no driver for this function"
#endif
  nicsim_sock_put(sk);
}
