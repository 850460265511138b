/*
 * fec_enet_get_queue_num on its own (nicsim's own C, not on data.c): a platform device whose
 * struct device has an of_node, and the OF lookups answered from the record.
 * Record: 0 of_node present  1 of_device_is_available  2 fsl,num-tx-queues readable
 *  3 its value (u32)  4 fsl,num-rx-queues readable  5 its value (u32)
 * Output: num_tx, num_rx and the dev_warn messages in order.
 */
//@ header
struct device_node {
  int available;
  int tx_ok;
  u32 tx;
  int rx_ok;
  u32 rx;
};
/* nicsim_kernel.h's struct device has no of_node: the platform device embeds its own */
struct nicsim_of_device {
  struct device_node *of_node;
};
struct platform_device {
  struct nicsim_of_device dev;
};
static bool of_device_is_available(const struct device_node *np) {
  return np->available != 0;
}
static int of_property_read_u32(const struct device_node *np, const char *name, u32 *out) {
  int tx = strcmp(name, "fsl,num-tx-queues") == 0;
  if (tx ? !np->tx_ok : !np->rx_ok) {
    return -EINVAL;
  }
  *out = tx ? np->tx : np->rx;
  return 0;
}
//@ driver
static void nicsim_run(const long long *in) {
  struct device_node np = {(int)in[1], (int)in[2], (u32)in[3], (int)in[4], (u32)in[5]};
  struct platform_device pdev = {{in[0] ? &np : NULL}};
  int num_tx = -7, num_rx = -7;
  fec_enet_get_queue_num(&pdev, &num_tx, &num_rx);
  OUT("num_tx", num_tx);
  OUT("num_rx", num_rx);
}
