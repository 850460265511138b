/*
 * tcp_output.c harnesses: the driver body of each function (a "//# name" section; the Java side
 * puts the function's own section into nicsim_run, between the socket's set and put). The
 * function's arguments follow the socket record (a = in + NICSIM_SK); skbs are named by queue
 * and index. Each body prints the result; then every socket field, both queues and the stub
 * calls in their order follow.
 */
//# tcp_cwnd_test
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 10, 0)
  OUTU("ret", tcp_cwnd_test(tp, nicsim_wq(0)));
#else
  OUTU("ret", tcp_cwnd_test(tp));
#endif
//# tcp_snd_wnd_test
  OUT("ret", tcp_snd_wnd_test(tp, nicsim_wq(0), (unsigned int)a[0]));
//# tcp_nagle_test
  OUT("ret", tcp_nagle_test(tp, nicsim_wq(0), (unsigned int)a[0], (int)a[1]));
//# tcp_nagle_check
  OUT("ret", tcp_nagle_check((bool)a[0], tp, (int)a[1]));
//# tcp_minshall_check
  OUT("ret", tcp_minshall_check(tp));
//# tcp_minshall_update
  tcp_minshall_update(tp, (unsigned int)a[0], nicsim_wq(0));
//# tcp_init_tso_segs
  OUT("ret", tcp_init_tso_segs(nicsim_wq(0), (unsigned int)a[0]));
//# tcp_set_skb_tso_segs
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 10, 0)
  tcp_set_skb_tso_segs(nicsim_wq(0), (unsigned int)a[0]);
#else
  OUT("ret", tcp_set_skb_tso_segs(nicsim_wq(0), (unsigned int)a[0]));
#endif
//# tcp_adjust_pcount
  tcp_adjust_pcount(sk, nicsim_rq((int)a[0]), (int)a[1]);
//# tcp_mss_split_point
  OUTU("ret", tcp_mss_split_point(sk, nicsim_wq(0), (unsigned int)a[0], (unsigned int)a[1],
                                  (int)a[2]));
//# tcp_tso_should_defer
  bool cwnd_limited = (bool)a[1], rwnd_limited = (bool)a[2];
  OUT("ret", tcp_tso_should_defer(sk, nicsim_wq(0), &cwnd_limited, &rwnd_limited, (u32)a[0]));
  OUT("is_cwnd_limited_out", cwnd_limited);
  OUT("is_rwnd_limited_out", rwnd_limited);
//# tcp_cwnd_validate
  tcp_cwnd_validate(sk, (bool)a[0]);
//# tcp_cwnd_application_limited
  tcp_cwnd_application_limited(sk);
//# tcp_pacing_check
  OUT("ret", tcp_pacing_check(sk));
//# tcp_rtx_queue_empty_or_single_skb
  OUT("ret", tcp_rtx_queue_empty_or_single_skb(sk));
//# tcp_small_queue_check
  struct sk_buff *skb = a[1] ? nicsim_rq(0) : nicsim_wq(0);
  OUT("ret", tcp_small_queue_check(sk, skb, (unsigned int)a[0]));
//# tcp_tso_autosize
  OUTU("ret", tcp_tso_autosize(sk, (unsigned int)a[0], (int)a[1]));
//# tcp_tso_segs
  OUTU("ret", tcp_tso_segs(sk, (unsigned int)a[0]));
//# tcp_mstamp_refresh
  tcp_mstamp_refresh(tp);
#ifdef NICSIM_IN_LOOP
  /* the loop (--ports c; one word past port-check's record): the two fields it writes */
  OUTU("tcp_clock_cache", tp->tcp_clock_cache);
  OUTU("tcp_mstamp", tp->tcp_mstamp);
  return;
#endif
//# tcp_event_data_sent
  tcp_event_data_sent(tp, sk);
//# tcp_update_skb_after_send
  tcp_update_skb_after_send(sk, nicsim_rq((int)a[0]), (u64)a[1]);
//# skb_still_in_host_queue
  OUT("ret", skb_still_in_host_queue(sk, nicsim_rq((int)a[0])));
//# tso_fragment
  OUT("ret", tso_fragment(sk, nicsim_wq(0), (unsigned int)a[0], (unsigned int)a[1], GFP_ATOMIC));
//# tcp_fragment
  struct sk_buff *skb = a[0] ? nicsim_rq((int)a[1]) : nicsim_wq((int)a[1]);
  OUT("ret", tcp_fragment(sk, a[0] ? TCP_FRAG_IN_RTX_QUEUE : TCP_FRAG_IN_WRITE_QUEUE, skb,
                          (u32)a[2], (unsigned int)a[3], GFP_ATOMIC));
//# tcp_trim_head
  OUT("ret", tcp_trim_head(sk, nicsim_rq(0), (u32)a[0]));
//# tcp_grow_skb
  tcp_grow_skb(sk, nicsim_wq(0), (int)a[0]);
//# tcp_eat_one_skb
  tcp_eat_one_skb(sk, nicsim_wq(0), nicsim_wq(1));
//# tcp_queue_skb
  struct sk_buff *skb = nicsim_skb_alloc();
  TCP_SKB_CB(skb)->seq = tp->write_seq;
  TCP_SKB_CB(skb)->tcp_flags = (u8)a[2];
  TCP_SKB_CB(skb)->end_seq = tp->write_seq + (u32)a[0] + ((a[2] & TCPHDR_FIN) ? 1 : 0);
  skb->len = (unsigned int)a[0];
  skb->data_len = skb->len;
  skb->truesize = (unsigned int)a[1];
  tcp_queue_skb(sk, skb);
