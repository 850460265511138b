/* record: struct dql, jiffies, count, then a field only the Java side's admit reads */
//@ driver
static void nicsim_run(const long long *in) {
  struct dql d;
  nicsim_dql_set(&d, in);
  dql_completed(&d, (unsigned int)in[NICSIM_DQL_FIELDS]);
  nicsim_dql_put(&d);
}
