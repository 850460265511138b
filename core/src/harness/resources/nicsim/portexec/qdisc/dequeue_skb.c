/* record: the queue (common.c) */
//@ driver
static void nicsim_run(const long long *in) {
  bool validate = false;
  int packets = -1;
  nicsim_queue_set(in);
  struct sk_buff *skb = dequeue_skb(&nicsim_q, &validate, &packets, (int)in[NICSIM_BUDGET]);
  nicsim_list_put(skb);
  OUT("packets", packets);
  OUT("validate", validate);
  nicsim_queue_put();
}
