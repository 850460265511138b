/* record: the queue (common.c), then the length of the skb dequeue_skb took before (id 50) */
//@ driver
static void nicsim_run(const long long *in) {
  static struct sk_buff first;
  int packets = 1; /* as dequeue_skb sets it */
  nicsim_queue_set(in);
  memset(&first, 0, sizeof first);
  first.len = (unsigned int)in[NICSIM_QUEUE_FIELDS];
  first.nicsim_id = 50;
  try_bulk_dequeue_skb(&nicsim_q, &first, &nicsim_txq, &packets, (int)in[NICSIM_BUDGET]);
  nicsim_list_put(&first);
  OUT("packets", packets);
  nicsim_queue_put();
}
