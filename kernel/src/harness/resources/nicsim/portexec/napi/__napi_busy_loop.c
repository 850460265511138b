/*
 * record: the NAPI (common.c, id_matches says whether napi_by_id finds it), then
 * prefer_busy_poll (NAPI_F_PREFER_BUSY_POLL in flags), budget, has_loop_end and loops (the
 * call of loop_end that first answers true). busy_poll_stop and __busy_poll_stop come from the
 * tree; need_resched() is false (nicsim's busy poller ends on its loop_end only), so the
 * cond_resched restart is never taken. busy_loop_current_time's start is not compared (the
 * stub loop_end ignores it). Prints the calls (the driver's poll, GRO's hand-off, each
 * loop_end, busy_poll_stop's timer and poll), the packets counted as LINUX_MIB_BUSYPOLLRXPACKETS
 * and the NAPI after.
 */
//@ header
#ifndef NICSIM_BPF_NET_CONTEXT
#define NICSIM_BPF_NET_CONTEXT
struct bpf_net_context {
  int nicsim_unused;
};
#define bpf_net_ctx_set(ctx) (ctx)
#define bpf_net_ctx_clear(ctx) ((void)(ctx))
#endif
static bool nicsim_id_matches;
static long long nicsim_busy_rx_packets;
static int nicsim_loop_end_calls;
static int nicsim_loops;

static struct napi_struct *napi_by_id(unsigned int napi_id) {
  return nicsim_id_matches && napi_id == nicsim_napi.napi_id ? &nicsim_napi : NULL;
}

static unsigned long busy_loop_current_time(void) {
  return 0;
}

/* the loop's end test (sk_busy_loop_end, ep_busy_loop_end): true on the record's call */
static bool nicsim_loop_end(void *arg, unsigned long start_time) {
  (void)arg;
  (void)start_time;
  nicsim_loop_end_calls++;
  CALL0("loop_end");
  return nicsim_loop_end_calls >= nicsim_loops;
}

#define rcu_read_lock_held() 1
#define need_resched() 0
#define cond_resched() ((void)0)
#define cpu_relax() ((void)0)
#define preempt_disable() ((void)0)
#define preempt_enable() ((void)0)
#define trace_napi_poll(napi, work, budget) ((void)0)
#define dev_net(dev) ((void *)(dev))
#define __NET_ADD_STATS(net, field, val) ((void)(net), nicsim_busy_rx_packets += (val))
/* its argument (the CPU's softnet_data) went in a later release */
#define skb_defer_free_flush(...) ((void)0)
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_napi_set(in);
  nicsim_id_matches = (bool)in[19];
  nicsim_busy_rx_packets = 0;
  nicsim_loop_end_calls = 0;
  nicsim_loops = (int)in[NICSIM_NAPI_FIELDS + 3];
  __napi_busy_loop(513, in[NICSIM_NAPI_FIELDS + 2] ? nicsim_loop_end : NULL, NULL,
                   in[NICSIM_NAPI_FIELDS] ? NAPI_F_PREFER_BUSY_POLL : 0,
                   (u16)in[NICSIM_NAPI_FIELDS + 1]);
  OUT("busy_poll_rx_packets", nicsim_busy_rx_packets);
  nicsim_napi_put();
}
