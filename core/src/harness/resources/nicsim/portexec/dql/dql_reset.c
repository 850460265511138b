/* record: struct dql, jiffies */
//@ driver
static void nicsim_run(const long long *in) {
  struct dql d;
  nicsim_dql_set(&d, in);
  dql_reset(&d);
  nicsim_dql_put(&d);
}
