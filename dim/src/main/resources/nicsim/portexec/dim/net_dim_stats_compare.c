/* record: curr ppms bpms epms cpms cpe_ratio, prev ppms bpms epms cpms cpe_ratio */
//@ driver
static void nicsim_run(const long long *in) {
  struct dim_stats curr, prev;
  nicsim_stats_set(&curr, in);
  nicsim_stats_set(&prev, in + 5);
  OUT("ret", net_dim_stats_compare(&curr, &prev));
}
