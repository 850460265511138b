/*
 * fs/eventpoll.c ep_try_send_events: nicsim's own C (no kernel text). The function,
 * ep_suspend_napi_irqs and busy_poll.h's napi_id_valid / MIN_NAPI_ID come from the tree (with
 * CONFIG_NET_RX_BUSY_POLL and NR_CPUS 512, as nicsim's NAPI ids assume); this gives struct
 * eventpoll the two fields ep_suspend_napi_irqs reads, and records ep_send_events (its answer
 * from the record) and napi_suspend_irqs (run whole in the NAPI harnesses).
 *
 * Record layout (EpollHarnesses.SEND_EVENTS): ep->napi_id, ep->prefer_busy_poll, what
 * ep_send_events returns. Prints the calls and the result.
 */
//@ prelude
#define CONFIG_NET_RX_BUSY_POLL 1
#ifndef NR_CPUS
#define NR_CPUS 512
#endif
//@ header
struct epoll_event;

struct eventpoll {
  unsigned int napi_id;
  bool prefer_busy_poll;
};

static long long nicsim_sent;

static int ep_send_events(struct eventpoll *ep, struct epoll_event __user *events,
                          int maxevents) {
  (void)ep;
  (void)events;
  (void)maxevents;
  CALL0("ep_send_events");
  return (int)nicsim_sent;
}

void napi_suspend_irqs(unsigned int napi_id) {
  CALL1("napi_suspend_irqs", napi_id);
}
//@ driver
static void nicsim_run(const long long *in) {
  static struct eventpoll ep;
  ep.napi_id = (unsigned int)in[0];
  ep.prefer_busy_poll = in[1] != 0;
  nicsim_sent = in[2];
  OUT("ret", ep_try_send_events(&ep, NULL, 64));
}