//# tcp_event_new_data_sent
  tcp_event_new_data_sent(sk, nicsim_wq(0));
//# tcp_wfree
  struct sk_buff *clone = nicsim_skb_alloc();
  clone->sk = sk;
  clone->truesize = (unsigned int)a[0];
  tcp_wfree(clone);
//# __tcp_transmit_skb
  struct sk_buff *skb = a[0] ? nicsim_rq((int)a[1]) : nicsim_wq((int)a[1]);
  OUT("ret", __tcp_transmit_skb(sk, skb, (int)a[2], GFP_ATOMIC, tp->rcv_nxt));
//# tcp_write_xmit
#ifdef NICSIM_IN_LOOP
  /* the loop's queues and answers after the arguments (state.c); a stop returns here */
  nicsim_loop_begin(sk, a + 3);
  if (__builtin_setjmp(nicsim_loop_stop)) {
    return;
  }
  int ret = tcp_write_xmit(sk, (unsigned int)a[0], (int)a[1], (int)a[2], GFP_ATOMIC);
  nicsim_loop_on = 0;
  OUT("ret", ret);
  nicsim_loop_put(sk);
  return;
#else
  OUT("ret", tcp_write_xmit(sk, (unsigned int)a[0], (int)a[1], (int)a[2], GFP_ATOMIC));
#endif
//# __tcp_push_pending_frames
#ifdef NICSIM_IN_LOOP
  nicsim_loop_begin(sk, a + 2);
  if (__builtin_setjmp(nicsim_loop_stop)) {
    return;
  }
  __tcp_push_pending_frames(sk, (unsigned int)a[0], (int)a[1]);
  nicsim_loop_on = 0;
  OUT("end", 0);
  nicsim_loop_put(sk);
  return;
#else
  __tcp_push_pending_frames(sk, (unsigned int)a[0], (int)a[1]);
#endif
//# tcp_tsq_write
  tcp_tsq_write(sk);
//# tcp_tsq_handler
  tcp_tsq_handler(sk);
//# tcp_release_cb
  tcp_release_cb(sk);
//# tcp_pace_kick
#ifdef NICSIM_IN_LOOP
  /* the loop's queues and answers follow the socket record (state.c); a stop returns here */
  nicsim_loop_begin(sk, a);
  if (__builtin_setjmp(nicsim_loop_stop)) {
    return;
  }
  int ret = tcp_pace_kick(&tp->pacing_timer);
  nicsim_loop_on = 0;
  OUT("ret", ret);
  nicsim_loop_put(sk);
  return;
#else
  OUT("ret", tcp_pace_kick(&tp->pacing_timer));
#endif
//# tcp_tasklet_func
#ifdef NICSIM_IN_LOOP
  nicsim_loop_begin(sk, a);
  if (__builtin_setjmp(nicsim_loop_stop)) {
    return;
  }
#endif
  /* this socket queued by tcp_wfree (TSQ_QUEUED set), then the tasklet runs */
  list_add(&tp->tsq_node, &nicsim_tsq_head()->head);
  tcp_tasklet_func(&nicsim_tsq_head()->tasklet);
#ifdef NICSIM_IN_LOOP
  nicsim_loop_on = 0;
  OUT("end", 0);
  nicsim_loop_put(sk);
  return;
#endif
//# tcp_tsq_workfn
#ifdef NICSIM_IN_LOOP
  nicsim_loop_begin(sk, a);
  if (__builtin_setjmp(nicsim_loop_stop)) {
    return;
  }
#endif
  /* this socket queued by tcp_wfree (TSQ_QUEUED set), then the BH work runs */
  list_add(&tp->tsq_node, &nicsim_tsq_head()->head);
  tcp_tsq_workfn(&nicsim_tsq_head()->work);
#ifdef NICSIM_IN_LOOP
  nicsim_loop_on = 0;
  OUT("end", 0);
  nicsim_loop_put(sk);
  return;
#endif
//# __tcp_retransmit_skb
  OUT("ret", __tcp_retransmit_skb(sk, nicsim_rq((int)a[0]), (int)a[1]));
//# tcp_retransmit_skb
#ifdef NICSIM_IN_LOOP
  /* the rtx skb is the loop's a[0]-th (state.c); a stop returns here */
  nicsim_loop_begin(sk, a + 2);
  if (__builtin_setjmp(nicsim_loop_stop)) {
    return;
  }
  int ret = tcp_retransmit_skb(sk, nicsim_loop_rtx[(int)a[0]], (int)a[1]);
  nicsim_loop_on = 0;
  OUT("ret", ret);
  nicsim_loop_put(sk);
  return;
#else
  OUT("ret", tcp_retransmit_skb(sk, nicsim_rq((int)a[0]), (int)a[1]));
#endif
//# tcp_xmit_retransmit_queue
#ifdef NICSIM_IN_LOOP
  nicsim_loop_begin(sk, a);
  if (__builtin_setjmp(nicsim_loop_stop)) {
    return;
  }
  tcp_xmit_retransmit_queue(sk);
  nicsim_loop_on = 0;
  OUT("end", 0);
  nicsim_loop_put(sk);
  return;
#else
  tcp_xmit_retransmit_queue(sk);
#endif
//# tcp_mtu_probe
  OUT("ret", tcp_mtu_probe(sk));
