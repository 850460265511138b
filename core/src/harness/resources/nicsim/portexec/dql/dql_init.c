/* record: jiffies, hold_time; the struct is zeroed first (netdev queues are kzalloc'ed) */
//@ driver
static void nicsim_run(const long long *in) {
  struct dql d;
  memset(&d, 0, sizeof d);
  jiffies = (unsigned long)in[0];
  dql_init(&d, (unsigned int)in[1]);
  nicsim_dql_put(&d);
}
