/* record: struct dql, jiffies, count */
//@ driver
static void nicsim_run(const long long *in) {
  struct dql d;
  nicsim_dql_set(&d, in);
  dql_queued(&d, (unsigned int)in[NICSIM_DQL_FIELDS]);
  nicsim_dql_put(&d);
}
