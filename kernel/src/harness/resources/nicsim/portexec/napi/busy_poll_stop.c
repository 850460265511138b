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
//@ driver
static void nicsim_run(const long long *in) {
  nicsim_napi_set(in);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 8, 0)
  busy_poll_stop(&nicsim_napi, NULL, in[NICSIM_NAPI_FIELDS] ? NAPI_F_PREFER_BUSY_POLL : 0,
                 (u16)in[NICSIM_NAPI_FIELDS + 1]);
#else
  busy_poll_stop(&nicsim_napi, NULL, in[NICSIM_NAPI_FIELDS] != 0,
                 (u16)in[NICSIM_NAPI_FIELDS + 1]);
#endif
  nicsim_napi_put();
}
