/*
 * record: the NAPI (common.c), then prefer_busy_poll (NAPI_F_PREFER_BUSY_POLL in flags from
 * 6.8, a bool before) and budget. The busy poller owns the NAPI (SCHED set, on no poll list);
 * have_poll_lock is NULL (no netpoll). Prints the calls (hrtimer_start, the driver's poll,
 * GRO's flush and hand-off) and the NAPI after.
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
#ifdef NICSIM_IN_LOOP
/* In the loop (kernel.NapiNative.busyPollStop) the driver's poll is the model's, run where the
 * C calls it: the NAPI as the C leaves it for the poll is printed there (poll_state,
 * poll_defer_hard_irqs_count), and the NAPI as the model's poll left it (state, defer count,
 * whether GRO holds skbs, rx_count) is the record's answer, past the harness's fields, then the
 * rx_count a GRO flush leaves (common.c's nicsim_rx_after_flush). */
static const long long *nicsim_after_poll;

static int nicsim_busy_stop_poll(struct napi_struct *n, int budget) {
  int work;
  OUTU("poll_state", n->state);
  OUTU("poll_defer_hard_irqs_count", (u32)n->defer_hard_irqs_count);
  work = nicsim_driver_poll(n, budget);
  n->state = (unsigned long)nicsim_after_poll[0];
  n->defer_hard_irqs_count = (__typeof__(n->defer_hard_irqs_count))(u32)nicsim_after_poll[1];
  NICSIM_GRO_BITMASK(n) = nicsim_after_poll[2] ? 1 : 0;
  NICSIM_RX_COUNT(n) = (int)nicsim_after_poll[3];
  return work;
}
#endif
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_napi_set(in);
#ifdef NICSIM_IN_LOOP
  nicsim_after_poll = in + NICSIM_NAPI_FIELDS + 2;
  nicsim_napi.poll = nicsim_busy_stop_poll;
  nicsim_rx_answered = 1;
  nicsim_rx_after_flush = in[NICSIM_NAPI_FIELDS + 6];
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 8, 0)
  busy_poll_stop(&nicsim_napi, NULL, in[NICSIM_NAPI_FIELDS] ? NAPI_F_PREFER_BUSY_POLL : 0,
                 (u16)in[NICSIM_NAPI_FIELDS + 1]);
#else
  busy_poll_stop(&nicsim_napi, NULL, in[NICSIM_NAPI_FIELDS] != 0,
                 (u16)in[NICSIM_NAPI_FIELDS + 1]);
#endif
  nicsim_napi_put();
}
