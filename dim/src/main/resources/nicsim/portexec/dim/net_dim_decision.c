/* record: the struct dim fields, then curr_stats ppms bpms epms cpms cpe_ratio */
//@ driver
static void nicsim_run(const long long *in) {
  struct dim d;
  struct dim_stats curr;
  nicsim_dim_set(&d, in);
  nicsim_stats_set(&curr, in + NICSIM_DIM_FIELDS);
  OUT("ret", net_dim_decision(&curr, &d));
  nicsim_dim_put(&d);
}
